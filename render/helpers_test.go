package render

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render/folder"
)

const (
	goldenDir       = "../testdata/golden/render"
	fixtureManifest = "../testdata/render/manifest.toml"
)

// assertGolden compares got with testdata/golden/render/<test name>.golden,
// byte for byte; go test ./render -update rewrites the file instead
// (review the diff).
func assertGolden(t *testing.T, got []byte) {
	t.Helper()
	g := goldie.New(t, goldie.WithFixtureDir(goldenDir), goldie.WithNameSuffix(".golden"))
	g.Assert(t, t.Name(), got)
}

// updating reports whether the run was asked to rewrite goldens (goldie's
// -update flag, or GOLDIE_UPDATE), which also rewrites docs/page.png.
func updating() bool {
	f := flag.Lookup("update")
	if f == nil {
		return false
	}
	getter, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	on, _ := getter.Get().(bool)
	return on
}

// fixture loads the constructed snapshot folder and its manifest's person.
func fixture(t *testing.T) (*folder.Folder, Person) {
	t.Helper()
	m, err := manifest.Load(fixtureManifest)
	if err != nil {
		t.Fatal(err)
	}
	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	return f, PersonOf(m)
}

// renderString is the output of a one-file format, or every file of a
// folder format, each after a "==> path <==" line.
func renderString(t *testing.T, f *folder.Folder, opts Options) string {
	t.Helper()
	if opts.Services == nil {
		opts.Services = testServices()
	}
	if opts.Format.IsFolder() {
		files, err := RenderFiles(f, opts)
		if err != nil {
			t.Fatalf("render %s: %v", opts.Format, err)
		}
		var b strings.Builder
		for _, file := range files {
			b.WriteString("==> " + file.Path + " <==\n")
			b.Write(file.Data)
		}
		return b.String()
	}
	var buf bytes.Buffer
	if err := Render(&buf, f, opts); err != nil {
		t.Fatalf("render %s: %v", opts.Format, err)
	}
	return buf.String()
}

// tool finds an external program (pandoc, biber, bibtex, python3,
// chromium, hugo): missing, it skips the test locally and fails it under
// CI=true (testtool.Need).
func tool(t *testing.T, name string) string {
	t.Helper()
	return testtool.Need(t, name)
}

// python3WithYAML is python3 with PyYAML, the YAML 1.1 reader Jekyll's
// Psych reads as; without the module it is missing as a tool is.
func python3WithYAML(t *testing.T) string {
	t.Helper()
	python := tool(t, "python3")
	if _, _, err := run(t, ".", python, "-c", "import yaml"); err != nil {
		testtool.Missing(t, "python3 has no yaml module (PyYAML)")
	}
	return python
}

// run runs an external program with a deadline (a hung tool fails the
// test instead of stalling it), returning stdout and stderr.
func run(t *testing.T, dir, name string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	return runWith(t, dir, nil, name, args...)
}

// runWith is run with env added to the program's environment, last, so it
// wins over run's own settings.
func runWith(t *testing.T, dir string, env []string, name string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	// Tools keep no state between runs and leave nothing behind: Hugo's
	// cache would otherwise go to the system's temp folder and stay.
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "XDG_CACHE_HOME="+t.TempDir(), "HUGO_CACHEDIR="+t.TempDir())
	cmd.Env = append(cmd.Env, env...)
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

// flushed runs a one-file format's writer into buf.
func flushed(buf *bytes.Buffer, write func(*bufio.Writer, *page) error, p *page) error {
	w := bufio.NewWriter(buf)
	if err := write(w, p); err != nil {
		return err
	}
	return w.Flush()
}
