package nih

import (
	"regexp"
	"strings"
	"unicode"
)

// An NIH grant number is an application type digit, an activity code, an
// institute's two letters, a serial number and a year suffix:
// "5 R01 GM123456-03" (NIH, "Decoding a Grant Number",
// https://www.era.nih.gov/files/Deciphering_NIH_Application.pdf). The
// serial is six digits, written with its leading zeros or without
// ("CA008748", "CA08748").
var grantAsked = regexp.MustCompile(`^(?:[0-9] ?)?([A-Z][A-Z0-9][0-9]) ?([A-Z]{2}) ?0*([1-9][0-9]{0,5})(?: |$)`)

// SameGrant reports whether an award number as a deposit wrote it names
// the NIH grant asked (Grant.In); an ask that is not an NIH grant number
// answers false: the caller's own match reads it.
func SameGrant(award, ask string) bool {
	g, ok := ParseGrant(ask)
	return ok && g.In(award)
}

// Grant is an NIH grant number asked, its patterns compiled once: a
// filter reads every award of every work against one ask.
type Grant struct {
	activity string         // "R01"
	bare     *regexp.Regexp // the institute and serial alone
	coded    *regexp.Regexp // the same under an activity code
}

// ParseGrant is the NIH grant ask names; false when ask is not an NIH
// grant number with its activity code.
func ParseGrant(ask string) (Grant, bool) {
	m := grantAsked.FindStringSubmatch(spaced(ask))
	if m == nil {
		return Grant{}, false
	}
	core := regexp.QuoteMeta(m[2]) + ` ?0*` + m[3]
	return Grant{activity: m[1],
		bare:  regexp.MustCompile(`(?:^|[^A-Z0-9])` + core + `(?: |$)`),
		coded: regexp.MustCompile(`(?:^|[^A-Z])([A-Z][A-Z0-9][0-9]) ?` + core + `(?: |$)`),
	}, true
}

// In reports whether an award number names the grant, where the deposit
// gives its institute and serial number without the activity code ("NIH
// grant GM123456", "NIGMS GM-123456": acknowledgements often do) or with
// the same one. Another activity code is another grant (R21GM123456 is
// not R01GM123456).
func (g Grant) In(award string) bool {
	same := false
	// a number under an activity code is that code's grant: the same
	// code answers, another one is taken out before the bare number is
	// looked for (" R21 GM123456" holds " GM123456")
	rest := g.coded.ReplaceAllStringFunc(spaced(award), func(s string) string {
		same = same || g.coded.FindStringSubmatch(s)[1] == g.activity
		return " "
	})
	return same || g.bare.MatchString(rest)
}

// spaced is a number's letters and digits in upper case, each run of
// anything else one space: "5 R01-GM123456/03" is "5 R01 GM123456 03".
func spaced(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToUpper(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}
