package render

import (
	"encoding/json"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// TestPandocReadsBibTeXFamilyNamesWhole: a family name of two words that
// starts with an accented capital (the corpus's "Öztürk Fincan",
// 10.1111/fcp.70029) or with a capitalised particle (the corpus's "Van
// der Meer", 10.1093/nutrit/nuae105) is read back by pandoc as a family
// name of one word after a dropping particle ("Öztürk" / "Fincan", "Van
// der" / "Meer"): pandoc takes the special character {\"{O}} for a
// lower-case word, and BibTeX's own rule makes every word up to the last
// lower-case one a "von" part. A CSL style then cites "Fincan" and "Meer";
// biblatex (useprefix=false) cites "Meer" too. Written as one brace group,
// "{{\"{O}}zt{\"{u}}rk Fincan}, Gökçe Sevim" and "{Van der Meer},
// Lindsay", pandoc and bibtex keep the family whole (checked by
// hand with Debian's pandoc and plain.bst). The BibTeX writer is
// render/bibtex.go, which another helper was changing.
func TestPandocReadsBibTeXFamilyNamesWhole(t *testing.T) {
	pandoc := tool(t, "pandoc")
	f := &folder.Folder{Works: []folder.Work{{ID: "doi:10.5555/fincan", Record: record.Record{
		Title: "T", Type: "article-journal", Issued: record.Date{Year: 2025},
		Authors: []record.Author{{Given: "Gökçe Sevim", Family: "Öztürk Fincan"}, {Given: "Lindsay", Family: "Van der Meer"}},
	}}}}
	bib := renderString(t, f, Options{Format: BibTeX})
	dir := t.TempDir()
	out, stderr, err := run(t, dir, pandoc, "-f", "bibtex", "-t", "csljson", writeTemp(t, dir, "works.bib", bib))
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var items []struct {
		Author []struct{ Family string } `json:"author"`
	}
	if err := json.Unmarshal([]byte(out), &items); err != nil || len(items) != 1 {
		t.Fatalf("%v: %s", err, out)
	}
	for i, want := range []string{"Öztürk Fincan", "Van der Meer"} {
		if got := items[0].Author[i].Family; got != want {
			t.Errorf("pandoc reads family %q from\n%s\nwant %q", got, bib, want)
		}
	}
}
