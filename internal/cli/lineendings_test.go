package cli

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/snapshots"
)

// toCRLF gives every .json file under dir CRLF line endings, as git
// checks them out with core.autocrlf (a Windows runner's default), and
// returns how many it converted.
func toCRLF(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		return os.WriteFile(p, bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A snapshot folder checked out with CRLF line endings: check --offline
// says so once, naming the line endings and the .gitattributes line that
// keeps them LF, not once a file ("not canonical: line 1 is \"{\\r\"" for
// each of the example's 21 files).
func TestCheckTellsCRLFLineEndingsOnce(t *testing.T) {
	m, snaps := exampleCopy(t)
	files := toCRLF(t, snaps)
	code, stdout, stderr := runCLI(t, "check", "--offline", m)
	if code != exitShort {
		t.Errorf("exit %d, want %d: the files are not what fetch writes", code, exitShort)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 1 || strings.Contains(stdout, "not canonical") {
		t.Errorf("want one line for the %d files, got %d:\n%s", files, len(lines), stdout)
	}
	for _, want := range []string{"Windows line endings (CRLF)", "core.autocrlf", ".gitattributes", "`* text eol=lf`", "20 more files"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the line does not say %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "1 problem in") {
		t.Errorf("want one problem:\n%s", stderr)
	}
	// The online check fetches into a copy and compares: line endings
	// alone are no difference to list file by file (21 empty hunks).
	code, stdout, _ = runCLI(t, "check", "--replay", exampleReplay, m)
	if code != exitShort || strings.Contains(stdout, "would change") || strings.Count(stdout, "line endings") != 1 {
		t.Errorf("check: exit %d, want %d with the one line and no file listed as changing:\n%s", code, exitShort, stdout)
	}
	// Its verdict agrees with its exit code: not "current" while it fails.
	if strings.Contains(stdout, "snapshots are current") {
		t.Errorf("check exits %d but says the snapshots are current:\n%s", code, stdout)
	}
}

// Fetch over that folder rewrites the files with LF (their bytes change)
// but no work changed: the story said "13 changed" for line endings alone.
// It now says 0 changed and, in one note, why the files were written.
func TestFetchOverCRLFSaysWhyItRewrites(t *testing.T) {
	m, snaps := exampleCopy(t)
	files := toCRLF(t, snaps)
	code, stderr := runCLIEnv(t, nil, "fetch", "--replay", exampleReplay, m)
	if code != exitOK {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "0 added, 0 changed, 0 removed, 13 unchanged") {
		t.Errorf("line endings alone counted as changed works:\n%s", stderr)
	}
	if want := "note: 21 files had Windows line endings (CRLF) and were rewritten with LF"; files != 21 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "`* text eol=lf`") {
		t.Errorf("the story does not say why the %d files were written (%q and the .gitattributes line):\n%s", files, want, stderr)
	}
	if code, stdout, _ := runCLI(t, "check", "--offline", m); code != exitOK {
		t.Errorf("check --offline after the fetch: exit %d\n%s", code, stdout)
	}
}

// The .gitattributes line the messages give really keeps a checkout LF
// where core.autocrlf is set: a fresh clone then passes check --offline,
// and so does a clone made before the line, checked out again as
// docs/troubleshooting.md says (a plain `git checkout` keeps the files it
// converted, since git sees them unchanged).
func TestGitattributesLineKeepsACloneLF(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git here:", err)
	}
	m, snaps := exampleCopy(t)
	origin := filepath.Dir(m)
	runGit(t, origin, "init", "-q")
	runGit(t, origin, "add", "-A")
	runGit(t, origin, "commit", "-qm", "snapshots")
	before := crlfClone(t, origin)
	if code, stdout, _ := runCLI(t, "check", "--offline", filepath.Join(before, "manifest.toml")); code != exitShort || !strings.Contains(stdout, "Windows line endings (CRLF)") {
		t.Fatalf("a clone with core.autocrlf: exit %d, want %d naming CRLF (else this test shows nothing):\n%s", code, exitShort, stdout)
	}

	line := snapshots.LineEndingsHint[strings.Index(snapshots.LineEndingsHint, "`")+1 : strings.LastIndex(snapshots.LineEndingsHint, "`")]
	if err := os.WriteFile(filepath.Join(snaps, ".gitattributes"), []byte(line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runGit(t, origin, "add", "-A")
	runGit(t, origin, "commit", "-qm", "keep the snapshots LF")
	if code, stdout, _ := runCLI(t, "check", "--offline", filepath.Join(crlfClone(t, origin), "manifest.toml")); code != exitOK {
		t.Errorf("a fresh clone with %q in snapshots/.gitattributes: exit %d\n%s", line, code, stdout)
	}

	runGit(t, before, "pull", "-q", "--ff-only")
	runGit(t, before, "checkout", "--", "snapshots")
	if code, _, _ := runCLI(t, "check", "--offline", filepath.Join(before, "manifest.toml")); code != exitShort {
		t.Errorf("a plain checkout rewrote the converted files (exit %d): docs/troubleshooting.md need not say more", code)
	}
	runGit(t, before, "rm", "-r", "-q", "--cached", "snapshots")
	runGit(t, before, "checkout", "HEAD", "--", "snapshots")
	if code, stdout, _ := runCLI(t, "check", "--offline", filepath.Join(before, "manifest.toml")); code != exitOK {
		t.Errorf("the older clone checked out again: exit %d\n%s", code, stdout)
	}
}

// crlfClone clones origin as git does on Windows (core.autocrlf=true).
func crlfClone(t *testing.T, origin string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "clone")
	runGit(t, origin, "-c", "core.autocrlf=true", "clone", "-q", origin, dir)
	runGit(t, dir, "config", "core.autocrlf", "true")
	return dir
}

// runGit runs git in dir, free of the user's and the system's settings.
func runGit(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}
