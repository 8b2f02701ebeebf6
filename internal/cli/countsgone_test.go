package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// snapshots/counts deleted by hand (and the deletion committed): check
// --offline passed, and render --counts then showed a page without a
// single count and no word why. check now fails naming the counts files
// the works found by services that count citations should have, and
// render --counts warns, naming the folder and the fix.
func TestCountsDeletedByHandAreNoticed(t *testing.T) {
	m, snaps := exampleCopy(t)
	if code, _, stderr := runCLI(t, "render", "--counts", "--format", "markdown", m); code != 0 || strings.Contains(stderr, "warning: --counts") {
		t.Fatalf("the example: exit %d, want 0 with no warning about counts:\n%s", code, stderr)
	}
	if err := os.RemoveAll(filepath.Join(snaps, "counts")); err != nil {
		t.Fatal(err)
	}

	code, stdout, stderr := runCLI(t, "check", "--offline", m)
	if code != exitShort {
		t.Errorf("check --offline: exit %d, want %d:\n%s%s", code, exitShort, stdout, stderr)
	}
	for _, want := range []string{"counts: missing", "5 works were found by crossref, datacite, openalex", "counts/doi_10.7554_2felife.01567.json", "render --counts would show no counts"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("check --offline does not say %q:\n%s", want, stdout)
		}
	}

	code, _, stderr = runCLI(t, "render", "--counts", "--format", "markdown", m)
	if code != 0 {
		t.Errorf("render --counts: exit %d:\n%s", code, stderr)
	}
	if want := "about: warning: --counts: " + filepath.Join(snaps, "counts") + " is missing or empty"; !strings.Contains(stderr, want) || !strings.Contains(stderr, "about fetch writes it again") {
		t.Errorf("render --counts does not warn %q with the fix:\n%s", want, stderr)
	}
}
