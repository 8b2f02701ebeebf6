package snapshots

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
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

// A CRLF file that is also otherwise off is named on its own line, with
// the difference that matters, not "line 1 is \"{\\r\"".
func TestNotCanonicalLooksPastLineEndings(t *testing.T) {
	canon := []byte("{\n  \"a\": 1,\n  \"b\": 2\n}\n")
	if got := notCanonical(bytes.ReplaceAll(canon, lf, crlf), canon); got != "" {
		t.Errorf("CRLF only: %q, want none (told once for the folder)", got)
	}
	off := bytes.ReplaceAll([]byte("{\n  \"a\": 1,\n  \"b\":  2\n}\n"), lf, crlf)
	got := notCanonical(off, canon)
	if !strings.Contains(got, `line 3 is "  \"b\":  2"`) || !strings.Contains(got, "lines end in CRLF") {
		t.Errorf("got %q, want line 3's difference and the line endings", got)
	}
}
