package works_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

func noLinks() snapshots.Links {
	return snapshots.Links{Links: []snapshots.Link{}, ShownAs: map[string]string{}}
}

// TestLinkDifferencesRemovedLinkStillApplied: a link the manifest set and
// no longer has is said once as still applied, not as a hand edit.
func TestLinkDifferencesRemovedLinkStillApplied(t *testing.T) {
	have := noLinks()
	have.Links = []snapshots.Link{{Kind: manifest.LinkSameAs, From: "doi:10.5555/a", To: "doi:10.5555/b", By: "manifest", Evidence: []string{`manifest [[link]] kind = "same-as"`}}}
	have.ShownAs["doi:10.5555/a"] = "doi:10.5555/b"
	got := works.LinkDifferences(have, nil, works.Linked{Links: noLinks()}, &manifest.Manifest{Path: "manifest.toml"})
	if len(got) != 1 || !strings.Contains(got[0].What, "the link doi:10.5555/a same-as doi:10.5555/b (by manifest), set by a [[link]] of the manifest, is still applied") {
		t.Errorf("got %+v", got)
	}
}

// TestLinkDifferencesNamesTenThenCounts: a links.json that differs
// everywhere is named ten entries at a time, then how many more.
func TestLinkDifferencesNamesTenThenCounts(t *testing.T) {
	have := noLinks()
	for i := range 12 {
		have.ShownAs[fmt.Sprintf("doi:10.5555/%02d", i)] = "doi:10.5555/top"
	}
	got := works.LinkDifferences(have, nil, works.Linked{Links: noLinks()}, &manifest.Manifest{})
	if len(got) != 11 || !strings.HasPrefix(got[0].What, "shown_as shows doi:10.5555/00 under doi:10.5555/top's entry") ||
		!strings.HasPrefix(got[10].What, "and 2 more differences") {
		t.Errorf("got %d problems: %+v", len(got), got)
	}
}
