package bibfile

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Text reads a BibTeX value's LaTeX as the text it prints: accent
// commands as accented letters ({\'e}, \"{o}, \'{\i}), letter and
// symbol commands as their characters ({\ss}, \&, \textemdash), "--"
// and "---" as dashes, "~" as a no-break space, two backquotes and two
// apostrophes as curly double quotes, math that is one sign as that sign
// ($\beta$, $\leq$, $^{2}$), the braces that protect case dropped, the
// font and emphasis commands (\textit, \emph, \textbf, \mbox, ...)
// unwrapped, \url{...} as its URL, verbatim, \href{url}{text} as its
// text, {\relax X} as X. Other math stays as written, $ signs included,
// and a command it does not know stays as written with its braced
// arguments, so nothing is silently lost. A single ` or ' stays as
// typed: it is an apostrophe far more often than a quote. Spaces after a
// command word go, as in TeX ("Stra\ss e" is "Straße").
//
// It reads back what about's own writers write (render/tex's Escape and
// ASCII, TestTextReadsWhatRenderWrites), its tables mirrored here so
// that the reader needs nothing of the writers.
func Text(latex string) string {
	if !strings.ContainsAny(latex, "\\{}$~-`'\t\n\r") {
		return latex
	}
	r := texReader{s: latex}
	var b strings.Builder
	for r.run(&b); r.pos < len(r.s); r.run(&b) {
		r.pos++ // a "}" with no "{": skipped, and the text after it read
	}
	return collapse(norm.NFC.String(b.String()))
}

type texReader struct {
	s   string
	pos int
}

// run reads to the end of the string or of the group it is in.
func (r *texReader) run(b *strings.Builder) {
	for r.pos < len(r.s) {
		c := r.s[r.pos]
		switch c {
		case '}':
			return // the caller's group ends (a stray one: Text skips it)
		case '{':
			r.pos++
			r.run(b)
			r.pos++
		case '\\':
			r.command(b)
		case '$':
			r.math(b)
		default:
			r.pos += r.punctuation(b)
		}
	}
}

// punctuation writes the character at pos, or the ligature it starts,
// and returns how many bytes it took.
func (r *texReader) punctuation(b *strings.Builder) int {
	rest := r.s[r.pos:]
	switch {
	case strings.HasPrefix(rest, "---"):
		b.WriteRune('—')
		return 3
	case strings.HasPrefix(rest, "--"):
		b.WriteRune('–')
		return 2
	case strings.HasPrefix(rest, "``"):
		b.WriteRune('“')
		return 2
	case strings.HasPrefix(rest, "''"):
		b.WriteRune('”')
		return 2
	case rest[0] == '~':
		b.WriteRune('\u00a0')
		return 1
	}
	b.WriteByte(rest[0])
	return 1
}

// group reads the argument of a command: a braced group's text, a
// command's text, or one character; "" at the end.
func (r *texReader) group() string {
	for r.pos < len(r.s) && isSpace(r.s[r.pos]) {
		r.pos++
	}
	if r.pos >= len(r.s) {
		return ""
	}
	var b strings.Builder
	switch r.s[r.pos] {
	case '{':
		r.pos++
		r.run(&b)
		r.pos++
	case '\\':
		r.command(&b)
	case '}':
	default:
		_, n := decodeRune(r.s[r.pos:])
		b.WriteString(r.s[r.pos : r.pos+n])
		r.pos += n
	}
	return b.String()
}

// rawGroup skips a command's argument that is not text (\href's URL).
func (r *texReader) rawGroup() { r.group() }

// command reads the control sequence at pos (a backslash) and writes
// what it prints.
func (r *texReader) command(b *strings.Builder) {
	start := r.pos
	r.pos++
	if r.pos >= len(r.s) {
		b.WriteByte('\\')
		return
	}
	name := r.controlName()
	if mark, ok := accents[name]; ok {
		b.WriteString(accented(r.group(), mark))
		return
	}
	if isLetter(name[0]) {
		r.skipSpaces() // TeX ends a control word at the spaces after it
	}
	if s, ok := symbols[name]; ok {
		b.WriteString(s)
		return
	}
	switch {
	case name == "url" && r.pos < len(r.s) && r.s[r.pos] == '{':
		end := braceEnd(r.s, r.pos) // a URL is verbatim: "~" and "--" are its own
		b.WriteString(strings.TrimSuffix(r.s[r.pos+1:end], "}"))
		r.pos = end
	case unwrapped[name]:
		// the group that follows is read as text by run
	case dropsArgument[name]:
		r.rawGroup()
	default:
		r.unknown(b, start, name)
	}
}

// unknown writes a command Text does not know as written, with the
// braced arguments that follow it, so that nothing is lost.
func (r *texReader) unknown(b *strings.Builder, start int, name string) {
	b.WriteString(r.s[start : start+1+len(name)])
	spaced := r.pos > start+1+len(name)
	for r.pos < len(r.s) && r.s[r.pos] == '{' {
		spaced = false
		end := braceEnd(r.s, r.pos)
		b.WriteString(r.s[r.pos:end])
		r.pos = end
	}
	if spaced {
		b.WriteByte(' ')
	}
}

// braceEnd is the offset after the brace that closes the one at from,
// or the end of s.
func braceEnd(s string, from int) int {
	depth := 0
	for i := from; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(s)
}

func (r *texReader) controlName() string {
	from := r.pos
	if !isLetter(r.s[r.pos]) {
		_, n := decodeRune(r.s[r.pos:])
		r.pos += n
		return r.s[from:r.pos]
	}
	for r.pos < len(r.s) && isLetter(r.s[r.pos]) {
		r.pos++
	}
	return r.s[from:r.pos]
}

func (r *texReader) skipSpaces() {
	for r.pos < len(r.s) && isSpace(r.s[r.pos]) {
		r.pos++
	}
}

// math writes $...$: as the one sign it is when it is one of the signs
// about's writers put in math, otherwise as written.
func (r *texReader) math(b *strings.Builder) {
	end := strings.IndexByte(r.s[r.pos+1:], '$')
	if end < 0 {
		b.WriteString(r.s[r.pos:])
		r.pos = len(r.s)
		return
	}
	whole := r.s[r.pos : r.pos+end+2]
	r.pos += end + 2
	if s, ok := mathSigns[strings.ReplaceAll(whole, " ", "")]; ok {
		b.WriteString(s)
		return
	}
	b.WriteString(whole)
}

// accented puts a combining mark on the first character of base: the
// dotless i and j take it as the letters do.
func accented(base, mark string) string {
	if base == "" {
		return mark
	}
	first, n := decodeRune(base)
	switch first {
	case 'ı':
		first = 'i'
	case 'ȷ':
		first = 'j'
	}
	return norm.NFC.String(string(first) + mark + base[n:])
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func decodeRune(s string) (rune, int) { return utf8.DecodeRuneInString(s) }
