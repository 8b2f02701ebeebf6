package tex

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape makes text safe inside a braced BibTeX field: LaTeX's special
// characters become their commands; control characters, which no text
// holds and pdfLaTeX stops on (U+001B), are dropped; everything else,
// non-ASCII included, stays as it is.
//
// Every brace it writes is one of a pair it writes, so a field's braces
// balance whatever the text: BibTeX and biber (btparse) count every brace
// when they look for a field's end, a backslash before it included, so a
// service's lone "}" written \} would end the field and let what follows
// be a second entry (#30), and a lone "{" would run it to the end of the
// file. A pair of the text's braces is written \{ … \}, which every
// reader gives back (pandoc among them); a lone one is {\textbraceleft}
// or {\textbraceright}, balanced in itself, which LaTeX prints and biber
// leaves as it is (decode_exclude in its LaTeX/recode_data.xml), though
// pandoc 2.17 drops it. Zotero's Better BibTeX balances lone braces too,
// with \vphantom. The word commands are braced whole, as ASCII's
// are, so that BibTeX takes each for one character (a "special
// character") when it cuts a name to its initial: plain \textbackslash{}
// would give abbrv.bst's initial "t.".
func Escape(s string) string {
	lone := loneBraces(s)
	var b strings.Builder
	for i, r := range s {
		if cmd, ok := texCommands[r]; ok && (lone[i] || (r != '{' && r != '}')) {
			b.WriteString(cmd)
			continue
		}
		switch {
		case strings.ContainsRune("&%$#_{}", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		case unicode.IsControl(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// loneBraces are the offsets of the braces of s that have no partner: a
// "}" with no "{" open before it, a "{" never closed.
func loneBraces(s string) map[int]bool {
	lone := map[int]bool{}
	var open []int
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '{':
			open = append(open, i)
		case s[i] == '}' && len(open) == 0:
			lone[i] = true
		case s[i] == '}':
			open = open[:len(open)-1]
		}
	}
	for _, i := range open {
		lone[i] = true
	}
	return lone
}

// texCommands are the characters LaTeX has no escape for but a command,
// each braced as BibTeX's special character; the braces' are for lone
// ones.
var texCommands = map[rune]string{
	'\\': `{\textbackslash}`,
	'{':  `{\textbraceleft}`,
	'}':  `{\textbraceright}`,
	'~':  `{\textasciitilde}`,
	'^':  `{\textasciicircum}`,
	'<':  `{\textless}`,
	'>':  `{\textgreater}`,
}

// VerbatimSafe reports whether a value can go in a verbatim field (doi,
// url, eprint) unchanged: no braces or backslashes, which would end the
// field or start a command, no white space, no control character, and
// valid UTF-8 (biber refuses a whole file that is not).
func VerbatimSafe(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsAny(s, "{}\\ \t\n\r") && !strings.ContainsFunc(s, unicode.IsControl)
}
