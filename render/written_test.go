package render

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
			if _, err := WriteFiles(root, format, first, false); err != nil {
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
				return slices.ContainsFunc(second, func(f File) bool { return f.Path == p })
			})
			if len(stale) == 0 {
				t.Fatalf("excluding %s changed no file: the test proves nothing", gone)
			}
			outcome, err := WriteFiles(root, format, second, false)
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
func assertFolder(t *testing.T, root string, written []File, gone []string) {
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

// TestWriteFilesKeepsFilesItDidNotWriteOrThatWereEdited follows a key
// change (a bundle renamed): the old bundle's untouched file goes, an
// edited one and a user's image stay, and so does their folder; a list
// naming a path outside --out is not followed.
func TestWriteFilesKeepsFilesItDidNotWriteOrThatWereEdited(t *testing.T) {
	root := t.TempDir()
	outside := writeTemp(t, t.TempDir(), "precious.txt", "x")
	old := []File{
		{Path: "content/publication/anon2013peerj/index.md", Data: []byte("old\n")},
		{Path: "content/publication/anon2013peerj/cite.bib", Data: []byte("@article{anon2013peerj}\n")},
		{Path: "content/publication/anon2014ab/index.md", Data: []byte("old\n")},
	}
	if _, err := WriteFiles(root, HugoBlox, old, false); err != nil {
		t.Fatal(err)
	}
	writeTemp(t, filepath.Join(root, "content/publication/anon2013peerj"), "featured.png", "image")
	edited := writeTemp(t, filepath.Join(root, "content/publication/anon2014ab"), "index.md", "edited by hand\n")
	// someone's hand-made entry in the list pointing outside --out
	list, err := os.ReadFile(filepath.Join(root, WrittenList))
	if err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel(root, outside)
	list = []byte(strings.Replace(string(list), `"content/publication/anon2014ab/index.md"`, `"`+filepath.ToSlash(rel)+`": "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881", "content/publication/anon2014ab/index.md"`, 1))
	writeTemp(t, root, WrittenList, string(list))

	renamed := []File{
		{Path: "content/publication/binfield2013peerj/index.md", Data: []byte("new\n")},
		{Path: "content/publication/binfield2013peerj/cite.bib", Data: []byte("@article{binfield2013peerj}\n")},
	}
	outcome, err := WriteFiles(root, HugoBlox, renamed, false)
	if err != nil {
		t.Fatal(err)
	}
	removed := notePaths(outcome.Removed)
	want := []string{"content/publication/anon2013peerj/cite.bib", "content/publication/anon2013peerj/index.md"}
	if !slices.Equal(removed, want) {
		t.Errorf("removed %q, want %q", removed, want)
	}
	for _, keep := range []string{"content/publication/anon2013peerj/featured.png", "content/publication/anon2014ab/index.md"} {
		if _, err := os.Stat(filepath.Join(root, keep)); err != nil {
			t.Errorf("%s was removed: about did not write it, or it was edited since", keep)
		}
	}
	if got, _ := os.ReadFile(edited); string(got) != "edited by hand\n" {
		t.Errorf("edited file changed: %q", got)
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("a path outside --out was followed: %v", err)
	}
	// A third render without the renamed work empties its bundle: the folder goes too.
	if _, err := WriteFiles(root, HugoBlox, nil, false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "content/publication/binfield2013peerj")); !os.IsNotExist(err) {
		t.Errorf("the emptied bundle folder is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "content/publication")); err != nil {
		t.Errorf("content/publication, which still holds the user's files, was removed: %v", err)
	}
}

// notePaths are the notes' paths.
func notePaths(notes []FileNote) []string {
	var paths []string
	for _, n := range notes {
		paths = append(paths, n.Path)
	}
	return paths
}
