package snapshots

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// put writes each of files (slash paths relative to dir) with its own
// name as content, making folders.
func put(t *testing.T, dir string, files ...string) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// stillThere fails the test for each of files (slash paths under dir)
// that is gone or changed.
func stillThere(t *testing.T, dir string, files ...string) {
	t.Helper()
	for _, f := range files {
		if data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f))); err != nil || string(data) != f {
			t.Errorf("%s was deleted or changed: %q, %v", f, data, err)
		}
	}
}

// A folder linked in works/'s or counts/'s place is someone else's:
// prune removes nothing through it, though its files carry about's names.
func TestPruneNeverDeletesThroughALinkedFolder(t *testing.T) {
	for _, sub := range []string{WorksDir, CountsDir, ORCIDDir} {
		t.Run(sub, func(t *testing.T) {
			root, elsewhere := t.TempDir(), t.TempDir()
			put(t, elsewhere, "doi_10.1_2fgone.json", ".tmp-123")
			if err := os.Symlink(elsewhere, filepath.Join(root, sub)); err != nil {
				t.Skip("no symbolic links here:", err)
			}
			removed, err := Dir{Root: root}.Prune(map[string]bool{})
			if len(removed) > 0 {
				t.Errorf("removed %q through the link", removed)
			}
			if err == nil || !strings.Contains(err.Error(), "symbolic link") {
				t.Errorf("err %v, want one saying %s is a symbolic link", err, sub)
			}
			stillThere(t, elsewhere, "doi_10.1_2fgone.json", ".tmp-123")
		})
	}
}

// A link with about's name inside works/ is not about's file: prune
// leaves the link, and the file it points to, alone.
func TestPruneLeavesALinkInsideWorks(t *testing.T) {
	root, elsewhere := t.TempDir(), t.TempDir()
	put(t, elsewhere, "precious.json")
	if err := os.MkdirAll(filepath.Join(root, WorksDir), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, WorksDir, "doi_10.1_2fgone.json")
	if err := os.Symlink(filepath.Join(elsewhere, "precious.json"), link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if removed, err := (Dir{Root: root}).Prune(map[string]bool{}); err != nil || len(removed) > 0 {
		t.Errorf("Prune: removed %q, err %v; want nothing removed", removed, err)
	}
	if _, err := os.Lstat(link); err != nil {
		t.Errorf("the link is gone: %v", err)
	}
	stillThere(t, elsewhere, "precious.json")
}

// TakeLock adopts a folder that is new, empty, about's (it has an
// index.json), or what an interrupted first fetch left (about's names
// only, no index yet); it refuses any other with a *ForeignError naming
// the folder and what in it is not about's, before writing anything.
func TestTakeLockRefusesAFolderThatIsNotAbouts(t *testing.T) {
	adopted := map[string][]string{
		"new":                       nil,
		"empty":                     {},
		"hidden files only":         {".gitkeep", ".DS_Store", ".gitattributes"},
		"a README, never fetched":   {"README.md"},
		"a README and about's":      {"readme.txt", "works/doi_10.1_2fa.json"},
		"about's, with user files":  {"index.json", "README.md", "works/doi_10.1_2fa.json", "notes/x.txt"},
		"interrupted first fetch":   {"works/doi_10.1_2fa.json", "counts/doi_10.1_2fa.json", "orcid/orcid_0000-0002-1825-0097.json", "works/.tmp-1", ".tmp-2"},
		"first fetch wrote links":   {"links.json", "works/doi_10.1_2fa.json"},
		"first fetch wrote nothing": {"works/.gitkeep"},
	}
	for name, files := range adopted {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "snapshots")
			if files != nil {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				put(t, dir, files...)
			}
			lock, _, err := TakeLock(dir, time.Now())
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			lock.Release()
		})
	}
	refused := map[string]struct {
		files []string
		names string
	}{
		"a project folder":       {[]string{"manifest.toml", "works/doi_10.1_2fa.json", "counts/doi_10.1_2fa.json"}, "manifest.toml"},
		"a folder of other JSON": {[]string{"data.json", "site/index.html"}, "data.json, site"},
		"a file in works' place": {[]string{"works"}, "works"},
		"a README and a project": {[]string{"README.md", "about.toml"}, "about.toml"},
		"a folder named README":  {[]string{"README/x.md"}, "README"},
	}
	for name, c := range refused {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			put(t, dir, c.files...)
			_, _, err := TakeLock(dir, time.Now())
			var foreign *ForeignError
			if !errors.As(err, &foreign) || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), c.names) {
				t.Fatalf("err %v, want a *ForeignError naming %s and %s", err, dir, c.names)
			}
			if _, err := os.Stat(filepath.Join(dir, LockName)); err == nil {
				t.Error("the lock was written into the refused folder")
			}
			stillThere(t, dir, c.files...)
		})
	}
}

// A works/, counts/ or orcid/ that is a symbolic link is refused even in
// about's own folder: every write and prune would go through it.
func TestTakeLockRefusesALinkedSubfolder(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	put(t, dir, "index.json")
	if err := os.Symlink(elsewhere, filepath.Join(dir, CountsDir)); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	_, _, err := TakeLock(dir, time.Now())
	var foreign *ForeignError
	if !errors.As(err, &foreign) || !strings.Contains(err.Error(), "counts") || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("err %v, want a *ForeignError saying counts is a symbolic link", err)
	}
}

// A snapshot folder prepared with a note before its first fetch is the
// user's own: the hint says to move the note out for that fetch, not to
// use "snapshots/ beside the manifest", which it already is. A project's
// folder (a manifest, JSON, folders) gets no such advice.
func TestForeignHintForANotesFolder(t *testing.T) {
	cases := map[string]struct {
		files []string
		want  string
	}{
		"notes":           {[]string{"notes.txt", "LICENSE"}, "move those files out of it for the first fetch and back after"},
		"a note":          {[]string{"notes.txt"}, "move that file out of it"},
		"a project":       {[]string{"notes.txt", "manifest.toml"}, "the default is snapshots/ beside the manifest"},
		"other JSON":      {[]string{"data.json"}, "the default is snapshots/ beside the manifest"},
		"another folder":  {[]string{"site/index.html"}, "the default is snapshots/ beside the manifest"},
		"a file as works": {[]string{"works"}, "the default is snapshots/ beside the manifest"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			put(t, dir, c.files...)
			var foreign *ForeignError
			if err := (Dir{Root: dir}).Adoptable(); !errors.As(err, &foreign) {
				t.Fatalf("err %v, want a *ForeignError", err)
			}
			if hint := foreign.Hint(); !strings.Contains(hint, c.want) {
				t.Errorf("hint %q, want it to say %q", hint, c.want)
			}
		})
	}
}
