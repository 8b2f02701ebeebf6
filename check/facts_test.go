package check

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/snapshots"
)

var factsCases = []string{
	`{"id":"doi:10.1/a","record":{},"sources":[]}`,
	`{"id":"doi:10.1/a","record":null,"sources":[{"provider":"x","status":""}]}`,
	`{"id":"doi:10.1/a","record":{"open_access":{"status":"gold"}},"sources":[{"provider":"x","status":"not_found","record":{"open_access":{"status":"x"}}}]}`,
	`{"id":"a\"b\\c\u00e9","sources":[{"status":"found"},{}]}`,
	`{"id":1,"sources":[]}`, `{"id":"x","sources":[{"status":1}]}`, `{"id":"x","sources":["found"]}`,
	`{"id":"x","sources":{"status":"found"}}`, `{"id":"x","sources":null}`, `{"sources":[[{"status":"found"}]]}`,
	`{"record":"x"}`, `{"record":[]}`, `{}`, `[]`, `"id"`, `{"id":"x","status":"found","z":{"sources":[{"status":"found"}]}}`,
	`{"id":"x,","sources":[{"status":"found,"}]}`, `{"id":"\",","sources":[{"status":""},{"status":"\\"}]}`,
}

// TestCanonicalFactsAreFactsOf: reading the facts off a canonical file's
// lines gives what decoding it gives, and does so for every file fetch
// writes.
func TestCanonicalFactsAreFactsOf(t *testing.T) {
	for _, c := range factsCases {
		sameFacts(t, []byte(c))
	}
	n := 0
	for _, root := range []string{"../examples", "../testdata"} {
		_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			sameFacts(t, data)
			if dir := filepath.Base(filepath.Dir(path)); (dir == snapshots.WorksDir || dir == snapshots.CountsDir) && strings.Contains(path, "snapshots") {
				if _, ok := canonicalFacts(data); !ok && string(mustCanonical(t, data)) == string(data) {
					t.Errorf("%s: a canonical file fetch wrote is not read off its lines", path)
				}
				n++
			}
			return nil
		})
	}
	if n < 20 {
		t.Fatalf("%d snapshot files of works and counts; want the examples'", n)
	}
}

func mustCanonical(t *testing.T, data []byte) []byte {
	t.Helper()
	canon, err := snapshots.Canonical(data)
	if err != nil {
		return nil
	}
	return canon
}

// sameFacts holds canonicalFacts of in's canonical form to factsOf.
func sameFacts(t *testing.T, in []byte) {
	t.Helper()
	canon, err := snapshots.Canonical(in)
	if err != nil {
		return
	}
	if got, ok := canonicalFacts(canon); ok && got != factsOf(canon) {
		t.Errorf("canonicalFacts(%.200q) = %+v; factsOf %+v", canon, got, factsOf(canon))
	}
}

func FuzzCanonicalFacts(f *testing.F) {
	for _, c := range factsCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, in []byte) { sameFacts(t, in) })
}
