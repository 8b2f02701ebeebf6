package render

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/htmlview"
	"github.com/aboutscholar/about/snapshots"
)

// On input whose every value is HTML syntax somewhere, the page is
// well-formed, holds no element, attribute or link the data put there, and
// keeps the SICI DOI's link intact (wording.DOIURL percent-encodes its parentheses
// and angle brackets).
func TestHTMLKeepsHostileValuesAsText(t *testing.T) {
	hostile, person := hostileFolder()
	for _, opts := range []Options{{Format: HTML, Group: ByYear}, {Format: HTML, Group: ByType, Counts: true}} {
		opts.Person = person
		page := renderString(t, hostile, opts)
		scripts := 0
		for _, el := range startElements(t, string(opts.Group), page) {
			if el.Name.Local == "script" || el.Name.Local == "b" {
				scripts++
			}
			for _, a := range el.Attr {
				if a.Name.Local == "href" && !strings.HasPrefix(a.Value, "https://") && !strings.HasPrefix(a.Value, "http://") && !strings.HasPrefix(a.Value, "#") {
					t.Errorf("%s: link %q", opts.Group, a.Value)
				}
			}
		}
		if scripts != 2 { // the page's JSON-LD and its own script; the data's <script> and <b> are text
			t.Errorf("%s: %d script or b elements, want the page's 2", opts.Group, scripts)
		}
		if !strings.Contains(page, `href="https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949:8%3C693::AID-ASI4%3E3.0.CO;2-O"`) {
			t.Errorf("%s: the SICI DOI's link changed", opts.Group)
		}
		if strings.Contains(page, "javascript:") {
			t.Errorf("%s: a javascript: link is in the page", opts.Group)
		}
	}
}

// Each title links to its work (DOI, else landing page) and is an h3
// under its section's h2; every identifier has a chip; each entry has its
// BibTeX, and its abstract when it has one, in <details>.
func TestHTMLEntriesLinkTitlesAndEveryIdentifier(t *testing.T) {
	f := &folder.Folder{Works: []folder.Work{
		{ID: "doi:10.5555/paper", Record: record.Record{Title: "The paper", Type: "article-journal", Container: "J", Issued: record.NewDate(2024, 2, 0),
			Abstract: "We <i>show</i> it.", Authors: []record.Author{{Given: "Ada", Family: "Lovelace"}},
			IDs:       record.IDs{DOI: "10.5555/paper", ArXiv: "2401.00001", PMID: "123", PMCID: "PMC456"},
			Relations: []record.Relation{{Type: "is-supplemented-by", ID: "doi:10.5281/zenodo.1"}}}},
		{ID: "doi:10.5281/zenodo.1", Record: record.Record{Title: "The code", Type: "software", Issued: record.NewDate(2024, 1, 0), IDs: record.IDs{DOI: "10.5281/zenodo.1"}}},
		{ID: "doi:10.5281/zenodo.2", Record: record.Record{Title: "The data", Type: "dataset", Issued: record.NewDate(2023, 1, 0), IDs: record.IDs{DOI: "10.5281/zenodo.2"},
			Relations: []record.Relation{{Type: "is-supplement-to", ID: "doi:10.5555/paper"}}}},
		{ID: "isbn:1", Record: record.Record{Title: "The talk", Type: "speech", URL: "https://example.org/talk"}},
	}}
	page := renderString(t, f, Options{Format: HTML})
	for _, want := range []string{
		`<h3 class="title"><a href="https://doi.org/10.5555/paper">The paper</a></h3>`,
		`<h3 class="title"><a href="https://example.org/talk">The talk</a></h3>`,
		`<a class="id" href="https://arxiv.org/abs/2401.00001">arXiv:2401.00001</a>`,
		`<a class="id" href="https://pubmed.ncbi.nlm.nih.gov/123/">PubMed 123</a>`,
		`<a class="id" href="https://pmc.ncbi.nlm.nih.gov/articles/PMC456/">PMC456</a>`,
		`<a class="code" href="https://doi.org/10.5281/zenodo.1">Code</a>`,
		`<a class="data" href="https://doi.org/10.5281/zenodo.2">Data</a>`,
		`<details class="abstract"><summary>Abstract</summary><p>We show it.</p></details>`,
		"<details class=\"bib\"><summary>BibTeX</summary><pre>@article{lovelace2024paper,\n",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if n := strings.Count(page, `<details class="bib">`); n != 4 {
		t.Errorf("%d BibTeX blocks for 4 entries", n)
	}
	if h2, h3 := strings.Index(page, "<h2"), strings.Index(page, "<h3"); h2 < 0 || h3 < h2 {
		t.Error("entry titles are not h3 under an h2")
	}
}

// The page carries schema.org JSON-LD: an ItemList with one item per
// entry, typed by work type, with its DOI.
func TestHTMLCarriesSchemaOrgJSONLD(t *testing.T) {
	f, person := fixture(t)
	page := renderString(t, f, Options{Format: HTML, Person: person})
	m := regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no JSON-LD script")
	}
	var list struct {
		Context string `json:"@context"`
		Type    string `json:"@type"`
		Items   []struct {
			Position int `json:"position"`
			Item     struct {
				Type       string `json:"@type"`
				Name       string `json:"name"`
				Identifier []struct {
					PropertyID string `json:"propertyID"`
					Value      string `json:"value"`
				} `json:"identifier"`
			} `json:"item"`
		} `json:"itemListElement"`
	}
	if err := json.Unmarshal([]byte(m[1]), &list); err != nil {
		t.Fatalf("JSON-LD does not parse: %v", err)
	}
	p := buildPage(f, Options{Person: person, Group: ByYear})
	if list.Context != "https://schema.org" || list.Type != "ItemList" || len(list.Items) != len(p.shown) {
		t.Fatalf("JSON-LD %s %s with %d items, want a schema.org ItemList of %d", list.Context, list.Type, len(list.Items), len(p.shown))
	}
	types := map[string]int{}
	dois := 0
	for i, it := range list.Items {
		if it.Position != i+1 || it.Item.Name == "" {
			t.Errorf("item %d: position %d, name %q", i, it.Position, it.Item.Name)
		}
		types[it.Item.Type]++
		for _, id := range it.Item.Identifier {
			if id.PropertyID == "DOI" && id.Value != "" {
				dois++
			}
		}
	}
	if types["ScholarlyArticle"] == 0 || types["Dataset"] != 1 || types["SoftwareSourceCode"] != 1 {
		t.Errorf("item types %v, want articles, 1 dataset and 1 software", types)
	}
	if want := 5; dois != want { // every fixture entry but the talk has a DOI
		t.Errorf("%d items with a DOI, want %d", dois, want)
	}
}

// Without a name in the manifest the heading takes the name the works
// give the person's ORCID iD.
func TestHeadingTakesTheNameOfTheORCIDWhenTheManifestGivesNone(t *testing.T) {
	f, person := fixture(t)
	person.Names = nil
	page := renderString(t, f, Options{Format: HTML, Person: person})
	if !strings.Contains(page, "<h1>Publications of Ada Lovelace</h1>") {
		t.Errorf("heading is not the ORCID's name:\n%.600s", page)
	}
}

// With --counts every count is the counts source's, totals and the
// h-index are in the header, and each OpenAlex count links to the list of
// citing works.
func TestCountsComeFromOneSourceWithTotalsAndHIndex(t *testing.T) {
	cite := func(n int) []folder.Citation {
		return []folder.Citation{{Provider: "openalex", Count: n}, {Provider: "crossref", Count: n + 100}}
	}
	f := &folder.Folder{}
	for i, n := range []int{10, 4, 3, 1, 0} {
		f.Works = append(f.Works, folder.Work{ID: fmt.Sprintf("doi:10.5555/%d", i), CitedBy: cite(n), Record: record.Record{
			Title: "Work " + strconv.Itoa(i), Type: "article-journal", Issued: record.NewDate(2020+i, 0, 0),
			IDs: record.IDs{DOI: fmt.Sprintf("10.5555/%d", i), OpenAlex: fmt.Sprintf("W%d", i)}}})
	}
	page := renderString(t, f, Options{Format: HTML, Counts: true})
	for _, want := range []string{
		`<p class="metrics">18 citations · h-index 3 · i10-index 1 <span class="src">· counts from OpenAlex</span></p>`,
		`<a class="cites" href="https://openalex.org/works?filter=cites:W0">cited by 10 · OpenAlex</a>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if strings.Contains(page, "Crossref") {
		t.Error("a Crossref count is shown beside OpenAlex's")
	}
	crossref := renderString(t, f, Options{Format: HTML, Counts: true, CountsSource: "crossref"})
	if !strings.Contains(crossref, `<span class="cites">cited by 110 · Crossref</span>`) || !strings.Contains(crossref, "h-index 5") {
		t.Error("counts source crossref: no unlinked Crossref count or h-index 5")
	}
}

// Every text colour meets WCAG 2 AA (4.5:1) against the background it is
// drawn on, in the light and the dark theme: read from the page's CSS
// custom properties, with WCAG's relative luminance
// (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
func TestPageColoursMeetWCAGAAContrast(t *testing.T) {
	light, dark := cssThemes(t, htmlview.PageCSS)
	pairs := [][2]string{ // text colour, the background it is on
		{"--fg", "--bg"}, {"--muted", "--bg"}, {"--faint", "--bg"}, {"--accent", "--bg"},
		{"--chip-fg", "--chip"}, {"--oa-fg", "--oa"}, {"--fg", "--mark"}, {"--fg", "--chip"},
	}
	for name, theme := range map[string]map[string]string{"light": light, "dark": dark} {
		for _, p := range pairs {
			ratio := contrast(t, theme[p[0]], theme[p[1]])
			if ratio < 4.5 {
				t.Errorf("%s: %s %s on %s %s is %.2f:1, below 4.5:1", name, p[0], theme[p[0]], p[1], theme[p[1]], ratio)
			}
		}
	}
	if r := contrast(t, "#7d848c", "#fdfcfa"); math.Abs(r-3.69) > 0.01 { // the old faint grey, as the issue measured it
		t.Errorf("the contrast of the old faint grey is %.2f, want 3.69", r)
	}
}

// cssThemes reads the custom properties of the first :root block (light)
// and of the :root inside the dark colour-scheme query, the dark
// overriding the light.
func cssThemes(t *testing.T, css string) (light, dark map[string]string) {
	t.Helper()
	prop := regexp.MustCompile(`(--[a-z-]+):\s*(#[0-9a-fA-F]{6})`)
	read := func(block string) map[string]string {
		m := map[string]string{}
		for _, kv := range prop.FindAllStringSubmatch(block, -1) {
			m[kv[1]] = kv[2]
		}
		return m
	}
	i := strings.Index(css, ":root {")
	d := strings.Index(css, "@media (prefers-color-scheme: dark)")
	if i < 0 || d < i {
		t.Fatal("no light :root block before the dark one")
	}
	light = read(css[i : i+strings.Index(css[i:], "}")])
	rest := css[d:]
	dark = map[string]string{}
	for k, v := range light {
		dark[k] = v
	}
	for k, v := range read(rest[:strings.Index(rest, "}")]) {
		dark[k] = v
	}
	if len(light) < 8 {
		t.Fatalf("read only %d colours from the light theme", len(light))
	}
	return light, dark
}

func contrast(t *testing.T, a, b string) float64 {
	t.Helper()
	la, lb := luminance(t, a), luminance(t, b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(t *testing.T, hex string) float64 {
	t.Helper()
	if len(hex) != 7 {
		t.Fatalf("colour %q", hex)
	}
	var c [3]float64
	for i := range c {
		v, err := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		if err != nil {
			t.Fatal(err)
		}
		s := float64(v) / 255
		if s <= 0.03928 {
			c[i] = s / 12.92
		} else {
			c[i] = math.Pow((s+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2]
}

// In print every link shows where it goes.
func TestPrintShowsLinkTargets(t *testing.T) {
	p := strings.Index(htmlview.PageCSS, "@media print")
	if p < 0 || !strings.Contains(htmlview.PageCSS[p:], `a[href]::after { content: " (" attr(href) ")"`) {
		t.Error("print CSS does not show link targets")
	}
}

// hostileFolder is a folder whose every value some part of HTML treats as
// syntax: markup, quotes, ampersands, plus signs (html/template writes
// them &#43;), and URLs with apostrophes, plus signs, parentheses, a query
// and a fragment — among them a SICI DOI, whose parentheses wording.DOIURL
// percent-encodes.
func hostileFolder() (*folder.Folder, Person) {
	nasty := `C++ & <b>bold</b> 'single' "double" a+b=c ½ — 日本語`
	many := make([]record.Author, 15)
	for i := range many {
		many[i] = record.Author{Given: "A+" + strconv.Itoa(i), Family: "O'Neil <" + strconv.Itoa(i) + ">"}
	}
	many[13] = record.Author{Given: "Ada", Family: "O'Lovelace+", ORCID: "0000-0002-1825-0097"}
	works := []folder.Work{
		{ID: "doi:10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O", CitedBy: []folder.Citation{{Provider: "openalex", Count: 12}}, Record: record.Record{
			Title: nasty, Type: "article-journal", Container: "J. of A+B & <C>", Volume: "1+1", Issue: "'2'", Pages: "3-4",
			Issued: record.Date{Year: 2023, Month: 5}, IDs: record.IDs{DOI: "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O"},
			URL:     "https://example.org/it's+here?a=1&b='2'#(frag)",
			Authors: many,
			OA:      &record.OpenAccess{URL: "https://example.org/a'b+c(d).pdf?q=1&r=2", License: "https://creativecommons.org/licenses/by-nc/4.0/"},
		}},
		{ID: "doi:10.5555/ch+1", Record: record.Record{
			Title: "In a book: 'x' + y", Type: "chapter", Container: "Book & <Co>", Publisher: "P+P 'Press'", Pages: "1--2",
			Issued: record.Date{Year: 2020}, IDs: record.IDs{DOI: "10.5555/ch+1"},
			Authors: []record.Author{{Name: "<script>alert('x')</script>"}, {Given: "Ada", Family: "O'Lovelace+"}},
			OA:      &record.OpenAccess{License: "cc-by+sa"},
		}},
		{ID: "doi:10.1101/pre'print+1", Record: record.Record{Title: "Pre 'print' + 1", Type: "article", Issued: record.Date{Year: 2022, Month: 1, Day: 2}}},
		{ID: "arxiv:2401.00001", Record: record.Record{Title: "Same as", Type: "article", Issued: record.Date{Year: 2022}}},
		{ID: "doi:10.5281/zenodo.1", Record: record.Record{Title: "tool+s: concept", Type: "software", IDs: record.IDs{DOI: "10.5281/zenodo.1"}, URL: "https://zenodo.org/doi/10.5281/zenodo.1"}},
		{ID: "doi:10.5281/zenodo.2", Record: record.Record{Title: "tool+s: v1.0+build'1", Type: "software", Issued: record.Date{Year: 2021}}},
		{ID: "doi:10.5281/zenodo.3", Record: record.Record{Title: "tool+s", Type: "software", Extra: []record.Annotation{{Name: "version", Value: "v2 'beta' & <rc>"}}}},
		{ID: "isbn:456", Record: record.Record{Title: "Landing page only", Type: "report", Issued: record.Date{Year: 2019}, URL: "https://example.org/it's+here?x='1'&y=(2)"}},
		{ID: "isbn:123", Record: record.Record{Title: "No identifier link", Type: "book", URL: "javascript:alert(1)", Publisher: "Pub & <lisher>"}},
	}
	links := &snapshots.Links{
		Links: []snapshots.Link{
			{Kind: manifest.LinkPreprintOf, From: "doi:10.1101/pre'print+1", To: "doi:10.5555/ch+1"},
			{Kind: manifest.LinkSameAs, From: "arxiv:2401.00001", To: "doi:10.1101/pre'print+1"},
			{Kind: manifest.LinkVersionOf, From: "doi:10.5281/zenodo.2", To: "doi:10.5281/zenodo.1"},
			{Kind: manifest.LinkVersionOf, From: "doi:10.5281/zenodo.3", To: "doi:10.5281/zenodo.1"},
		},
		ShownAs: map[string]string{
			"doi:10.1101/pre'print+1": "doi:10.5555/ch+1", "arxiv:2401.00001": "doi:10.5555/ch+1",
			"doi:10.5281/zenodo.2": "doi:10.5281/zenodo.1", "doi:10.5281/zenodo.3": "doi:10.5281/zenodo.1",
		},
	}
	credits := []snapshots.IndexProvider{
		{Name: "crossref", Attribution: "Crossref & <friends> 'quoted' +1", Terms: "https://x.org/terms?a=1&b='2'+3"},
		{Name: "evil", Attribution: "", Terms: "javascript:alert(1)"},
		{Name: "openalex", Attribution: "OpenAlex (CC0)", Terms: "https://openalex.org/about"},
	}
	person := Person{Names: []string{"Ada O'Lovelace+ <Jr>"}, ORCIDs: []string{"0000-0002-1825-0097", "0000-0001-'+<>"}}
	return &folder.Folder{Works: works, Links: links, Providers: credits}, person
}

// A licence is a code or a web address (docs/page-data.md), and a page's
// own template may link it: a javascript: or data: "licence" from a
// service is no licence in any format, not even as the HTML page's text.
func TestALicenceOfAnotherSchemeIsNone(t *testing.T) {
	work := func(id, lic string) folder.Work {
		return folder.Work{ID: "doi:10.5555/" + id, Record: record.Record{Title: "T " + id, Type: "article-journal", Issued: record.Date{Year: 2024},
			IDs: record.IDs{DOI: "10.5555/" + id}, OA: &record.OpenAccess{URL: "https://example.org/" + id + ".pdf", License: lic}}}
	}
	f := &folder.Folder{Root: "t", Works: []folder.Work{work("a", "javascript:alert(1)"), work("b", "DATA:text/html,<script>alert(2)</script>"),
		work("c", "https://creativecommons.org/licenses/by/4.0/"), work("d", "cc-by-nc-4.0"), work("e", "info:eu-repo/semantics/openAccess")}}
	for _, format := range []Format{JSON, YAML, CSLJSON, HTML, Markdown} {
		out := renderString(t, f, Options{Format: format})
		if strings.Contains(strings.ToLower(out), "alert(") {
			t.Errorf("%s writes a javascript: or data: licence:\n%s", format, out)
		}
		for _, kept := range []string{"creativecommons.org/licenses/by/4.0", "info:eu-repo/semantics/openAccess"} {
			if (format == JSON || format == YAML || format == CSLJSON) && !strings.Contains(out, kept) {
				t.Errorf("%s lost the licence %s", format, kept)
			}
		}
	}
}
