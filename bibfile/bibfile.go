// Package bibfile reads BibTeX and BibLaTeX files as people keep them,
// losing nothing: every entry with its key, its type as written, its
// fields in file order with the value exactly as written (for writing
// back) and read as text; @string, @preamble and @comment; crossref and
// xdata inheritance kept apart from the entry's own fields; name lists
// split as BibTeX splits them; and every problem as a value with its
// file, line and the offending text, one bad entry never losing the
// others. It reads as biber does where BibTeX and biber differ, and says
// so where it matters (Parse, Problem). It imports no package of about:
// `about import` stands on it, and the writers never need it.
package bibfile

import "strings"

// File is everything one .bib file holds, in file order.
type File struct {
	Name      string     // the file's name, as given to Parse, for problems
	Entries   []*Entry   // every entry read, duplicates and broken ones included
	Strings   []String   // @string definitions, in file order
	Preambles []Preamble // @preamble blocks
	Comments  []Comment  // @comment blocks
	Problems  []Problem  // everything BibTeX or biber would warn about or refuse
}

// Entry is one @type{key, ...} of the file.
type Entry struct {
	Key         string  // the citation key, exactly as written; "" when the entry has none (a Problem says so)
	Type        string  // the entry type, lower-cased: "article"
	TypeWritten string  // the entry type as written: "ARTICLE"
	Line        int     // the line of its "@"
	Raw         string  // the entry as written, "@" to its closing delimiter (to where an error cut it)
	Fields      []Field // the entry's own fields, in file order (a repeated name is kept twice; Get reads the first)
	Inherited   []Field // fields it takes from its crossref or xdata parents (Resolve), never among Fields
	Duplicate   bool    // an earlier entry has the same key: BibTeX and biber read only the first
	Broken      bool    // a syntax error cut the entry short: Fields hold what came before it
}

// Field is one name = value of an entry (or the value of an @string).
type Field struct {
	Name        string // lower-cased: "author"
	NameWritten string // as written: "AUTHOR"
	Raw         string // the value exactly as written, delimiters, macros and # included: `{The {GPU}}`, `aps`, `"A" # b`
	Value       string // the value as BibTeX holds it: macros expanded, parts joined, outer delimiters gone, white space runs one space; LaTeX kept
	Line        int    // the line where the field's name is
	From        string // for an inherited field, the key of the entry it comes from; "" for the entry's own
	FromName    string // for an inherited field, its name in that entry (title for an inproceedings' booktitle)
	Override    bool   // an inherited field that replaces the entry's own (biber's xdata)
}

// Text is the field's value read as text (LaTeX's accents, commands and
// case-protecting braces resolved; Text), except in a field that holds a
// link or an identifier (Verbatim), whose value is its text: "--" and
// "~" in a URL are not dashes and spaces.
func (f Field) Text() string {
	if Verbatim(f.Name, f.Value) {
		return f.Value
	}
	return Text(f.Value)
}

// verbatimFields hold links, file names and identifiers: biblatex's
// verbatim fields (url, doi, eprint, file, urlraw, verba...) and
// al-folio's link and identifier fields (its bib.liquid reads them as
// URLs, site paths or ids).
var verbatimFields = map[string]bool{
	"url": true, "urlraw": true, "doi": true, "eprint": true, "file": true, "verba": true, "verbb": true, "verbc": true,
	"pdf": true, "html": true, "code": true, "slides": true, "poster": true, "video": true, "website": true,
	"blog": true, "preview": true, "arxiv": true, "supp": true, "pmid": true, "pmcid": true, "isbn": true,
	"issn": true, "google_scholar_id": true, "altmetric": true, "dimensions": true, "inspirehep_id": true,
}

// Verbatim reports whether a field's value is read as it is, not as
// LaTeX: a link or identifier field (verbatimFields), or any value that
// is one URL.
func Verbatim(name, value string) bool {
	if verbatimFields[lower(name)] {
		return true
	}
	isURL := strings.HasPrefix(value, "http://") || strings.HasPrefix(value, "https://")
	return isURL && !strings.ContainsAny(value, " {}\\")
}

// String is an @string{name = value}.
type String struct {
	Name  string // as written
	Raw   string
	Value string
	Line  int
}

// Preamble is an @preamble{...}: Raw as written, Value with its strings expanded.
type Preamble struct {
	Raw   string
	Value string
	Line  int
}

// Comment is an @comment{...} block (JabRef and BibDesk keep their
// settings in them), its text between the delimiters.
type Comment struct {
	Text string
	Line int
}

// Get returns the entry's field of that name (any case) as biber reads
// it: an xdata field that replaces the entry's own, else its own, else
// an inherited one.
func (e *Entry) Get(name string) (Field, bool) {
	if f, ok := findOverride(e.Inherited, lower(name)); ok {
		return f, true
	}
	if f, ok := e.Own(name); ok {
		return f, true
	}
	return findField(e.Inherited, name)
}

// Own returns the entry's own field of that name (any case), the first
// when it is written twice (BibTeX and biber keep the first).
func (e *Entry) Own(name string) (Field, bool) { return findField(e.Fields, name) }

func findField(fields []Field, name string) (Field, bool) {
	name = lower(name)
	for _, f := range fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

// Lookup returns the entry with that key, exactly as written; the first
// when the key is repeated, as BibTeX and biber do.
func (f *File) Lookup(key string) *Entry {
	for _, e := range f.Entries {
		if e.Key == key && key != "" {
			return e
		}
	}
	return nil
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
