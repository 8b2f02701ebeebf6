package render

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/htmlview"
)

// userFieldsManifest is the render fixture's folder with [[work]]s.
const userFieldsManifest = "../testdata/render/userfields.toml"

// The works testdata/render/userfields.toml gives fields to.
const (
	articleID  = "doi:10.5555/jcp.2023.042"
	preprintID = "doi:10.1101/2022.11.02.514823"
	chapterID  = "doi:10.5555/book.2020.ch3"
)

// userFixture is the fixture folder with the user fields of
// userfields.toml, and the options every format is rendered with.
func userFixture(t *testing.T) (*folder.Folder, Options) {
	t.Helper()
	m, err := manifest.Load(userFieldsManifest)
	if err != nil {
		t.Fatal(err)
	}
	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	return f, Options{Person: PersonOf(m), User: UserFieldsOf(m), Services: testServices()}
}

func entryByID(t *testing.T, p *page, id string) *entry {
	t.Helper()
	for _, e := range p.all {
		if e.id == id {
			return e
		}
	}
	t.Fatalf("no work %s", id)
	return nil
}

// The preprint is shown within the article, so its [[work]] reaches the
// article's entry: the article's own fields first, the preprint's
// filling the kinds and text it lacks, tags once whatever their case.
// The preprint itself is no entry and carries none.
func TestUserFieldsJoinTheEntryThatShowsTheWork(t *testing.T) {
	f, opts := userFixture(t)
	p := buildPage(f, opts)
	article, preprint := entryByID(t, p, articleID), entryByID(t, p, preprintID)
	if preprint.in != article || preprint.user != nil {
		t.Fatalf("preprint shown within %v, fields %+v", preprint.in, preprint.user)
	}
	want := &UserWork{
		Links: []UserLink{{"pdf", "https://example.org/papers/note-g.pdf"}, {"slides", "/assets/pdf/note-g-slides.pdf"},
			{"video", "https://video.example.org/note-g"}, {"poster", "/files/note-g-poster.pdf"},
			{"code", "https://github.com/example/note-g"}, {"blog", "https://blog.example.org/note-g"}},
		Award: "Best Paper Award", Note: "Preprint discussed at the 1843 salon",
		Tags: []string{"poetry", "engines", "preprints"}, Equal: []int{1, 2}, Corresponding: []int{2},
	}
	if !reflect.DeepEqual(article.user, want) {
		t.Errorf("article fields\n%+v\nwant\n%+v", article.user, want)
	}
	if got := article.mark(0) + "|" + article.mark(1) + "|" + article.mark(2); got != "*|*†|" {
		t.Errorf("marks %q, want *|*†|", got)
	}
	for _, e := range p.shown {
		if e.id != articleID && e.id != chapterID && e.user != nil {
			t.Errorf("%s has fields %+v it was never given", e.id, e.user)
		}
	}
}

// A manifest without [[work]]s renders every format exactly as before:
// the goldens hold that; here, nil fields and no fields are the same.
func TestNoUserFieldsIsThePageAsBefore(t *testing.T) {
	f, opts := userFixture(t)
	for _, format := range []Format{HTML, JSON, BibLaTeX, AlFolio, HugoBlox} {
		none := renderString(t, f, Options{Format: format, Person: opts.Person})
		empty := renderString(t, f, Options{Format: format, Person: opts.Person, User: UserFields{}})
		if none != empty {
			t.Errorf("%s: empty user fields change the output", format)
		}
	}
}

// The page: the user's links are chips after the identifiers, site paths
// linked as they are; the award, note, tags and preview image shown; the
// marked authors carry * and † with the legend; the page stays
// well-formed XML with no link but http(s), a site path or an anchor.
func TestHTMLShowsTheUserFields(t *testing.T) {
	f, opts := userFixture(t)
	opts.Format = HTML
	page := renderString(t, f, opts)
	for _, want := range []string{
		`<a class="user" href="https://example.org/papers/note-g.pdf">PDF</a> <a class="user" href="/assets/pdf/note-g-slides.pdf">Slides</a> <a class="user" href="https://video.example.org/note-g">Video</a> <a class="user" href="/files/note-g-poster.pdf">Poster</a> <a class="user" href="https://github.com/example/note-g">Code</a> <a class="user" href="https://blog.example.org/note-g">Blog</a>`,
		`<p class="award">Best Paper Award</p>`,
		`<p class="note">Preprint discussed at the 1843 salon</p>`,
		`<p class="tags"><span class="tag">poetry</span> <span class="tag">engines</span> <span class="tag">preprints</span></p>`,
		`Ñúñez-García<sup class="mark">*</sup>, <strong class="me">Ada Lovelace</strong><sup class="mark">*†</sup>, `,
		`<p class="legend">* Equal contribution · † Corresponding author</p>`,
		`<img class="preview" src="/assets/img/publication_preview/bernoulli.png" alt="" loading="lazy" />`,
		`<a class="user" href="https://data.example.org/bernoulli">Data</a> <a class="user" href="https://project.example.org">Project</a> <a class="user" href="https://bernoulli.example.org">Website</a> <a class="user" href="/assets/pdf/bernoulli-supp.pdf">Supplement</a>`,
		`data-q="analytical engines as poetic machines: a computational reading of note g`,
		`<style>` + htmlview.UserCSS + `</style>`,
		// schema.org's CreativeWork keywords and award, in the page's JSON-LD
		`"keywords":"poetry, engines, preprints","award":"Best Paper Award"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if !regexp.MustCompile(`data-q="[^"]* poetry engines preprints"`).MatchString(page) {
		t.Errorf("the filter box does not match the tags")
	}
	for _, el := range startElements(t, "page", page) {
		for _, a := range el.Attr {
			if (a.Name.Local == "href" || a.Name.Local == "src") && !regexp.MustCompile(`^(https?://|/[^/]|#)`).MatchString(a.Value) {
				t.Errorf("link %q", a.Value)
			}
		}
	}
}

// The page data: the fields where docs/page-data.md says, valid against
// the schema, the marks on the authors.
func TestPageDataCarriesTheUserFields(t *testing.T) {
	f, opts := userFixture(t)
	opts.Format = JSON
	out := renderString(t, f, opts)
	var doc any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	schema, v := readPageDataSchema(t)
	for _, p := range v.check("$", doc, schema) {
		t.Error(p)
	}
	var data struct {
		Groups []struct {
			Works []map[string]any `json:"works"`
		} `json:"groups"`
	}
	if err := json.Unmarshal([]byte(out), &data); err != nil {
		t.Fatal(err)
	}
	works := map[string]map[string]any{}
	for _, g := range data.Groups {
		for _, w := range g.Works {
			works[w["id"].(string)] = w
		}
	}
	article := works[articleID]
	if article["award"] != "Best Paper Award" || article["note"] != "Preprint discussed at the 1843 salon" || !reflect.DeepEqual(article["tags"], []any{"poetry", "engines", "preprints"}) {
		t.Errorf("article award %v note %v tags %v", article["award"], article["note"], article["tags"])
	}
	links, _ := article["links"].([]any)
	if len(links) != 6 || !reflect.DeepEqual(links[1], map[string]any{"kind": "slides", "label": "Slides", "url": "/assets/pdf/note-g-slides.pdf"}) {
		t.Errorf("article links %v", links)
	}
	authors := article["authors"].([]any)
	first, second, third := authors[0].(map[string]any), authors[1].(map[string]any), authors[2].(map[string]any)
	if first["equal"] != true || first["corresponding"] != nil || second["equal"] != true || second["corresponding"] != true || third["equal"] != nil {
		t.Errorf("author marks %v %v %v", first, second, third)
	}
	if works[chapterID]["image"] != "/assets/img/publication_preview/bernoulli.png" {
		t.Errorf("chapter image %v", works[chapterID]["image"])
	}
}

// al-folio: every user field is one _layouts/bib.liquid reads, with a
// site path under the folder it prefixes written relative to it; the
// marks after the last names (which it superscripts); papers.bib stays
// one plain.bst formats without a warning.
func TestAlFolioBibCarriesTheUserFieldsWhereBibLiquidReadsThem(t *testing.T) {
	f, opts := userFixture(t)
	opts.Format = AlFolio
	bib := renderString(t, f, opts)
	classic := renderString(t, f, Options{Format: BibTeX, Person: opts.Person, User: opts.User})
	onlyAlFolioFields(t, bib, classic)
	article := bibEntryOf(t, bib, "nunezgarcia2023analytical")
	for _, want := range []string{
		"pdf         = {https://example.org/papers/note-g.pdf}",
		"slides      = {note-g-slides.pdf}",
		"video       = {https://video.example.org/note-g}",
		"poster      = {../../files/note-g-poster.pdf}",
		"code        = {https://github.com/example/note-g}",
		"blog        = {https://blog.example.org/note-g}",
		"award       = {Best Paper Award}",
		"award_name  = {Award}",
		"annotation  = {* Equal contribution; † Corresponding author}",
		"note        = {Preprint discussed at the 1843 salon.}",
		"keywords    = {poetry, engines, preprints}",
		"author      = {Ñúñez-García*, José and Lovelace*†, Ada and Ångström, Zoë and",
	} {
		if !strings.Contains(strings.Join(strings.Fields(article), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("article lacks %s:\n%s", want, article)
		}
	}
	chapter := strings.Join(strings.Fields(bibEntryOf(t, bib, "lovelace2020bernoulli")), " ")
	for _, want := range []string{"preview = {bernoulli.png}", "website = {https://bernoulli.example.org}", "supp = {bernoulli-supp.pdf}"} {
		if !strings.Contains(chapter, want) {
			t.Errorf("chapter lacks %s:\n%s", want, chapter)
		}
	}
	if strings.Contains(chapter, "project.example.org") || strings.Contains(chapter, "data.example.org") {
		t.Errorf("chapter has a field for its project or data, which al-folio has no button for:\n%s", chapter)
	}
	dir := t.TempDir()
	writeTemp(t, dir, "papers.bib", bib)
	writeTemp(t, dir, "doc.aux", "\\citation{*}\n\\bibstyle{plain}\n\\bibdata{papers}\n")
	stdout, stderr, err := run(t, dir, tool(t, "bibtex"), "doc")
	if err != nil || strings.Contains(stdout+stderr, "Warning--") {
		t.Errorf("bibtex: %v\n%s%s", err, stdout, stderr)
	}
}

// bibEntryOf is the entry with the key in a .bib file.
func bibEntryOf(t *testing.T, bib, key string) string {
	t.Helper()
	i := regexp.MustCompile(`(?m)^@[a-z]+\{` + regexp.QuoteMeta(key) + `,`).FindStringIndex(bib)
	if i == nil {
		t.Fatalf("no entry %s in\n%s", key, bib)
	}
	rest := bib[i[0]:]
	return rest[:strings.Index(rest, "\n}\n")+3]
}

func TestALFolioPathIsWhatBibLiquidPrefixes(t *testing.T) {
	for _, c := range []struct{ in, base, want string }{
		{"https://x.org/a.pdf", "/assets/pdf/", "https://x.org/a.pdf"},
		{"/assets/pdf/a.pdf", "/assets/pdf/", "a.pdf"},
		{"/assets/pdf/talks/a.pdf", "/assets/pdf/", "talks/a.pdf"},
		{"/files/a.pdf", "/assets/pdf/", "../../files/a.pdf"},
		{"/a.png", "/assets/img/publication_preview/", "../../../a.png"},
		{"/blog/x", "", "/blog/x"},
	} {
		if got := alFolioPath(c.in, c.base); got != c.want {
			t.Errorf("alFolioPath(%q, %q) = %q, want %q", c.in, c.base, got, c.want)
		}
	}
}

// Hugo Blox: the links in the url_* fields page_links.html reads and in
// links, the tags and the author notes; only fields its layouts read.
func TestHugoBloxFrontMatterCarriesTheUserFields(t *testing.T) {
	f, opts := userFixture(t)
	opts.Format = HugoBlox
	files, err := RenderFiles(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	fms := map[string]map[string]any{}
	for _, file := range files {
		if strings.HasSuffix(file.Path, "/index.md") {
			fm := frontMatter(t, file.Path, file.Data)
			onlyFields(t, file.Path, fm, hugoBloxFields)
			fms[file.Work] = fm
		}
	}
	article := fms[articleID]
	want := map[string]any{
		"url_pdf": "https://example.org/papers/note-g.pdf", "url_slides": "/assets/pdf/note-g-slides.pdf",
		"url_video": "https://video.example.org/note-g", "url_poster": "/files/note-g-poster.pdf",
		"url_code": "https://github.com/example/note-g", "tags": []any{"poetry", "engines", "preprints"},
		"author_notes": []any{"Equal contribution", "Equal contribution, Corresponding author", "", "", ""},
	}
	for k, v := range want {
		if !reflect.DeepEqual(article[k], v) {
			t.Errorf("article %s = %v, want %v", k, article[k], v)
		}
	}
	if links := article["links"].([]any); !reflect.DeepEqual(links[len(links)-1], map[string]any{"name": "Blog", "url": "https://blog.example.org/note-g"}) {
		t.Errorf("article links %v", links)
	}
	chapter := fms[chapterID]
	if chapter["url_project"] != "https://project.example.org" || chapter["url_dataset"] != "https://data.example.org/bernoulli" {
		t.Errorf("chapter %v", chapter)
	}
	if links := chapter["links"].([]any); !reflect.DeepEqual(links, []any{
		map[string]any{"name": "Website", "url": "https://bernoulli.example.org"},
		map[string]any{"name": "Supplement", "url": "/assets/pdf/bernoulli-supp.pdf"},
	}) {
		t.Errorf("chapter links %v", links)
	}
}

// academicpages: the PDF as paperurl, the slides as slidesurl, the award
// and note opening the excerpt its archive lists show.
func TestAcademicPagesFrontMatterCarriesTheUserFields(t *testing.T) {
	f, opts := userFixture(t)
	opts.Format = AcademicPages
	files, err := RenderFiles(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		fm := frontMatter(t, file.Path, file.Data)
		onlyFields(t, file.Path, fm, academicPagesFields)
		if file.Work != articleID {
			continue
		}
		if fm["paperurl"] != "https://example.org/papers/note-g.pdf" || fm["slidesurl"] != "/assets/pdf/note-g-slides.pdf" ||
			fm["excerpt"] != "Best Paper Award. Preprint discussed at the 1843 salon." {
			t.Errorf("article front matter %v", fm)
		}
	}
}

// The Lab Website Template: buttons of its types, the image, the tags
// after the type's, the description, all fields its citation include
// reads.
func TestLabWebsiteCitationsCarryTheUserFields(t *testing.T) {
	f, opts := userFixture(t)
	opts.Format = LabWebsite
	var items []map[string]any
	if err := yaml.Unmarshal([]byte(renderString(t, f, opts)), &items); err != nil {
		t.Fatal(err)
	}
	byID := map[string]map[string]any{}
	for _, it := range items {
		onlyFields(t, "citation "+it["id"].(string), it, labWebsiteFields)
		byID[it["id"].(string)] = it
	}
	article := byID[articleID]
	buttons := article["buttons"].([]any)
	if len(buttons) != 6 || !reflect.DeepEqual(buttons[0], map[string]any{"type": "paper", "text": "PDF", "link": "https://example.org/papers/note-g.pdf"}) ||
		!reflect.DeepEqual(buttons[4], map[string]any{"type": "source", "text": "Code", "link": "https://github.com/example/note-g"}) {
		t.Errorf("article buttons %v", buttons)
	}
	if !reflect.DeepEqual(article["tags"], []any{"Journal article", "poetry", "engines", "preprints"}) ||
		article["description"] != `Best Paper Award. Preprint discussed at the 1843 salon. \* Equal contribution; † Corresponding author` {
		t.Errorf("article tags %v description %v", article["tags"], article["description"])
	}
	if byID[chapterID]["image"] != "/assets/img/publication_preview/bernoulli.png" {
		t.Errorf("chapter image %v", byID[chapterID]["image"])
	}
}

// Citation files: the tags as keywords everywhere, the award and note in
// BibLaTeX's addendum, CSL-JSON's note and RIS's N1; BibLaTeX still
// passes biber's data-model validation, the CSL-JSON the CSL schema.
func TestCitationFilesCarryTagsAndNotes(t *testing.T) {
	f, opts := userFixture(t)
	get := func(format Format) string {
		o := opts
		o.Format = format
		return renderString(t, f, o)
	}
	text := "Best Paper Award. Preprint discussed at the 1843 salon."
	bibtex := bibEntryOf(t, get(BibTeX), "nunezgarcia2023analytical")
	if !strings.Contains(bibtex, "keywords = {poetry, engines, preprints}") || strings.Contains(bibtex, "Best Paper") {
		t.Errorf("BibTeX entry:\n%s", bibtex)
	}
	biblatex := get(BibLaTeX)
	entry := bibEntryOf(t, biblatex, "nunezgarcia2023analytical")
	if !strings.Contains(entry, "keywords     = {poetry, engines, preprints}") || !strings.Contains(entry, "addendum     = {"+text+"}") {
		t.Errorf("BibLaTeX entry:\n%s", entry)
	}
	var items []map[string]any
	csl := get(CSLJSON)
	if err := json.Unmarshal([]byte(csl), &items); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, it := range items {
		if it["id"] == "nunezgarcia2023analytical" {
			found = it["keyword"] == "poetry, engines, preprints" && it["note"] == text
		}
	}
	if !found {
		t.Errorf("CSL-JSON item lacks keyword and note:\n%s", csl)
	}
	var doc any
	if err := json.Unmarshal([]byte(csl), &doc); err != nil {
		t.Fatal(err)
	}
	for _, problem := range cslSchemaProblems(doc) {
		t.Error(problem)
	}
	ris := get(RIS)
	if !strings.Contains(ris, "KW  - poetry\nKW  - engines\nKW  - preprints\nN1  - "+text+"\n") {
		t.Errorf("RIS:\n%s", ris)
	}
	dir := t.TempDir()
	bib := writeTemp(t, dir, "works.bib", biblatex)
	stdout, stderr, err := run(t, dir, tool(t, "biber"), "--tool", "--nolog", "--validate-datamodel", "--output-file="+filepath.Join(dir, "out.bib"), bib)
	if err != nil {
		t.Fatalf("biber: %v\n%s%s", err, stdout, stderr)
	}
	for _, line := range strings.Split(stdout+stderr, "\n") {
		if strings.HasPrefix(line, "WARN") || strings.HasPrefix(line, "ERROR") {
			t.Error(line)
		}
	}
}

// The Markdown list: the links after the identifiers, the award, note,
// legend and tags in the entry's line.
func TestMarkdownCarriesTheUserFields(t *testing.T) {
	f, opts := userFixture(t)
	opts.Format = Markdown
	md := renderString(t, f, opts)
	for _, want := range []string{
		"[PDF](https://example.org/papers/note-g.pdf) · [Slides](/assets/pdf/note-g-slides.pdf)",
		`Ñúñez-García\*, **Ada Lovelace**\*†`,
		`Best Paper Award. Preprint discussed at the 1843 salon. (\* Equal contribution; † Corresponding author) Tags: poetry, engines, preprints.`,
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %s", want)
		}
	}
}

// hugoBloxLinksLayout is the part of Hugo Blox's
// layouts/partials/page_links.html that reads the user's links (each
// url_* a page resource or relURL'd; links' urls relURL'd unless they
// have a scheme), with its author list's author_notes tooltip and the
// tags: the fields as the theme reads them, not as the test wishes.
const hugoBloxLinksLayout = `<h1>{{ .Title }}</h1>
<p class="authors">{{ range $i, $a := .Params.authors }}{{ if $i }}, {{ end }}<span>{{ $a }}{{ with index ($.Params.author_notes | default slice) $i }}<i class="author-notes" title="{{ . }}"></i>{{ end }}</span>{{ end }}</p>
{{ $page := . }}
{{ range $kind := slice "url_pdf" "url_code" "url_dataset" "url_project" "url_poster" "url_slides" "url_video" }}{{ with index $page.Params $kind }}{{ $link := . | relURL }}{{ with $page.Resources.GetMatch . }}{{ $link = .RelPermalink }}{{ end }}<a class="btn {{ $kind }}" href="{{ $link }}">{{ $kind }}</a>
{{ end }}{{ end }}
{{ range .Params.links }}{{ $link := .url }}{{ if not (urls.Parse $link).Scheme }}{{ $link = $link | relURL }}{{ end }}<a class="btn link" href="{{ $link | safeURL }}">{{ .name }}</a>
{{ end }}
<ul class="tags">{{ range .Params.tags }}<li>{{ . }}</li>{{ end }}</ul>
`

// A real Hugo build (Debian's hugo) of the Hugo Blox bundles shows the
// user's links, author notes and tags in the built page, site paths
// kept at the site's root.
func TestHugoBuildShowsTheUserLinks(t *testing.T) {
	hugo := tool(t, "hugo")
	f, opts := userFixture(t)
	opts.Format = HugoBlox
	files, err := RenderFiles(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	key := ""
	for _, file := range files {
		dir := filepath.Join(site, filepath.Dir(filepath.FromSlash(file.Path)))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		writeTemp(t, dir, filepath.Base(file.Path), string(file.Data))
		if file.Work == articleID {
			key = filepath.Base(filepath.Dir(file.Path))
		}
	}
	// another host than the links': relURL makes a link to the site's own host relative
	writeTemp(t, site, "hugo.toml", "baseURL = 'https://lab.example.net/'\ntitle = 'about test'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap', '404']\n")
	if err := os.MkdirAll(filepath.Join(site, "layouts", "_default"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeTemp(t, filepath.Join(site, "layouts", "_default"), "single.html", hugoBloxLinksLayout)
	writeTemp(t, filepath.Join(site, "layouts", "_default"), "list.html", `{{ range .Pages }}<li>{{ .Title }}</li>{{ end }}`)
	if _, stderr, err := runWith(t, site, []string{"HUGO_CACHEDIR=" + t.TempDir()}, hugo, "--quiet", "--destination", "public"); err != nil {
		t.Fatalf("hugo build: %v\n%s", err, stderr)
	}
	built, err := os.ReadFile(filepath.Join(site, "public", "publication", key, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(built)
	for _, want := range []string{
		`<a class="btn url_pdf" href="https://example.org/papers/note-g.pdf">`,
		`<a class="btn url_code" href="https://github.com/example/note-g">`,
		`<a class="btn url_poster" href="/files/note-g-poster.pdf">`,
		`<a class="btn url_slides" href="/assets/pdf/note-g-slides.pdf">`,
		`<a class="btn url_video" href="https://video.example.org/note-g">`,
		`<a class="btn link" href="https://blog.example.org/note-g">Blog</a>`,
		`<span>Ada Lovelace<i class="author-notes" title="Equal contribution, Corresponding author"></i></span>`,
		`<li>poetry</li><li>engines</li><li>preprints</li>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("built page lacks %s:\n%s", want, page)
		}
	}
}

// onlyAlFolioFields fails on each field of the al-folio bib that is
// neither in the classic BibTeX of the same works nor one al-folio reads.
func onlyAlFolioFields(t *testing.T, bib, classic string) {
	t.Helper()
	standard := map[string]bool{}
	for _, m := range bibCustomField.FindAllStringSubmatch(classic, -1) {
		standard[m[1]] = true
	}
	for _, m := range bibCustomField.FindAllStringSubmatch(bib, -1) {
		if !standard[m[1]] && !inList(alFolioFields, m[1]) {
			t.Errorf("field %s is neither BibTeX's nor one al-folio reads", m[1])
		}
	}
}
