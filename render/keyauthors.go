package render

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/aboutscholar/about/record"
)

// authorKey is the part of a key the first author gives: the family name
// folded to a-z and 0-9 (keyName), or, for a name written in a script
// that has no such letters (王, 鈴木, ごとう, 김), the family name in its own
// script: composed (NFC), lowercased, its letters and digits only, its
// marks kept (a kana's voicing mark is part of the letter). A work with
// authors is keyed by them, never "anon" (issue #20: an index's CJK-only
// record was keyed anon…): BibTeX reads a key's bytes above 127 as
// letters, and biber, CSL-JSON and RIS take any Unicode key; "" only for
// a name with no letters at all. The name's split (family first in these
// scripts) is the providers' (providers/wire/names.go), so keyName's
// family is the family name.
func authorKey(a record.Author) string {
	name := keyName(a)
	if f := fold(name); f != "" {
		return f
	}
	var b strings.Builder
	for _, r := range norm.NFC.String(strings.ToLower(name)) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
