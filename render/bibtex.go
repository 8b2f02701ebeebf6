package render

import (
	"bufio"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/csltypes"
	"github.com/aboutscholar/about/render/tex"
	"github.com/aboutscholar/about/render/wording"
)

// bibField is one field of an entry; verbatim fields (doi, url, eprint) are
// written as they are, every other one LaTeX-escaped.
type bibField struct {
	name, value string
	raw         bool // the value is already BibTeX (a month macro or a name list)
	verbatim    bool // an identifier or URL, written as it is (never LaTeX-escaped)
}

// writeBib writes every entry as a BibTeX entry (biblatex false) or a
// BibLaTeX one (true), newest first; works shown within another's entry
// are not entries of their own. Keys are the page's citation keys.
// Text fields are LaTeX-escaped. BibTeX's are also written for pdfLaTeX
// (tex.ASCII: {\'e}, {\DJ}, {$\beta$}), as classic BibTeX reads bytes;
// BibLaTeX's stay UTF-8, which biber reads and hands to any engine.
func writeBib(buf *bufio.Writer, p *page, biblatex bool) error {
	buf.WriteString("% Written by about render from the snapshot folder; regenerate, do not edit.\n")
	for _, c := range p.credits {
		if a := bibText(c.Attribution); a != "" {
			// "%" is no comment to BibTeX or biber, which start an entry
			// at any "@" outside one: the snapshot's text must hold none
			buf.WriteString("% " + strings.ReplaceAll(a, "@", "(at)") + "\n")
		}
	}
	for _, e := range p.shown {
		buf.WriteString("\n" + bibEntryText(e, biblatex))
	}
	return nil
}

// bibEntryText is one entry as the citation file writes it; the HTML page
// shows the same text under each entry, and Hugo Blox's cite.bib holds it.
// A BibTeX entry's non-ASCII characters are LaTeX commands (tex.ASCII);
// al-folio's file, read by jekyll-scholar rather than by LaTeX, keeps them.
func bibEntryText(e *entry, biblatex bool) string {
	typ, fields := bibEntry(e, biblatex)
	if !biblatex {
		fields = forPDFLaTeX(fields)
	}
	return formatBibEntry(typ, e.key, fields)
}

// forPDFLaTeX writes the non-ASCII characters of every field but the
// verbatim ones (doi, url, eprint, pmid) as LaTeX commands.
func forPDFLaTeX(fs []bibField) []bibField {
	out := make([]bibField, len(fs))
	for i, f := range fs {
		if !f.verbatim {
			f.value = tex.ASCII(f.value)
		}
		out[i] = f
	}
	return out
}

// formatBibEntry writes one entry, its field names aligned.
func formatBibEntry(typ, key string, fields []bibField) string {
	var b strings.Builder
	b.WriteString("@" + typ + "{" + key + ",\n")
	width := 0
	for _, f := range fields {
		width = max(width, len(f.name))
	}
	for _, f := range fields {
		v := f.value
		if !f.raw {
			v = "{" + v + "}"
		}
		fmt.Fprintf(&b, "  %-*s = %s,\n", width, f.name, v)
	}
	b.WriteString("}\n")
	return b.String()
}

// genreLabel: a poster is a speech, which BibTeX has no entry type for, so
// @misc and @online say "Poster" (the record's genre) instead of the type.
func genreLabel(r record.Record, typ, label string) string {
	if r.Genre != "" && (typ == "misc" || typ == "online") {
		return r.Genre
	}
	return label
}

// bibFields collects an entry's fields in the order they are written.
type bibFields []bibField

// add escapes a text value for TeX; an empty value is no field.
func (fs *bibFields) add(name, value string) {
	if value = bibText(value); value != "" {
		*fs = append(*fs, bibField{name: name, value: tex.Escape(value)})
	}
}

// addRaw adds a value already in BibTeX syntax (braced or a macro).
func (fs *bibFields) addRaw(name, value string) {
	if value != "" {
		*fs = append(*fs, bibField{name: name, value: value, raw: true})
	}
}

// addVerbatim adds an identifier or URL as it is, when it is safe to.
func (fs *bibFields) addVerbatim(name, value string) {
	if value != "" && tex.VerbatimSafe(value) {
		*fs = append(*fs, bibField{name: name, value: value, verbatim: true})
	}
}

// bibEntry writes an entry in the type bibType picks when the record has
// every field that type requires; otherwise as @misc, which requires only
// a title (and, for BibLaTeX, a date), so no entry fails its validator.
func bibEntry(e *entry, biblatex bool) (string, []bibField) {
	typ, container, label := bibType(e.rec.Type, biblatex)
	typ = thesisEntry(typ, e.rec, biblatex)
	typ = editedEntry(typ, e.rec, biblatex)
	label = genreLabel(e.rec, typ, label)
	version := entryVersion(e)
	fs := bibFieldsOf(e.rec, typ, container, label, version, biblatex)
	if missingRequired(typ, fs, biblatex) {
		typ, container = "misc", "howpublished"
		if !biblatex {
			label = csltypes.Of(e.rec.Type).Label
		}
		label = genreLabel(e.rec, typ, label)
		fs = bibFieldsOf(e.rec, typ, container, label, version, biblatex)
	}
	if !biblatex && !fs.has("author") {
		// plain.bst sorts and labels an entry without authors by its key
		// field, and warns "to sort, need author or key" without one
		fs.add("key", firstOf(bibText(e.rec.Title), e.key))
	}
	fs.user(e, biblatex)
	fs.standardFields(e, typ, biblatex)
	if biblatex {
		fs.funding(e.rec.Funding)
		return typ, withAnnotation(dedupe(fs), e)
	}
	return typ, dedupe(fs)
}

// bibNumberFits says whether the issue goes in "number". In @inproceedings,
// @incollection and @book "number" is the number in a series, which plain.bst
// refuses beside a volume ("can't use both volume and number fields"); a
// journal issue is a number only in @article, and there plain.bst warns
// "there's a number but no volume" for a journal numbered by issue alone
// (DataCite's "No 1-2 (2018)"), so BibTeX leaves it to BibLaTeX, CSL and RIS.
func bibNumberFits(typ string, hasVolume, biblatex bool) bool {
	if typ == "article" {
		return hasVolume || biblatex
	}
	return !hasVolume
}

// bibFieldsOf collects the fields of an entry of type typ, keeping only
// the fields that type declares (BibLaTeX validates them; BibTeX styles
// ignore the rest, but volume beside number is a warning in plain.bst).
func bibFieldsOf(r record.Record, typ, container, label, version string, biblatex bool) bibFields {
	var fs bibFields
	accepts := bibAccepts(typ, biblatex)
	fs.addRaw("author", bibNames(r.Authors))
	if editorWritten(typ, r, accepts, biblatex) {
		fs.addRaw("editor", bibNames(r.Editors))
	}
	if t := bibText(r.Title); t != "" {
		// the outer braces keep the title's capitals from styles that
		// sentence-case titles ("DNA" must not become "dna")
		fs.addRaw("title", "{{"+tex.Escape(t)+"}}")
	}
	fs.container(r, container, accepts["publisher"])
	fs.date(r.Issued, biblatex)
	if accepts["eventtitle"] {
		fs.add("eventtitle", wording.EventTitle(r)) // the conference, as CSL's event-title (biblatex's manual, §2.2.2)
	}
	if accepts["volume"] {
		fs.add("volume", r.Volume)
	}
	if accepts["number"] && bibNumberFits(typ, fs.has("volume"), biblatex) {
		fs.add("number", r.Issue)
	}
	if accepts["pages"] {
		fs.add("pages", bibPages(r.Pages))
	}
	switch {
	case typ == "thesis" && biblatex:
		fs.add("type", thesisLabel(r, biblatex))
		fs.add("institution", r.Publisher)
	case typ == "report" && biblatex:
		fs.add("type", label)
		fs.add("institution", r.Publisher)
	case typ == "phdthesis" || typ == "mastersthesis":
		fs.add("type", thesisLabel(r, biblatex))
	}
	if accepts["version"] {
		fs.add("version", version)
	}
	if !biblatex && (typ == "misc" || typ == "techreport") {
		// BibTeX has no version field: plain.bst prints the note
		fs.add("note", bibNote(label, version))
	}
	switch {
	case !biblatex || r.Genre == "":
	case typ == "misc":
		fs.add("type", r.Genre) // BibLaTeX's @misc has a type field
	case typ == "online" && !fs.has("note"):
		fs.add("note", r.Genre) // @online has no type field (biber --validate-datamodel refuses it)
	}
	fs.links(r, biblatex)
	fs.language(r.Language, biblatex)
	if accepts["isbn"] && len(r.IDs.ISBN) > 0 {
		fs.add("isbn", r.IDs.ISBN[0])
	}
	if accepts["issn"] && len(r.IDs.ISSN) > 0 {
		fs.add("issn", r.IDs.ISSN[0])
	}
	return fs
}

func (fs bibFields) has(name string) bool {
	for _, f := range fs {
		if f.name == name {
			return true
		}
	}
	return false
}

// bibRules are, per entry type, the fields it requires and the optional
// fields render writes that it accepts. BibLaTeX's come from its data
// model, blx-dm.def (\DeclareDatamodelConstraints and
// \DeclareDatamodelEntryfields:
// https://github.com/plk/biblatex/blob/dev/tex/latex/biblatex/blx-dm.def),
// which biber --validate-datamodel enforces; every type also needs a date.
// BibTeX's come from plain.bst's output.check calls (the fields it warns
// "empty … in" about), e.g. FUNCTION {article}: author, title, journal, year.
var bibRules = map[bool]map[string]struct{ required, accepts []string }{
	true: {
		"article":       {[]string{"author", "title", "journaltitle", "date"}, []string{"volume", "number", "pages", "issn"}},
		"inproceedings": {[]string{"author", "title", "booktitle", "date"}, []string{"editor", "publisher", "volume", "number", "pages", "isbn", "eventtitle"}},
		"inbook":        {[]string{"author", "title", "booktitle", "date"}, []string{"editor", "publisher", "volume", "number", "pages", "isbn"}},
		"book":          {[]string{"author", "title", "date"}, []string{"editor", "publisher", "volume", "number", "pages", "isbn"}},
		"collection":    {[]string{"editor", "title", "date"}, []string{"editor", "publisher", "volume", "number", "pages", "isbn"}},
		"report":        {[]string{"author", "title", "type", "institution", "date"}, []string{"number", "pages"}},
		"thesis":        {[]string{"author", "title", "type", "institution", "date"}, []string{"pages"}},
		"online":        {[]string{"title", "date"}, []string{"version"}},
		"dataset":       {[]string{"title", "date"}, []string{"publisher", "number", "version"}},
		"software":      {[]string{"title", "date"}, []string{"version"}},
		"misc":          {[]string{"title", "date"}, []string{"version"}},
	},
	false: {
		"article":       {[]string{"author", "title", "journal", "year"}, []string{"volume", "number", "pages", "issn"}},
		"inproceedings": {[]string{"author", "title", "booktitle", "year"}, []string{"editor", "publisher", "volume", "number", "pages", "isbn"}},
		"incollection":  {[]string{"author", "title", "booktitle", "publisher", "year"}, []string{"editor", "publisher", "volume", "number", "pages", "isbn"}},
		"book":          {[]string{"author", "title", "publisher", "year"}, []string{"editor", "publisher", "volume", "number", "isbn"}},
		"techreport":    {[]string{"author", "title", "institution", "year"}, []string{"number", "pages"}},
		"phdthesis":     {[]string{"author", "title", "school", "year"}, nil},
		"mastersthesis": {[]string{"author", "title", "school", "year"}, nil},
		"misc":          {nil, nil},
	},
}

func bibAccepts(typ string, biblatex bool) map[string]bool {
	accepts := map[string]bool{}
	for _, f := range bibRules[biblatex][typ].accepts {
		accepts[f] = true
	}
	return accepts
}

// missingRequired reports whether an entry lacks a field its type requires.
// A missing title is not one: @misc requires it as much (in BibLaTeX), and
// demoting a titleless journal article would also drop its volume, issue
// and pages (#20, item 7); the validators name the gap instead.
func missingRequired(typ string, fs bibFields, biblatex bool) bool {
	for _, f := range bibRules[biblatex][typ].required {
		if !fs.has(f) && f != "title" && !(f == "author" && editorStandsIn(typ, fs, biblatex)) {
			return true
		}
	}
	return false
}

// editedEntry is BibLaTeX's @collection for a book with editors and no
// author: its data model requires an author of @book and an editor of
// @collection ("a single-volume collection with multiple, self-contained
// contributions by distinct authors", biblatex's manual), which is an
// edited book. BibTeX's @book takes either (editorStandsIn).
func editedEntry(typ string, r record.Record, biblatex bool) string {
	if biblatex && typ == "book" && len(r.Authors) == 0 && len(r.Editors) > 0 {
		return "collection"
	}
	return typ
}

// editorWritten reports whether an entry of type typ carries the
// editors. BibTeX's @book takes an author or an editor, never both
// (plain.bst warns "can't use both author and editor fields"): a book
// with authors is cited by them. BibLaTeX's @misc takes "author/editor"
// (blx-dm.def), so a chapter or report with editors and no author, which
// lacks the author its own type requires, is still cited by its editors;
// beside an author they would read as the item's own editors.
func editorWritten(typ string, r record.Record, accepts map[string]bool, biblatex bool) bool {
	switch {
	case !biblatex && typ == "book":
		return len(r.Authors) == 0
	case biblatex && typ == "misc":
		return len(r.Authors) == 0
	}
	return accepts["editor"]
}

// editorStandsIn reports an entry whose editor fills its author's place:
// plain.bst's FUNCTION {book} checks "author and editor" (either one),
// and prints and sorts by the editor when there is no author.
func editorStandsIn(typ string, fs bibFields, biblatex bool) bool {
	return !biblatex && typ == "book" && fs.has("editor")
}

// container adds the journal, book or publisher, in the field bibType chose.
func (fs *bibFields) container(r record.Record, field string, publisher bool) {
	switch field {
	case "":
	case "publisher", "school": // a thesis's school is its record's publisher (thesis.go)
		fs.add(field, firstOf(bibText(r.Publisher), bibText(r.Container)))
	default:
		fs.add(field, firstOf(bibText(r.Container), bibText(r.Publisher)))
		if publisher { // proceedings and edited books have a publisher of their own
			fs.add("publisher", r.Publisher)
		}
	}
}

// date adds BibLaTeX's date at its precision, or BibTeX's year and month.
func (fs *bibFields) date(d record.Date, biblatex bool) {
	if biblatex {
		if !d.IsZero() {
			fs.addRaw("date", "{"+d.String()+"}")
		}
		return
	}
	if d.Year > 0 {
		fs.addRaw("year", "{"+strconv.Itoa(d.Year)+"}")
	}
	if m := d.Month; m >= 1 && m <= 12 {
		fs.addRaw("month", monthMacros[m-1])
	}
}

// links adds the DOI, a URL, the arXiv eprint and the PubMed iD.
func (fs *bibFields) links(r record.Record, biblatex bool) {
	fs.addVerbatim("doi", r.IDs.DOI)
	if r.IDs.DOI != "" && !tex.VerbatimSafe(r.IDs.DOI) {
		fs.addVerbatim("url", wording.DOIURL(r.IDs.DOI))
	}
	fs.addVerbatim("url", wording.CitationURL(r))
	if r.IDs.ArXiv != "" {
		fs.addVerbatim("eprint", r.IDs.ArXiv)
		if biblatex {
			fs.addRaw("eprinttype", "{arxiv}")
		} else {
			fs.addRaw("archiveprefix", "{arXiv}")
		}
	}
	fs.pubmed(r.IDs.PMID, r.IDs.ArXiv != "", biblatex)
}

// pubmed adds a PubMed iD. BibLaTeX cites it as an eprint of type pubmed
// (biblatex manual, "Electronic Publishing Information": https://ctan.org/pkg/biblatex;
// https://tex.stackexchange.com/questions/155532/biblatex-and-pubmed-pubmed-central-ids),
// which an entry has only one of, so an arXiv eprint keeps the field.
// BibTeX has no field for it: pmid is the conventional name, which
// plain.bst ignores without a warning (the bibtex validator test runs it).
func (fs *bibFields) pubmed(pmid string, hasEprint, biblatex bool) {
	switch {
	case pmid == "":
	case !biblatex:
		fs.addVerbatim("pmid", pmid)
	case !hasEprint:
		fs.addVerbatim("eprint", pmid)
		fs.addRaw("eprinttype", "{pubmed}")
	}
}

// dedupe keeps the first of two fields with the same name (url from a
// DOI that is not verbatim-safe, then the landing page).
func dedupe(fs []bibField) []bibField {
	seen := map[string]bool{}
	out := fs[:0]
	for _, f := range fs {
		if !seen[f.name] {
			seen[f.name] = true
			out = append(out, f)
		}
	}
	return out
}

// bibType is the entry type of a CSL type (csltypes.md), the field the
// container goes in ("" for none), and a label for what the entry type
// cannot say: BibTeX's @misc says the type in its note, BibLaTeX's
// @thesis and @report in their type field.
func bibType(t string, biblatex bool) (typ, container, label string) {
	row := csltypes.Of(t)
	kind := row.BibTeX
	if biblatex {
		kind = row.BibLaTeX
	}
	if (!biblatex && kind.Entry == "misc") || (biblatex && (kind.Entry == "thesis" || kind.Entry == "report")) {
		label = row.Label
	}
	return kind.Entry, kind.Container, label
}

var monthMacros = [12]string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

// bibNames writes an author list: "Family, Given" for split names, a
// braced literal for organisations (so "Bill and Melinda Gates Foundation"
// stays one name), joined by " and ".
func bibNames(authors []record.Author) string {
	var parts []string
	for _, a := range authors {
		given, family := bibText(a.Given), bibText(a.Family)
		switch {
		case family != "":
			n := bibFamily(family)
			if given != "" {
				n += ", " + bibNamePart(given)
			}
			parts = append(parts, n)
		case given != "":
			parts = append(parts, "{"+tex.Escape(given)+"}")
		case bibText(a.Name) != "":
			parts = append(parts, "{"+tex.Escape(bibText(a.Name))+"}")
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "{" + strings.Join(parts, " and ") + "}"
}

// bibFamily is a family name's part of a BibTeX name, braced whole where
// a reader would split it. A family name of several words that opens with
// a capital is one name: "Álvarez García", "Öztürk Fincan" (BibTeX's file
// writes the first letter as a special character, "{\'A}lvarez", and
// pandoc's reader takes a word opening with a brace for a lower-case
// "von", filing the person under García, Fincan) and "Van der Meer" (a
// capitalised particle is the family's, #32; BibTeX's and pandoc's "von"
// rule would file it under Meer). A family that opens with a lower-case
// particle ("de la Fuente") is left to BibTeX's von, as are ASCII names
// of capitalised words only ("Garcia Marquez"), which every reader keeps.
func bibFamily(family string) string {
	n := bibNamePart(family)
	words := strings.Fields(family)
	first, _ := utf8.DecodeRuneInString(family)
	if len(words) < 2 || strings.HasPrefix(n, "{") {
		return n
	}
	if !unicode.IsUpper(first) {
		return bibParticlesFirst(words)
	}
	if slices.ContainsFunc(words, startsNonASCII) || slices.ContainsFunc(words[1:len(words)-1], startsLower) {
		return "{" + n + "}"
	}
	return n
}

// bibParticlesFirst is a family name that opens with lower-case
// particles ("de la Vega Álvarez"): the particles stay BibTeX's von, and
// the capitalised rest is braced whole when a word of it opens with a
// non-ASCII letter, which pandoc would take for one more particle
// ("de la Vega {\'A}lvarez" was filed under Álvarez, particle "de la Vega").
func bibParticlesFirst(words []string) string {
	k := slices.IndexFunc(words, func(w string) bool { return !startsLower(w) })
	if k < 0 || len(words)-k < 2 || !slices.ContainsFunc(words[k:], startsNonASCII) || slices.ContainsFunc(words[k:], startsLower) {
		return bibNamePart(strings.Join(words, " "))
	}
	return bibNamePart(strings.Join(words[:k], " ")) + " {" + bibNamePart(strings.Join(words[k:], " ")) + "}"
}

// startsNonASCII: BibTeX's file writes the word's first letter as a
// special character, which pandoc takes for a lower-case "von" wherever
// the word stands ("Le {\'E}tang" was filed under Étang, particle Le).
func startsNonASCII(word string) bool {
	r, _ := utf8.DecodeRuneInString(word)
	return r >= utf8.RuneSelf
}

func startsLower(word string) bool {
	r, _ := utf8.DecodeRuneInString(word)
	return unicode.IsLower(r)
}

// bibNamePart escapes one part of a name and braces it when it holds a
// comma or the word "and", which would otherwise split the name.
func bibNamePart(s string) string {
	v := tex.Escape(s)
	for _, w := range strings.Fields(strings.ToLower(s)) {
		if w == "and" {
			return "{" + v + "}"
		}
	}
	if strings.Contains(s, ",") {
		return "{" + v + "}"
	}
	return v
}

// bibPages writes a page range with the en-dash BibTeX expects ("--").
// Only a range of page numbers is one ("12-19", "e1234-e1240", "S12-S15",
// "xii-xv"): an article number with a hyphen in it
// ("ENEURO.0019-23.2023") is written as it is.
func bibPages(s string) string {
	s = wording.Clean(s)
	if strings.Contains(s, "--") {
		return s
	}
	for _, dash := range []string{"–", "—", "-"} {
		if a, b, ok := strings.Cut(s, dash); ok && pageNumber.MatchString(strings.TrimSpace(a)) && pageNumber.MatchString(strings.TrimSpace(b)) {
			return strings.TrimSpace(a) + "--" + strings.TrimSpace(b)
		}
	}
	return s
}

// pageNumber is one end of a page range: a number with a letter or three
// before it and one after, or a Roman numeral.
var pageNumber = regexp.MustCompile(`^(?:[A-Za-z]{0,3}[0-9]+[A-Za-z]?|[ivxlcdmIVXLCDM]+)$`)

// bibText is a text as a field holds it: without control characters
// (those that are white space become spaces), its spaces collapsed, so
// that a value of nothing but control characters is no field and no name.
func bibText(s string) string {
	return wording.Clean(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && !unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s))
}

func firstOf(values ...string) string {
	for _, v := range values {
		if wording.Clean(v) != "" {
			return v
		}
	}
	return ""
}

// bibNote is a BibTeX note: the type label, then the version ("Software,
// v1.0"; "Software, version 2.3").
func bibNote(label, version string) string {
	v := wording.VersionPhrase(version)
	switch {
	case label == "":
		return v
	case v == "":
		return label
	}
	return label + ", " + strings.Replace(v, "Version ", "version ", 1)
}
