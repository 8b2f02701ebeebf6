package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/providers"
)

// TestExitCodesKeepTheContract: each way a command can end exits with the code
// docs/exit-codes.md gives. The I/O cases use a regular file where a folder is
// wanted, which fails for root too (CI runs as root, so no chmod).
func TestExitCodesKeepTheContract(t *testing.T) {
	dir := t.TempDir()
	aFile := filepath.Join(dir, "a-file")
	writeFile(t, aFile, "not a folder\n")
	corrupt := corruptSnapshotCopy(t)
	good := writeManifest(t, "[[identity]]\ndoi = \"10.1/x\"\n")
	badManifest := writeManifest(t, "[[identity]]\norcid = \"0000-0002-1825-0098\"\n")
	cases := []struct {
		name string
		args []string
		want int
		say  string // a fragment of standard error
	}{
		{"bad flag", []string{"fetch", "--frobnicate", good}, exitUsage, "flag provided but not defined"},
		{"bad manifest", []string{"fetch", badManifest}, exitUsage, "fails its check digit"},
		{"unknown provider", []string{"fetch", "--only", "scopus", good}, exitUsage, `unknown provider "scopus"`},
		{"render to a path under a file", []string{"render", "-f", "html", "--out", filepath.Join(aFile, "page.html"), renderFixture}, exitIO, "not a directory"},
		{"render of a corrupt snapshot", []string{"render", "-f", "html", corrupt}, exitIO, "invalid character"},
		{"fetch into a file", []string{"fetch", "--quiet", "--replay", exampleReplay, "--snapshots", aFile, exampleManifest}, exitIO, "not a directory"},
		{"fetch into a folder under a file", []string{"fetch", "--quiet", "--replay", exampleReplay, "--snapshots", filepath.Join(aFile, "snapshots"), exampleManifest}, exitIO, "not a directory"},
		{"record under a file", []string{"fetch", "--quiet", "--record", filepath.Join(aFile, "rec"), good}, exitIO, "not a directory"},
		{"init under a file", []string{"init", "--orcid", "0000-0002-1825-0097", "--out", filepath.Join(aFile, "manifest.toml")}, exitIO, "not a directory"},
		{"a complete replay", []string{"fetch", "--quiet", "--replay", exampleReplay, "--snapshots", filepath.Join(dir, "fresh"), exampleManifest}, exitOK, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, c.args...)
			if code != c.want {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, c.want, stderr)
			}
			if !strings.Contains(stderr, c.say) {
				t.Errorf("stderr lacks %q:\n%s", c.say, stderr)
			}
		})
	}
}

// corruptSnapshotCopy copies the README's example and breaks one work
// file; it returns the copy's manifest.
func corruptSnapshotCopy(t *testing.T) string {
	t.Helper()
	manifestPath, snaps := exampleCopy(t)
	works, err := filepath.Glob(filepath.Join(snaps, "works", "*.json"))
	if err != nil || len(works) == 0 {
		t.Fatalf("no work files to break in %s: %v", snaps, err)
	}
	writeFile(t, works[0], "{broken")
	return manifestPath
}

// TestCodeOfClassifies: a command's own code wins, the user's mistakes
// are usage errors wherever they are wrapped, and anything unclassified
// is not.
func TestCodeOfClassifies(t *testing.T) {
	pathErr := &fs.PathError{Op: "open", Path: "x", Err: fs.ErrPermission}
	cases := []struct {
		name string
		err  error
		want int
	}{
		{"nil", nil, exitOK},
		{"short", shortError(errShortRun), exitShort},
		{"interrupted", interruptedError(errors.New("x")), exitInterrupted},
		{"usage wrapping a path error", usageError(pathErr), exitUsage},
		{"manifest error, wrapped", fmt.Errorf("load: %w", &manifest.Error{File: "m.toml", Err: errors.New("x")}), exitUsage},
		{"unknown provider, wrapped", fmt.Errorf("select: %w", &providers.UnknownProviderError{Name: "scopus"}), exitUsage},
		{"path error", fmt.Errorf("write snapshots: %w", pathErr), exitIO},
		{"I/O wrapping a short error", ioError(shortError(io.ErrUnexpectedEOF)), exitIO},
		{"unclassified", errors.New("something else"), exitIO},
	}
	for _, c := range cases {
		if got := codeOf(c.err); got != c.want {
			t.Errorf("%s: codeOf = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestRunFunctionsAreCallableWithoutTheCLI: the options structs are the
// commands' whole input.
func TestRunFunctionsAreCallableWithoutTheCLI(t *testing.T) {
	dir := t.TempDir()
	var stderr strings.Builder
	err := runFetch(context.Background(), fetchOptions{
		Manifest: exampleManifest, Threads: 2, Snapshots: filepath.Join(dir, "snapshots"),
		Replay: exampleReplay, Quiet: true, Getenv: func(string) string { return "" }, Network: fakenet.New(t), Stderr: &stderr,
	})
	if err != nil {
		t.Fatalf("runFetch: %v\n%s", err, stderr.String())
	}
	var page strings.Builder
	if err := runRender(renderOptions{Manifest: exampleManifest, Format: "markdown", Snapshots: filepath.Join(dir, "snapshots"), Stdout: &page}); err != nil {
		t.Fatalf("runRender: %v", err)
	}
	if !strings.HasPrefix(page.String(), "# Publications") {
		t.Errorf("runRender wrote:\n%s", page.String())
	}
	err = runCheck(context.Background(), checkOptions{Manifest: exampleManifest, Offline: true, Snapshots: filepath.Join(dir, "snapshots"),
		Getenv: func(string) string { return "" }, Network: fakenet.New(t), Stdout: io.Discard, Stderr: io.Discard})
	if err != nil {
		t.Errorf("runCheck --offline of a fresh fetch: %v", err)
	}
	err = runInit(initOptions{ORCID: "0000-0002-1825-0098", Out: filepath.Join(dir, "m.toml"), Stdout: io.Discard, Stderr: io.Discard})
	if codeOf(err) != exitUsage {
		t.Errorf("runInit with a bad check digit: %v (exit %d), want a usage error", err, codeOf(err))
	}
}

// No service answering exits 3 like a disk failure; its hint must say it
// is the network, so nobody goes looking for a full disk.
func TestOfflineHasItsOwnHint(t *testing.T) {
	err := runError(fmt.Errorf("run: %w", &orchestrator.OfflineError{Host: "api.crossref.org", Reason: "dial tcp: connection refused"}))
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != exitShort {
		t.Fatalf("runError(offline) = %#v, want exit %d (every job failed)", err, exitShort)
	}
	if len(ee.hints) != 1 || !strings.HasPrefix(ee.hints[0], "no service could be reached: check the network or proxy") {
		t.Errorf("offline hints = %q", ee.hints)
	}
	if ee := runError(errors.New("disk full")).(*exitError); len(ee.hints) != 0 {
		t.Errorf("a disk error got the network hint: %q", ee.hints)
	}
}
