package render

import (
	"html"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"go.yaml.in/yaml/v3"
)

// The fields each theme's templates read, with the template file each was
// read from (a front-matter or data field not listed is one no template
// of the theme reads, so it would be dead weight or a typo).
var (
	// academicpages/academicpages.github.io _includes/archive-single.html
	// (post.title, post.link, post.venue, post.date, post.excerpt,
	// post.citation, post.paperurl, post.slidesurl, post.bibtexurl,
	// post.collection), _pages/publications.html (post.category, the
	// section) and markdown_generator/publications.py (collection,
	// permalink, the fields it writes).
	academicPagesFields = []string{"title", "link", "venue", "date", "excerpt", "citation", "paperurl", "slidesurl", "bibtexurl", "collection", "category", "permalink"}
	// greenelab/lab-website-template _includes/citation.html (link, image,
	// title, authors, publisher, date, tags, repo, extra-links) and
	// _cite/cite.py (id, by which pages find a citation).
	labWebsiteFields = []string{"id", "link", "image", "title", "authors", "publisher", "date", "tags", "repo", "extra-links",
		// and, since v1 (commit ec23a34), description and buttons
		// (type, text, link: _includes/button.html; types from _data/types.yaml)
		"description", "buttons"}
	// HugoBlox/hugo-blox-builder (as wowchemy) layouts/publication/single.html
	// (title, authors, date, publication_types, publication, abstract,
	// featured via the page lists) and layouts/partials/page_links.html
	// (doi, url_pdf, url_code, url_dataset, links).
	hugoBloxFields = []string{"title", "authors", "date", "publication_types", "publication", "abstract", "featured", "doi", "url_pdf", "url_code", "url_dataset", "links",
		// page_links.html's other links, the tags taxonomy and the
		// author list's author_notes (layouts/partials/page_metadata_authors.html)
		"url_poster", "url_project", "url_slides", "url_video", "tags", "author_notes"}
	// alshedivat/al-folio _layouts/bib.liquid: the custom entry fields it
	// reads beside BibTeX's own.
	alFolioFields = []string{"abbr", "arxiv", "pdf", "html", "code", "abstract", "bibtex_show", "selected",
		// and the links, preview, award and annotation the user's [[work]] gives
		"supp", "video", "blog", "poster", "slides", "website", "preview", "award", "award_name", "annotation"}
)

// frontMatter splits a Markdown page's YAML front matter from its body
// and decodes it.
func frontMatter(t *testing.T, name string, data []byte) map[string]any {
	t.Helper()
	s := string(data)
	if !strings.HasPrefix(s, "---\n") {
		t.Fatalf("%s: no front matter", name)
	}
	end := strings.Index(s[4:], "\n---\n")
	if end < 0 {
		t.Fatalf("%s: front matter not closed", name)
	}
	var fm map[string]any
	if err := yaml.Unmarshal([]byte(s[4:4+end]), &fm); err != nil {
		t.Fatalf("%s: front matter is not YAML: %v", name, err)
	}
	return fm
}

func onlyFields(t *testing.T, what string, m map[string]any, allowed []string) {
	t.Helper()
	for k := range m {
		if !inList(allowed, k) {
			t.Errorf("%s: field %q is not one the theme reads", what, k)
		}
	}
}

func fixtureEntries(t *testing.T) (*folder.Folder, Person, *page) {
	t.Helper()
	f, person := fixture(t)
	return f, person, buildPage(f, Options{Person: person, Group: ByYear})
}

// academicpages: one page per entry under _publications/, whose front
// matter holds only fields the theme reads, with every title, a date
// Jekyll parses, and the publications collection.
func TestAcademicPagesFrontMatterIsWhatTheThemeReads(t *testing.T) {
	f, person, p := fixtureEntries(t)
	files, err := RenderFiles(f, Options{Format: AcademicPages, Person: person})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(p.shown) {
		t.Fatalf("%d files for %d entries", len(files), len(p.shown))
	}
	date := regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	titles := map[string]bool{}
	for _, file := range files {
		if !strings.HasPrefix(file.Path, "_publications/") || !strings.HasSuffix(file.Path, ".md") {
			t.Errorf("file %s is not in _publications/", file.Path)
		}
		fm := frontMatter(t, file.Path, file.Data)
		onlyFields(t, file.Path, fm, academicPagesFields)
		if fm["collection"] != "publications" || fm["citation"] == "" {
			t.Errorf("%s: collection %v, citation %v", file.Path, fm["collection"], fm["citation"])
		}
		if c := fm["category"]; c != "books" && c != "manuscripts" && c != "conferences" {
			t.Errorf("%s: category %v is none of the three academicpages' _config.yml declares", file.Path, c)
		}
		if d, ok := fm["date"].(string); ok && !date.MatchString(d) {
			t.Errorf("%s: date %q", file.Path, d)
		}
		titles[html.UnescapeString(fm["title"].(string))] = true
	}
	for _, e := range p.shown {
		if !titles[e.titleOf()] {
			t.Errorf("no page for %q", e.titleOf())
		}
	}
}

// Lab Website Template: _data/citations.yaml is a list of maps with only
// the fields its citation include reads, authors as strings, dates as
// YYYY-MM-DD.
func TestLabWebsiteCitationsAreWhatTheTemplateReads(t *testing.T) {
	f, person, p := fixtureEntries(t)
	var items []map[string]any
	if err := yaml.Unmarshal([]byte(renderString(t, f, Options{Format: LabWebsite, Person: person})), &items); err != nil {
		t.Fatal(err)
	}
	if len(items) != len(p.shown) {
		t.Fatalf("%d citations for %d entries", len(items), len(p.shown))
	}
	for i, it := range items {
		onlyFields(t, "citation "+it["id"].(string), it, labWebsiteFields)
		// the page shows the text: the template prints the value as HTML
		if title := html.UnescapeString(it["title"].(string)); title != p.shown[i].titleOf() {
			t.Errorf("citation %d title %v, want %q", i, title, p.shown[i].titleOf())
		}
		if authors, ok := it["authors"].([]any); ok {
			for _, a := range authors {
				if _, ok := a.(string); !ok {
					t.Errorf("author %v is not a string", a)
				}
			}
		}
		if d, ok := it["date"].(string); ok && !regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`).MatchString(d) {
			t.Errorf("date %q", d)
		}
	}
}

var bibCustomField = regexp.MustCompile(`(?m)^  ([a-z_]+)\s+= `)

// al-folio: papers.bib's custom fields are the ones bib.liquid reads,
// bibtex_show on every entry, selected on the manifest's selection only;
// bibtex (plain.bst) formats it without a warning, as jekyll-scholar's
// BibTeX parser must read it.
func TestAlFolioBibHasTheFieldsAlFolioReads(t *testing.T) {
	f, person, p := fixtureEntries(t)
	bib := renderString(t, f, Options{Format: AlFolio, Person: person, Selected: []string{"doi:10.1101/2022.11.02.514823"}})
	classic := renderString(t, f, Options{Format: BibTeX, Person: person})
	onlyAlFolioFields(t, bib, classic)
	if n := len(regexp.MustCompile(`bibtex_show\s+= \{true\}`).FindAllString(bib, -1)); n != len(p.shown) {
		t.Errorf("bibtex_show on %d entries of %d", n, len(p.shown))
	}
	// the selection names the preprint; the entry it is shown within is selected
	article := bib[strings.Index(bib, "@article{nunezgarcia2023analytical"):]
	article = article[:strings.Index(article, "\n}\n")]
	if n := len(regexp.MustCompile(`selected\s+= \{true\}`).FindAllString(bib, -1)); n != 1 || !strings.Contains(article, "selected") {
		t.Errorf("selected on %d entries, want the article the selected preprint is shown within", n)
	}
	bibtex := tool(t, "bibtex")
	dir := t.TempDir()
	writeTemp(t, dir, "papers.bib", bib)
	writeTemp(t, dir, "doc.aux", "\\citation{*}\n\\bibstyle{plain}\n\\bibdata{papers}\n")
	stdout, stderr, err := run(t, dir, bibtex, "doc")
	if err != nil || strings.Contains(stdout+stderr, "Warning--") {
		t.Errorf("bibtex: %v\n%s%s", err, stdout, stderr)
	}
}

// Hugo Blox: Debian's hugo builds the publication bundles into a site
// with a page per entry holding its title, and each bundle's front matter
// holds only fields Hugo Blox's publication layouts read; cite.bib is
// beside each index.md.
func TestHugoBuildsThePublicationBundles(t *testing.T) {
	f, person, p := fixtureEntries(t)
	files, err := RenderFiles(f, Options{Format: HugoBlox, Person: person})
	if err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	var bundles []string
	for _, file := range files {
		full := filepath.Join(site, filepath.FromSlash(file.Path))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, file.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(file.Path, "/index.md") {
			onlyFields(t, file.Path, frontMatter(t, file.Path, file.Data), hugoBloxFields)
			bundles = append(bundles, strings.TrimSuffix(file.Path, "/index.md"))
		}
	}
	sort.Strings(bundles)
	if len(bundles) != len(p.shown) {
		t.Fatalf("%d bundles for %d entries", len(bundles), len(p.shown))
	}
	for _, b := range bundles {
		if _, err := os.Stat(filepath.Join(site, filepath.FromSlash(b), "cite.bib")); err != nil {
			t.Errorf("%s has no cite.bib: %v", b, err)
		}
	}
	hugo := tool(t, "hugo")
	writeTemp(t, site, "hugo.toml", "baseURL = 'https://example.org/'\ntitle = 'about test'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap', '404']\n")
	layouts := filepath.Join(site, "layouts", "_default")
	if err := os.MkdirAll(layouts, 0o755); err != nil {
		t.Fatal(err)
	}
	writeTemp(t, layouts, "single.html", `<h1>{{ .Title }}</h1><p>{{ delimit .Params.authors ", " }}</p><p>{{ .Params.publication | markdownify }}</p>{{ with .Params.doi }}<a href="https://doi.org/{{ . }}">doi</a>{{ end }}{{ with .Resources.GetMatch "cite.bib" }}<a class="cite" href="{{ .RelPermalink }}">Cite</a>{{ end }}`)
	writeTemp(t, layouts, "list.html", `{{ range .Pages }}<li>{{ .Title }}</li>{{ end }}`)
	if _, stderr, err := run(t, site, hugo, "--quiet", "--destination", "public"); err != nil {
		t.Fatalf("hugo build: %v\n%s", err, stderr)
	}
	for _, e := range p.shown {
		built, err := os.ReadFile(filepath.Join(site, "public", "publication", e.key, "index.html"))
		if err != nil {
			t.Errorf("no page for %s: %v", e.key, err)
			continue
		}
		page := html.UnescapeString(string(built))
		if !strings.Contains(page, "<h1>"+e.titleOf()+"</h1>") || !strings.Contains(page, `class="cite"`) {
			t.Errorf("page %s lacks its title or its cite.bib link:\n%s", e.key, page)
		}
	}
}

// The site formats need a whole date (academicpages' file name and Jekyll's
// date parser, Hugo's .Date), so a year-only or year-month work gets the
// 1st of its first month there; what the themes print of it is in
// docs/render.md. This pins that the filler never reaches text this
// renderer writes for readers: academicpages' citation says the year only,
// and the day is the 1st only when the work has none.
func TestSiteDatesFillOnlyTheMissingParts(t *testing.T) {
	work := func(id string, d record.Date) folder.Work {
		return folder.Work{ID: id, Record: record.Record{Title: "Work " + id, Type: "report", Issued: d, Authors: []record.Author{{Given: "Ada", Family: "Lovelace"}}}}
	}
	f := &folder.Folder{Works: []folder.Work{
		work("isbn:1", record.Date{Year: 2013}),
		work("isbn:2", record.NewDate(2014, 6, 0)),
		work("isbn:3", record.NewDate(2015, 7, 9)),
	}}
	want := map[string]string{"Work isbn:1": "2013-01-01", "Work isbn:2": "2014-06-01", "Work isbn:3": "2015-07-09"}
	year := map[string]string{"Work isbn:1": "2013", "Work isbn:2": "2014", "Work isbn:3": "2015"}

	pages, err := RenderFiles(f, Options{Format: AcademicPages})
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range pages {
		fm := frontMatter(t, file.Path, file.Data)
		title, _ := fm["title"].(string)
		d := want[title]
		if fm["date"] != d || !strings.HasPrefix(path.Base(file.Path), d+"-") || !strings.HasPrefix(fm["permalink"].(string), "/publication/"+d+"-") {
			t.Errorf("%s: date %v, permalink %v; want %s", file.Path, fm["date"], fm["permalink"], d)
		}
		citation, _ := fm["citation"].(string)
		if !strings.Contains(citation, "("+year[title]+")") || strings.Contains(citation, d) || strings.Contains(citation, "January") {
			t.Errorf("%s: citation %q should give the year %s only", file.Path, citation, year[title])
		}
	}

	bundles, err := RenderFiles(f, Options{Format: HugoBlox})
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range bundles {
		if !strings.HasSuffix(file.Path, "/index.md") {
			continue
		}
		fm := frontMatter(t, file.Path, file.Data)
		title, _ := fm["title"].(string)
		if fm["date"] != want[title]+"T00:00:00Z" {
			t.Errorf("%s: date %v, want %sT00:00:00Z", file.Path, fm["date"], want[title])
		}
	}
}

// academicpages' layouts print title, venue, citation and excerpt into
// HTML unfiltered (or through markdownify, which passes HTML on), so a
// "<b>bold</b>" in a title must arrive escaped, as the theme's own
// publications.py writes it, and read back as the title.
func TestAcademicPagesEscapesWhatTheThemePrintsAsHTML(t *testing.T) {
	hostile, person := hostileFolder()
	files, err := RenderFiles(hostile, Options{Format: AcademicPages, Person: person})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no pages")
	}
	bold := false
	for _, file := range files {
		fm := frontMatter(t, file.Path, file.Data)
		for _, field := range []string{"title", "venue", "citation", "excerpt"} {
			v, _ := fm[field].(string)
			if strings.ContainsAny(v, "<>\"'") || html.EscapeString(html.UnescapeString(v)) != v {
				t.Errorf("%s: %s %q is not HTML-escaped", file.Path, field, v)
			}
		}
		title, _ := fm["title"].(string)
		bold = bold || strings.Contains(html.UnescapeString(title), "<b>bold</b>")
	}
	if !bold {
		t.Error("no page's title reads back as the hostile record's, <b>bold</b> and all")
	}
}

// al-folio's _layouts/bib.liquid writes the authors past
// site.max_author_limit (3 in its _config.yml) into a JavaScript string
// in an HTML attribute, onclick="… ? '{{ more_authors_show }}' : …", and
// the script sets them as HTML (element.html). There a '"' ends the
// attribute (x" onmouseover="alert(1)//), a "'" ends the string
// (x'+alert(2)+'), and a backslash starts a JavaScript escape (\x3cimg …\x3e
// is "<img …>" to .html()). None reaches papers.bib's names: the
// apostrophe is written as the typographic one, which also keeps an
// O'Brien among the hidden authors from breaking the script; the rest
// of no name are written as look-alikes.
func TestAlFolioNamesCannotLeaveBibLiquidsScriptString(t *testing.T) {
	hostile := []string{`x" onmouseover="alert(1)//`, `x'+alert(2)+'`, `\x3cimg src=x onerror=alert(3)\x3e`}
	authors := []record.Author{{Given: "Ada", Family: "Lovelace"}, {Given: "Ann", Family: "Other"}, {Given: "Bo", Family: "Third"}, {Given: "Seán", Family: "O'Brien"}}
	for _, h := range hostile {
		authors = append(authors, record.Author{Given: h, Family: h}, record.Author{Name: h})
	}
	f := &folder.Folder{Root: "t", Works: []folder.Work{{ID: "doi:10.5555/x", Record: record.Record{
		Title: "T", Type: "article-journal", Issued: record.Date{Year: 2024}, IDs: record.IDs{DOI: "10.5555/x"}, Authors: authors,
	}}}}
	bib := renderString(t, f, Options{Format: AlFolio})
	entries, err := readBibFile(bib)
	if err != nil || len(entries) != 1 {
		t.Fatalf("papers.bib: %d entries, %v\n%s", len(entries), err, bib)
	}
	var names string
	for _, fd := range entries[0].fields {
		if fd.name == "author" {
			names = jekyllScholarDecoded(fd.value)
		}
	}
	if strings.ContainsAny(names, "\"'\\<>") {
		t.Errorf("the authors as jekyll-scholar hands them to bib.liquid hold a quote, an apostrophe, a backslash or an angle bracket:\n%s", names)
	}
	if !strings.Contains(names, "O’Brien") {
		t.Errorf("O'Brien is not O’Brien:\n%s", names)
	}
}

// jekyllScholarDecoded is a papers.bib value as jekyll-scholar's latex
// filter gives it to a template, for the commands about writes.
func jekyllScholarDecoded(v string) string {
	return strings.NewReplacer(`{\textbackslash}`, `\`, `{\textless}`, "<", `{\textgreater}`, ">",
		`\&lt;`, "&lt;", `\&gt;`, "&gt;", `\&`, "&", `\{`, "{", `\}`, "}").Replace(v)
}

// al-folio's papers.bib is also BibTeX readers copy: the "Bib" button
// shows the entry, and a CV may read the file. A "<" that cannot open a
// tag (HTML's tag open state needs a letter, "/", "!" or "?" after it,
// https://html.spec.whatwg.org/#tag-open-state) is text on the page too,
// so it stays {\textless}; only one that could open a tag is "\&lt;",
// which a LaTeX reader prints as "&lt;".
func TestAlFolioKeepsATextLessThanForLaTeXReaders(t *testing.T) {
	f := &folder.Folder{Root: "t", Works: []folder.Work{{ID: "doi:10.5555/x", Record: record.Record{
		Title: "HbA1c <7% and n > 100 in <i>vivo</i> <", Container: "J <3", Type: "article-journal", Issued: record.Date{Year: 2024},
		IDs: record.IDs{DOI: "10.5555/x"}, Authors: []record.Author{{Given: "Ada", Family: "Lovelace"}},
	}}}}
	bib := renderString(t, f, Options{Format: AlFolio})
	for _, want := range []string{
		`HbA1c {\textless}7\% and n {\textgreater} 100 in \&lt;i{\textgreater}vivo\&lt;/i{\textgreater} \&lt;}}`,
		`journal     = {J {\textless}3}`,
	} {
		if !strings.Contains(bib, want) {
			t.Errorf("papers.bib has no %s:\n%s", want, bib)
		}
	}
}

// al-folio's _layouts/bib.liquid prints the arxiv field into an
// attribute as it is, <a href="http://arxiv.org/abs/{{ entry.arxiv }}">,
// so an arXiv ID a service or an old snapshot gave with a '"' would end
// the attribute and add its own (no space is needed between them).
func TestAlFolioArXivCannotLeaveTheLinksAttribute(t *testing.T) {
	hostile := `2101.00001"onmouseover="alert(1)"x=<b>`
	f := &folder.Folder{Root: "t", Works: []folder.Work{{ID: "doi:10.5555/x", Record: record.Record{
		Title: "T", Type: "article-journal", Issued: record.Date{Year: 2024},
		IDs: record.IDs{DOI: "10.5555/x", ArXiv: hostile}, Authors: []record.Author{{Given: "Ada", Family: "Lovelace"}},
	}}}}
	bib := renderString(t, f, Options{Format: AlFolio})
	entries, err := readBibFile(bib)
	if err != nil || len(entries) != 1 {
		t.Fatalf("papers.bib: %d entries, %v\n%s", len(entries), err, bib)
	}
	arxiv := ""
	for _, fd := range entries[0].fields {
		if fd.name == "arxiv" {
			arxiv = strings.TrimSuffix(strings.TrimPrefix(fd.value, "{"), "}")
		}
	}
	if !strings.HasPrefix(arxiv, "2101.00001") || strings.ContainsAny(arxiv, "\"<>") {
		t.Errorf("arxiv field %q: bib.liquid prints it in href=\"…\" as it is", arxiv)
	}
}

// TestAlFolioHTMLButtonIsNotTheDOIAgain: al-folio draws a "DOI" button
// from an entry's doi field (bib.liquid since 2024), so an entry with a
// DOI whose html field held the DOI's address drew two buttons to one
// place. html is now the landing page when a service gives another
// address, and absent otherwise; an entry with no DOI keeps its link.
func TestAlFolioHTMLButtonIsNotTheDOIAgain(t *testing.T) {
	f, person, _ := fixtureEntries(t)
	bib := renderString(t, f, Options{Format: AlFolio, Person: person})
	withDOI, withoutDOI := 0, 0
	for _, entry := range strings.Split(bib, "\n@")[1:] {
		html := regexp.MustCompile(`(?m)^\s+html\s+= \{([^}]*)\}`).FindStringSubmatch(entry)
		if regexp.MustCompile(`(?m)^\s+doi\s+= \{`).MatchString(entry) {
			withDOI++
			if html != nil && strings.Contains(html[1], "doi.org/") {
				t.Errorf("entry with a doi field has html = %s, the DOI's address again:\n@%s", html[1], entry)
			}
			continue
		}
		withoutDOI++
		if html == nil {
			t.Errorf("entry without a DOI lost its html link:\n@%s", entry)
		}
	}
	if withDOI == 0 || withoutDOI == 0 {
		t.Fatalf("%d entries with a DOI and %d without: the fixture should hold both", withDOI, withoutDOI)
	}
}
