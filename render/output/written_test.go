package output

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
)

// hugoBlox is a folder format's name, the key of its list.
const hugoBlox = "hugo-blox"

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
	if _, err := WriteFiles(root, hugoBlox, old, false); err != nil {
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
	outcome, err := WriteFiles(root, hugoBlox, renamed, false)
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
	if _, err := WriteFiles(root, hugoBlox, nil, false); err != nil {
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

func writeTemp(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	testtool.WriteFile(t, path, content)
	return path
}
