package check

import (
	"errors"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// TestVerdictCountsEveryKindOfFinding: a folder with a stray file, a
// stale [[work]] and an [[override]] of no work printed three lines, but
// the summary said "1 problem in snapshots" and hinted only the stray's
// move: the manifest's two lines went uncounted (user-side review of
// #31). The summary counts each kind, and the hint says what to do for
// each, in the order the lines are printed.
func TestVerdictCountsEveryKindOfFinding(t *testing.T) {
	m := &manifest.Manifest{Path: "manifest.toml"}
	f := Findings{
		Problems:  []Problem{{Path: "works/notes.txt", What: "stray: …", Yours: true}},
		Stale:     []*manifest.Error{{File: "manifest.toml", Line: 29, Err: errors.New("[[work]] for doi:10.9/gone is stale")}},
		Unmatched: []*manifest.Error{{File: "manifest.toml", Line: 33, Err: errors.New("[[override]] of doi:10.9/x matches no work"), Hint: "correct its id or delete it"}},
	}
	err := f.Err(m, "snapshots")
	if want := "1 problem in snapshots; 1 stale [[work]] table in manifest.toml; 1 [[override]] table in manifest.toml matches no work of the snapshots"; err == nil || err.Error() != want {
		t.Errorf("Err = %v\nwant %s", err, want)
	}
	hint := f.Hint()
	for _, want := range []string{"move the files marked stray", "for each stale [[work]]", "correct its id or delete it"} {
		if !strings.Contains(hint, want) {
			t.Errorf("hint %q lacks %q", hint, want)
		}
	}
	if (Findings{}).Err(m, "snapshots") != nil || (Findings{}).Hint() != "" {
		t.Error("no findings: want no error and no hint")
	}
}
