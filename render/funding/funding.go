// Package funding is how a work's funders answer render's --award and
// --funder: a funder by its Funder Registry DOI, ROR id or the words of
// its name, an award number as funders deposit it (NIH's full numbers,
// lists joined by commas). It reads record.Funding only.
package funding

import (
	"slices"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/nih"
)

// FundedBy: one funder of list is the funder asked (Funder) and gives
// the award asked (Award); either ask may be empty.
func FundedBy(list []record.Funding, award, funder string) bool {
	return NewAsk(award, funder).Funds(list)
}

// Ask is --award and --funder read once, for every work's list: an NIH
// grant's patterns are compiled here, not per award number.
type Ask struct {
	award, funder string
	want          []rune    // the award's letters and digits (awardFold)
	grant         nih.Grant // the award as an NIH grant, when isGrant
	isGrant       bool
}

// NewAsk reads the two asks; either may be empty.
func NewAsk(award, funder string) Ask {
	a := Ask{award: award, funder: funder, want: []rune(awardFold(award))}
	a.grant, a.isGrant = nih.ParseGrant(award)
	return a
}

// Funds: one funder of list is the funder asked and gives the award asked.
func (a Ask) Funds(list []record.Funding) bool {
	for _, f := range list {
		if (a.funder == "" || Funder(f, a.funder)) && (a.award == "" || a.gives(f.Awards)) {
			return true
		}
	}
	return false
}

// gives is Award with the ask read once.
func (a Ask) gives(awards []string) bool {
	if len(a.want) == 0 {
		return false
	}
	for _, s := range awards {
		if holdsAward(s, a.want) || a.isGrant && a.grant.In(s) {
			return true
		}
	}
	return false
}

// Funder: the funder's Funder Registry DOI or ROR id, in any form,
// or words its name holds, whole and in order, accents, case and
// punctuation aside ("National Science Foundation" is "NSF (National
// Science Foundation)"; NIH is not the UK's NIHR, nor NSF the Swiss SNSF).
// NIH asked by any of its names or ids is every funder the NIH report
// counts as NIH (nih.IsNIH): services name it each their own way.
func Funder(f record.Funding, ask string) bool {
	if askedNIH(ask) {
		return nih.IsNIH(f) != ""
	}
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

// askedNIH: the ask is NIH itself, by its Funder Registry DOI, its ROR
// id, its name or its acronym, and nothing more ("NIH/NIGMS" asks for
// the words as any other name does).
func askedNIH(ask string) bool {
	if doi, err := manifest.NormalizeDOI(ask); err == nil {
		return doi == nih.NIHDOI
	}
	switch strings.Join(foldedWords(ask), " ") {
	case nih.NIHROR, "nih", "national institutes of health":
		return true
	}
	return record.RORID(ask) == nih.NIHROR
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

// Award: an award number holds the one asked, letters and digits
// only and case aside, so "R01 GM123456", "R01-GM123456" and NIH's full
// "5R01GM123456-03" all answer R01GM123456, and a member's comma-joined
// list of numbers answers each of them; an NIH grant is also its
// institute and serial alone, "GM123456" (nih.SameGrant).
func Award(awards []string, ask string) bool {
	return NewAsk(ask, "").gives(awards)
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
