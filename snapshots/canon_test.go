package snapshots

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// canonCases are texts the one-pass encoder must treat exactly as the
// generic one: escapes, characters the encoder escapes, invalid UTF-8,
// duplicate keys, numbers, empties, and input only the generic path takes.
var canonCases = []string{
	`{"b":1,"a":{"d":[],"c":{}},"e":[1,"x",null,true,false,{"z":0,"y":-1.5e+10}]}`,
	`{"t":"Science & <Technology>","u":"a\u0026b","v":"\u2028 \u2029","w":"tab\tnl\n\u0001\u007f\b\f"}`,
	"{\"bad\":\"\xff\xfe x\",\"raw\":\"\u2028\"}",
	`{"s":"\ud800 lone","p":"\ud83d\ude00","q":"\/\\\""}`,
	`{"k":1,"k":2,"j":{"k":3},"k\u0041":4,"kA":5}`,
	`  [ 1 , [ ] , { } , "x" ]  `,
	`"just a string"`, `0`, `-0`, `12.50`, `1E5`, `null`,
	`{"a":1} ]`, `{"a":1} {"b":2}`, `{"a":01}`, `{"a":1,}`, `[1,]`, `{"a" 1}`, `tru`, ``, `{`, `"\x"`, "\"a\x01\"",
	`{"é":1,"e":2,"E":3,"~":4,"":5}`,
	strings.Repeat("[", 10000) + "1" + strings.Repeat("]", 10000),
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
}

func TestCanonicalMatchesGeneric(t *testing.T) {
	for _, in := range canonCases {
		sameAsGeneric(t, []byte(in))
	}
	eachRepoJSON(t, func(path string, data []byte) {
		sameAsGeneric(t, data)
		sameEncoding(t, path, data)
	})
}

// sameAsGeneric holds Canonical and canonicalize to canonicalGeneric.
func sameAsGeneric(t *testing.T, in []byte) {
	t.Helper()
	want, wantErr := canonicalGeneric(in)
	got, gotErr := Canonical(in)
	if (wantErr == nil) != (gotErr == nil) || !bytes.Equal(got, want) {
		t.Errorf("Canonical(%.60q) = %.200q, %v; generic %.200q, %v", in, got, gotErr, want, wantErr)
	}
	if fast, err := canonicalize(in, nil); err == nil && !bytes.Equal(fast, want) {
		t.Errorf("canonicalize(%.60q) = %.200q; generic %.200q, %v", in, fast, want, wantErr)
	}
}

// sameEncoding holds Encode to what it gave before (marshal, then the
// generic path) for a document decoded into the type fetch writes.
func sameEncoding(t *testing.T, path string, data []byte) {
	t.Helper()
	var v any
	switch filepath.Base(filepath.Dir(path)) {
	case WorksDir:
		v = new(Work)
	case CountsDir:
		v = new(Counts)
	case ORCIDDir:
		v = new(Expansion)
	default:
		switch filepath.Base(path) {
		case IndexFile:
			v = new(Index)
		case LinksFile:
			v = new(Links)
		default:
			return
		}
	}
	if json.Unmarshal(data, v) != nil {
		return // not a snapshot of that type (a hand-made fault)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	want, err := canonicalGeneric(raw)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Encode(v)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s: Encode = %v\n%s\nwant\n%s", path, err, got, want)
	}
}

// FuzzCanonical: on any text, Canonical is what the generic path gives.
func FuzzCanonical(f *testing.F) {
	for _, c := range canonCases[:len(canonCases)-2] {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, in []byte) { sameAsGeneric(t, in) })
}

func BenchmarkEncodeWork(b *testing.B) {
	data, err := os.ReadFile(firstWork(b))
	if err != nil {
		b.Fatal(err)
	}
	var w Work
	if err := json.Unmarshal(data, &w); err != nil {
		b.Fatal(err)
	}
	b.Run("one-pass", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Encode(w); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("generic", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			raw, _ := json.Marshal(w)
			if _, err := canonicalGeneric(raw); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// firstWork is the largest work file of the example folder.
func firstWork(b *testing.B) string {
	paths, _ := filepath.Glob("../examples/snapshots/works/*.json")
	best, size := "", int64(-1)
	for _, p := range paths {
		if st, err := os.Stat(p); err == nil && st.Size() > size {
			best, size = p, st.Size()
		}
	}
	if best == "" {
		b.Skip("no example works")
	}
	return best
}
