package render

import (
	"errors"
	"fmt"
	"strings"
)

// A .bib reader for tests that reads as BibTeX does (bibtex.web, "Reading
// the database file(s)"; btparse, biber's parser, agrees on what follows):
// everything outside an entry is ignored up to an "@", which starts one;
// an entry is @type, "{" or "(", a key, and name = value fields; a braced
// value ends at the brace that brings its depth back to zero, and every
// brace counts, a backslash before it notwithstanding (BibTeX's scan of a
// field token knows no escape). It is small enough for a fuzz loop, and
// TestBibReaderAgreesWithBibTeXAndBiber holds it to the real programs.

// bibRead is one entry as read: its type, key and fields in order.
type bibRead struct {
	typ, key string
	fields   []bibReadField
}

// bibReadField is a field's name and its value as written, delimiters
// and concatenations included.
type bibReadField struct{ name, value string }

type bibScanner struct {
	s   string
	pos int
}

// readBibFile reads every entry of a .bib text, or fails where BibTeX
// would report an error.
func readBibFile(s string) ([]bibRead, error) {
	sc := &bibScanner{s: s}
	var entries []bibRead
	for {
		at := strings.IndexByte(sc.s[sc.pos:], '@')
		if at < 0 {
			return entries, nil
		}
		sc.pos += at + 1
		e, err := sc.entry()
		if err != nil {
			return entries, fmt.Errorf("entry %d at byte %d: %w", len(entries)+1, sc.pos, err)
		}
		entries = append(entries, e)
	}
}

func (sc *bibScanner) entry() (bibRead, error) {
	sc.white()
	typ := sc.ident()
	if typ == "" {
		return bibRead{}, errors.New("no entry type")
	}
	sc.white()
	var closing byte
	switch sc.peek() {
	case '{':
		closing = '}'
	case '(':
		closing = ')'
	default:
		return bibRead{}, fmt.Errorf("@%s: no { or ( after the type", typ)
	}
	sc.pos++
	e := bibRead{typ: strings.ToLower(typ)}
	if e.typ == "string" || e.typ == "preamble" || e.typ == "comment" {
		// never written by render: reading it as an entry is enough to fail
		return e, nil
	}
	sc.white()
	e.key = sc.key(closing)
	sc.white()
	switch c := sc.next(); {
	case c == closing:
		return e, nil
	case c != ',':
		return e, fmt.Errorf("@%s{%s: %q after the key", typ, e.key, c)
	}
	return sc.fields(e, closing)
}

func (sc *bibScanner) fields(e bibRead, closing byte) (bibRead, error) {
	for {
		sc.white()
		if sc.peek() == closing {
			sc.pos++
			return e, nil
		}
		name := sc.ident()
		if name == "" {
			return e, fmt.Errorf("%s: a field without a name at %q", e.key, sc.rest())
		}
		sc.white()
		if sc.next() != '=' {
			return e, fmt.Errorf("%s: field %s has no =", e.key, name)
		}
		value, err := sc.value()
		if err != nil {
			return e, fmt.Errorf("%s: field %s: %w", e.key, name, err)
		}
		e.fields = append(e.fields, bibReadField{strings.ToLower(name), value})
		sc.white()
		switch c := sc.next(); {
		case c == closing:
			return e, nil
		case c != ',':
			return e, fmt.Errorf("%s: %q after field %s", e.key, c, name)
		}
	}
}

// value reads tokens joined by #: braced or quoted strings, numbers and
// macro names.
func (sc *bibScanner) value() (string, error) {
	start := -1
	for {
		sc.white()
		if start < 0 {
			start = sc.pos
		}
		if err := sc.token(); err != nil {
			return "", err
		}
		end := sc.pos
		sc.white()
		if sc.peek() != '#' {
			return sc.s[start:end], nil
		}
		sc.pos++
	}
}

func (sc *bibScanner) token() error {
	switch c := sc.peek(); {
	case c == '{':
		return sc.balanced(0)
	case c == '"':
		return sc.balanced('"')
	case c >= '0' && c <= '9':
		for sc.pos < len(sc.s) && sc.s[sc.pos] >= '0' && sc.s[sc.pos] <= '9' {
			sc.pos++
		}
		return nil
	default:
		if sc.ident() == "" {
			return fmt.Errorf("no value at %q", sc.rest())
		}
		return nil
	}
}

// balanced reads a braced string (quote 0) or a quoted one, counting every
// brace: a braced string ends at the brace that closes its first, a quoted
// one at a quote outside braces, where a closing brace is an error.
func (sc *bibScanner) balanced(quote byte) error {
	depth := 0
	if quote != 0 {
		sc.pos++ // the opening quote
	}
	for ; sc.pos < len(sc.s); sc.pos++ {
		switch c := sc.s[sc.pos]; {
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth < 0 {
				return errors.New("unbalanced braces in a quoted string")
			}
			if depth == 0 && quote == 0 {
				sc.pos++
				return nil
			}
		case c == quote && depth == 0:
			sc.pos++
			return nil
		}
	}
	return errors.New("the file ends inside a string")
}

// ident reads a BibTeX identifier: anything but white space and
// "#%'(),={}.
func (sc *bibScanner) ident() string {
	start := sc.pos
	for sc.pos < len(sc.s) && !strings.ContainsRune(" \t\n\r\"#%'(),={}", rune(sc.s[sc.pos])) {
		sc.pos++
	}
	return sc.s[start:sc.pos]
}

// key reads an entry's key: up to a comma, white space or the closing
// delimiter.
func (sc *bibScanner) key(closing byte) string {
	start := sc.pos
	for sc.pos < len(sc.s) && !strings.ContainsRune(" \t\n\r,", rune(sc.s[sc.pos])) && sc.s[sc.pos] != closing {
		sc.pos++
	}
	return sc.s[start:sc.pos]
}

func (sc *bibScanner) white() {
	for sc.pos < len(sc.s) && strings.ContainsRune(" \t\n\r", rune(sc.s[sc.pos])) {
		sc.pos++
	}
}

func (sc *bibScanner) peek() byte {
	if sc.pos < len(sc.s) {
		return sc.s[sc.pos]
	}
	return 0
}

func (sc *bibScanner) next() byte {
	c := sc.peek()
	if sc.pos < len(sc.s) {
		sc.pos++
	}
	return c
}

func (sc *bibScanner) rest() string {
	r := sc.s[sc.pos:]
	if len(r) > 40 {
		r = r[:40]
	}
	return r
}

// bibNameCount is how many names BibTeX reads in a name list (a braced
// field value as written): a word "and", in any case, with white space
// on both sides and outside braces, separates two (bibtex.web,
// num.names$).
func bibNameCount(value string) int {
	inner := strings.TrimSuffix(strings.TrimPrefix(value, "{"), "}")
	words := depthZeroWords(inner)
	if len(words) == 0 {
		return 0
	}
	n := 1
	for i, w := range words {
		if i > 0 && i < len(words)-1 && strings.EqualFold(w, "and") {
			n++
		}
	}
	return n
}

// depthZeroWords splits s at the spaces and tabs outside braces.
func depthZeroWords(s string) []string {
	var words []string
	depth, start := 0, 0
	for i := 0; i <= len(s); i++ {
		switch {
		case i == len(s) || (depth == 0 && (s[i] == ' ' || s[i] == '\t')):
			if i > start {
				words = append(words, s[start:i])
			}
			start = i + 1
		case s[i] == '{':
			depth++
		case s[i] == '}':
			depth--
		}
	}
	return words
}
