package bibfile

import "strings"

// months are BibTeX's predefined @strings, as its standard styles
// (plain.bst's MACRO {jan} {"January"}) and biber define them.
var months = map[string]string{
	"jan": "January", "feb": "February", "mar": "March", "apr": "April",
	"may": "May", "jun": "June", "jul": "July", "aug": "August",
	"sep": "September", "oct": "October", "nov": "November", "dec": "December",
}

// maxValue is past any real field's length (a long abstract is tens of
// thousands of characters): @strings each built of two of the one before
// would otherwise grow a few lines of file into gigabytes.
const maxValue = 4 << 20

// maxExpanded bounds the characters values take beyond eight times the
// file, for the same reason: a thousand fields each naming a long
// @string.
const maxExpanded = 64 << 20

// value reads a field's value: parts joined by "#", each a braced or
// quoted string, a number or an @string's name. It returns the text as
// written and the value as BibTeX holds it.
func (p *parser) value(closer byte) (raw, value string, err error) {
	p.white()
	from := p.pos
	var b strings.Builder
	for {
		part, err := p.part(closer)
		if err != nil {
			return "", "", err
		}
		if b.Len()+len(part) > maxValue {
			return "", "", p.fail(from, "a value longer than %d characters (an @string built on itself?)", maxValue)
		}
		if p.expanded += len(part); p.expanded > maxExpanded+8*len(p.src) {
			return "", "", p.fail(from, "@strings have grown the file's values past %d characters (one used over and over?)", p.expanded)
		}
		b.WriteString(part)
		end := p.pos
		p.white()
		if p.peek() != '#' {
			p.pos = end
			return p.src[from:end], collapse(b.String()), nil
		}
		p.pos++
		p.white()
	}
}

// part reads one part of a value and returns what it stands for.
func (p *parser) part(closer byte) (string, error) {
	at := p.pos
	switch c := p.peek(); {
	case c == '{':
		return p.delimited(at, '}')
	case c == '"':
		return p.delimited(at, '"')
	case c >= '0' && c <= '9':
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
		}
		return p.src[at:p.pos], nil
	}
	name := p.ident()
	if name == "" {
		return "", p.fail(at, "expected a value")
	}
	if v, ok := p.strings[lower(name)]; ok {
		return v, nil
	}
	if v, ok := months[lower(name)]; ok {
		return v, nil
	}
	p.warn(at, name, "@string %s is not defined (BibTeX and biber read it as empty)", name)
	return "", nil
}

// delimited reads a braced (end "}") or quoted (end '"') part: every
// brace counts, escaped or not, and a quote ends the part only outside
// braces.
func (p *parser) delimited(at int, end byte) (string, error) {
	depth := 0
	for p.pos++; p.pos < len(p.src); p.pos++ {
		c := p.src[p.pos]
		switch {
		case c == end && depth == 0 && end == '"':
			p.pos++
			return p.src[at+1 : p.pos-1], nil
		case c == '{':
			depth++
		case c == '}' && depth == 0 && end == '"':
			return "", p.fail(p.pos, "a \"}\" with no \"{\" in a quoted value")
		case c == '}' && depth == 0:
			p.pos++
			return p.src[at+1 : p.pos-1], nil
		case c == '}':
			depth--
		}
	}
	if end == '"' {
		return "", p.fail(at, "unterminated quote")
	}
	return "", p.fail(at, "unterminated brace")
}

// collapse makes each run of ASCII white space one space and trims the
// ends, as BibTeX does to every value it stores (a no-break space is
// text, not white space, to BibTeX's byte scanner).
func collapse(s string) string {
	var b strings.Builder
	space := false
	for i := 0; i < len(s); i++ {
		if isSpace(s[i]) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
