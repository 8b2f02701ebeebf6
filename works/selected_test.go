package works_test

import (
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/works"
)

// TestUnlistedSelected: a selected work the folder lists passes; one it
// does not is named, once, with the manifest's file.
func TestUnlistedSelected(t *testing.T) {
	m := &manifest.Manifest{Path: "m.toml", Selected: []string{"doi:10.5555/a", "doi:10.5555/nope"}}
	got := works.UnlistedSelected(m, []string{"doi:10.5555/a", "doi:10.5555/b"})
	if len(got) != 1 || got[0].Value != "doi:10.5555/nope" || got[0].Error() != `m.toml: selected work "doi:10.5555/nope" is not in the snapshots` {
		t.Errorf("got %v, want the one unlisted work", got)
	}
	if got := works.UnlistedSelected(m, []string{"doi:10.5555/nope", "doi:10.5555/a"}); len(got) != 0 {
		t.Errorf("all listed: got %v", got)
	}
}
