package check

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// TestOverrideOfAnExcludedWorkNamesTheExclude: an [[override]] of a work
// an [[exclude]] leaves out (so the fetched folder lacks it) was hinted
// "add it as an [[identity]]", which the manifest then refuses (exit 2:
// the [[exclude]] contradicts it). The hint names the [[exclude]]'s line
// and says one of the two must go (user-side review of #31).
func TestOverrideOfAnExcludedWorkNamesTheExclude(t *testing.T) {
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.3233/isu-130714"}
	other := manifest.Identity{Kind: manifest.KindDOI, Value: "10.9999/nowhere"}
	m := &manifest.Manifest{Path: "manifest.toml",
		Excludes:  []manifest.Exclude{{ID: id, Line: 29}},
		Overrides: []manifest.Override{{ID: id, Line: 32}, {ID: other, Line: 36}}}
	got := unmatchedOverrides(m, []string{"doi:10.1/listed"})
	if len(got) != 2 {
		t.Fatalf("%d unmatched, want 2: %v", len(got), got)
	}
	if h := got[0].Hint; !strings.Contains(h, "the [[exclude]] at line 29 leaves this work out") || strings.Contains(h, "[[identity]]") {
		t.Errorf("excluded work's hint %q", h)
	}
	if h := got[1].Hint; !strings.Contains(h, "add it as an [[identity]]") {
		t.Errorf("unknown work's hint %q", h)
	}
}
