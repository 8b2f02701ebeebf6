package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/snapshots"
)

// The example of the README, replayed from recorded answers: these tests
// never touch the network.
const (
	exampleManifest  = "../../examples/manifest.toml"
	exampleReplay    = "../../examples/replay"
	exampleSnapshots = "../../examples/snapshots"
)

// treeHash digests every relative path and byte under dir.
func treeHash(t *testing.T, dir string) string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, p)
		h.Write([]byte(filepath.ToSlash(rel) + "\x00"))
		h.Write(data)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// exampleCopy copies the example manifest and snapshots into a temporary
// folder, so a test may change them.
func exampleCopy(t *testing.T) (manifestPath, snapshots string) {
	t.Helper()
	return testtool.CopyExample(t, exampleManifest, exampleSnapshots)
}

// TestReplayWritesTheCommittedExample is the README's first command: it
// must write exactly the committed example snapshots, at any -j.
func TestReplayWritesTheCommittedExample(t *testing.T) {
	want := treeHash(t, exampleSnapshots)
	for _, j := range []string{"1", "8"} {
		out := filepath.Join(t.TempDir(), "snapshots")
		code, _, stderr := runCLI(t, "fetch", "-j", j, "--replay", exampleReplay, "--snapshots", out, exampleManifest)
		if code != 0 {
			t.Fatalf("-j %s: exit %d\n%s", j, code, stderr)
		}
		if got := treeHash(t, out); got != want {
			t.Errorf("-j %s: replayed snapshots differ from %s; run go run . fetch --replay %s %s and review the diff", j, exampleSnapshots, exampleReplay, exampleManifest)
		}
	}
}

func TestCheckOfflineExampleIsClean(t *testing.T) {
	code, stdout, stderr := runCLI(t, "check", "--offline", exampleManifest)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "is canonical, complete and consistent with the manifest") {
		t.Errorf("stdout:\n%s", stdout)
	}
}

func TestCheckOfflineListsProblemsAndExits1(t *testing.T) {
	m, snaps := exampleCopy(t)
	work := filepath.Join(snaps, "works", "doi_10.7554_2felife.01567.json")
	data, _ := os.ReadFile(work)
	os.WriteFile(work, []byte(strings.ReplaceAll(string(data), "\n  ", "\n\t")), 0o644)
	os.Remove(filepath.Join(snaps, "works", "doi_10.5281_2fzenodo.48440.json"))
	os.WriteFile(filepath.Join(snaps, "counts", "doi_10.9999_2fstray.json"), []byte("{}\n"), 0o644)

	code, stdout, stderr := runCLI(t, "check", "--offline", m)
	if code != 1 {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	want := []string{
		filepath.Join(snaps, "counts", "doi_10.9999_2fstray.json") + ": stray: counts of a work that is not listed",
		filepath.Join(snaps, "works", "doi_10.5281_2fzenodo.48440.json") + ": missing: the file of work doi:10.5281/zenodo.48440",
		filepath.Join(snaps, "works", "doi_10.7554_2felife.01567.json") + `: not canonical: line 2 is "\t\"id\": \"doi:10.7554/elife.01567\",", canonical is "  \"id\": \"doi:10.7554/elife.01567\"," (about fetch rewrites it canonically)`,
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), stdout)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, lines[i], want[i])
		}
	}
	if !strings.Contains(stderr, "about: error: 3 problems in "+snaps) {
		t.Errorf("stderr:\n%s", stderr)
	}
}

func TestCheckReplayComparesAndNeverWrites(t *testing.T) {
	m, snaps := exampleCopy(t)
	before := treeHash(t, snaps)
	code, stdout, stderr := runCLI(t, "check", "--replay", exampleReplay, m)
	if code != 0 {
		t.Fatalf("unchanged: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "snapshots are current") {
		t.Errorf("stdout:\n%s", stdout)
	}
	if after := treeHash(t, snaps); after != before {
		t.Error("check of current snapshots changed the committed folder")
	}

	// The committed title was different and a citation count was lower:
	// a fetch now would change both, and check says so without writing.
	work := filepath.Join(snaps, "works", "doi_10.1101_2f2020.12.01.406702.json")
	data, _ := os.ReadFile(work)
	title := "Identification of a novel cationic glycolipid" // start of the recorded title
	if !strings.Contains(string(data), title) {
		t.Fatalf("fixture changed: %s has no %q", work, title)
	}
	os.WriteFile(work, []byte(strings.ReplaceAll(string(data), title, "An earlier title")), 0o644)
	counts := filepath.Join(snaps, "counts", "doi_10.1101_2f2020.12.01.406702.json")
	data, _ = os.ReadFile(counts)
	os.WriteFile(counts, []byte(strings.Replace(string(data), `"cited_by": 1,`, `"cited_by": 0,`, 1)), 0o644)
	fetchedAsIs(t, snaps)
	before = treeHash(t, snaps)

	code, stdout, stderr = runCLI(t, "check", "--replay", exampleReplay, m)
	if code != 1 {
		t.Fatalf("changed: exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"bibliographic changes (works/): 1 file\n--- a/works/doi_10.1101_2f2020.12.01.406702.json  (doi:10.1101/2020.12.01.406702)\n",
		"@@ record.title (crossref) @@\n-\"An earlier title",
		"+\"" + title,
		"volatile counters (counts/): 1 file\n",
		"@@ sources[crossref].counts.cited_by (crossref) @@\n-0\n+1\n",
		"snapshots are out of date: 1 work file, 1 counts file would change",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if after := treeHash(t, snaps); after != before {
		t.Error("check changed the committed snapshot folder")
	}

	code, stdout, _ = runCLI(t, "check", "--ignore-counts", "--replay", exampleReplay, m)
	if code != 1 || strings.Contains(stdout, "cited_by") || !strings.Contains(stdout, "ignored (--ignore-counts)") {
		t.Errorf("--ignore-counts: exit %d, stdout:\n%s", code, stdout)
	}
}

func TestCheckIgnoreCountsPassesCountOnlyChange(t *testing.T) {
	m, snaps := exampleCopy(t)
	counts := filepath.Join(snaps, "counts", "doi_10.1101_2f2020.12.01.406702.json")
	data, _ := os.ReadFile(counts)
	os.WriteFile(counts, []byte(strings.Replace(string(data), `"cited_by": 1,`, `"cited_by": 0,`, 1)), 0o644)
	fetchedAsIs(t, snaps)
	if code, stdout, _ := runCLI(t, "check", "--replay", exampleReplay, m); code != 1 {
		t.Errorf("count change: exit %d, want 1\n%s", code, stdout)
	}
	if code, stdout, _ := runCLI(t, "check", "--ignore-counts", "--replay", exampleReplay, m); code != 0 {
		t.Errorf("count change with --ignore-counts: exit %d, want 0\n%s", code, stdout)
	}
}

func TestRecordAndReplayTogetherIsAUsageError(t *testing.T) {
	out := filepath.Join(t.TempDir(), "snapshots")
	code, _, stderr := runCLI(t, "fetch", "--record", t.TempDir(), "--replay", exampleReplay, "--snapshots", out, exampleManifest)
	if code != 2 || !strings.Contains(stderr, "--record and --replay cannot be combined") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a usage error wrote snapshots")
	}
}

// TestReplayOfATruncatedFileIsAReadError: a --record folder whose file
// was cut short (a full disk, an interrupted copy) is a file that could
// not be read, exit 3 as docs/exit-codes.md gives, naming the file; not a
// usage error, as the folder given was the right one.
func TestReplayOfATruncatedFileIsAReadError(t *testing.T) {
	dir := t.TempDir()
	cut := filepath.Join(dir, "api.crossref.org", "works-0123abcd.json")
	if err := os.Mkdir(filepath.Dir(cut), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, cut, `{"method": "GET", "url": "https://api.crossref.org/works/10.1/x", "sta`)
	for _, args := range [][]string{
		{"fetch", "--replay", dir, "--snapshots", filepath.Join(t.TempDir(), "out"), exampleManifest},
		{"check", "--replay", dir, exampleManifest},
	} {
		code, _, stderr := runCLI(t, args...)
		if code != exitIO || !strings.Contains(stderr, "replay file "+cut+": ") || !strings.Contains(stderr, "cut short") {
			t.Errorf("%s: exit %d, want %d naming %s as cut short; stderr:\n%s", args[0], code, exitIO, cut, stderr)
		}
	}
}

func TestReplayOfAMissingFolderIsAUsageError(t *testing.T) {
	code, _, stderr := runCLI(t, "fetch", "--replay", filepath.Join(t.TempDir(), "nothing"), exampleManifest)
	if code != 2 || !strings.Contains(stderr, "load replay folder") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}

func TestReplayMissFailsTheJobAndExits1(t *testing.T) {
	m := writeManifest(t, "providers = [\"crossref\"]\n\n[[identity]]\ndoi = \"10.7554/elife.99999\"\n")
	code, _, stderr := runCLI(t, "fetch", "--replay", exampleReplay, m)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, stderr)
	}
	want := "the replay folder " + exampleReplay + " has no answer for GET https://api.crossref.org/works/10.7554/elife.99999"
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
}

// check is the CI gate before a deploy step's render: a selected work the
// snapshots do not hold, which render refuses, fails check --offline too,
// naming the manifest's line. A selected work they hold passes.
func TestCheckOfflineRefusesWhatRenderWould(t *testing.T) {
	manifestPath, _ := exampleCopy(t)
	data, err := os.ReadFile(manifestPath)
	if err != nil {
		t.Fatal(err)
	}
	add := func(selected string) {
		src := strings.Replace(string(data), "snapshots = \"snapshots\"\n", "snapshots = \"snapshots\"\nselected = "+selected+"\n", 1)
		if src == string(data) {
			t.Fatal("examples/manifest.toml's snapshots line moved; update this test")
		}
		writeFile(t, manifestPath, src)
	}
	add(`["doi:10.3233/isu-130714"]`)
	if code, stdout, stderr := runCLI(t, "check", "--offline", manifestPath); code != 0 {
		t.Errorf("a selected work the snapshots hold: exit %d\n%s%s", code, stdout, stderr)
	}
	add(`["doi:10.3233/isu-130714", "doi:10.9999/nope"]`)
	code, stdout, stderr := runCLI(t, "check", "--offline", manifestPath)
	if code != exitShort || !strings.Contains(stdout, manifestPath+`:7: selected work "doi:10.9999/nope" is not in the snapshots`) {
		t.Errorf("a selected work not in the snapshots: exit %d, want %d naming it\n%s%s", code, exitShort, stdout, stderr)
	}
	if code, _, _ := runCLI(t, "render", "--format", "markdown", manifestPath); code != exitUsage {
		t.Errorf("render accepted the manifest check refuses: exit %d", code)
	}
}

// TestStrayFilesInTheSnapshotFolder: a snapshot-named file no work
// lists is about's, so fetch removes it, and says so as a stray file, not
// a work that left (it said "1 removed"). A .json file about never names
// (works/foo.json) fetch leaves alone, so check names it as a stray until
// it is moved out (check --offline passed over it with a warning).
func TestStrayFilesInTheSnapshotFolder(t *testing.T) {
	manifestPath, snaps := exampleCopy(t)
	stray := filepath.Join(snaps, "works", "doi_10.9999_2fold.json")
	foreign := filepath.Join(snaps, "works", "foo.json")
	writeFile(t, stray, "{}\n")
	writeFile(t, foreign, "{}\n")

	code, stdout, stderr := runCLI(t, "check", "--offline", "--snapshots", snaps, manifestPath)
	if code != 1 || !strings.Contains(stdout, "doi_10.9999_2fold.json: stray") {
		t.Errorf("check --offline with a stray snapshot file: exit %d, want 1 naming it:\n%s", code, stdout)
	}
	if n := strings.Count(stdout, "foo.json"); n != 1 || !strings.Contains(stdout, "works/foo.json: stray: not a file about writes") {
		t.Errorf("check --offline names works/foo.json %d times, want one stray problem:\n%s%s", n, stdout, stderr)
	}

	code, stderr = runCLIEnv(t, nil, "fetch", "--replay", exampleReplay, "--snapshots", snaps, manifestPath)
	if code != 0 {
		t.Fatalf("fetch: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stderr, " 0 removed, ") || !strings.Contains(stderr, "; 1 stray file removed (no work listed it)") {
		t.Errorf("fetch's story does not tell the stray file from a removed work:\n%s", stderr)
	}
	if _, err := os.Stat(stray); !os.IsNotExist(err) {
		t.Errorf("the stray snapshot file is still there (%v)", err)
	}
	if _, err := os.Stat(foreign); err != nil {
		t.Errorf("fetch removed the user's works/foo.json: %v", err)
	}

	code, stdout, _ = runCLI(t, "check", "--offline", "--snapshots", snaps, manifestPath)
	if code != 1 || strings.Count(stdout, "\n") != 1 || !strings.Contains(stdout, "foo.json: stray") {
		t.Errorf("check --offline with only works/foo.json besides the snapshots: exit %d, want 1 naming it alone:\n%s", code, stdout)
	}
	if err := os.Remove(foreign); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runCLI(t, "check", "--offline", "--snapshots", snaps, manifestPath); code != 0 {
		t.Errorf("works/foo.json moved out: exit %d\n%s%s", code, stdout, stderr)
	}
}

// fetchedAsIs records the digests of the folder's files as they are, so a
// test's edit stands for what an earlier fetch wrote, not a hand edit.
func fetchedAsIs(t *testing.T, dir string) {
	t.Helper()
	if err := (snapshots.Dir{Root: dir}).RecordDigests(); err != nil {
		t.Fatal(err)
	}
}
