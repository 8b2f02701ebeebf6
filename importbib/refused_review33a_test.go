package importbib

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// TestAnEntryTheManifestRefusesIsNotPlaced: a Hugo Blox page whose
// url_pdf is "javascript:alert(1)" (or any value the manifest refuses)
// made the whole import stop, nothing written, with "internal error:
// the manifest with the imported lines does not load ... manifest.toml:136"
// naming a line of a file never written. That entry alone is not placed,
// with the manifest's words and the value; the others are.
func TestAnEntryTheManifestRefusesIsNotPlaced(t *testing.T) {
	entries := []Entry{
		{File: "a/index.md", Line: 1, Key: "evil", Record: manifest.WorkRecord{Title: "Evil"},
			Links: []manifest.WorkLink{{Kind: "pdf", URL: "javascript:alert(1)"}}},
		{File: "b/index.md", Line: 1, Key: "good", Record: manifest.WorkRecord{Title: "Good"}},
	}
	r := PlanEntries("site", entries, map[string]string{})
	KeysOf(nil).KeepKeys(&r)
	r.Loadable("\n")
	if len(r.Added) != 1 || r.Added[0].Key != "good" {
		t.Errorf("added %+v, want good alone", r.Added)
	}
	if len(r.NotPlaced) != 1 || !strings.Contains(r.NotPlaced[0].Why, "javascript:alert(1)") {
		t.Errorf("not placed %+v, want evil with its value", r.NotPlaced)
	}
	if _, err := manifest.Parse("m.toml", []byte(Block(r, "site", "2026-12-07", "\n"))); err != nil {
		t.Errorf("the block does not load: %v", err)
	}
}
