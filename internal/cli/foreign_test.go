package cli

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
)

// A manifest whose snapshots = ".." names the project's parent: a folder
// about never wrote (no index.json) that holds other JSON files in works/
// and counts/, some with names about could have made. Fetch refuses it
// before its first request, exit 2 naming it, and deletes (or writes)
// nothing there; it used to adopt the folder and prune the files whose
// names looked like its own ("1 removed", exit 0).
func TestFetchRefusesAFolderThatIsNotAbouts(t *testing.T) {
	parent := t.TempDir()
	for _, f := range []string{"works/doi_10.1234_2fgone.json", "works/mine.json", "counts/doi_10.1234_2fgone.json", "counts/tally.json", "notes.txt"} {
		p := filepath.Join(parent, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, p, "{\"mine\": true}\n")
	}
	project := filepath.Join(parent, "cv")
	if err := os.Mkdir(project, 0o755); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(project, "about.toml")
	writeFile(t, manifest, "snapshots = \"..\"\nmailto = \"ada@example.org\"\n[[identity]]\ndoi = \"10.7554/elife.01567\"\n")
	before := testtool.FilesUnder(t, parent)

	code, stderr := runCLIEnv(t, nil, "fetch", "--replay", exampleReplay, manifest)
	if code != exitUsage {
		t.Errorf("exit %d, want %d:\n%s", code, exitUsage, stderr)
	}
	if !strings.Contains(stderr, "snapshot folder "+filepath.Join(project, "..")) && !strings.Contains(stderr, "snapshot folder "+parent) {
		t.Errorf("the error does not name the folder %s:\n%s", parent, stderr)
	}
	if !strings.Contains(stderr, "about: hint: ") || strings.Contains(stderr, "jobs") {
		t.Errorf("want the refusal and its hint before any progress:\n%s", stderr)
	}
	if after := testtool.FilesUnder(t, parent); !maps.EqualFunc(before, after, func(a, b []byte) bool { return string(a) == string(b) }) {
		t.Errorf("fetch changed the folder it refused:\nbefore %q\nafter  %q", keys(before), keys(after))
	}
}

// A works/ or counts/ in the snapshot folder that is a symbolic link to a
// folder elsewhere: fetch refuses the folder (exit 2, naming the link)
// and deletes nothing in the folder the link points to, though its files
// carry about's names. It used to prune them through the link.
func TestFetchNeverDeletesThroughALinkedFolder(t *testing.T) {
	for _, sub := range []string{"works", "counts"} {
		t.Run(sub, func(t *testing.T) {
			m, snaps := exampleCopy(t)
			elsewhere := filepath.Join(t.TempDir(), "elsewhere")
			if err := os.Rename(filepath.Join(snaps, sub), elsewhere); err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(elsewhere, "doi_10.1234_2fsomeone-elses.json"), "{\"mine\": true}\n")
			if err := os.Symlink(elsewhere, filepath.Join(snaps, sub)); err != nil {
				t.Skip("no symbolic links here:", err)
			}
			before := testtool.FilesUnder(t, elsewhere)

			code, stderr := runCLIEnv(t, nil, "fetch", "--replay", exampleReplay, m)
			if code != exitUsage || !strings.Contains(stderr, sub+" is a symbolic link") {
				t.Errorf("exit %d, want %d saying %s is a symbolic link:\n%s", code, exitUsage, sub, stderr)
			}
			if after := testtool.FilesUnder(t, elsewhere); !maps.EqualFunc(before, after, func(a, b []byte) bool { return string(a) == string(b) }) {
				t.Errorf("fetch changed the linked folder:\nbefore %q\nafter  %q", keys(before), keys(after))
			}
		})
	}
}

func keys(m map[string][]byte) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// check on a folder fetch refuses said "index.json: missing (about fetch
// writes it)" and "run about fetch and commit" (exit 1), sending the user
// to a fetch that then refuses the folder. It now refuses it as fetch
// does, exit 2 with fetch's words and hint, offline and online.
func TestCheckRefusesAFolderFetchRefuses(t *testing.T) {
	project := t.TempDir()
	manifest := filepath.Join(project, "manifest.toml")
	writeFile(t, manifest, "snapshots = \".\"\nmailto = \"ada@example.org\"\n[[identity]]\ndoi = \"10.7554/elife.01567\"\n")
	for _, args := range [][]string{{"check", "--offline", manifest}, {"check", "--replay", exampleReplay, manifest}} {
		code, stdout, stderr := runCLI(t, args...)
		if code != exitUsage || !strings.Contains(stderr, "is not about's: it has no index.json and holds manifest.toml") || !strings.Contains(stderr, "about: hint: ") {
			t.Errorf("%v: exit %d, want %d refusing the folder as fetch does\nstdout:\n%s\nstderr:\n%s", args, code, exitUsage, stdout, stderr)
		}
		if strings.Contains(stdout+stderr, "about fetch writes it") || strings.Contains(stdout+stderr, "run about fetch") {
			t.Errorf("%v: check sends the user to a fetch that refuses the folder:\n%s%s", args, stdout, stderr)
		}
	}
	if entries, _ := os.ReadDir(project); len(entries) != 1 {
		t.Errorf("check wrote into the folder: %v", entries)
	}
}
