package record

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// foldByRune is Fold's loop over s, lowering each rune and taking its
// decomposition from NFD's table rather than normalising a lowered copy
// of the string, which was most of a re-merge's folding of
// accented names. It gives NFD's letters and digits because the table's
// decompositions are full, and the only thing NFD does beyond them is to
// reorder combining marks, which are neither letters nor digits and are
// dropped. Hangul syllables decompose by rule, not from the table, so a
// string with one (or invalid UTF-8) is left to the normaliser (ok
// false). FuzzFoldMatchesTheChain holds it to the chain Fold used.
func foldByRune(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	var one [utf8.UTFMax]byte
	for _, r := range s {
		r = unicode.ToLower(r) // as strings.ToLower maps each rune, without the copy
		if r == utf8.RuneError || isHangulSyllable(r) {
			return "", false
		}
		if d := norm.NFD.Properties(utf8.AppendRune(one[:0], r)).Decomposition(); d != nil {
			for _, dr := range string(d) {
				b = appendFolded(b, dr)
			}
		} else {
			b = appendFolded(b, r)
		}
	}
	return string(b), true
}

// appendFolded appends what Fold keeps of one decomposed rune.
func appendFolded(b []byte, r rune) []byte {
	switch sp := spelled(r); {
	case sp != "":
		return append(b, sp...)
	case unicode.IsLetter(r), unicode.IsDigit(r):
		return utf8.AppendRune(b, r)
	}
	return b
}

func isHangulSyllable(r rune) bool { return r >= 0xAC00 && r <= 0xD7A3 }
