package snapshots

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// workCases are work files DecodeWork must read exactly as json.Unmarshal:
// a schema break of each kind, keys out of order, twice, in another case
// or unknown, escapes, invalid UTF-8, nulls, empties, numbers no int holds,
// trailing text and broken JSON.
var workCases = []string{
	`{"id":"doi:10.1/a","record":{"title":"T","issued":{"year":2001,"month":2}},"sources":[{"provider":"crossref","status":"found","record":{"title":"T"}}]}`,
	`{"id":"doi:10.1/a","record":{"title":7}}`,
	`{"id":"doi:10.1/a","record":{"authors":{"name":"x"}}}`,
	`{"id":"doi:10.1/a","record":{"issued":{"year":"2001"}}}`,
	`{"id":"doi:10.1/a","record":{"issued":{"year":20.5}}}`,
	`{"id":"doi:10.1/a","record":{"issued":{"year":1e3}}}`,
	`{"id":"doi:10.1/a","record":{"issued":{"year":99999999999999999999}}}`,
	`{"id":"doi:10.1/a","sources":{"provider":"crossref"}}`,
	`{"id":"doi:10.1/a","sources":[{"status":true}]}`,
	`{"id":"doi:10.1/a","provenance":{"title":1}}`,
	`{"id":["doi:10.1/a"]}`,
	`["not", "a", "work"]`, `"a string"`, `null`, `7`,
	`{"record":{},"id":"doi:10.1/a"}`,
	`{"id":"doi:10.1/a","id":"doi:10.1/b"}`,
	`{"ID":"doi:10.1/a","Record":{"Title":"T"}}`,
	`{"id":"doi:10.1/a","unknown":{"deep":[1,2,{"x":null}]}}`,
	`{"id":"doi:10.1/\u0061","record":{"title":"tab\there \"q\" \ud83d\ude00 \ud800"}}`,
	"{\"id\":\"doi:10.1/a\",\"record\":{\"title\":\"bad \xff\xfe utf-8\"}}",
	`{"id":"doi:10.1/a","origins":null,"provenance":null,"record":null,"sources":null,"warnings":null}`,
	`{"id":"doi:10.1/a","record":{"authors":[null],"topics":[null]}}`,
	`{"decisions":null,"id":"doi:10.1/a"}`,
	`{"decisions":{"links":[{"kind":"preprint-of","from":"a","to":"b"}], "b" : [ 1.5e-3 , true, false, null ] },"id":"x"}`,
	`{"conflicts":[{"field":"title","kept":{"providers":["crossref"],"value":"A"},"not_kept":[{"providers":["openalex"],"value":"B"}]}],"conflicts_kept":["title"],"id":"x"}`,
	`{"id":"x","origins":[],"provenance":{},"record":{"authors":[],"ids":{},"issued":{}},"sources":[]}`,
	`{"id":"x","record":{"issued":{"year":-0,"month":01}}}`,
	`  {"id":"x"}  `, `{"id":"x"} {"id":"y"}`, `{"id":"x"} ]`, `{"id":"x",}`, `{"id" "x"}`, `{"id":"x"`, ``, `{`,
	`{"decisions":` + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + `,"id":"x"}`,
	`{"decisions":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `,"id":"x"}`,
}

// sameAsUnmarshal holds DecodeWork to json.Unmarshal into a zero Work.
func sameAsUnmarshal(t *testing.T, in []byte) {
	t.Helper()
	var want Work
	wantErr := json.Unmarshal(in, &want)
	got, gotErr := DecodeWork(in)
	if !reflect.DeepEqual(got, want) || !sameError(gotErr, wantErr) {
		t.Errorf("DecodeWork(%q)\n= %#v, %v\nwant %#v, %v", in, got, gotErr, want, wantErr)
	}
	if _, fast := decodeWorkFast(in); fast && wantErr != nil {
		t.Errorf("the one pass took %q, which json.Unmarshal refuses: %v", in, wantErr)
	}
}

func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Error() == b.Error()
}

func TestDecodeWorkMatchesUnmarshal(t *testing.T) {
	for _, in := range workCases {
		sameAsUnmarshal(t, []byte(in))
	}
	eachRepoJSON(t, func(_ string, data []byte) { sameAsUnmarshal(t, data) })
}

// TestDecodeWorkTakesEveryField: a work with every field of the schema
// set, as fetch writes it, is read in the one pass, to the same Work. A
// field added to the schema and not to workdecode_fields.go fails here
// (it would be read, slowly, by json.Unmarshal).
func TestDecodeWorkTakesEveryField(t *testing.T) {
	var w Work
	fillEvery(reflect.ValueOf(&w).Elem(), 0)
	w.Decisions = json.RawMessage(`{"shown_as":"doi:10.1/b"}`)
	data, err := Encode(w)
	if err != nil {
		t.Fatal(err)
	}
	got, fast := decodeWorkFast(data)
	if !fast {
		t.Fatalf("the one pass refused a work with every field set (is a field of the schema missing from workdecode_fields.go?):\n%s", data)
	}
	var want Work
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("one pass = %#v\nwant %#v", got, want)
	}
}

// fillEvery sets every field under v to a value that is not zero: strings
// to their path's depth, numbers to 7, two elements in each list, one key
// in each map, every pointer allocated.
func fillEvery(v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("s" + strings.Repeat("x", depth))
	case reflect.Int:
		v.SetInt(7)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillEvery(v.Elem(), depth+1)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // decisions: raw JSON, set by the caller
		}
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fillEvery(v.Index(i), depth+1)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		v.SetMapIndex(reflect.ValueOf("title"), reflect.ValueOf("crossref"))
	case reflect.Struct:
		for i := range v.NumField() {
			fillEvery(v.Field(i), depth+1)
		}
	}
}

// TestDecodeWorkSchemaBreakNamed: a field of the wrong kind is the same
// words check says of it today (SchemaMismatch), naming field and byte.
func TestDecodeWorkSchemaBreakNamed(t *testing.T) {
	in := []byte(`{"id":"doi:10.1/a","record":{"issued":{"year":"2001"}}}`)
	_, err := DecodeWork(in)
	what, ok := SchemaMismatch(err)
	want := "not of the snapshot schema: record.issued.year at byte 52 is a JSON string, where the schema has a number"
	if !ok || what != want {
		t.Errorf("DecodeWork's error says %q (%v), want %q", what, err, want)
	}
}

// FuzzDecodeWork: on any text, DecodeWork is what json.Unmarshal gives.
func FuzzDecodeWork(f *testing.F) {
	for _, c := range workCases[:len(workCases)-2] {
		f.Add([]byte(c))
	}
	if data, err := os.ReadFile("../examples/snapshots/works/doi_10.7554_2felife.01567.json"); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, in []byte) { sameAsUnmarshal(t, in) })
}

func BenchmarkDecodeWork(b *testing.B) {
	data, err := os.ReadFile(firstWork(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("one-pass", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := DecodeWork(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding/json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var w Work
			if err := json.Unmarshal(data, &w); err != nil {
				b.Fatal(err)
			}
		}
	})
}
