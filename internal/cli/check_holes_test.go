package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The gate's holes (#31): each is a commit check --offline passed with
// exit 0 though the folder or the manifest was not what fetch leaves.
// Each must fail, naming the file (and the line where there is one).

// TestCheckFailsOnAnOverrideOfNoWork: an [[override]] of a work the folder
// does not hold sets nothing (fetch warns); check names its manifest line.
func TestCheckFailsOnAnOverrideOfNoWork(t *testing.T) {
	m, _ := exampleCopy(t)
	data, err := os.ReadFile(m)
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Count(string(data), "\n") + 2 // the [[override]] header below
	writeFile(t, m, string(data)+"\n[[override]]\nid = \"doi:10.9999/not-in-the-folder\"\ntitle = \"Nowhere\"\n")
	code, stdout, stderr := runCLI(t, "check", "--offline", m)
	want := m + ":" + strconv.Itoa(line) + ": [[override]] of doi:10.9999/not-in-the-folder matches no work of the snapshots"
	if code != exitShort || !strings.Contains(stdout, want) {
		t.Errorf("exit %d, want %d and stdout naming %q\nstdout:\n%s\nstderr:\n%s", code, exitShort, want, stdout, stderr)
	}
}

// TestCheckFailsOnAStrayFile: a file in about's own folders that about
// does not write, or a .json beside index.json it does not list, fails
// check; .gitkeep, .gitattributes and a README are the user's and pass.
func TestCheckFailsOnAStrayFile(t *testing.T) {
	m, snaps := exampleCopy(t)
	for _, allowed := range []string{".gitkeep", ".gitattributes", "README.md", "works/.gitkeep", "counts/README", ".DS_Store"} {
		writeFile(t, filepath.Join(snaps, filepath.FromSlash(allowed)), "the user's\n")
	}
	if code, stdout, stderr := runCLI(t, "check", "--offline", m); code != 0 {
		t.Fatalf("the user's .gitkeep, .gitattributes and README fail check: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, stray := range []string{"works/notes.txt", "orcid/old.json", "extra.json"} {
		t.Run(stray, func(t *testing.T) {
			path := filepath.Join(snaps, filepath.FromSlash(stray))
			writeFile(t, path, "{}\n")
			t.Cleanup(func() { os.Remove(path) })
			code, stdout, stderr := runCLI(t, "check", "--offline", m)
			if code != exitShort || !strings.Contains(stdout, path+": stray") {
				t.Errorf("exit %d, want %d and stdout naming %s as stray\nstdout:\n%s\nstderr:\n%s", code, exitShort, path, stdout, stderr)
			}
			// fetch never removes a file about did not write: the hint
			// must not send the user there.
			if want := "hint: move the files marked stray out of the snapshot folder"; !strings.Contains(stderr, want) || strings.Contains(stderr, "about fetch rewrites") {
				t.Errorf("stderr does not say only %q:\n%s", want, stderr)
			}
		})
	}
	// A snapshot-named file no work lists is about's: fetch removes it.
	named := filepath.Join(snaps, "works", "doi_10.9999_2fno-such-work.json")
	writeFile(t, named, "{}\n")
	if code, _, stderr := runCLI(t, "check", "--offline", m); code != exitShort || !strings.Contains(stderr, "hint: about fetch rewrites the folder canonically and completely\n") {
		t.Errorf("a snapshot-named stray: exit %d, stderr:\n%s", code, stderr)
	}
}

// editFile replaces old, which must be there, with new in the file at path.
func editFile(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s has no %s", path, old)
	}
	writeFile(t, path, strings.Replace(string(data), old, new, 1))
}

// TestCheckFailsOnAHandEditedExpansion: the owner's name in orcid/ heads
// the page; a hand edit of it must not pass as fetched.
func TestCheckFailsOnAHandEditedExpansion(t *testing.T) {
	m, snaps := exampleCopy(t)
	rel := filepath.Join("orcid", "orcid_0000-0002-9341-7985.json")
	editFile(t, filepath.Join(snaps, rel), `"family": "Binfield"`, `"family": "Binfeld"`)
	checkFailsNaming(t, m, snaps, rel)
}

// TestCheckFailsOnHandEditedCounts: +500 citations in counts/ must not
// pass as fetched.
func TestCheckFailsOnHandEditedCounts(t *testing.T) {
	m, snaps := exampleCopy(t)
	rel := filepath.Join("counts", "doi_10.1101_2f2020.12.01.406702.json")
	editFile(t, filepath.Join(snaps, rel), `"cited_by": 1,`, `"cited_by": 501,`)
	checkFailsNaming(t, m, snaps, rel)
}

// TestCheckFailsOnAWorkEditedWithItsSource: a title edited in a work's
// merged record and in the source that gave it passes the re-merge (the
// sources give what the record says); it is a hand edit all the same,
// which the page would show as fetched.
func TestCheckFailsOnAWorkEditedWithItsSource(t *testing.T) {
	m, snaps := exampleCopy(t)
	rel := filepath.Join("works", "doi_10.7554_2felife.01567.json")
	path := filepath.Join(snaps, rel)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const title = `"title": "Automated quantitative histology reveals vascular morphodynamics during Arabidopsis hypocotyl secondary growth"`
	if n := strings.Count(string(data), title); n != 2 {
		t.Fatalf("%s has the title %d times, want 2 (the merged record and crossref's)", rel, n)
	}
	writeFile(t, path, strings.ReplaceAll(string(data), title, strings.Replace(title, "histology", "histopathology", 1)))
	code, stdout, stderr := runCLI(t, "check", "--offline", m)
	if code != exitShort || !strings.Contains(stdout, path+": ") {
		t.Errorf("exit %d, want %d and stdout naming %s\nstdout:\n%s\nstderr:\n%s", code, exitShort, rel, stdout, stderr)
	}
}

// checkFailsNaming runs check --offline on manifest m and wants it to fail
// (exit 1) naming the file rel of the folder snaps.
func checkFailsNaming(t *testing.T, m, snaps, rel string) {
	t.Helper()
	code, stdout, stderr := runCLI(t, "check", "--offline", m)
	if code != exitShort || !strings.Contains(stdout, filepath.Join(snaps, rel)+": ") {
		t.Errorf("exit %d, want %d and stdout naming %s\nstdout:\n%s\nstderr:\n%s", code, exitShort, rel, stdout, stderr)
	}
}
