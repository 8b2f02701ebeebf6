// Package testtool finds the external programs tests check about's output
// with (pandoc, biber, bibtex, pdflatex, pdftohtml, chromium, hugo, tmux,
// python3 with PyYAML or feedparser).
// On a developer's machine a missing tool skips the test that needs it;
// under CI (CI=true, as GitHub Actions and .ci/run set it) it fails the
// test, so what CI covers never depends on what the machine happens to
// have: .ci/run installs every one of them. A CI job that deliberately
// runs without them (a matrix of Go versions and systems) says so with
// ABOUT_TEST_TOOLS=optional, and skips as a developer's machine does.
//
// It is a leaf for tests only; it never installs anything.
package testtool

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"
)

// Need returns the path of the program name, found on PATH, or ends the
// test as Missing does.
func Need(t testing.TB, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		Missing(t, "%s is not installed", name)
	}
	return path
}

// Missing ends a test whose tool is missing or cannot run here (a Python
// module, a terminal multiplexer that cannot start a session): t.Skip
// locally, t.Fatal under CI, where the run promised to test it.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	what := fmt.Sprintf(format, args...)
	if InCI() {
		t.Fatalf("%s; CI must run this test (.ci/run installs its tools)", what)
		return
	}
	t.Skipf("%s; skipping (under CI=true it fails)", what)
}

// InCI reports whether a missing tool fails: the CI variable is true (or
// 1), as CI services set it, and ABOUT_TEST_TOOLS is not "optional".
func InCI() bool {
	on, _ := strconv.ParseBool(os.Getenv("CI"))
	return on && os.Getenv("ABOUT_TEST_TOOLS") != "optional"
}

// LiveHeap is the heap in use after a collection: what the process holds,
// for tests that a structure does not keep more than it should.
func LiveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
