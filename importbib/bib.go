package importbib

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/bibfile"
	"github.com/aboutscholar/about/manifest"
)

// bibTypes are the CSL types of the BibTeX and BibLaTeX entry types, as
// pandoc's BibTeX reader maps them (citeproc's Citeproc.BibTeX,
// https://github.com/jgm/citeproc/blob/master/src/Citeproc/BibTeX.hs)
// and the biblatex manual (§2.1) describes them. @misc is typed by what
// it holds (miscType).
var bibTypes = map[string]string{
	"article": "article-journal", "book": "book", "mvbook": "book", "booklet": "pamphlet", "collection": "book",
	"mvcollection": "book", "proceedings": "book", "mvproceedings": "book", "reference": "book", "mvreference": "book",
	"inbook": "chapter", "incollection": "chapter", "suppbook": "chapter", "suppcollection": "chapter", "bookinbook": "chapter",
	"inreference": "entry-encyclopedia", "inproceedings": "paper-conference", "conference": "paper-conference",
	"manual": "report", "report": "report", "techreport": "report", "thesis": "thesis", "phdthesis": "thesis",
	"mastersthesis": "thesis", "online": "webpage", "electronic": "webpage", "www": "webpage", "patent": "patent",
	"periodical": "periodical", "unpublished": "manuscript", "dataset": "dataset", "software": "software",
	"artwork": "graphic", "audio": "song", "music": "song", "video": "motion_picture", "movie": "motion_picture",
	"performance": "performance", "standard": "standard", "letter": "personal_communication", "review": "review",
	"jurisdiction": "legal_case", "legislation": "legislation", "image": "graphic",
}

// alFolioLinks are al-folio's link fields (its _layouts/bib.liquid,
// https://github.com/alshedivat/al-folio/blob/main/_layouts/bib.liquid)
// and the [[work]] link each is, with the folder bib.liquid puts a
// value without "://" under (render's alFolioPath is the way back).
var alFolioLinks = []struct{ field, kind, under string }{
	{"pdf", "pdf", "/assets/pdf/"}, {"supp", "supplement", "/assets/pdf/"}, {"poster", "poster", "/assets/pdf/"},
	{"slides", "slides", "/assets/pdf/"}, {"code", "code", ""}, {"video", "video", ""}, {"blog", "blog", ""},
	{"website", "website", ""},
}

// recordFields are the fields an entry's own record is read from (or,
// for the identifier fields, its identity): the manifest keeps them as
// the [[work]]'s fields, not as custom ones.
var recordFields = []string{
	"title", "author", "editor", "journal", "journaltitle", "booktitle", "publisher", "school", "institution",
	"year", "month", "date", "volume", "number", "issue", "pages", "url", "abstract", "keywords",
	"doi", "eprint", "eprinttype", "archiveprefix", "arxiv", "pmid", "pmcid", "crossref", "xdata",
}

// FromBib reads a parsed BibTeX or BibLaTeX file's entries as import
// entries: their identifiers, their own record (crossref and xdata
// parents' fields included, as biber reads them), al-folio's links, and
// every other field of their own as a custom field.
func FromBib(f *bibfile.File) []Entry {
	out := make([]Entry, 0, len(f.Entries))
	for _, e := range f.Entries {
		out = append(out, fromBibEntry(f, e))
	}
	return out
}

func fromBibEntry(f *bibfile.File, e *bibfile.Entry) Entry {
	out := Entry{File: f.Name, Line: e.Line, Key: e.Key, Found: Find(e)}
	switch {
	case e.Broken || e.Key == "":
		out.Problem = "a syntax error: " + entryProblem(f, e)
		return out
	case e.Duplicate:
		out.Problem = fmt.Sprintf("a duplicate key: BibTeX and biber read only the first %s (%s:%d)", e.Key, f.Name, f.Lookup(e.Key).Line)
		return out
	}
	text := func(names ...string) string {
		for _, n := range names {
			if fl, ok := e.Get(n); ok {
				if t := cleanText(fl.Text()); t != "" {
					return t
				}
			}
		}
		return ""
	}
	r := &out.Record
	r.Type = bibType(e)
	r.Title = text("title")
	r.Venue = text("journaltitle", "journal", "booktitle")
	if r.Type == "article-journal" && arXivVenue(r.Venue) && hasArXiv(out.Found) {
		r.Type = "article" // a preprint (arXivVenue)
	}
	r.Publisher = text("publisher", "school", "institution")
	r.Volume, r.Issue = text("volume"), text("number", "issue")
	r.Pages = strings.ReplaceAll(text("pages"), "--", "-")
	r.Abstract = text("abstract")
	r.Authors, r.Editors = bibNames(e, "author"), bibNames(e, "editor")
	r.Date = bibDate(e, &out)
	if u := text("url"); u != "" {
		if webURL(u) {
			r.URL = u
		} else {
			out.Lost = append(out.Lost, fmt.Sprintf("url %q (not an http(s) address)", u))
		}
	}
	if k, ok := e.Get("keywords"); ok {
		out.Tags = splitTags(k.Text())
	}
	out.fromAlFolio(e)
	return out
}

// bibType is the entry's CSL type: @misc by what it holds (an arXiv
// preprint is an article; a talk or anything else a document).
func bibType(e *bibfile.Entry) string {
	if t, ok := bibTypes[e.Type]; ok {
		return t
	}
	if e.Type == "misc" {
		for _, id := range Find(e).IDs {
			if id.Kind == manifest.KindArXiv {
				return "article"
			}
		}
	}
	return "document"
}

// bibNames is a name list as the manifest writes names: "von Last, First"
// (a Jr. after the family name), a corporate name in braces whole.
func bibNames(e *bibfile.Entry, field string) []string {
	fl, ok := e.Get(field)
	if !ok {
		return nil
	}
	var out []string
	for _, n := range bibfile.Names(fl.Value) {
		if n.Others {
			continue // "and others": the record's list is what is named
		}
		family := cleanText(bibfile.Text(strings.TrimSpace(n.Von + " " + n.Last)))
		if n.Jr != "" {
			family += " " + cleanText(bibfile.Text(n.Jr))
		}
		given := cleanText(bibfile.Text(n.First))
		switch {
		case n.Corporate || (given == "" && strings.Contains(family, " ")):
			out = append(out, "{"+strings.NewReplacer("{", "", "}", "").Replace(family)+"}")
		case family == "" && given == "":
		case given == "":
			out = append(out, family)
		default:
			out = append(out, family+", "+given)
		}
	}
	return out
}

// arXivVenue says whether a journal field names arXiv itself, as Google
// Scholar ("arXiv preprint arXiv:2405.08645"), NASA ADS ("arXiv
// e-prints") and DBLP ("CoRR") export a preprint as an @article: with
// the entry's arXiv id it is a preprint, CSL's "article" (as the arXiv
// service types it), not a journal article.
func arXivVenue(v string) bool {
	v = strings.ToLower(v)
	return strings.HasPrefix(v, "arxiv") || v == "corr"
}

func hasArXiv(f Found) bool {
	return slices.ContainsFunc(f.IDs, func(id manifest.Identity) bool { return id.Kind == manifest.KindArXiv })
}

var (
	yearOnly  = regexp.MustCompile(`^[0-9]{4}$`)
	dateStart = regexp.MustCompile(`^([0-9]{4})(-[0-9]{2})?(-[0-9]{2})?`)
	months    = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}
)

// bibDate is the entry's date as the manifest writes one: biblatex's
// date (the start of a range), else year and month; what cannot be read
// as a date ("in press", "2021a") is said to be lost.
func bibDate(e *bibfile.Entry, out *Entry) string {
	if d, ok := e.Get("date"); ok {
		if m := dateStart.FindString(strings.TrimSpace(d.Value)); m != "" && validDate(m) {
			return m
		}
		out.Lost = append(out.Lost, fmt.Sprintf("date %q (not a date)", d.Value))
	}
	y, ok := e.Get("year")
	if !ok {
		return ""
	}
	year := strings.TrimSpace(bibfile.Text(y.Value))
	if !yearOnly.MatchString(year) {
		out.Lost = append(out.Lost, fmt.Sprintf("year %q (not a year)", y.Value))
		return ""
	}
	if m, ok := e.Get("month"); ok {
		if n := monthNumber(m.Value); n > 0 {
			return fmt.Sprintf("%s-%02d", year, n)
		}
		out.Lost = append(out.Lost, fmt.Sprintf("month %q (not a month)", m.Value))
	}
	return year
}

func validDate(s string) bool {
	_, err := manifest.Parse("", []byte("[[work]]\nkey = \"k\"\ntitle = \"t\"\ndate = \""+s+"\"\n"))
	return err == nil
}

// monthNumber reads a month as BibTeX files write it: a number, or a
// month's name or abbreviation (the jan…dec macros expand to names).
func monthNumber(v string) int {
	s := strings.ToLower(strings.Trim(strings.TrimSpace(v), "."))
	if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= 12 {
		return n
	}
	if len(s) >= 3 {
		if i := slices.Index(months, s[:3]); i >= 0 {
			return i + 1
		}
	}
	return 0
}

// fromAlFolio takes al-folio's links, preview image and award into the
// [[work]]'s own keys, and every other field of the entry's own that is
// not its record as a custom field, its BibTeX value as written (macros
// expanded): render writes it back under the same name.
func (out *Entry) fromAlFolio(e *bibfile.Entry) {
	links := map[string]string{}
	for _, fl := range e.Fields {
		name, value := fl.Name, strings.TrimSpace(fl.Value)
		if slices.Contains(recordFields, name) || value == "" {
			continue
		}
		if i := slices.IndexFunc(alFolioLinks, func(l struct{ field, kind, under string }) bool { return l.field == name }); i >= 0 {
			if u := sitePath(value, alFolioLinks[i].under); u != "" {
				links[alFolioLinks[i].kind] = u
				continue
			}
		}
		switch name {
		case "preview":
			if u := sitePath(value, "/assets/img/publication_preview/"); u != "" {
				out.Image = u
				continue
			}
		case "award":
			if t := cleanText(fl.Text()); t != "" {
				out.Award = t
				continue
			}
		}
		out.custom(fl)
	}
	for _, kind := range manifest.WorkLinkKinds() {
		if u, ok := links[kind]; ok {
			out.Links = append(out.Links, manifest.WorkLink{Kind: kind, URL: u})
		}
	}
}

// custom keeps a field under its name, as written. A name the manifest
// cannot hold is said to be lost.
func (out *Entry) custom(fl bibfile.Field) {
	name := fl.NameWritten
	if !customName.MatchString(name) {
		out.Lost = append(out.Lost, fmt.Sprintf("%s (a field name the manifest cannot hold)", name))
		return
	}
	value := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, fl.Value)
	out.Fields = append(out.Fields, manifest.CustomField{Name: name, Value: value})
}

var customName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`)

// sitePath is an al-folio link value as the manifest holds it: a URL as
// it is, a site path as it is, and a bare file name under the folder
// al-folio puts it in (under); "" when it is none of those.
func sitePath(v, under string) string {
	switch {
	case webURL(v):
		return v
	case strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//") && !strings.ContainsFunc(v, unicode.IsSpace):
		return v
	case under != "" && !strings.Contains(v, "://") && !strings.HasPrefix(v, "/") && !strings.ContainsFunc(v, unicode.IsSpace):
		return under + v
	}
	return ""
}

func webURL(s string) bool {
	return (strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")) && len(s) > len("https://") &&
		!strings.ContainsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) })
}

// splitTags reads keywords as BibTeX files write them, comma- or
// semicolon-separated, each once.
func splitTags(s string) []string {
	var out []string
	for _, t := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' }) {
		t = cleanText(t)
		if t != "" && !slices.ContainsFunc(out, func(o string) bool { return strings.EqualFold(o, t) }) {
			out = append(out, t)
		}
	}
	return out
}

// cleanText is text with its white space runs one space and no control
// or invisible character: the manifest refuses them.
func cleanText(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || invisible(r) && r != 0x200d {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}
