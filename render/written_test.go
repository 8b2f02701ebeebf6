package render

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/aboutscholar/about/render/output"
)

// TestWriteFilesRemovesWhatItNoLongerWrites renders a site folder, then
// renders it again with one work excluded: that work's bundle goes, while
// a file the user put beside about's (a page of their own, an image in
// the stale bundle) stays.
func TestWriteFilesRemovesWhatItNoLongerWrites(t *testing.T) {
	f, person := fixture(t)
	for _, format := range []Format{HugoBlox, AcademicPages} {
		t.Run(string(format), func(t *testing.T) {
			root := t.TempDir()
			first, err := RenderFiles(f, Options{Format: format, Person: person})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := output.WriteFiles(root, string(format), first, false); err != nil {
				t.Fatal(err)
			}
			gone := "doi:10.5555/fast.2023.7" // a work of its own: no version or preprint takes its place
			var stale []string
			for _, file := range first {
				stale = append(stale, file.Path)
			}
			userPage := writeTemp(t, filepath.Join(root, filepath.Dir(filepath.FromSlash(first[0].Path))), "zz-mine.md", "my own\n")
			second, err := RenderFiles(f, Options{Format: format, Person: person, Exclude: []string{gone}})
			if err != nil {
				t.Fatal(err)
			}
			stale = slices.DeleteFunc(stale, func(p string) bool {
				return slices.ContainsFunc(second, func(f output.File) bool { return f.Path == p })
			})
			if len(stale) == 0 {
				t.Fatalf("excluding %s changed no file: the test proves nothing", gone)
			}
			outcome, err := output.WriteFiles(root, string(format), second, false)
			if err != nil {
				t.Fatal(err)
			}
			removed := notePaths(outcome.Removed)
			slices.Sort(stale)
			if !slices.Equal(removed, stale) {
				t.Errorf("removed %q, want %q", removed, stale)
			}
			assertFolder(t, root, second, stale)
			if got, err := os.ReadFile(userPage); err != nil || string(got) != "my own\n" {
				t.Errorf("the user's own file was touched: %q, %v", got, err)
			}
		})
	}
}

// assertFolder checks that every file of written is under root as
// written, and that none of gone is.
func assertFolder(t *testing.T, root string, written []output.File, gone []string) {
	t.Helper()
	for _, p := range gone {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); !os.IsNotExist(err) {
			t.Errorf("%s is still there after its work was excluded (%v)", p, err)
		}
	}
	for _, file := range written {
		if got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file.Path))); err != nil || string(got) != string(file.Data) {
			t.Errorf("%s not written: %v", file.Path, err)
		}
	}
}

// notePaths are the notes' paths.
func notePaths(notes []output.FileNote) []string {
	var paths []string
	for _, n := range notes {
		paths = append(paths, n.Path)
	}
	return paths
}
