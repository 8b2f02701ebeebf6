package output

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWriteFilesRemovesNothingThroughALinkOutOfRoot: a list naming a file
// behind a symbolic link to a folder outside --out (a site template could
// ship both, with the hash of a well-known file) does not remove it.
func TestWriteFilesRemovesNothingThroughALinkOutOfRoot(t *testing.T) {
	root, elsewhere := t.TempDir(), t.TempDir()
	victim := writeTemp(t, elsewhere, "victim", "known content\n")
	if err := os.Symlink(elsewhere, filepath.Join(root, "lnk")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	writeTemp(t, root, WrittenList, `{"hugo-blox": {"lnk/victim": "`+hashOf([]byte("known content\n"))+`"}}`)
	outcome, err := WriteFiles(root, hugoBlox, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(victim); err != nil {
		t.Fatalf("a file outside --out was removed through a symbolic link: %v", err)
	}
	if len(outcome.Removed) != 0 || !slices.Equal(notePaths(outcome.KeptStale), []string{"lnk/victim"}) {
		t.Errorf("removed %q, kept %q; want nothing removed and lnk/victim reported as kept", notePaths(outcome.Removed), notePaths(outcome.KeptStale))
	}
}

// TestWriteFilesKeepsALinkedFolderWhenPruning: content/publication is the
// user's symbolic link to a folder of theirs; removing the last stale
// bundle in it removes the bundle's folder, and not the link.
func TestWriteFilesKeepsALinkedFolderWhenPruning(t *testing.T) {
	root := t.TempDir()
	shared := filepath.Join(root, "shared")
	if err := os.MkdirAll(filepath.Join(root, "content"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(shared, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "content", "publication")
	if err := os.Symlink(filepath.Join("..", "shared"), link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	k1 := File{Path: "content/publication/k1/index.md", Data: []byte("one\n")}
	k2 := File{Path: "content/publication/k2/index.md", Data: []byte("two\n")}
	if _, err := WriteFiles(root, hugoBlox, []File{k2}, false); err != nil {
		t.Fatal(err)
	}
	outcome, err := WriteFiles(root, hugoBlox, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(notePaths(outcome.Removed), []string{k2.Path}) {
		t.Errorf("removed %q, want %q", notePaths(outcome.Removed), k2.Path)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the user's linked content/publication is gone or replaced: %v", err)
	}
	if _, err := os.Stat(filepath.Join(shared, "k2")); !os.IsNotExist(err) {
		t.Errorf("the emptied bundle folder is still there: %v", err)
	}
	// and the next render writes through the link, as before
	if _, err := WriteFiles(root, hugoBlox, []File{k1}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(shared, "k1", "index.md")); err != nil {
		t.Errorf("not written through the user's link: %v", err)
	}
}

// TestInsideRootOnEverySystem: a list path that Windows would read as
// leaving --out (backslashes, a volume name) is refused on every system,
// so a list committed on one works the same on another.
func TestInsideRootOnEverySystem(t *testing.T) {
	for p, want := range map[string]bool{
		"content/publication/k/index.md": true,
		"_publications/2013-k.md":        true,
		`..\..\x`:                        false,
		`content\..\..\x`:                false,
		`C:x`:                            false,
		`C:/x`:                           false,
		`//host/share/x`:                 false,
		"/etc/passwd":                    false,
		"a/../../x":                      false,
		"..":                             false,
		"./a":                            false,
		"":                               false,
	} {
		if got := insideRoot(p); got != want {
			t.Errorf("insideRoot(%q) = %v, want %v", p, got, want)
		}
	}
}
