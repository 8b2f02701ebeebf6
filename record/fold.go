package record

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// spelled is how an ASCII writer spells a lower-case letter that does not
// decompose into a base letter and marks, or "".
func spelled(r rune) string {
	switch r {
	case 'ß':
		return "ss"
	case 'æ':
		return "ae"
	case 'œ':
		return "oe"
	case 'þ':
		return "th"
	case 'ĳ':
		return "ij"
	case 'ø':
		return "o"
	case 'ł', 'ŀ':
		return "l"
	case 'đ', 'ð':
		return "d"
	case 'ı':
		return "i"
	case 'ħ':
		return "h"
	case 'ŧ':
		return "t"
	case 'ŉ':
		return "n"
	}
	return ""
}

// Fold is s lower-cased, with accents dropped and letters that do not
// decompose spelled out (ß → ss, ø → o), keeping only letters and digits:
// "Müller-Lüdenscheidt" and "Muller Ludenscheidt" both fold to
// "mullerludenscheidt". Letters of scripts without a Latin spelling are
// kept as they are.
func Fold(s string) string {
	if ascii, ok := foldASCII(s); ok {
		return ascii
	}
	// NFD decomposes letters (é → e + ◌́); the combining marks it takes
	// off are not letters, so the loop drops them. A maintained Unicode
	// normaliser covers every script's accents, where a hand table covered
	// the Latin letters someone thought of. Not a transform.Chain with
	// runes.Remove: building one allocates its buffers on every call, and
	// at 10,000 works of accented names that was most of check --offline's
	// time (FuzzFoldMatchesTheChain holds the two to one result).
	if folded, ok := foldByRune(s); ok {
		return folded
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		switch sp := spelled(r); {
		case sp != "":
			b.WriteString(sp)
		case unicode.IsLetter(r), unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// foldASCII is Fold for a string of ASCII only, which most titles and
// names are: it has nothing to decompose, so it skips the normaliser
// (building its transformer chain was most of what a merge allocated).
func foldASCII(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			return "", false
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			b = append(b, c)
		}
	}
	return string(b), true
}
