package render

import (
	"slices"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/nih"
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
// or words its name holds, whole and in order, accents, case and
// punctuation aside ("National Science Foundation" is "NSF (National
// Science Foundation)"; NIH is not the UK's NIHR, nor NSF the Swiss SNSF).
func matchFunder(f record.Funding, ask string) bool {
	if doi, err := manifest.NormalizeDOI(ask); err == nil {
		return doi == f.DOI
	}
	if ror := record.RORID(ask); f.ROR != "" && ror == f.ROR {
		return true
	}
	want := foldedWords(ask)
	if len(want) == 0 {
		return false
	}
	have := foldedWords(f.Funder)
	for i := 0; i+len(want) <= len(have); i++ {
		if slices.Equal(have[i:i+len(want)], want) {
			return true
		}
	}
	return false
}

// foldedWords are a name's words, each folded (record.Fold), those that
// fold to nothing dropped.
func foldedWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) }) {
		if f := record.Fold(w); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// matchAward: an award number holds the one asked, letters and digits
// only and case aside, so "R01 GM123456", "R01-GM123456" and NIH's full
// "5R01GM123456-03" all answer R01GM123456, and a member's comma-joined
// list of numbers answers each of them; an NIH grant is also its
// institute and serial alone, "GM123456" (nih.SameGrant).
func matchAward(awards []string, ask string) bool {
	want := []rune(awardFold(ask))
	if len(want) == 0 {
		return false
	}
	for _, a := range awards {
		if holdsAward(a, want) || nih.SameGrant(a, ask) {
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

// holdsAward: the award's letters and digits hold want where it is not
// the inside of a longer number: a digit of want beside a digit of the
// award, with no space, hyphen, slash or comma between, continues the
// number, so 1938709 answers "CNS-1938709" and "…, CNS 1938709, …" but
// 193870 does not, nor 1617618 "11617618"; and R01GM123456 answers NIH's
// "5R01GM123456-03", its type digit and year suffix apart.
func holdsAward(award string, want []rune) bool {
	var folded []rune
	var apart []bool // per rune of folded: a separator comes before it
	sep := false
	for _, r := range award {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			sep = true
			continue
		}
		folded, apart, sep = append(folded, unicode.ToUpper(r)), append(apart, sep), false
	}
	continues := func(i int) bool { // folded[i-1] and folded[i] are one number
		return i > 0 && i < len(folded) && !apart[i] && unicode.IsDigit(folded[i-1]) && unicode.IsDigit(folded[i])
	}
	for i := 0; i+len(want) <= len(folded); i++ {
		if slices.Equal(folded[i:i+len(want)], want) && !continues(i) && !continues(i+len(want)) {
			return true
		}
	}
	return false
}
