package render

import (
	"bufio"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render/nih"
)

// writeNIH writes the NIH public-access report (render/nih) of the
// page's entries as Markdown.
func writeNIH(buf *bufio.Writer, p *page) error {
	return nih.WriteMarkdown(buf, nih.Classify(nihWorks(p)), nih.Heading{Name: firstOf(p.name, p.title)})
}

// writeNIHCSV writes the same report as CSV, a row a work.
func writeNIHCSV(buf *bufio.Writer, p *page) error {
	return nih.WriteCSV(buf, nih.Classify(nihWorks(p)))
}

// nihWorks are the page's entries as the report reads them. An entry
// whose own record names no funder takes the funders a work shown
// within it as the same work names (its PMID record, say); a preprint's
// or another version's are not the entry's, so they are not taken.
func nihWorks(p *page) []nih.Work {
	out := make([]nih.Work, 0, len(p.shown))
	for _, e := range p.shown {
		w := nih.Work{Key: e.id, Title: e.rec.Title, Issued: e.rec.Issued, Type: e.rec.Type, Genre: e.rec.Genre,
			DOI: e.rec.IDs.DOI, PMID: e.rec.IDs.PMID, PMCID: e.rec.IDs.PMCID, Funding: e.rec.Funding, FundingFrom: e.funder}
		for _, m := range e.members {
			if len(w.Funding) == 0 && m.role == manifest.LinkSameAs && len(m.rec.Funding) > 0 {
				w.Funding, w.FundingFrom = m.rec.Funding, m.funder
			}
		}
		out = append(out, w)
	}
	return out
}
