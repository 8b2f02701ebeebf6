package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"net/url"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/csltypes"
	"github.com/aboutscholar/about/render/htmlview"
	"github.com/aboutscholar/about/render/shape"
	"github.com/aboutscholar/about/render/wording"

	"github.com/aboutscholar/about/render/output"
)

// The html-site format: the html page as the site's index.html, each
// entry linking to a page of its own under works/, which Google Scholar
// can index. Scholar indexes a site's papers from one page per work whose
// <head> carries Highwire Press citation_* meta tags; its rules, which
// the comments below cite, are Google Scholar's "Inclusion Guidelines for
// Webmasters", https://scholar.google.com/intl/en/scholar/inclusion.html#indexing.

// workPagesDir is the folder of the work pages, under the site's root.
const workPagesDir = "works"

// workPagePath is an entry's page, relative to the site's root, named
// by its key as a file name (e.file: unique, and safe on every system).
func workPagePath(file string) string { return workPagesDir + "/" + file + ".html" }

// htmlSiteFiles are the list page (index.html, as the html format writes
// it, each entry linking to its page) and one page per entry.
func htmlSiteFiles(p *page, emit func(output.File) error) error {
	v := htmlViewOf(p, true)
	index := output.File{Path: "index.html", Write: func(w *bufio.Writer) error { return writeHTMLPage(w, p, v) }}
	if err := emit(index); err != nil {
		return err
	}
	for _, e := range p.shown {
		var buf bytes.Buffer
		wv, err := workViewOf(p, e, v.Credits)
		if err != nil {
			return err
		}
		if err := htmlview.WorkTemplate.ExecuteTemplate(&buf, "work", wv); err != nil {
			return err
		}
		if err := emit(output.File{Path: workPagePath(e.file), Data: buf.Bytes(), Work: e.id}); err != nil {
			return err
		}
	}
	return nil
}

// workViewOf is an entry's page; credits are the list page's footer,
// which every page of the site shares.
func workViewOf(p *page, e *entry, credits []htmlview.Link) (htmlview.Work, error) {
	ld, err := workJSONLD(e)
	if err != nil {
		return htmlview.Work{}, err
	}
	byYear := *p // a work page says what the work is, as a page by year does
	byYear.group = ByYear
	canonical := ""
	if p.site != "" {
		canonical = p.site + workPagePath(e.file)
	}
	v := htmlview.Work{
		Title:      e.titleOf(),
		Canonical:  canonical,
		CSS:        template.CSS(htmlview.PageCSS + htmlview.WorkCSS),
		JSONLD:     template.JS(ld),
		Meta:       scholarTags(e, canonical),
		Back:       "../index.html#" + e.anchor,
		BackText:   p.pageTitle(),
		Venue:      htmlVenue(&byYear, e),
		Chips:      htmlChips(p, e),
		Abstract:   withoutMarkup(e.rec.Abstract),
		Funding:    FundingText(e.rec.Funding),
		BibTeX:     bibEntryText(e, false),
		Credits:    credits,
		ProjectURL: projectURL,
		User:       htmlUserOf(e),
		Citations: []htmlview.Citation{
			{Style: "APA", Parts: apaCitation(e)},
			{Style: "As listed", Parts: listedCitation(e)},
		},
	}
	_, v.Credited = htmlEntryMembers(p, e)
	if e.user != nil { // the list page's styles for what only these put on a page, so other pages keep their bytes
		v.CSS += template.CSS(htmlview.UserCSS)
	}
	if v.Credited != "" {
		v.CSS += template.CSS(htmlview.LabCSS)
	}
	for i, a := range e.rec.Authors {
		v.Authors = append(v.Authors, htmlview.Author{Name: wording.AuthorName(a), Me: i < len(e.self) && e.self[i], Mark: e.mark(i)})
	}
	return v, nil
}

func workJSONLD(e *entry) (string, error) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(shape.LDWorkPage{Context: "https://schema.org", LDWork: ldWorkOf(e)}); err != nil {
		return "", err
	}
	return strings.TrimSpace(buf.String()), nil
}

// scholarTags are a work page's citation_* meta tags. The guidelines ask
// for one citation_title; one citation_author per author ("Smith, John"
// or "John Smith", "each author name in a separate tag"); a
// citation_publication_date ("full dates in the "2010/5/12" format if
// available; or a year alone otherwise"); the venue tag, journal or
// conference "for journal and conference papers", the institution "for
// theses, dissertations, and technical reports"; volume, issue,
// first and last page; and citation_pdf_url for "the full text ... in a
// separate file" (the user's own PDF first, as al-folio's pdf is); and
// citation_abstract_html_url, the page's own address (pageURL), when the
// site's is known. Values are plain text: the
// data's own markup (Crossref's <i>, JATS) is dropped, and html/template
// escapes the rest.
func scholarTags(e *entry, pageURL string) []htmlview.MetaTag {
	r := e.rec
	var tags []htmlview.MetaTag
	add := func(name, value string) {
		if v := scholarText(value); v != "" {
			tags = append(tags, htmlview.MetaTag{Name: name, Content: v})
		}
	}
	add("citation_title", e.titleOf())
	for _, a := range r.Authors {
		add("citation_author", scholarAuthor(a))
	}
	add("citation_publication_date", scholarDate(r.Issued))
	publisher := r.Publisher
	// The type table's scholar column names the venue's tag (csltypes.md).
	switch tag := csltypes.Of(r.Type).Scholar; tag {
	case "journal_title", "conference_title":
		add("citation_"+tag, r.Container)
	case "dissertation_institution", "technical_report_institution":
		add("citation_"+tag, firstOf(wording.Clean(r.Publisher), wording.Clean(r.Container)))
		publisher = "" // named as the institution
	}
	add("citation_volume", r.Volume)
	add("citation_issue", r.Issue)
	first, last := pageBounds(r.Pages)
	add("citation_firstpage", first)
	add("citation_lastpage", last)
	for _, n := range r.IDs.ISSN {
		add("citation_issn", n)
	}
	for _, n := range r.IDs.ISBN {
		add("citation_isbn", n)
	}
	add("citation_doi", r.IDs.DOI)
	add("citation_pdf_url", firstOf(userPDF(e, pageURL), pdfURL(r)))
	add("citation_publisher", publisher)
	add("citation_abstract_html_url", pageURL)
	return tags
}

// userPDF is the user's own [[work]] pdf as Scholar's citation_pdf_url:
// an absolute address of a file ending ".pdf" (the guidelines' "PDF
// file that ends with .pdf"), a site path joined to the site's root
// through the page's own address; "" without one, or for a site path on
// a page whose address is not known (no --site-url).
func userPDF(e *entry, pageURL string) string {
	if e.user == nil {
		return ""
	}
	link := e.userLink("pdf")
	ref, err := url.Parse(link)
	if link == "" || err != nil || !strings.HasSuffix(strings.ToLower(ref.Path), ".pdf") {
		return ""
	}
	if ref.IsAbs() {
		return link
	}
	base, err := url.Parse(pageURL)
	if pageURL == "" || err != nil {
		return ""
	}
	return base.ResolveReference(ref).String()
}

// ParseSiteURL reads the address html-site is served at: an absolute
// http or https URL without query or fragment, returned ending "/" so a
// page's path joins it (https://ada.example.org/papers → …/papers/).
func ParseSiteURL(s string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	switch {
	case err != nil:
		return "", fmt.Errorf("site URL %q: %w", s, err)
	case u.Scheme != "http" && u.Scheme != "https" || u.Host == "":
		return "", fmt.Errorf("site URL %q is not an absolute http or https address", s)
	case u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return "", fmt.Errorf("site URL %q has a query, a fragment or a user: give the folder the site is served from", s)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
		u.RawPath = ""
	}
	return wording.WebURL(u.String()), nil
}

// scholarAuthor is an author as the guidelines write one, family name
// first ("Smith, John"); a name in Han, Hangul or kana as it is written
// there; a name without parts (an organisation) as given.
func scholarAuthor(a record.Author) string {
	given, family := wording.Clean(a.Given), wording.Clean(a.Family)
	switch {
	case family != "" && given != "" && wording.EastAsian(given) && wording.EastAsian(family):
		return family + given // as the page writes it (wording.AuthorName): "李小龙"
	case family != "" && given != "":
		return family + ", " + given
	case family != "":
		return family
	}
	return wording.Clean(a.Display())
}

// scholarDate is a date as the guidelines take it: 2010/5/12 when the
// day is known, else the year alone (a month without its day is no date
// they name); "" for none.
func scholarDate(d record.Date) string {
	switch {
	case d.Year == 0:
		return ""
	case d.Month > 0 && d.Day > 0:
		return fmt.Sprintf("%d/%d/%d", d.Year, d.Month, d.Day)
	}
	return fmt.Sprintf("%d", d.Year)
}

// pageBounds splits a page range into its first and last page ("101–110",
// "101-110"); an article number or a single page is the first page alone.
func pageBounds(pages string) (first, last string) {
	pr := wording.PageRange(wording.Clean(pages))
	if a, b, ok := strings.Cut(pr, "–"); ok {
		return a, b
	}
	return pr, ""
}

// formattingTags are the elements of the markup records carry in titles
// and names (HTML's inline elements, Crossref's JATS and MathML, which
// come with a prefix): scholarText drops them. Other text in angle
// brackets ("Fast & <Furious>") is the title's own and stays.
var formattingTags = map[string]bool{
	"i": true, "b": true, "em": true, "strong": true, "sub": true, "sup": true, "u": true,
	"sc": true, "span": true, "small": true, "tt": true, "italic": true, "bold": true,
	"p": true, "br": true, "scp": true, "inline-formula": true, "math": true,
}

// scholarText is a value as Scholar's tags take it: plain text on one
// line, without the data's formatting markup.
func scholarText(s string) string {
	return wording.Clean(markupTag.ReplaceAllStringFunc(s, func(tag string) string {
		name := strings.ToLower(markupTag.FindStringSubmatch(tag)[1])
		prefixed := strings.Contains(name, ":")
		if _, local, ok := strings.Cut(name, ":"); ok {
			name = local
		}
		if !prefixed && !formattingTags[name] {
			return tag
		}
		if blockTags[name] {
			return " "
		}
		return ""
	}))
}

// apaAuthorLimit is how many authors APA 7 lists before it cuts the
// list to the first 19, an ellipsis and the last.
const apaAuthorLimit = 20

// apaCitation is the work in the shape of an APA 7 reference: authors
// (family name, initials), (year), title, the container in italics with
// volume(issue) and pages — or, for a work that stands alone (a dataset,
// software, a preprint), the title in italics with its kind in brackets
// and where it was published — then the DOI link. It is APA's order and
// punctuation only: about has no CSL processor, so titles keep their case.
func apaCitation(e *entry) []htmlview.CitePart {
	r := e.rec
	var parts []htmlview.CitePart
	text := func(s string) { parts = append(parts, htmlview.CitePart{Text: s}) }
	italic := func(s string) { parts = append(parts, htmlview.CitePart{Text: s, Italic: true}) }
	date := "(n.d.). "
	if y := r.Issued.Year; y > 0 {
		date = fmt.Sprintf("(%d). ", y)
	}
	names := apaAuthors(r.Authors)
	if names != "" {
		text(wording.Sentence(names) + " " + date)
	}
	container := wording.Clean(r.Container)
	if !apaInContainer(r.Type) {
		container = ""
	}
	if container == "" {
		italic(strings.TrimSuffix(wording.Sentence(e.titleOf()), "."))
		if label := apaLabel[csltypes.Of(r.Type).Group]; label != "" {
			text(" [" + label + "]")
		}
		text(". ")
	} else {
		text(wording.Sentence(e.titleOf()) + " ")
	}
	if names == "" { // APA moves the title to the author's place
		text(date)
	}
	if container != "" {
		if apaInBook(r.Type) {
			text("In ")
		}
		italic(container)
		apaDetail(r, text, italic)
		text(". ")
	}
	where := firstOf(wording.Clean(r.Publisher), wording.Clean(r.Container))
	if apaInBook(r.Type) || r.Type == "book" {
		where = wording.Clean(r.Publisher)
	}
	if where != "" && container == "" || apaInBook(r.Type) && where != "" {
		text(wording.Sentence(where) + " ")
	}
	if u := titleURL(r); u != "" {
		text(u)
	}
	parts[len(parts)-1].Text = strings.TrimSpace(parts[len(parts)-1].Text)
	return parts
}

// apaInContainer reports whether APA cites a type within its container:
// the articles section's types (journal, magazine and newspaper
// articles, reviews, conference papers) and a book's chapter; every other
// type stands alone.
func apaInContainer(t string) bool { return csltypes.Of(t).Group == "articles" || t == "chapter" }

// apaInBook reports whether APA cites a type as a part of a book: "In
// Title (pp. 1–9). Publisher." A chapter is; so is a paper in published
// proceedings, which APA 7 cites as an edited book's chapter
// (https://apastyle.apa.org/style-grammar-guidelines/references/examples/conference-proceeding-references).
func apaInBook(t string) bool { return t == "chapter" || t == "paper-conference" }

// apaLabel is the bracketed description APA 7 gives a work that is not a
// paper, by its page section (typeGroups).
var apaLabel = map[string]string{
	"datasets": "Data set", "software": "Computer software", "preprints": "Preprint",
}

// apaDetail is what follows the container: ", 12(3), 45–67" for a
// journal (", 3, Article e01567" for an article number), " (Vol. 3,
// pp. 45–67)" for a chapter or a paper in proceedings.
func apaDetail(r record.Record, text, italic func(string)) {
	pages := wording.PageRange(wording.Clean(r.Pages))
	if apaInBook(r.Type) {
		text(apaBookDetail(wording.Clean(r.Volume), pages))
		return
	}
	if v := wording.Clean(r.Volume); v != "" {
		text(", ")
		italic(v)
	}
	if i := wording.Clean(r.Issue); i != "" {
		text("(" + i + ")")
	}
	if articleNumber.MatchString(pages) {
		text(", Article " + pages) // APA 7: "the word "Article" and then the article number"
	} else if pages != "" {
		text(", " + pages)
	}
}

// apaBookDetail is the volume and pages of a part of a book, " (Vol. 12,
// pp. 45–67)", "p." for a single page; "" for neither.
func apaBookDetail(volume, pages string) string {
	var in []string
	if volume != "" {
		in = append(in, "Vol. "+volume)
	}
	switch {
	case strings.Contains(pages, "–"):
		in = append(in, "pp. "+pages)
	case pages != "":
		in = append(in, "p. "+pages)
	}
	if len(in) == 0 {
		return ""
	}
	return " (" + strings.Join(in, ", ") + ")"
}

// articleNumber is a pages value that is an article number, not a page:
// a letter and four or more digits (eLife's e01567, PLOS's e0123456), a
// leading zero (Physical Review's 036001), or six or more digits. A page
// is written none of these ways.
var articleNumber = regexp.MustCompile(`^(?:[A-Za-z][0-9]{4,}|0[0-9]+|[0-9]{6,})$`)

// apaAuthors is APA's author list: "Lovelace, A., Babbage, C., & Somerville, M.".
func apaAuthors(authors []record.Author) string {
	var names []string
	for _, a := range authors {
		if n := apaName(a); n != "" {
			names = append(names, n)
		}
	}
	switch n := len(names); {
	case n == 0:
		return ""
	case n == 1:
		return names[0]
	case n > apaAuthorLimit:
		return strings.Join(names[:apaAuthorLimit-1], ", ") + ", … " + names[n-1]
	default:
		return strings.Join(names[:n-1], ", ") + ", & " + names[n-1]
	}
}

// apaName is "Family, G. M." (a hyphenated given name keeps its hyphen:
// "J.-P."); a name without parts as given.
func apaName(a record.Author) string {
	given, family := wording.Clean(a.Given), wording.Clean(a.Family)
	if given != "" && family != "" && wording.EastAsian(given) && wording.EastAsian(family) {
		return family + given // initials are no part of a name in Han, Hangul or kana
	}
	if family == "" {
		return wording.Clean(a.Display())
	}
	var initials []string
	for _, word := range strings.Fields(given) {
		var parts []string
		for _, part := range strings.Split(word, "-") {
			if r, _ := utf8.DecodeRuneInString(part); r != utf8.RuneError {
				parts = append(parts, string(unicode.ToUpper(r))+".")
			}
		}
		if len(parts) > 0 {
			initials = append(initials, strings.Join(parts, "-"))
		}
	}
	if len(initials) == 0 {
		return family
	}
	return family + ", " + strings.Join(initials, " ")
}

// listedCitation is the work as the list page writes it: authors, title,
// where it appeared, version and date.
func listedCitation(e *entry) []htmlview.CitePart {
	var parts []htmlview.CitePart
	text := func(s string) { parts = append(parts, htmlview.CitePart{Text: s}) }
	if names := authorList(e, func(s string) string { return s }, func(s string) string { return s }); names != "" {
		text(names + ". ")
	}
	text(wording.Sentence(e.titleOf()))
	in, container, detail := wording.Venue(e.rec)
	if container != "" {
		if in != "" {
			text(" " + in)
		}
		text(" ")
		parts = append(parts, htmlview.CitePart{Text: container, Italic: true})
		if detail != "" {
			text(", " + detail)
		}
		text(".")
	} else if detail != "" {
		text(" " + wording.Sentence(detail))
	}
	if v := wording.VersionPhrase(entryVersion(e)); v != "" {
		text(" " + wording.Sentence(v))
	}
	if d := wording.LongDate(e.rec.Issued); d != "" {
		text(" " + d + ".")
	}
	return parts
}
