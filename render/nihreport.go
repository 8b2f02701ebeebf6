package render

import (
	"bufio"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render/folder"
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
// or another version's are not the entry's, so they are not taken. The
// other services' lists of the entry and of those same works go with
// it, for a funder only an index names.
func nihWorks(p *page) []nih.Work {
	out := make([]nih.Work, 0, len(p.shown))
	for _, e := range p.shown {
		w := nih.Work{Key: e.id, Title: e.rec.Title, Issued: e.rec.Issued, Type: e.rec.Type, Genre: e.rec.Genre,
			DOI: e.rec.IDs.DOI, PMID: e.rec.IDs.PMID, PMCID: e.rec.IDs.PMCID, Funding: e.rec.Funding, FundingFrom: e.funder}
		w.Elsewhere = sourced(w.Elsewhere, e.fundingElsewhere)
		for _, m := range e.members {
			if m.role != manifest.LinkSameAs {
				continue
			}
			if len(w.Funding) == 0 && len(m.rec.Funding) > 0 {
				w.Funding, w.FundingFrom = m.rec.Funding, m.funder
			} else if len(m.rec.Funding) > 0 {
				w.Elsewhere = sourced(w.Elsewhere, []folder.SourceFunding{{Provider: m.funder, Funding: m.rec.Funding}})
			}
			w.Elsewhere = sourced(w.Elsewhere, m.fundingElsewhere)
		}
		out = append(out, w)
	}
	return out
}

// sourced is to with from's lists added.
func sourced(to []nih.Sourced, from []folder.SourceFunding) []nih.Sourced {
	for _, f := range from {
		to = append(to, nih.Sourced{Provider: f.Provider, Funding: f.Funding})
	}
	return to
}
