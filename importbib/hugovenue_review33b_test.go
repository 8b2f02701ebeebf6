package importbib

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// Hugo Blox's `academic import` writes a journal article's venue with
// its volume and issue after the name (publication: '*Journal of
// Analytical Atomic Spectrometry*, 37(12)', 3dim-website's
// xu-2022-can), and the bundle's cite.bib names the journal alone. Read
// as the venue, "37(12)" would be printed twice in every citation (the
// journal's name, then volume and number); the journal is cite.bib's,
// and the page keeps its publication line as written.
func TestHugoBloxVenueIsTheJournalNotItsVolume(t *testing.T) {
	entries, _, err := ReadFile(filepath.Join("..", "testdata", "import", "hugoblox", "3dim-computational-imaging-3dim-website"))
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{
		"xu-2022-can": "Journal of Analytical Atomic Spectrometry",
	} {
		i := slices.IndexFunc(entries, func(e Entry) bool { return e.Key == key })
		if i < 0 {
			t.Fatalf("no entry %s", key)
		}
		e := entries[i]
		if e.Record.Venue != want || e.Record.Volume != "37" || e.Record.Issue != "12" {
			t.Errorf("%s: venue %q volume %q issue %q, want %q, 37, 12", key, e.Record.Venue, e.Record.Volume, e.Record.Issue, want)
		}
		j := slices.IndexFunc(e.Fields, func(f manifest.CustomField) bool { return f.Name == "publication" })
		if j < 0 || e.Fields[j].Value != "*Journal of Analytical Atomic Spectrometry*, 37(12)" {
			t.Errorf("%s: the page's publication line is not kept as written: %+v", key, e.Fields)
		}
	}
}
