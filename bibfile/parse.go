package bibfile

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Parse reads a .bib file's text; name is what its problems call the
// file. It never fails: what it cannot read is a Problem, and reading
// goes on after it.
//
// It reads as BibTeX's own scanner and biber's (btparse) agree: text
// outside an entry is ignored up to an "@", which starts one (so
// JabRef's and BibDesk's notes between entries are no harm); a braced
// value ends at the brace that brings its depth back to zero, a
// backslash before a brace notwithstanding; "#" joins parts; a bare
// word is an @string, defined before its use, jan to dec predefined as
// the month names BibTeX's styles give them. Where they differ it reads
// as biber does: @comment{...} is a block skipped whole (BibTeX skips
// only the word "comment" and would read an entry inside it), and a
// repeated key is kept (marked Duplicate, with a warning) where both
// read only the first (biber warns "Duplicate entry key ... skipping",
// BibTeX calls it an error, "Repeated entry"). After a syntax error
// BibTeX skips to the next "@" and loses what an open brace swallowed,
// and biber 2.19 --tool stops and writes nothing; Parse records the
// error and resumes at the next line that starts with "@" (after
// spaces), so an unterminated brace costs its own entry, not the rest
// of the file. An entry with no key ("@article{title = ...}", where
// BibTeX takes "title" for the key and biber stops) is kept with Key ""
// and an error.
func Parse(name string, src []byte) *File {
	p := &parser{src: string(src), f: &File{Name: name}, strings: map[string]string{}, keys: map[string]int{}, comments: map[int]bool{}}
	p.lineStarts = lineStarts(p.src)
	for {
		at := strings.IndexByte(p.src[p.pos:], '@')
		if at < 0 {
			return p.f
		}
		start := p.pos + at
		p.pos = start + 1
		if err := p.item(start); err != nil {
			p.pos = resumeAfter(p.src, start)
			p.problem(p.runaway(err), start)
		}
	}
}

type parser struct {
	src        string
	pos        int
	lineStarts []int
	f          *File
	strings    map[string]string // @string names, lower-cased (BibTeX and biber match them in any case)
	keys       map[string]int    // keys already read, and the line of their first entry
	entry      *Entry            // the entry being read, for problems
	fieldEnd   int               // where the entry's last field read ends
	comments   map[int]bool      // the "%" comments inside entries already warned of
	expanded   int               // characters @strings have added to values so far (value)
}

// syntaxError is a problem that stops the entry, at a byte of the file.
type syntaxError struct {
	at  int
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

func (p *parser) fail(at int, format string, args ...any) error {
	return &syntaxError{at: at, msg: fmt.Sprintf(format, args...)}
}

// runaway names the field a brace was left open in, when the error is
// that the entry ran into the next one (where reading resumes, p.pos):
// the field either ran past the next entry's "@", swallowing what
// followed until some later "}" closed it, and is dropped (the entries it
// swallowed are read again), or it closed only at the entry's own "}",
// which left the entry open until the next "@", and is kept as BibTeX
// reads it.
func (p *parser) runaway(err error) error {
	e := p.entry
	var se *syntaxError
	if e == nil || len(e.Fields) == 0 || !errors.As(err, &se) {
		return err
	}
	last := e.Fields[len(e.Fields)-1]
	at := p.lineStarts[last.Line-1]
	switch {
	case p.fieldEnd > p.pos:
		e.Fields = e.Fields[:len(e.Fields)-1]
		return p.fail(at, "field %s runs into the next entry: a brace left open?", last.Name)
	case se.at == p.pos:
		return p.fail(at, "the entry is not closed before the next one: a brace left open in field %s?", last.Name)
	}
	return err
}

func (p *parser) problem(err error, start int) {
	at := start
	var se *syntaxError
	if errors.As(err, &se) {
		at = se.at
	}
	pr := Problem{File: p.f.Name, Line: p.line(at), Text: lineAt(p.src, at), Message: err.Error()}
	if p.entry != nil {
		pr.Key = p.entry.Key
		p.entry.Broken = true
	}
	p.f.Problems = append(p.f.Problems, pr)
}

func (p *parser) warn(at int, text, format string, args ...any) {
	pr := Problem{File: p.f.Name, Line: p.line(at), Text: text, Message: fmt.Sprintf(format, args...), Warning: true}
	if p.entry != nil {
		pr.Key = p.entry.Key
	}
	p.f.Problems = append(p.f.Problems, pr)
}

func lineStarts(s string) []int {
	starts := []int{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// line is the 1-based line of a byte offset.
func (p *parser) line(at int) int {
	return sort.Search(len(p.lineStarts), func(i int) bool { return p.lineStarts[i] > at })
}

// lineAt is the text of the line holding byte at, trimmed, cut to 80 bytes.
func lineAt(s string, at int) string {
	if at > len(s) {
		at = len(s)
	}
	from := strings.LastIndexByte(s[:at], '\n') + 1
	to := strings.IndexByte(s[at:], '\n')
	if to < 0 {
		to = len(s)
	} else {
		to += at
	}
	line := strings.TrimSpace(s[from:to])
	if len(line) > 80 {
		line = strings.ToValidUTF8(line[:80], "") + "…"
	}
	return line
}

// resumeAfter is where reading starts again after a syntax error in the
// item that began at start: the next line whose first non-blank is "@".
func resumeAfter(s string, start int) int {
	for i := start + 1; i < len(s); i++ {
		if s[i] != '\n' {
			continue
		}
		j := i + 1
		for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
			j++
		}
		if j < len(s) && s[j] == '@' {
			return j
		}
	}
	return len(s)
}

// item reads what follows an "@" at start.
func (p *parser) item(start int) error {
	p.entry = nil
	p.white()
	typeAt := p.pos
	typ := p.ident()
	if typ == "" {
		// BibTeX calls this an error and skips to the next "@"; nothing is lost.
		p.warn(start, lineAt(p.src, start), "an \"@\" not followed by an entry type; ignored")
		return nil
	}
	p.white()
	if lower(typ) == "comment" && p.peek() != '{' && p.peek() != '(' {
		return nil // BibTeX's @comment without a block: the word alone
	}
	open := p.peek()
	if open != '{' && open != '(' {
		// "me@example.org" in a note between entries: BibTeX calls it an
		// error, biber junk; nothing is lost.
		p.warn(start, lineAt(p.src, start), "an \"@%s\" not followed by \"{\" or \"(\"; ignored", typ)
		return nil
	}
	p.pos++
	closer := byte('}')
	if open == '(' {
		closer = ')'
	}
	switch lower(typ) {
	case "comment":
		return p.comment(start, open, closer)
	case "preamble":
		return p.preamble(start, closer)
	case "string":
		return p.stringDef(start, closer)
	}
	err := p.entryBody(start, typeAt, typ, closer)
	p.entry.Raw = p.src[start:min(p.pos, len(p.src))]
	return err
}

func (p *parser) comment(start int, open, closer byte) error {
	depth := 1
	from := p.pos
	for ; p.pos < len(p.src); p.pos++ {
		switch p.src[p.pos] {
		case open:
			depth++
		case closer:
			depth--
		}
		if depth == 0 {
			p.f.Comments = append(p.f.Comments, Comment{Text: p.src[from:p.pos], Line: p.line(start)})
			p.pos++
			return nil
		}
	}
	return p.fail(start, "@comment is never closed")
}

func (p *parser) preamble(start int, closer byte) error {
	raw, value, err := p.value(closer)
	if err != nil {
		return err
	}
	if err := p.close(closer); err != nil {
		return err
	}
	p.f.Preambles = append(p.f.Preambles, Preamble{Raw: raw, Value: value, Line: p.line(start)})
	return nil
}

func (p *parser) stringDef(start int, closer byte) error {
	p.white()
	name := p.ident()
	if name == "" {
		return p.fail(p.pos, "@string without a name")
	}
	p.white()
	if p.peek() != '=' {
		return p.fail(p.pos, "expected \"=\" after @string name %s", name)
	}
	p.pos++
	raw, value, err := p.value(closer)
	if err != nil {
		return err
	}
	if err := p.close(closer); err != nil {
		return err
	}
	p.strings[lower(name)] = value
	p.f.Strings = append(p.f.Strings, String{Name: name, Raw: raw, Value: value, Line: p.line(start)})
	return nil
}

// close reads the item's closing delimiter, a comma before it allowed.
func (p *parser) close(closer byte) error {
	p.white()
	if p.peek() == ',' {
		p.pos++
		p.white()
	}
	if p.peek() != closer {
		return p.fail(p.pos, "expected %q", closer)
	}
	p.pos++
	return nil
}

func (p *parser) entryBody(start, typeAt int, typ string, closer byte) error {
	e := &Entry{Type: lower(typ), TypeWritten: typ, Line: p.line(start)}
	p.entry = e
	p.fieldEnd = 0
	p.f.Entries = append(p.f.Entries, e)
	p.white()
	keyAt := p.pos
	e.Key = p.key(closer)
	p.white()
	if p.peek() == '=' || e.Key == "" {
		// "@article{title = ...": the key is missing (biber: "no key");
		// the fields are read all the same.
		e.Key = ""
		p.pos = keyAt
		p.f.Problems = append(p.f.Problems, Problem{File: p.f.Name, Line: e.Line, Text: lineAt(p.src, typeAt), Message: "entry has no key"})
	} else {
		p.noteKey(e, keyAt)
		if done, err := p.afterKey(closer); done || err != nil {
			return err
		}
	}
	return p.fields(e, closer)
}

// afterKey reads the comma after a key, or the entry's end (an entry
// with no fields: done).
func (p *parser) afterKey(closer byte) (done bool, err error) {
	switch p.peek() {
	case ',':
		p.pos++
		return false, nil
	case closer:
		p.pos++
		return true, nil
	}
	return false, p.fail(p.pos, "expected \",\" after the key")
}

func (p *parser) noteKey(e *Entry, at int) {
	if first, ok := p.keys[e.Key]; ok {
		e.Duplicate = true
		p.warn(at, e.Key, "key repeats the entry of line %d: BibTeX and biber read only the first", first)
		return
	}
	p.keys[e.Key] = e.Line
}

// fields reads name = value pairs up to the entry's closing delimiter.
func (p *parser) fields(e *Entry, closer byte) error {
	for {
		p.white()
		if p.peek() == closer {
			p.pos++
			return nil
		}
		if p.pos >= len(p.src) {
			return p.fail(p.pos, "entry is never closed")
		}
		nameAt := p.pos
		name := p.ident()
		if name == "" {
			return p.fail(p.pos, "expected a field name")
		}
		p.white()
		if p.peek() != '=' {
			return p.fail(p.pos, "expected \"=\" after field %s", name)
		}
		p.pos++
		raw, value, err := p.value(closer)
		if err != nil {
			return err
		}
		p.addField(e, Field{Name: lower(name), NameWritten: name, Raw: raw, Value: value, Line: p.line(nameAt)}, nameAt)
		p.fieldEnd = p.pos
		p.white()
		switch p.peek() {
		case ',':
			p.pos++
		case closer:
		default:
			return p.fail(p.pos, "expected \",\" or %q after field %s", closer, name)
		}
	}
}

func (p *parser) addField(e *Entry, f Field, at int) {
	if _, dup := e.Own(f.Name); dup {
		p.warn(at, f.NameWritten, "field %s repeated: BibTeX and biber read the first", f.Name)
	}
	e.Fields = append(e.Fields, f)
}

func (p *parser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

// white skips white space between tokens, and a "%" comment to the end
// of its line as biber does (a field commented out: "% abbr = {X},");
// BibTeX stops reading the entry there ("You're missing a field name"),
// so such a comment is a warning.
func (p *parser) white() {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case isSpace(c):
			p.pos++
		case c == '%':
			at := p.pos
			if end := strings.IndexByte(p.src[at:], '\n'); end >= 0 {
				p.pos = at + end
			} else {
				p.pos = len(p.src)
			}
			if p.comments[at] {
				continue // read again after a look for "#"
			}
			p.comments[at] = true
			p.warn(at, p.src[at:p.pos], "a %% comment inside an entry: biber skips it, BibTeX stops reading the entry here")
		default:
			return
		}
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// ident reads a name: an entry type, a field name or an @string name.
// BibTeX allows any printing character but these.
func (p *parser) ident() string {
	from := p.pos
	for p.pos < len(p.src) && !isSpace(p.src[p.pos]) && !strings.ContainsRune("\"#%'(),={}@", rune(p.src[p.pos])) {
		p.pos++
	}
	return p.src[from:p.pos]
}

// key reads a citation key: up to a comma, white space or the entry's
// end (biber's btparse; BibTeX allows spaces in a parenthesised entry's
// key, which no one writes).
func (p *parser) key(closer byte) string {
	from := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if isSpace(c) || c == ',' || c == closer || c == '=' || c == '{' || c == '}' {
			break
		}
		p.pos++
	}
	return p.src[from:p.pos]
}
