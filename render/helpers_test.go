package render

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/manifest"
)

// update rewrites the golden files (and docs/page.png) instead of
// comparing: go test ./render -update, then review the diff.
var update = flag.Bool("update", false, "rewrite golden files and docs/page.png")

const (
	goldenDir       = "../testdata/golden/render"
	fixtureManifest = "../testdata/render/manifest.toml"
)

// assertGolden compares got with testdata/golden/render/<test name>.golden,
// byte for byte. It lays files out as goldie.New(t,
// goldie.WithFixtureDir(goldenDir), goldie.WithNameSuffix(".golden")) does,
// so the two are interchangeable once goldie is a module dependency.
func assertGolden(t *testing.T, got []byte) {
	t.Helper()
	path := filepath.Join(goldenDir, filepath.FromSlash(t.Name())+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden file: %v (go test ./render -update writes it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Fatalf("output differs from %s at line %d:\n got: %q\nwant: %q\n(go test ./render -update rewrites it; review the diff)", path, i+1, g, w)
		}
	}
	t.Fatalf("output differs from %s", path)
}

// fixture loads the constructed snapshot folder and its manifest's person.
func fixture(t *testing.T) (*Folder, Person) {
	t.Helper()
	m, err := manifest.Load(fixtureManifest)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	return f, PersonOf(m)
}

func renderString(t *testing.T, f *Folder, opts Options) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Render(&buf, f, opts); err != nil {
		t.Fatalf("render %s: %v", opts.Format, err)
	}
	return buf.String()
}

// tool finds an external program or skips the test: the checks that use
// pandoc, biber, python3 or chromium run where they are installed and are
// skipped cleanly elsewhere.
func tool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not installed; skipping", name)
	}
	return path
}

// run runs an external program with a deadline (a hung tool fails the
// test instead of stalling it), returning stdout and stderr.
func run(t *testing.T, dir, name string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir()) // tools keep no state between runs
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	return out.String(), errb.String(), err
}

func writeTemp(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
