package importbib

import (
	"bytes"
	"cmp"
	"regexp"
	"slices"
	"strings"

	"github.com/aboutscholar/about/manifest"
)

// RIS is read as the RIS Format Specifications (Research Information
// Systems, Reference Manager; Thomson Reuters 2011) write it and as real
// exports stretch it, the way Zotero's RIS translator reads them
// (zotero/translators, RIS.js: RISReader and its fieldMap): a tag is two
// characters, a capital and a capital or digit, then one or two spaces,
// "-" and, unless the value is empty, a space ("ER  -" and "ER  - " both
// end an entry); a line that is no tag continues the value before it; a
// TY without an ER before it starts the next entry, and an entry the file
// ends in is kept; text outside an entry (a database's "Record #1 of 2")
// is skipped.
var risTag = regexp.MustCompile(`^([A-Z][A-Z0-9]) {1,2}-(?: (.*))?$`)

// lineSeparators are the Unicode line breaks some services (Atypon) cut
// long RIS lines with; RIS.js reads each as a space.
var lineSeparators = strings.NewReplacer("\u2028", " ", "\u2029", " ")

// risField is one tag and its value, at its line.
type risField struct {
	tag, value string
	line       int
	used       bool
}

// ReadRIS reads a RIS file's entries: each one's key is its ID, its line
// its TY's. A byte-order mark, CRLF line ends, trailing spaces, the
// Unicode line separators some services break lines with (as RIS.js
// cleans them) and a missing last ER are read as exports write them.
func ReadRIS(name string, src []byte) ([]Entry, []string) {
	src = bytes.TrimPrefix(src, []byte("\uFEFF"))
	var out []Entry
	var cur []risField
	start := 0
	finish := func() {
		if len(cur) > 0 {
			out = append(out, risEntry(name, start, cur))
		}
		cur = nil
	}
	for i, line := range strings.Split(string(src), "\n") {
		line = strings.TrimRight(lineSeparators.Replace(line), " \t\r")
		m := risTag.FindStringSubmatch(line)
		switch {
		case m == nil && len(cur) > 0: // a value's next line
			if t := strings.TrimSpace(line); t != "" {
				last := &cur[len(cur)-1]
				last.value = strings.TrimSpace(last.value + risJoin(last.tag) + t)
			}
		case m == nil: // outside an entry
		case m[1] == "ER":
			finish()
		default:
			if m[1] == "TY" {
				finish()
			}
			if len(cur) == 0 {
				start = i + 1
			}
			cur = append(cur, risField{tag: m[1], value: strings.TrimSpace(m[2]), line: i + 1})
		}
	}
	finish()
	markDuplicates(out)
	return out, nil
}

// risJoin is what joins a value's lines: keywords and links are one a
// line (RIS.js keeps their newlines), other text runs on.
func risJoin(tag string) string {
	switch tag {
	case "KW", "UR", "L1", "L2", "L3", "L4":
		return "\n"
	}
	return " "
}

// risTypes are RIS's reference types (TY) as CSL 1.0.2 types: the
// specification's list, each as the CSL type of the same kind where CSL
// has one (STAND a standard, PAMP a pamphlet, LEGAL a regulation), else as
// RIS.js's importTypeMap reads it (ABST, INPR and JFULL a journal article,
// EBOOK a book, CTLG a magazine article, MULTI a video, WEB, which EndNote
// writes, a web page).
var risTypes = map[string]string{
	"ABST": "article-journal", "ADVS": "motion_picture", "AGGR": "dataset", "ANCIENT": "classic", "ART": "graphic",
	"BILL": "bill", "BLOG": "post-weblog", "BOOK": "book", "CASE": "legal_case", "CHAP": "chapter", "CHART": "graphic",
	"CLSWK": "classic", "COMP": "software", "CONF": "paper-conference", "CPAPER": "paper-conference",
	"CTLG": "article-magazine", "DATA": "dataset", "DBASE": "dataset", "DICT": "entry-dictionary", "EBOOK": "book",
	"ECHAP": "chapter", "EDBOOK": "book", "EJOUR": "article-journal", "ELEC": "webpage", "ENCYC": "entry-encyclopedia",
	"EQUA": "document", "FIGURE": "figure", "GEN": "document", "GOVDOC": "report", "GRNT": "document", "HEAR": "hearing",
	"ICOMM": "personal_communication", "INPR": "article-journal", "JFULL": "article-journal", "JOUR": "article-journal",
	"LEGAL": "regulation", "MANSCPT": "manuscript", "MAP": "map", "MGZN": "article-magazine", "MPCT": "motion_picture",
	"MULTI": "motion_picture", "MUSIC": "song", "NEWS": "article-newspaper", "PAMP": "pamphlet", "PAT": "patent",
	"PCOMM": "personal_communication", "RPRT": "report", "SER": "periodical", "SLIDE": "speech", "SOUND": "song",
	"STAND": "standard", "STAT": "legislation", "THES": "thesis", "UNBILL": "bill", "UNPB": "manuscript",
	"UNPD": "manuscript", "VIDEO": "motion_picture", "WEB": "webpage",
}

// risEditorTag is the tag that holds the editors of an entry of each
// type besides ED (which is always its editors), as RIS.js's fieldMap
// reads them: A2 of an article, chapter, conference paper, dictionary or
// encyclopedia entry or generic document; A3 of a book (whose A2 is its
// series editor).
func risEditorTag(ty string) string {
	switch risTypes[ty] {
	case "book":
		return "A3"
	case "article-journal", "chapter", "paper-conference", "entry-dictionary", "entry-encyclopedia", "document":
		return "A2"
	}
	return ""
}

// risVenueTags are the tags that may name the container an entry is in,
// best first, by CSL type: a conference paper's proceedings title (C3)
// before its conference (T2); a chapter's book (T2, BT); a book's T2 is
// its series, so a book has none. JO and JA, which Atypon and most
// databases write as the journal's abbreviation, come after the full name.
func risVenueTags(csl string) []string {
	switch csl {
	case "book", "report", "thesis", "software", "dataset", "patent", "manuscript", "map", "classic", "periodical":
		return nil
	case "paper-conference":
		return []string{"C3", "T2", "BT", "JF", "JO"}
	case "chapter":
		return []string{"T2", "BT"}
	}
	return []string{"JF", "T2", "BT", "JO", "JA", "J2"}
}

// risFields are one entry's tags, in file order.
type risFields []risField

// take is the first value of the first of tags given, marked used.
func (fields risFields) take(tags ...string) string {
	for _, t := range tags {
		for i := range fields {
			if fields[i].tag == t && fields[i].value != "" && !fields[i].used {
				fields[i].used = true
				return fields[i].value
			}
		}
	}
	return ""
}

// all is every value of tags, in file order, marked used.
func (fields risFields) all(tags ...string) []string {
	var out []string
	for i := range fields {
		if fields[i].value != "" && slices.Contains(tags, fields[i].tag) {
			fields[i].used = true
			out = append(out, fields[i].value)
		}
	}
	return out
}

// risEntry is one entry's Entry: the fields the record, key, tags and
// identifiers take, and every other tag kept under its name.
func risEntry(file string, line int, list []risField) Entry {
	fields := risFields(list)
	e := Entry{File: file, Line: line}
	r := &e.Record
	ty := ""
	if fields[0].tag == "TY" {
		ty = strings.ToUpper(fields[0].value)
		r.Type = risTypes[ty]
		// a type the specification does not list is kept as written
		fields[0].used = r.Type != "" || ty == ""
	}
	e.Key = fields.take("ID")
	r.Title = fields.take("TI", "T1", "CT")
	if r.Title == "" && r.Type == "book" {
		r.Title = fields.take("BT")
	}
	r.Authors = fields.all("AU", "A1")
	editors := []string{"ED"}
	if t := risEditorTag(ty); t != "" {
		editors = append(editors, t)
	}
	r.Editors = fields.all(editors...)
	r.Venue = fields.take(risVenueTags(r.Type)...)
	r.Publisher = fields.take("PB")
	r.Volume = fields.take("VL")
	r.Issue = fields.take("IS")
	r.Pages = risPages(fields.take("SP"), fields.take("EP"))
	r.Date = risDate(fields)
	r.Abstract = fields.take("AB", "N2")
	r.URL = risURL(fields)
	for _, kw := range fields.all("KW") {
		for _, w := range strings.Split(kw, "\n") {
			if w = strings.TrimSpace(w); w != "" {
				e.Tags = append(e.Tags, w)
			}
		}
	}
	e.Found, e.Fields = risRest(fields, r.URL)
	return e
}

// risPages joins a start and end page; a start page that holds a range
// ("476-481") is kept whole.
func risPages(sp, ep string) string {
	switch {
	case sp == "" || ep == "" || strings.ContainsAny(sp, "-–"):
		return cmp.Or(sp, ep)
	}
	return sp + "-" + ep
}

// risDate is the most complete of an entry's dates: DA (YYYY/MM/DD/other),
// PY (the year; older exports write it YYYY/MM/DD/ too), Y1 (the old
// specification's date), as RIS.js prefers DA over PY when it says more.
// The one taken is marked used; "" when none names a year ("PY  - 0000").
func risDate(fields []risField) string {
	best, at := "", -1
	for _, t := range []string{"DA", "PY", "Y1"} {
		for i := range fields {
			if fields[i].tag != t || fields[i].used {
				continue
			}
			if d := dateText(fields[i].value); len(d) > len(best) {
				best, at = d, i
			}
			break
		}
	}
	if at >= 0 {
		fields[at].used = true
	}
	return best
}

// risURL is the entry's first http(s) UR (UR may hold several, one a
// line); the UR is marked used when it held only that one.
func risURL(fields []risField) string {
	for i := range fields {
		if fields[i].tag != "UR" {
			continue
		}
		for _, u := range strings.Split(fields[i].value, "\n") {
			u = strings.TrimSpace(u)
			if strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
				fields[i].used = u == strings.TrimSpace(fields[i].value)
				return u
			}
		}
	}
	return ""
}

// risRest reads the identifiers (DO whole; a DOI, arXiv, PubMed or PMC
// link or mention in any other tag but the abstracts, N1 and M3 included,
// where databases write "doi: …") and keeps every tag the record did not
// take as a field under its name: its value, or its values in file order
// when it is repeated.
func risRest(fields []risField, url string) (Found, []manifest.CustomField) {
	var texts []TextField
	var custom []manifest.CustomField
	at := map[string]int{}
	for _, f := range fields {
		switch {
		case f.tag == "DO":
			texts = append(texts, TextField{Name: "DO", Kind: manifest.KindDOI, Value: f.value})
			continue
		case f.tag != "AB" && f.tag != "N2":
			texts = append(texts, TextField{Name: f.tag, Value: f.value})
		}
		if f.used || f.value == "" {
			continue
		}
		i, seen := at[f.tag]
		if !seen {
			at[f.tag] = len(custom)
			custom = append(custom, manifest.CustomField{Name: f.tag, Value: f.value, Line: f.line})
			continue
		}
		switch v := custom[i].Value.(type) {
		case string:
			custom[i].Value = []string{v, f.value}
		case []string:
			custom[i].Value = append(v, f.value)
		}
	}
	if url != "" {
		texts = append(texts, TextField{Name: "UR", Value: url})
	}
	return FindText(texts), custom
}
