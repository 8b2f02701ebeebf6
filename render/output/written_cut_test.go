package output

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFilesCutShortStillOwnsItsFiles: a render that fails after the
// list is updated but before a file is rewritten (here the write of an
// earlier file fails: its folder is a file) leaves that file's old bytes;
// the next render still takes them for about's and rewrites them, rather
// than keeping them as "edited since about wrote it" for good.
func TestWriteFilesCutShortStillOwnsItsFiles(t *testing.T) {
	root := t.TempDir()
	v1 := []File{{Path: "a/index.md", Work: "doi:x", Data: []byte("one\n")}}
	if _, err := WriteFiles(root, hugoBlox, v1, false); err != nil {
		t.Fatal(err)
	}
	blocker := writeTemp(t, root, "c", "not a folder\n")
	v2 := []File{
		{Path: "c/index.md", Work: "doi:y", Data: []byte("new\n")}, // fails: c is a file
		{Path: "a/index.md", Work: "doi:x", Data: []byte("two\n")},
	}
	if _, err := WriteFiles(root, hugoBlox, v2, false); err == nil {
		t.Fatal("writing under a file succeeded: the test cuts nothing")
	}
	if got, _ := os.ReadFile(filepath.Join(root, "a", "index.md")); string(got) != "one\n" {
		t.Fatalf("a/index.md = %q after the cut, want the old bytes", got)
	}
	if err := os.Remove(blocker); err != nil {
		t.Fatal(err)
	}
	out, err := WriteFiles(root, hugoBlox, v2, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.KeptEdited) != 0 {
		t.Errorf("kept as edited after a cut render: %+v", out.KeptEdited)
	}
	for _, file := range v2 {
		if got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file.Path))); err != nil || string(got) != string(file.Data) {
			t.Errorf("%s not written: %v", file.Path, err)
		}
	}
	list, err := readWritten(filepath.Join(root, WrittenList))
	if err != nil {
		t.Fatal(err)
	}
	for p, w := range list[hugoBlox] {
		if w.Pending != "" {
			t.Errorf("%s still has a pending hash after a finished render", p)
		}
	}
}
