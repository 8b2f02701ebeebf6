package snapshots

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Rewrite tells a file that differed only in CRLF line endings from one
// whose content changed, and gives it LF either way.
func TestRewriteTellsLineEndingsApart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "works", "doi_10.1_2fx.json")
	v := map[string]string{"title": "one"}
	data, err := Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := Rewrite(path, v); c != Changed || err != nil {
		t.Fatalf("new file: %v, %v; want Changed", c, err)
	}
	if err := os.WriteFile(path, bytes.ReplaceAll(data, lf, crlf), 0o644); err != nil {
		t.Fatal(err)
	}
	if c, err := Rewrite(path, v); c != LineEndings || err != nil {
		t.Errorf("CRLF copy: %v, %v; want LineEndings", c, err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, data) {
		t.Errorf("not rewritten with LF: %q", got)
	}
	if c, _ := Rewrite(path, v); c != Unchanged {
		t.Errorf("same bytes: %v, want Unchanged", c)
	}
	if c, _ := Rewrite(path, map[string]string{"title": "two"}); c != Changed {
		t.Errorf("new content: %v, want Changed", c)
	}
}
