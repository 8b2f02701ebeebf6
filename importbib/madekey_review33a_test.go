package importbib

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// TestAnEntryWithoutKeyOrIdentifierIsPlaced: a RIS record without an ID
// line and without a DOI (most of what Zotero and EndNote export) gets a
// key made for it, and is placed by it. MakeKey reserved the key it made
// and placeTyped then took that reservation for another entry's: every
// such entry was "not placed: its key is baldwin1996bloodbrain's".
func TestAnEntryWithoutKeyOrIdentifierIsPlaced(t *testing.T) {
	ris := "TY  - JOUR\nTI  - The blood-brain barrier\nAU  - Baldwin, A.\nPY  - 1996\nER  - \n" +
		"TY  - JOUR\nTI  - The blood-brain barrier again\nAU  - Baldwin, A.\nPY  - 1996\nER  - \n"
	entries, _ := ReadRIS("t.ris", []byte(ris))
	r := PlanEntries("t.ris", entries, map[string]string{})
	KeysOf(nil).KeepKeys(&r)
	if len(r.Added) != 2 || len(r.NotPlaced) != 0 {
		t.Fatalf("added %d, not placed %+v: want both placed", len(r.Added), r.NotPlaced)
	}
	if r.Added[0].Key == r.Added[1].Key {
		t.Errorf("both keyed %s", r.Added[0].Key)
	}
	block := Block(r, "t.ris", "2026-12-07", "\n")
	if _, err := manifest.Parse("m.toml", []byte(block)); err != nil {
		t.Fatalf("the block does not load: %v\n%s", err, block)
	}
	if !strings.Contains(block, `key = "baldwin1996blood`) {
		t.Errorf("no made key in:\n%s", block)
	}
}

// TestASecondImportOfMadeKeysAddsNothing: the keys made for entries that
// have none are in the manifest after the first import; the second import
// of the same file made the next free key for each ("baldwin1996blooda")
// and added every such entry again.
func TestASecondImportOfMadeKeysAddsNothing(t *testing.T) {
	ris := "TY  - JOUR\nTI  - The blood-brain barrier\nAU  - Baldwin, A.\nPY  - 1996\nER  - \n" +
		"TY  - JOUR\nTI  - The blood-brain barrier again\nAU  - Baldwin, A.\nPY  - 1996\nER  - \n"
	entries, _ := ReadRIS("t.ris", []byte(ris))
	r := PlanEntries("t.ris", entries, map[string]string{})
	KeysOf(nil).KeepKeys(&r)
	m, err := manifest.Parse("m.toml", []byte(Block(r, "t.ris", "2026-12-07", "\n")))
	if err != nil {
		t.Fatal(err)
	}
	again := PlanEntries("t.ris", entries, Have(m))
	KeysOf(m).KeepKeys(&again)
	if len(again.Added) != 0 || len(again.Already) != 2 {
		t.Errorf("second import: %d added (%+v), %d already; want 0 and 2", len(again.Added), again.Added, len(again.Already))
	}
	if b := Block(again, "t.ris", "2026-12-07", "\n"); b != "" {
		t.Errorf("second import appends:\n%s", b)
	}
}

// TestWhyAnEntryIsNotPlacedSaysWhatIsMissing: a RIS record with neither
// a title nor an ID was told "the key is empty: rename the key in the
// file", a key RIS never had; what it lacks is a title. A key another
// file of the same import holds was told "its key is x's (BibTeX
// compares keys whatever their letter case)", as if letter case were
// the matter.
func TestWhyAnEntryIsNotPlacedSaysWhatIsMissing(t *testing.T) {
	entries, _ := ReadRIS("t.ris", []byte("TY  - JOUR\nT2  - Prostate Cancer Mortality Statistics 2015\nPY  - 0000\nER  - \n"))
	r := PlanEntries("t.ris", entries, map[string]string{})
	if len(r.NotPlaced) != 1 || !strings.Contains(r.NotPlaced[0].Why, "no title") {
		t.Errorf("not placed %+v, want it said to have no title", r.NotPlaced)
	}
	have := map[string]string{}
	PlanEntries("a.bib", []Entry{{Key: "lee2021", Record: manifest.WorkRecord{Title: "A"}}}, have)
	r = PlanEntries("b.bib", []Entry{{Key: "lee2021", Record: manifest.WorkRecord{Title: "B"}}}, have)
	if len(r.NotPlaced) != 1 || strings.Contains(r.NotPlaced[0].Why, "letter case") {
		t.Errorf("not placed %+v, want the same key named, not letter case", r.NotPlaced)
	}
}

// TestAKeyOnlyLetterCaseFromAnotherWorkIsNotAlready: the manifest keeps
// a work without an identifier as "Smith2020"; the imported file's
// "smith2020" is another work (another title). It was counted "already in
// the manifest", with the advice to put key = "smith2020" on the user's
// other work: the entry was lost, and the advice would rename the wrong
// work. It is not placed, and the summary says why.
func TestAKeyOnlyLetterCaseFromAnotherWorkIsNotAlready(t *testing.T) {
	m, err := manifest.Parse("m.toml", []byte("[[work]]\nkey = \"Smith2020\"\ntitle = \"Old work\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	entries := []Entry{
		{Key: "smith2020", Line: 1, Record: manifest.WorkRecord{Title: "A different new work"}},
		{Key: "SMITH2020", Line: 2, Record: manifest.WorkRecord{Title: "Old  work"}},
	}
	r := PlanEntries("x.bib", entries, Have(m))
	KeysOf(m).KeepKeys(&r)
	if len(r.NotPlaced) != 1 || r.NotPlaced[0].Key != "smith2020" || !strings.Contains(r.NotPlaced[0].Why, "line 1") {
		t.Errorf("not placed %+v, want smith2020 named with the [[work]]'s line", r.NotPlaced)
	}
	if len(r.Already) != 1 || r.Already[0].Key != "SMITH2020" {
		t.Errorf("already %+v, want the same work (its title) alone", r.Already)
	}
}
