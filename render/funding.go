package render

import (
	"strings"
	"unicode"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
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
		d.Text = funderText(d)
		out = append(out, d)
	}
	return out
}

// funderText is one funder as a reader sees it: its name (else its id)
// and its award numbers, "National Science Foundation CCF-1750472, CNS-1763680".
func funderText(d shape.DataFunder) string {
	name := d.Funder
	switch {
	case name != "":
	case d.DOI != "":
		name = "doi:" + d.DOI
	default:
		name = "ror:" + d.ROR
	}
	if len(d.Awards) == 0 {
		return name
	}
	return name + " " + strings.Join(d.Awards, ", ")
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

// funded reports whether an entry — its record or any work shown within
// it — acknowledges the award and the funder asked (render --award,
// --funder); an empty ask is always met.
func (o Options) funded(e *entry) bool {
	if o.Award == "" && o.Funder == "" {
		return true
	}
	if fundedBy(e.rec.Funding, o.Award, o.Funder) {
		return true
	}
	for _, m := range e.members {
		if fundedBy(m.rec.Funding, o.Award, o.Funder) {
			return true
		}
	}
	return false
}

// fundedBy: one funder of list is the funder asked (matchFunder) and gives
// the award asked (matchAward); either ask may be empty.
func fundedBy(list []record.Funding, award, funder string) bool {
	for _, f := range list {
		if (funder == "" || matchFunder(f, funder)) && (award == "" || matchAward(f.Awards, award)) {
			return true
		}
	}
	return false
}

// matchFunder: the funder's Funder Registry DOI or ROR id, in any form,
// or a name its name holds, accents, case and punctuation aside
// ("National Science Foundation" is "NSF (National Science Foundation)").
func matchFunder(f record.Funding, ask string) bool {
	if doi, err := manifest.NormalizeDOI(ask); err == nil {
		return doi == f.DOI
	}
	if ror := record.RORID(ask); f.ROR != "" && ror == f.ROR {
		return true
	}
	want := record.Fold(ask)
	return want != "" && strings.Contains(record.Fold(f.Funder), want)
}

// matchAward: an award number holds the one asked, letters and digits
// only and case aside, so "R01 GM123456", "R01-GM123456" and NIH's full
// "5R01GM123456-03" all answer R01GM123456, and a member's comma-joined
// list of numbers answers each of them.
func matchAward(awards []string, ask string) bool {
	want := awardFold(ask)
	if want == "" {
		return false
	}
	for _, a := range awards {
		if strings.Contains(awardFold(a), want) && awardBounded(a, ask) {
			return true
		}
	}
	return false
}

// awardFold keeps an award number's letters and digits, in upper case.
func awardFold(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToUpper(r)
		}
		return -1
	}, s)
}

// awardBounded: within one of the comma- or semicolon-separated numbers
// of a, the asked number is not the inside of a longer number: 1938709
// answers "CNS-1938709" but 193870 does not.
func awardBounded(a, ask string) bool {
	want := awardFold(ask)
	for _, piece := range strings.FieldsFunc(a, func(r rune) bool { return r == ',' || r == ';' }) {
		p := awardFold(piece)
		i := strings.Index(p, want)
		if i < 0 {
			continue
		}
		end := i + len(want)
		if end == len(p) || !isDigit(p[end]) || !isDigit(want[len(want)-1]) {
			return true
		}
	}
	return false
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }
