package render

import (
	"strings"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/funding"
	"github.com/aboutscholar/about/render/shape"
	"github.com/aboutscholar/about/render/wording"
)

// dataFunding is a work's funders as page data, nil when none: every value
// plain text, cleaned as every service value is.
func dataFunding(list []record.Funding) []shape.DataFunder {
	var out []shape.DataFunder
	for _, f := range list {
		d := shape.DataFunder{Funder: wording.Clean(f.Funder), DOI: f.DOI, ROR: f.ROR}
		for _, a := range f.Awards {
			if a = wording.Clean(a); a != "" {
				d.Awards = append(d.Awards, a)
			}
		}
		d.Text = record.Funding{Funder: d.Funder, DOI: d.DOI, ROR: d.ROR, Awards: d.Awards}.Text()
		out = append(out, d)
	}
	return out
}

// FundingText is a work's funding on one line, funders joined by "; "
// ("NIH R01GM123456; Wellcome Trust"), or "" when none is known.
func FundingText(list []record.Funding) string {
	var parts []string
	for _, d := range dataFunding(list) {
		parts = append(parts, d.Text)
	}
	return strings.Join(parts, "; ")
}

// funding puts a work's funders in BibLaTeX's note, "Funding: National
// Science Foundation CCF-1750472; …", after any note the entry has:
// biblatex's data model has no funding field (biber --validate-datamodel
// refuses one) and its standard styles print the note, as a CV or a grant
// report wants; docs/render.md gives the source map that leaves it out.
func (fs *bibFields) funding(list []record.Funding) {
	if t := FundingText(list); t != "" {
		fs.appendText("note", wording.Sentence("Funding: "+bibText(t)))
	}
}

// ReadsEveryFundingList says whether the format reads every service's
// funder list, not the merged record's alone: the NIH report does (an
// index may name NIH where the deposit does not), and so do --award and
// --funder with it.
func (f Format) ReadsEveryFundingList() bool { return f == NIH || f == NIHCSV }

// funded reports whether an entry — its record or any work shown within
// it — acknowledges the award and the funder asked (render --award,
// --funder); an empty ask is always met. The NIH report also reads the
// other services' lists (nihWorks), so its filter does too.
func (o Options) funded(e *entry) bool {
	if o.Award == "" && o.Funder == "" {
		return true
	}
	ask, elsewhere := funding.NewAsk(o.Award, o.Funder), o.Format.ReadsEveryFundingList()
	for _, w := range append([]*entry{e}, e.members...) {
		if ask.Funds(w.rec.Funding) {
			return true
		}
		for _, s := range w.fundingElsewhere {
			if elsewhere && ask.Funds(s.Funding) {
				return true
			}
		}
	}
	return false
}
