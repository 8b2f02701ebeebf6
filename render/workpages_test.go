package render

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/htmlview"
	"github.com/aboutscholar/about/render/output"
	"github.com/aboutscholar/about/render/wording"
)

// parseHTMLScript reads each HTML file named on its command line with
// Python's html.parser, a real HTML tokenizer that knows nothing of
// about's templates, and prints what a crawler reads of it: every
// <meta name> with its content and whether it stands in <head>, every
// link, every id, and the JSON-LD scripts' text.
const parseHTMLScript = `
import json, sys
from html.parser import HTMLParser

VOID = {"meta", "link", "br", "img", "input", "hr", "source", "wbr"}

class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open, self.meta, self.hrefs, self.ids, self.jsonld, self.canonical = [], [], [], [], [], []
        self.ld = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and "name" in a:
            self.meta.append({"name": a["name"], "content": a.get("content"), "head": "head" in self.open and "body" not in self.open})
        if tag == "link" and a.get("rel") == "canonical":
            self.canonical.append(a.get("href"))
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "script" and a.get("type") == "application/ld+json":
            self.ld = ""
        if tag not in VOID:
            self.open.append(tag)
    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()
    def handle_endtag(self, tag):
        if tag == "script" and self.ld is not None:
            self.jsonld.append(self.ld)
            self.ld = None
        if tag in self.open:
            while self.open.pop() != tag:
                pass
    def handle_data(self, data):
        if self.ld is not None:
            self.ld += data

out = {}
for name in sys.argv[1:]:
    p = Page()
    with open(name, encoding="utf-8") as f:
        p.feed(f.read())
    p.close()
    out[name] = {"meta": p.meta, "hrefs": p.hrefs, "ids": p.ids, "jsonld": p.jsonld, "unclosed": p.open, "canonical": p.canonical}
print(json.dumps(out))
`

// parsedPage is what parseHTMLScript reads of one page.
type parsedPage struct {
	Meta []struct {
		Name    string  `json:"name"`
		Content *string `json:"content"`
		Head    bool    `json:"head"`
	} `json:"meta"`
	Hrefs     []string `json:"hrefs"`
	IDs       []string `json:"ids"`
	JSONLD    []string `json:"jsonld"`
	Unclosed  []string `json:"unclosed"`
	Canonical []string `json:"canonical"`
}

// tags is every content of the named meta tag, in page order.
func (p parsedPage) tags(name string) []string {
	var out []string
	for _, m := range p.Meta {
		if m.Name == name && m.Content != nil {
			out = append(out, *m.Content)
		}
	}
	return out
}

// parseHTMLFiles parses the files under root with python3's html.parser.
func parseHTMLFiles(t *testing.T, root string, paths []string) map[string]parsedPage {
	t.Helper()
	python := tool(t, "python3")
	script := writeTemp(t, t.TempDir(), "parse.py", parseHTMLScript)
	args := []string{script}
	for _, p := range paths {
		args = append(args, filepath.Join(root, filepath.FromSlash(p)))
	}
	stdout, stderr, err := run(t, root, python, args...)
	if err != nil {
		t.Fatalf("python3 html.parser: %v\n%s", err, stderr)
	}
	var byFile map[string]parsedPage
	if err := json.Unmarshal([]byte(stdout), &byFile); err != nil {
		t.Fatalf("parser output: %v\n%s", err, stdout)
	}
	out := map[string]parsedPage{}
	for _, p := range paths {
		out[p] = byFile[filepath.Join(root, filepath.FromSlash(p))]
	}
	return out
}

// scholarDateForm is the publication date as the guidelines ask it:
// "2010/5/12", or a year alone.
var scholarDateForm = regexp.MustCompile(`^[0-9]{4}(/[0-9]{1,2}/[0-9]{1,2})?$`)

// formattingMarkup is markup a record's data carries (HTML's inline
// elements, JATS and MathML with their prefixes): none may reach a tag.
var formattingMarkup = regexp.MustCompile(`(?i)</?(i|b|em|strong|sub|sup|sc|span|p|br|[a-z]+:[a-z-]+)(\s[^>]*)?/?>`)

// TestWorkPagesMeetScholarsInclusionGuidelines writes the fixture's site
// through WriteFiles, parses every page with a real HTML parser and holds
// each work page to Google Scholar's inclusion guidelines
// (https://scholar.google.com/intl/en/scholar/inclusion.html#indexing):
// the tags in <head>, one citation_title, every author in the record's
// order, a publication date in the form asked, the journal or conference
// for papers, a PDF only where one is known, plain-text values; and the
// list page links every work page, every link to the site resolving to
// a file written.
func TestWorkPagesMeetScholarsInclusionGuidelines(t *testing.T) {
	f, person := fixture(t)
	const site = "https://ada.example.org/papers/"
	opts := Options{Format: HTMLSite, Person: person, Services: testServices(), SiteURL: site}
	files, err := RenderFiles(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	if _, err := output.WriteFiles(root, string(HTMLSite), files, false); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, file := range files {
		paths = append(paths, file.Path)
	}
	pages := parseHTMLFiles(t, root, paths)
	p := buildPage(f, opts)
	if len(files) != len(p.shown)+1 || files[0].Path != "index.html" {
		t.Fatalf("want index.html and one page per entry (%d), got %v", len(p.shown), paths)
	}
	for _, e := range p.shown {
		path := workPagePath(e.key)
		page, ok := pages[path]
		if !ok {
			t.Errorf("%s: no page %s", e.id, path)
			continue
		}
		checkScholarTags(t, path, page, e.rec, e.titleOf())
		checkWorkJSONLD(t, path, page, e.titleOf())
		if got := page.tags("citation_abstract_html_url"); len(got) != 1 || got[0] != site+path || !slices.Equal(page.Canonical, got) {
			t.Errorf("%s: citation_abstract_html_url %q, canonical %q, want both %s", path, got, page.Canonical, site+path)
		}
		if !slices.Contains(pages["index.html"].Hrefs, path) {
			t.Errorf("index.html does not link %s", path)
		}
	}
	for _, file := range paths {
		checkLinksResolve(t, root, file, pages)
	}
}

// checkScholarTags holds one page's citation_* tags to the guidelines.
func checkScholarTags(t *testing.T, file string, page parsedPage, r record.Record, title string) {
	t.Helper()
	for _, m := range page.Meta {
		if !strings.HasPrefix(m.Name, "citation_") {
			continue
		}
		v := ""
		if m.Content != nil {
			v = *m.Content
		}
		switch {
		case !m.Head:
			t.Errorf("%s: %s is outside <head>", file, m.Name)
		case v == "" || v != strings.TrimSpace(v) || strings.ContainsAny(v, "\n\r\t"):
			t.Errorf("%s: %s is %q: not one plain line", file, m.Name, v)
		case formattingMarkup.MatchString(v):
			t.Errorf("%s: %s holds markup: %q", file, m.Name, v)
		}
	}
	if got := page.tags("citation_title"); len(got) != 1 || got[0] != title {
		t.Errorf("%s: citation_title %q, want exactly one, %q", file, got, title)
	}
	var want []string
	for _, a := range r.Authors {
		switch {
		case a.Family != "" && a.Given != "" && wording.EastAsian(a.Given) && wording.EastAsian(a.Family):
			want = append(want, a.Family+a.Given)
		case a.Family != "" && a.Given != "":
			want = append(want, a.Family+", "+a.Given)
		default:
			want = append(want, a.Display())
		}
	}
	if got := page.tags("citation_author"); !slices.Equal(got, want) {
		t.Errorf("%s: citation_author\n got %q\nwant %q (every author, in order, family name first)", file, got, want)
	}
	checkScholarDate(t, file, page, r.Issued)
	checkScholarVenue(t, file, page, r)
	pdf := page.tags("citation_pdf_url")
	known := r.OA != nil && strings.HasSuffix(strings.ToLower(r.OA.URL), ".pdf")
	switch {
	case known && (len(pdf) != 1 || pdf[0] != r.OA.URL):
		t.Errorf("%s: citation_pdf_url %q, want the open-access PDF %s", file, pdf, r.OA.URL)
	case !known && len(pdf) > 0:
		t.Errorf("%s: citation_pdf_url %q, but no PDF is known", file, pdf)
	}
	if doi := page.tags("citation_doi"); r.IDs.DOI != "" && (len(doi) != 1 || doi[0] != r.IDs.DOI) {
		t.Errorf("%s: citation_doi %q, want %s", file, doi, r.IDs.DOI)
	}
}

func checkScholarDate(t *testing.T, file string, page parsedPage, d record.Date) {
	t.Helper()
	got := page.tags("citation_publication_date")
	if d.Year == 0 {
		if len(got) > 0 {
			t.Errorf("%s: citation_publication_date %q for an undated work", file, got)
		}
		return
	}
	want := fmt.Sprint(d.Year)
	if d.Month > 0 && d.Day > 0 {
		want = fmt.Sprintf("%d/%d/%d", d.Year, d.Month, d.Day)
	}
	if len(got) != 1 || !scholarDateForm.MatchString(got[0]) || got[0] != want {
		t.Errorf("%s: citation_publication_date %q, want exactly one, %q", file, got, want)
	}
}

// checkScholarVenue: a journal, magazine or newspaper article or a review
// names its journal, a conference paper its conference, and no other
// work either.
func checkScholarVenue(t *testing.T, file string, page parsedPage, r record.Record) {
	t.Helper()
	journal, conference := page.tags("citation_journal_title"), page.tags("citation_conference_title")
	switch r.Type {
	case "article-journal", "article-magazine", "article-newspaper", "review", "review-book":
		if len(journal) != 1 || journal[0] != wording.Clean(r.Container) || len(conference) > 0 {
			t.Errorf("%s: a journal article with citation_journal_title %q, citation_conference_title %q", file, journal, conference)
		}
	case "paper-conference":
		if len(conference) != 1 || conference[0] != wording.Clean(r.Container) || len(journal) > 0 {
			t.Errorf("%s: a conference paper with citation_conference_title %q, citation_journal_title %q", file, conference, journal)
		}
	default:
		if len(journal)+len(conference) > 0 {
			t.Errorf("%s: a %s with citation_journal_title %q, citation_conference_title %q", file, r.Type, journal, conference)
		}
	}
}

func checkWorkJSONLD(t *testing.T, file string, page parsedPage, title string) {
	t.Helper()
	if len(page.JSONLD) != 1 {
		t.Fatalf("%s: %d JSON-LD scripts, want 1", file, len(page.JSONLD))
	}
	var ld struct {
		Context string `json:"@context"`
		Type    string `json:"@type"`
		Name    string `json:"name"`
	}
	if err := json.Unmarshal([]byte(page.JSONLD[0]), &ld); err != nil {
		t.Fatalf("%s: JSON-LD: %v\n%s", file, err, page.JSONLD[0])
	}
	if ld.Context != "https://schema.org" || ld.Type == "" || ld.Name != title {
		t.Errorf("%s: JSON-LD %+v, want a schema.org work named %q", file, ld, title)
	}
	if len(page.Unclosed) > 0 {
		t.Errorf("%s: elements left open: %v", file, page.Unclosed)
	}
}

// checkLinksResolve: every link of a page that stays on the site names a
// file the render wrote, and its #fragment an id on that page.
func checkLinksResolve(t *testing.T, root, file string, pages map[string]parsedPage) {
	t.Helper()
	for _, href := range pages[file].Hrefs {
		if strings.Contains(href, "://") {
			continue
		}
		target, frag, _ := strings.Cut(href, "#")
		to := file
		if target != "" {
			to = path.Join(path.Dir(file), target)
		}
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(to))); err != nil {
			t.Errorf("%s links %s, which the render did not write", file, href)
			continue
		}
		if frag != "" && !slices.Contains(pages[to].IDs, frag) {
			t.Errorf("%s links %s, and %s has no id %q", file, href, to, frag)
		}
	}
}

// TestScholarTagsFromTheRecord: the tags of records the fixture lacks — a
// title with JATS and HTML markup (dropped, its words kept), a review (a
// journal's, as the type table says), a thesis and a report (the
// institution tags, not the publisher), a date with a month
// but no day (the year alone), an article number (a first page alone) and
// an author list longer than the list page shows (every author tagged).
func TestScholarTagsFromTheRecord(t *testing.T) {
	var many []record.Author
	for i := range 25 {
		many = append(many, record.Author{Given: "A", Family: fmt.Sprintf("Author%02d", i)})
	}
	cases := []struct {
		name string
		rec  record.Record
		want []htmlview.MetaTag
	}{
		{"markup", record.Record{
			Title: "The <i>E. coli</i> genome at 10<sup>6</sup> <jats:italic>reads</jats:italic>", Type: "article-journal",
			Authors: []record.Author{{Given: "Mary", Family: "Somerville"}}, Container: "Journal of <i>Bacteriology</i>",
			Issued: record.Date{Year: 2021, Month: 6}, Pages: "e1234",
		}, []htmlview.MetaTag{
			{Name: "citation_title", Content: "The E. coli genome at 106 reads"},
			{Name: "citation_author", Content: "Somerville, Mary"},
			{Name: "citation_publication_date", Content: "2021"},
			{Name: "citation_journal_title", Content: "Journal of Bacteriology"},
			{Name: "citation_firstpage", Content: "e1234"},
		}},
		{"thesis", record.Record{
			Title: "On engines", Type: "thesis", Authors: []record.Author{{Name: "Ada Lovelace"}},
			Publisher: "University of London", Issued: record.Date{Year: 1843, Month: 9, Day: 5},
		}, []htmlview.MetaTag{
			{Name: "citation_title", Content: "On engines"},
			{Name: "citation_author", Content: "Ada Lovelace"},
			{Name: "citation_publication_date", Content: "1843/9/5"},
			{Name: "citation_dissertation_institution", Content: "University of London"},
		}},
		{"review", record.Record{
			Title: "A review", Type: "review", Authors: []record.Author{{Given: "Mary", Family: "Somerville"}},
			Container: "Reviews of Engines", Volume: "2", Issued: record.Date{Year: 1834},
		}, []htmlview.MetaTag{
			{Name: "citation_title", Content: "A review"},
			{Name: "citation_author", Content: "Somerville, Mary"},
			{Name: "citation_publication_date", Content: "1834"},
			{Name: "citation_journal_title", Content: "Reviews of Engines"},
			{Name: "citation_volume", Content: "2"},
		}},
		{"report", record.Record{
			Title: "Engine tables", Type: "report", Authors: []record.Author{{Given: "Charles", Family: "Babbage"}},
			Publisher: "Royal Society", Issued: record.Date{Year: 1822},
		}, []htmlview.MetaTag{
			{Name: "citation_title", Content: "Engine tables"},
			{Name: "citation_author", Content: "Babbage, Charles"},
			{Name: "citation_publication_date", Content: "1822"},
			{Name: "citation_technical_report_institution", Content: "Royal Society"},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := scholarTags(&entry{id: "doi:10.5555/x", rec: c.rec}, ""); !slices.Equal(got, c.want) {
				t.Errorf("scholarTags\n got %q\nwant %q", got, c.want)
			}
		})
	}
	got := scholarTags(&entry{id: "doi:10.5555/many", rec: record.Record{Title: "Many", Authors: many}}, "")
	var authors []string
	for _, m := range got {
		if m.Name == "citation_author" {
			authors = append(authors, m.Content)
		}
	}
	if len(authors) != 25 || authors[0] != "Author00, A" || authors[24] != "Author24, A" {
		t.Errorf("25 authors give %d citation_author tags: %q", len(authors), authors)
	}
}

// TestAPACitation: APA 7's shapes for a journal article, a chapter, a data
// set, and a work with no author (the title takes the author's place).
func TestAPACitation(t *testing.T) {
	cases := []struct {
		rec  record.Record
		want string
	}{
		{record.Record{Title: "Bernoulli numbers", Type: "article-journal",
			Authors:   []record.Author{{Given: "Ada", Family: "Lovelace"}, {Given: "Jean-Paul Marie", Family: "Sartre"}},
			Container: "Notes", Volume: "3", Issue: "1", Pages: "1-9", Issued: record.Date{Year: 1843}, IDs: record.IDs{DOI: "10.5555/b"}},
			"Lovelace, A., & Sartre, J.-P. M. (1843). Bernoulli numbers. _Notes_, _3_(1), 1–9. https://doi.org/10.5555/b"},
		{record.Record{Title: "Engines", Type: "chapter", Authors: []record.Author{{Given: "Ada", Family: "Lovelace"}},
			Container: "Sketches", Publisher: "Taylor & Francis", Pages: "77–102", Issued: record.Date{Year: 2020}},
			"Lovelace, A. (2020). Engines. In _Sketches_ (pp. 77–102). Taylor & Francis."},
		{record.Record{Title: "Punch cards", Type: "dataset", Authors: []record.Author{{Name: "The Engine Group"}},
			Publisher: "Zenodo", Issued: record.Date{Year: 2022}, IDs: record.IDs{DOI: "10.5281/zenodo.1"}},
			"The Engine Group. (2022). _Punch cards_ [Data set]. Zenodo. https://doi.org/10.5281/zenodo.1"},
		{record.Record{Title: "A talk", Type: "speech"}, "_A talk_. (n.d.)."},
	}
	for _, c := range cases {
		var b strings.Builder
		for _, part := range apaCitation(&entry{id: "doi:10.5555/x", rec: c.rec}) {
			if part.Italic {
				b.WriteString("_" + part.Text + "_")
			} else {
				b.WriteString(part.Text)
			}
		}
		if b.String() != c.want {
			t.Errorf("apaCitation\n got %s\nwant %s", b.String(), c.want)
		}
	}
}

// TestParseSiteURL: --site-url is an absolute web address, returned as a
// folder (ending "/") a page's path joins; anything else is refused.
func TestParseSiteURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://ada.example.org":         "https://ada.example.org/",
		"https://ada.example.org/papers":  "https://ada.example.org/papers/",
		" http://ada.example.org/p/ ":     "http://ada.example.org/p/",
		"https://ada.example.org/a%20b/":  "https://ada.example.org/a%20b/",
		"https://ada.example.org/café/":   "https://ada.example.org/caf%C3%A9/",
		"ftp://ada.example.org/":          "",
		"ada.example.org":                 "",
		"https://ada.example.org/?page=2": "",
		"https://ada.example.org/#works":  "",
		"https://me@ada.example.org/":     "",
		"javascript:alert(1)":             "",
	} {
		got, err := ParseSiteURL(in)
		if want == "" && err == nil || want != "" && (err != nil || got != want) {
			t.Errorf("ParseSiteURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// Without --site-url a work page names no address of its own: the tags
// and the canonical link need an absolute one.
func TestWorkPageWithoutSiteURLHasNoAddress(t *testing.T) {
	f, person := fixture(t)
	files, err := RenderFiles(f, Options{Format: HTMLSite, Person: person})
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		if s := string(file.Data); strings.Contains(s, "citation_abstract_html_url") || strings.Contains(s, `rel="canonical"`) {
			t.Errorf("%s names an address without a site URL", file.Path)
		}
	}
}

// On the hostile folder (every value HTML syntax somewhere) each page of
// the site is well-formed XML, as the list page is, holds no element or
// meta tag the data put there, and links only to the web, to an anchor
// or to a page of the site.
func TestWorkPagesKeepHostileValuesAsText(t *testing.T) {
	hostile, person := hostileFolder()
	files, err := RenderFiles(hostile, Options{Format: HTMLSite, Person: person, Counts: true, SiteURL: "https://ada.example.org/"})
	if err != nil {
		t.Fatal(err)
	}
	fixed := map[string]bool{"viewport": true, "color-scheme": true, "generator": true}
	site := regexp.MustCompile(`^(works/[a-z0-9]+\.html|\.\./index\.html#[a-z0-9]+)$`)
	for _, file := range files[1:] {
		scripts := 0
		for _, el := range startElements(t, file.Path, string(file.Data)) {
			if el.Name.Local == "script" || el.Name.Local == "b" {
				scripts++
			}
			attr := map[string]string{}
			for _, a := range el.Attr {
				attr[a.Name.Local] = a.Value
			}
			if name, ok := attr["name"]; el.Name.Local == "meta" && ok && !fixed[name] && !strings.HasPrefix(name, "citation_") {
				t.Errorf("%s: meta %q", file.Path, name)
			}
			if h, ok := attr["href"]; ok && !strings.HasPrefix(h, "https://") && !strings.HasPrefix(h, "http://") && !site.MatchString(h) {
				t.Errorf("%s: link %q", file.Path, h)
			}
		}
		if scripts != 1 { // the JSON-LD; the data's <b> is text
			t.Errorf("%s: %d script or b elements, want the JSON-LD alone", file.Path, scripts)
		}
	}
}

// index.html is the html page, grouped and counted as asked, with one
// line more per entry: the link to its page.
func TestSiteIndexIsTheHTMLPageWithLinks(t *testing.T) {
	f, person := fixture(t)
	link := regexp.MustCompile(`(?m)^<p class="links"><a class="page" href="works/([a-z0-9]+)\.html">Work page</a></p>\n`)
	for _, opts := range []Options{{Group: ByYear}, {Group: ByType, Counts: true}} {
		opts.Person, opts.Services = person, testServices()
		opts.Format = HTML
		page := renderString(t, f, opts)
		opts.Format = HTMLSite
		files, err := RenderFiles(f, opts)
		if err != nil {
			t.Fatal(err)
		}
		index := string(files[0].Data)
		if n := len(link.FindAllString(index, -1)); n != len(files)-1 {
			t.Errorf("%s: %d work page links for %d work pages", opts.Group, n, len(files)-1)
		}
		if link.ReplaceAllString(index, "") != page {
			t.Errorf("%s: index.html is not the html page with its links", opts.Group)
		}
	}
}
