package importbib

import (
	"path/filepath"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// A RIS record without an ID line and without an identifier (the usual
// reference manager export of a DOI-less paper: Zotero's RIS test case
// 00, testdata/import/ris) gets a key made for it; that key must not then
// be refused as taken by the very entry it was made for.
func TestMadeKeyIsNotTakenByItsOwnEntry(t *testing.T) {
	for _, name := range []string{"zotero-ris-case00.ris", "zotero-ris-case01.ris", "zotero-ris-case11.ris"} {
		path := filepath.Join("..", "testdata", "import", "ris", name)
		entries, _, err := ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		r := PlanEntries(path, entries, map[string]string{})
		if len(r.Added) != 1 || len(r.NotPlaced) != 0 {
			t.Errorf("%s: added %d, not placed %+v; want the one record added", name, len(r.Added), r.NotPlaced)
		}
		again := PlanEntries(path, entries, map[string]string{})
		if len(again.Added) != 1 || again.Added[0].Key != r.Added[0].Key {
			t.Errorf("%s: the key made is not the same on a second reading: %+v, %+v", name, r.Added, again.Added)
		}
	}
}

// A second import of such a file adds nothing: the work is found by its
// title and date, its made key being the manifest's now.
func TestMadeKeyWorkIsFoundOnASecondImport(t *testing.T) {
	path := filepath.Join("..", "testdata", "import", "ris", "zotero-ris-case00.ris")
	entries, _, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	first := PlanEntries(path, entries, map[string]string{})
	KeysOf(nil).KeepKeys(&first)
	m, err := manifest.Parse("manifest.toml", []byte(Block(first, "case00.ris", "2026-12-07", "\n")))
	if err != nil {
		t.Fatal(err)
	}
	again := PlanEntries(path, entries, Have(m))
	KeysOf(m).KeepKeys(&again) // where a made key's work is found again
	if len(again.Added) != 0 || len(again.Already) != 1 || again.Already[0].Key != first.Added[0].Key {
		t.Errorf("second import: added %+v, already %+v; want the one work already, as %s", again.Added, again.Already, first.Added[0].Key)
	}
}
