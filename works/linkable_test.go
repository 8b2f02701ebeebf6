package works

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// TestLinkFormHoldsLittle: a large run keeps every work's link form until
// the link pass, so it must hold what the pass reads and no more. As a
// Work (the merged record inline, each author whole, a provenance map)
// it held 1,683 bytes for a work of eight authors (554 now); the bound is what a work's
// own strings (title, DOI, family names, provenance) need beside it.
func TestLinkFormHoldsLittle(t *testing.T) {
	const n = 2000
	full := make([]Work, n)
	for i := range full {
		rec := record.Record{Title: fmt.Sprintf("Kiln physics, part %d", i), Type: "article-journal", Issued: record.NewDate(2020, 1, 1),
			IDs: record.IDs{DOI: fmt.Sprintf("10.5555/kiln.%d", i), OpenAlex: fmt.Sprintf("W%d", i), ISSN: []string{"1234-5678"}}}
		for a := range 8 {
			rec.Authors = append(rec.Authors, record.Author{Given: "Ada", Family: fmt.Sprintf("Family%d", a), ORCID: "0000-0002-1825-0097",
				Affiliations: []string{"Department of Ceramics, University of Stoke"}})
		}
		full[i] = Work{id: manifest.Identity{Kind: manifest.KindDOI, Value: rec.IDs.DOI}, merged: rec,
			provenance: map[string]string{"ids.doi": "crossref", "ids.openalex": "openalex", "title": "crossref", "authors": "crossref"},
			sources:    []Named{{Provider: "crossref", Record: rec}, {Provider: "openalex", Record: rec}}}
	}
	before := testtool.LiveHeap()
	links := make([]Linkable, n)
	for i, w := range full {
		links[i] = w.ForLinking()
	}
	perWork := (int64(testtool.LiveHeap()) - int64(before)) / n
	runtime.KeepAlive(full)
	t.Logf("%d bytes a work", perWork)
	if perWork > 700 {
		t.Errorf("the link form holds %d bytes a work beside the work's own strings; want at most 700", perWork)
	}
	if l := links[7]; l.ids.DOI != "10.5555/kiln.7" || l.idsFrom[0] != "crossref" || l.title != "Kiln physics, part 7" || l.year != 2020 || len(l.authors) != 8 || l.authors[3] != (linkAuthor{"Family3", "0000-0002-1825-0097"}) {
		t.Errorf("link form %+v", l)
	}
	runtime.KeepAlive(links)
}
