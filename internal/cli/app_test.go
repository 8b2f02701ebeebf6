package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/internal/testtool"
)

// testVersion stands in for the version main is built with.
const testVersion = "0.1.0-test"

// runCLI runs the real command line with no environment and no network.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), append([]string{"about"}, args...), &out, &errb, testSystem(t, func(string) string { return "" }))
	return code, out.String(), errb.String()
}

// testSystem is the process as a test gives it to the CLI: getenv as
// given, the files main embeds read from the source, and a network that
// refuses every request and fails the test that sent it (an empty
// fakenet.Registry). A test that
// means to fetch uses --replay; none can reach a real service by mistake.
func testSystem(t *testing.T, getenv func(string) string) System {
	t.Helper()
	read := func(path string) string {
		data, err := os.ReadFile(filepath.Join("..", "..", path))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	return System{Getenv: getenv, Started: time.Now(), Network: fakenet.New(t), Version: testVersion, Files: Files{
		BashCompletion:   read("contrib/completion/about.bash"),
		ZshCompletion:    read("contrib/completion/about.zsh"),
		FishCompletion:   read("contrib/completion/about.fish"),
		DoctorRecordings: os.DirFS(filepath.Join("..", "..", "testdata", "doctor", "ok")),
	}}
}

// assertUsageError runs the CLI and wants exit 2 with every want line on
// standard error.
func assertUsageError(t *testing.T, args []string, want ...string) {
	t.Helper()
	code, _, stderr := runCLI(t, args...)
	if code != 2 {
		t.Errorf("exit %d, want 2; stderr:\n%s", code, stderr)
	}
	for _, w := range want {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr lacks %q:\n%s", w, stderr)
		}
	}
}

func writeManifest(t *testing.T, src string) string {
	t.Helper()
	return testtool.WriteManifest(t, src)
}

func TestUsageErrorsExit2AndWriteNothing(t *testing.T) {
	good := writeManifest(t, "[[identity]]\ndoi = \"10.1/x\"\n")
	bad := writeManifest(t, "[[identity]]\norcid = \"0000-0002-1825-0098\"\n")
	badProvider := writeManifest(t, "providers = [\"crossref\", \"scopus\"]\n[[identity]]\ndoi = \"10.1/x\"\n")
	badInterval := writeManifest(t, "[intervals]\ncrossreff = \"1s\"\n[[identity]]\ndoi = \"10.1/x\"\n")
	fastInterval := writeManifest(t, "[intervals]\ncrossref = \"10ms\"\n[[identity]]\ndoi = \"10.1/x\"\n")
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"no manifest", []string{"fetch"}, []string{"about: error: fetch needs exactly one MANIFEST", "about: hint:"}},
		{"zero workers", []string{"fetch", "-j", "0", good}, []string{"-j/--threads must be at least 1, got 0"}},
		{"negative workers", []string{"fetch", "--threads", "-3", good}, []string{"got -3"}},
		{"bad check digit", []string{"fetch", bad}, []string{bad + ":2:", `"0000-0002-1825-0098"`, "about: hint: check the iD on orcid.org; with these first 15 digits it would end in 7"}},
		{"unknown provider", []string{"fetch", "--only", "scopus", good}, []string{`unknown provider "scopus"`, "crossref"}},
		{"unknown flag", []string{"fetch", "--frobnicate", good}, []string{"flag provided but not defined"}},
		{"unknown provider in the manifest", []string{"fetch", badProvider}, []string{badProvider + ":1:", `unknown provider "scopus"`}},
		{"unknown provider in intervals", []string{"fetch", badInterval}, []string{badInterval + ":2:", `unknown provider "crossreff"`}},
		{"interval faster than declared", []string{"check", "--offline", fastInterval}, []string{fastInterval + ":2:", "faster than Crossref's declared pace of 200ms", "about: hint: intervals can only slow"}},
		{"missing file", []string{"fetch", filepath.Join(t.TempDir(), "none.toml")}, []string{"none.toml", "about init"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assertUsageError(t, c.args, c.want...)
			if _, err := os.Stat(filepath.Join(filepath.Dir(good), "snapshots")); err == nil {
				t.Error("a usage error wrote snapshots")
			}
		})
	}
}

func TestVersionAndProviders(t *testing.T) {
	code, out, _ := runCLI(t, "--version")
	if code != 0 || !strings.Contains(out, testVersion) {
		t.Errorf("--version: exit %d, %q", code, out)
	}
	code, out, _ = runCLI(t, "providers")
	if code != 0 || !strings.Contains(out, "api.crossref.org") {
		t.Errorf("providers: exit %d, %q", code, out)
	}
}

func TestUserAgent(t *testing.T) {
	if got := userAgent("1.2.3", "ada@example.org"); got != "about/1.2.3 (+https://github.com/aboutscholar/about; mailto:ada@example.org)" {
		t.Errorf("userAgent = %q", got)
	}
	if got := userAgent("1.2.3", ""); strings.Contains(got, "mailto") {
		t.Errorf("userAgent without mailto = %q", got)
	}
}

// TestCLITestsHaveNoNetwork: the network a test gives the CLI is the one
// fetch uses, so a run without --replay reaches it (and is refused as an
// offline one is) instead of the machine's network.
func TestCLITestsHaveNoNetwork(t *testing.T) {
	manifestPath, _ := exampleCopy(t)
	sys := testSystem(t, func(string) string { return "" })
	offline := fakenet.Offline(t)
	sys.Network = offline
	var stderr bytes.Buffer
	code := Run(context.Background(), []string{"about", "fetch", "-j", "1", "--quiet", "--snapshots", filepath.Join(t.TempDir(), "s"), manifestPath}, io.Discard, &stderr, sys)
	if code != exitShort || !strings.Contains(stderr.String(), "cannot reach the network") {
		t.Errorf("exit %d, want %d and the offline line:\n%s", code, exitShort, stderr.String())
	}
	if offline.Total() == 0 {
		t.Error("the run never used the network the test gave it")
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	testtool.WriteFile(t, path, text)
}
