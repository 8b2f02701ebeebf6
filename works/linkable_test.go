package works

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// TestLinkFormHoldsLittle: a large run keeps every work's link form until
// the link pass, so it must hold what the pass reads and no more. Each
// work here is made, as a run's are, from strings of its own (decoded
// from its answers), and only its link form is kept: for a work of
// eight authors, 837 bytes with a pair of name strings for each author
// (and 1,683 beside the work's strings as a whole Work before that), 588
// with the authors' names as two strings.
func TestLinkFormHoldsLittle(t *testing.T) {
	const n = 2000
	work := func(i int) Work {
		rec := record.Record{Title: fmt.Sprintf("Kiln physics, part %d", i), Type: "article-journal", Issued: record.NewDate(2020, 1, 1),
			IDs: record.IDs{DOI: fmt.Sprintf("10.5555/kiln.%d", i), OpenAlex: fmt.Sprintf("W%d", i), ISSN: []string{"1234-5678"}}}
		for a := range 8 {
			rec.Authors = append(rec.Authors, record.Author{Given: "Ada", Family: fmt.Sprintf("Family%d", a), ORCID: fmt.Sprintf("0000-0002-1825-%04d", a),
				Affiliations: []string{"Department of Ceramics, University of Stoke"}})
		}
		return Work{id: manifest.Identity{Kind: manifest.KindDOI, Value: rec.IDs.DOI}, merged: rec,
			provenance: map[string]string{"ids.doi": "crossref", "ids.openalex": "openalex", "title": "crossref", "authors": "crossref"},
			sources:    []Named{{Provider: "crossref", Record: rec}, {Provider: "openalex", Record: rec}}}
	}
	before := testtool.LiveHeap()
	links := make([]Linkable, n)
	for i := range links {
		links[i] = work(i).ForLinking()
	}
	perWork := (int64(testtool.LiveHeap()) - int64(before)) / n
	t.Logf("%d bytes a work", perWork)
	if perWork > 700 {
		t.Errorf("the link form of a work of eight authors holds %d bytes; want at most 700", perWork)
	}
	if l := links[7]; l.DOI() != "10.5555/kiln.7" || l.ids[0].from != "crossref" || l.title != "Kiln physics, part 7" || l.year != 2020 || !strings.HasPrefix(l.families, "Family0\x00Family1\x00Family2\x00Family3\x00") || strings.Count(l.orcids, "0000-0002-1825-") != 8 {
		t.Errorf("link form %+v", l)
	}
	runtime.KeepAlive(links)
}
