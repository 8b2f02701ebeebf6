package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// userFieldsManifest writes testdata/render/userfields.toml with its
// snapshot folder made absolute and extra appended, and returns its path.
func userFieldsManifest(t *testing.T, replace, with, extra string) string {
	t.Helper()
	src, err := os.ReadFile("../../testdata/render/userfields.toml")
	if err != nil {
		t.Fatal(err)
	}
	snaps, err := filepath.Abs("../../testdata/render/snapshots")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), `snapshots = "snapshots"`, `snapshots = "`+snaps+`"`, 1)
	if replace != "" {
		if !strings.Contains(text, replace) {
			t.Fatalf("testdata/render/userfields.toml no longer holds %q; update this test", replace)
		}
		text = strings.Replace(text, replace, with, 1)
	}
	return writeManifest(t, text+extra)
}

// A [[work]] for a work the snapshots do not hold (it left the record, or
// was never fetched) or marking an author the work does not have is
// named by check --offline with its line, and fails it; render still
// writes the page but says the same on stderr, so no field is dropped
// without a word. The manifest as committed passes.
func TestCheckOfflineNamesStaleWorks(t *testing.T) {
	if code, stdout, stderr := runCLI(t, "check", "--offline", userFieldsManifest(t, "", "", "")); code != 0 {
		t.Fatalf("the fixture's [[work]]s: exit %d\n%s%s", code, stdout, stderr)
	}
	m := userFieldsManifest(t, "equal = [1, 2]", "equal = [1, 9]", "\n[[work]]\nid = \"doi:10.9999/gone\"\nnote = \"a talk\"\n")
	code, stdout, stderr := runCLI(t, "check", "--offline", m)
	for _, want := range []string{
		m + ":26: [[work]] for doi:10.5555/jcp.2023.042 marks author 9 (equal), but the work has 5 authors",
		m + ":44: [[work]] for doi:10.9999/gone is stale: no work in the snapshots has that id",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("check --offline does not say %q:\n%s", want, stdout)
		}
	}
	if code != exitShort || !strings.Contains(stderr, "2 stale [[work]] tables in "+m) {
		t.Errorf("exit %d, want %d:\n%s", code, exitShort, stderr)
	}
	code, _, stderr = runCLI(t, "render", "--format", "markdown", m)
	if code != 0 || !strings.Contains(stderr, "about: warning: "+m+":44: [[work]] for doi:10.9999/gone is stale") {
		t.Errorf("render: exit %d, want 0 with a warning:\n%s", code, stderr)
	}
}
