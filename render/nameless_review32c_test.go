package render

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// TestNamelessAuthorIsNotDropped: since 3ece897 a DataCite ":unav"
// creator with an ORCID iD is kept nameless, for the merge to name it
// from another service. When nobody names it, the formats disagree on who
// wrote the work: the page prints "Anonymous, Ana Lee", while BibTeX,
// CSL-JSON and RIS silently drop the first creator and make Ana Lee the
// first (or only) author, under the key "anon2007nameless" that says the
// opposite. Defect left for the lead (no small fix is clearly right:
// "and others", a literal "[unknown]", or the iD as the name).
func TestNamelessAuthorIsNotDropped(t *testing.T) {
	t.Skip("review32c defect: a nameless author (iD only) is dropped by BibTeX/CSL/RIS, printed Anonymous on the page")
	r := record.Record{Title: "Nameless work", Type: "dataset", Publisher: "Zenodo",
		Authors: []record.Author{{ORCID: "0000-0002-1825-0097"}, {Given: "Ana", Family: "Lee"}},
		Issued:  record.NewDate(2007, 0, 0), IDs: record.IDs{DOI: "10.5555/n.a"}}
	f := &folder.Folder{Root: "names", Works: []folder.Work{{ID: "doi:" + r.IDs.DOI, Record: r}}}
	if bib := renderString(t, f, Options{Format: BibTeX}); strings.Contains(bib, "author       = {Lee, Ana},") {
		t.Errorf("BibTeX makes Ana Lee the sole author of a work with two creators:\n%s", bib)
	}
	if ris := renderString(t, f, Options{Format: RIS}); strings.Count(ris, "AU  - ") != 2 {
		t.Errorf("RIS lists %d of 2 creators:\n%s", strings.Count(ris, "AU  - "), ris)
	}
}
