package output

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWriteFilesRemovesTheTempFilesOfAKilledRender: a site render stages
// every file before renaming any, so one killed meanwhile (a second
// Ctrl-C, a SIGKILL) left thousands of .tmp-* files in the user's site,
// which the next render left there too (git add public committed them).
// The next render removes those of renders no longer running, and only
// those: a running render's and the user's own stay.
func TestWriteFilesRemovesTheTempFilesOfAKilledRender(t *testing.T) {
	root := t.TempDir()
	files := []File{
		{Path: "index.html", Data: []byte("<p>list</p>\n")},
		{Path: "works/a.html", Work: "doi:a", Data: []byte("<p>a</p>\n")},
	}
	if _, err := WriteFiles(root, "html-site", files, false); err != nil {
		t.Fatal(err)
	}
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Skip("no true(1) to get a finished process's id:", err)
	}
	dead := gone.Process.Pid
	put := func(rel string) {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(rel)), []byte("half a page"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, rel := range []string{fmt.Sprintf(".tmp-render-%d-1", dead), fmt.Sprintf("works/.tmp-render-%d-2", dead)} {
		put(rel)
	}
	alive := fmt.Sprintf("works/.tmp-render-%d-3", os.Getpid())
	for _, rel := range []string{alive, "works/.tmp-mine", ".tmp-render-notapid-4"} {
		put(rel)
	}
	if _, err := WriteFiles(root, "html-site", files, false); err != nil {
		t.Fatal(err)
	}
	var left []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), tempMark) {
			rel, _ := filepath.Rel(root, p)
			left = append(left, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.Sort(left)
	want := []string{".tmp-render-notapid-4", alive, "works/.tmp-mine"}
	slices.Sort(want)
	if !slices.Equal(left, want) {
		t.Errorf("temporary files after a re-render: %q\nwant only those of no dead render: %q", left, want)
	}
}
