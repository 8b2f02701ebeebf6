package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLIEnv runs the real command line with env as its environment.
func runCLIEnv(t *testing.T, env map[string]string, args ...string) (code int, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), append([]string{"about"}, args...), &out, &errb, testSystem(t, func(k string) string { return env[k] }))
	return code, errb.String()
}

// exampleWithProviders writes examples/manifest.toml into a temporary folder
// with its providers line replaced, so its snapshots land there too.
func exampleWithProviders(t *testing.T, providersLine string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "manifest.toml"))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(data), `providers = ["orcid", "crossref", "openalex", "datacite"]`, providersLine, 1)
	if src == string(data) {
		t.Fatal("examples/manifest.toml's providers line moved; update this test")
	}
	return writeManifest(t, src)
}

func countFiles(t *testing.T, dir string) int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return len(entries)
}

// docs/manifest.md's own example, providers = ["crossref", "openalex"], with an
// ORCID identity found no works and said "complete": orcid is implied.
func TestProvidersWithoutORCIDStillExpandTheORCIDRecord(t *testing.T) {
	path := exampleWithProviders(t, `providers = ["crossref", "openalex", "datacite"]`)
	code, stderr := runCLIEnv(t, nil, "fetch", "--replay", filepath.Join("..", "..", "examples", "replay"), "--quiet", path)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	snaps := filepath.Join(filepath.Dir(path), "snapshots")
	got, want := countFiles(t, filepath.Join(snaps, "works")), countFiles(t, filepath.Join("..", "..", "examples", "snapshots", "works"))
	if got != want {
		t.Errorf("%d work files, want the example's %d (the ORCID record's works included)", got, want)
	}
}

// --only with a typo must fail before anything runs or prints progress.
func TestOnlyTypoFailsBeforeAnyProgress(t *testing.T) {
	path := writeManifest(t, "[[identity]]\ndoi = \"10.7554/elife.01567\"\n")
	code, stderr := runCLIEnv(t, nil, "fetch", "--only", "crossreff", "--replay", filepath.Join("..", "..", "examples", "replay"), path)
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	if !strings.HasPrefix(stderr, "about: error: --only: unknown provider \"crossreff\"") {
		t.Errorf("stderr does not open with the error:\n%s", stderr)
	}
	if strings.Contains(stderr, "jobs") {
		t.Errorf("a progress line came before the error:\n%s", stderr)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), "snapshots")); err == nil {
		t.Error("a usage error wrote snapshots")
	}
}

func TestAboutMailtoIsValidatedLikeTheManifests(t *testing.T) {
	path := writeManifest(t, "[[identity]]\ndoi = \"10.1/x\"\n")
	for _, bad := range []string{"ada", "ada@localhost", "ada@exa\u200bmple.org"} {
		code, stderr := runCLIEnv(t, map[string]string{"ABOUT_MAILTO": bad}, "check", "--offline", path)
		if code != exitUsage || !strings.Contains(stderr, "ABOUT_MAILTO") {
			t.Errorf("ABOUT_MAILTO=%q: exit %d, want %d naming ABOUT_MAILTO:\n%s", bad, code, exitUsage, stderr)
		}
	}
}

// The user's own files in the snapshot folder (a .gitkeep, a Finder's
// .DS_Store, a README, notes at the top) neither fail check --offline nor
// are deleted by fetch. Fetch deletes only the files it writes, so it
// leaves works/notes.json too, which check names as a stray
// (TestCheckFailsOnAStrayFile).
func TestTheUsersFilesInSnapshotsAreLeftAlone(t *testing.T) {
	m, snaps := exampleCopy(t)
	users := []string{".DS_Store", ".gitkeep", ".gitattributes", "README.md", "notes.txt", "counts/.gitkeep", "orcid/.DS_Store", "works/notes.json"}
	for _, p := range users {
		if err := os.WriteFile(filepath.Join(snaps, filepath.FromSlash(p)), []byte("mine\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if p == "works/notes.json" {
			continue // a stray to check, below
		}
		if code, stdout, stderr := runCLI(t, "check", "--offline", m); code != 0 {
			t.Errorf("check --offline with %s: exit %d\n%s%s", p, code, stdout, stderr)
		}
	}
	if code, _, stderr := runCLI(t, "fetch", "--quiet", "--replay", exampleReplay, m); code != 0 {
		t.Fatalf("fetch: exit %d\n%s", code, stderr)
	}
	for _, p := range users {
		if data, err := os.ReadFile(filepath.Join(snaps, filepath.FromSlash(p))); err != nil || string(data) != "mine\n" {
			t.Errorf("fetch did not leave the user's %s alone: %q, %v", p, data, err)
		}
	}
}

// An unwritable snapshot folder is found before the first request, not
// after a whole fetch whose summary said "complete": exit 3, nothing
// asked, no progress.
func TestUnwritableSnapshotFolderFailsBeforeTheFirstRequest(t *testing.T) {
	path := writeManifest(t, "mailto = \"ada@example.org\"\n[[identity]]\ndoi = \"10.7554/elife.01567\"\n")
	file := filepath.Join(t.TempDir(), "a-file")
	writeFile(t, file, "")
	for _, snaps := range []string{file, filepath.Join(file, "snapshots")} {
		code, stderr := runCLIEnv(t, nil, "fetch", "--replay", exampleReplay, "--snapshots", snaps, path)
		if code != exitIO || !strings.Contains(stderr, snaps) {
			t.Errorf("--snapshots %s: exit %d, want %d naming it:\n%s", snaps, code, exitIO, stderr)
		}
		if strings.Contains(stderr, "jobs") || strings.Contains(stderr, "provider") {
			t.Errorf("--snapshots %s: the fetch ran before the folder was found unwritable:\n%s", snaps, stderr)
		}
	}
}

// A fetch refused before its first request (a bad --report path, a
// snapshot folder it cannot lock) leaves no empty --record folder: the
// recording is made after every such check, so nothing returns between
// making it and reading its errors.
func TestARefusedFetchMakesNoRecording(t *testing.T) {
	path := writeManifest(t, "mailto = \"ada@example.org\"\n[[identity]]\ndoi = \"10.7554/elife.01567\"\n")
	tmp := t.TempDir()
	file := filepath.Join(tmp, "a-file")
	writeFile(t, file, "")
	cases := []struct {
		why  string
		args []string
		code int
	}{
		{"a --report in a missing folder", []string{"--report", filepath.Join(tmp, "missing", "run.json")}, exitUsage},
		{"a snapshot folder that is a file", []string{"--snapshots", file}, exitIO},
	}
	for _, c := range cases {
		rec := filepath.Join(tmp, "recorded")
		args := append(append([]string{"fetch", "--record", rec}, c.args...), path)
		code, stderr := runCLIEnv(t, nil, args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d:\n%s", c.why, code, c.code, stderr)
		}
		if _, err := os.Stat(rec); !os.IsNotExist(err) {
			t.Errorf("%s: the refused fetch made the --record folder (%v)", c.why, err)
		}
	}
}
