package render

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/htmlview"
)

// A lab's feed is the lab's: its id a tag: URI of the lab's name, its
// author the lab at the lab's site, and no member's ORCID record in
// either, for that member's own feed (--member) has that iD as its id and
// RFC 4287 §4.2.6 makes a feed's id its own ("universally unique").
func TestAtomFeedOfALabIsTheLabs(t *testing.T) {
	f, opts := labFixture(t)
	opts.Format = Atom
	lab := parseAtom(t, renderString(t, f, opts))
	if lab.ID != "tag:aboutscholar.github.io,2026:feed/holt-lab" || lab.Author.Name != "Holt Lab" ||
		lab.Author.URI != "https://holtlab.example.org" ||
		len(lab.Links) != 1 || lab.Links[0].Href != "https://holtlab.example.org" {
		t.Errorf("the lab's feed: id %q, author %+v, links %+v", lab.ID, lab.Author, lab.Links)
	}
	opts.Member = "Maren Holt"
	holt := parseAtom(t, renderString(t, f, opts))
	if holt.ID != "https://orcid.org/0000-0002-1111-2222" || holt.Author.Name != "Maren Holt" ||
		holt.Author.URI != "https://orcid.org/0000-0002-1111-2222" || holt.ID == lab.ID {
		t.Errorf("Maren Holt's feed: id %q, author %+v (the lab's id %q)", holt.ID, holt.Author, lab.ID)
	}
	opts.Member = "Dana Ferreira" // no iD: a tag: URI of her name
	if dana := parseAtom(t, renderString(t, f, opts)); dana.ID != "tag:aboutscholar.github.io,2026:feed/dana-ferreira" || dana.Author.URI != "" || len(dana.Links) != 0 {
		t.Errorf("Dana Ferreira's feed: id %q, author %+v, links %+v", dana.ID, dana.Author, dana.Links)
	}
}

// APA 7 cites an article that has an article number instead of a page
// range with "the word "Article" and then the article number"
// (https://apastyle.apa.org/style-grammar-guidelines/references/examples/journal-article-references);
// a page range and a single page stay as they are.
func TestAPACitationOfAnArticleNumber(t *testing.T) {
	article := func(pages string) record.Record {
		return record.Record{Title: "Automated quantitative histology", Type: "article-journal",
			Authors:   []record.Author{{Given: "Martial", Family: "Sankar"}, {Given: "Christian S.", Family: "Hardtke"}},
			Container: "eLife", Volume: "3", Pages: pages, Issued: record.Date{Year: 2014}, IDs: record.IDs{DOI: "10.7554/eLife.01567"}}
	}
	for pages, want := range map[string]string{
		"e01567":  "Sankar, M., & Hardtke, C. S. (2014). Automated quantitative histology. _eLife_, _3_, Article e01567. https://doi.org/10.7554/eLife.01567",
		"036001":  "Sankar, M., & Hardtke, C. S. (2014). Automated quantitative histology. _eLife_, _3_, Article 036001. https://doi.org/10.7554/eLife.01567",
		"45-67":   "Sankar, M., & Hardtke, C. S. (2014). Automated quantitative histology. _eLife_, _3_, 45–67. https://doi.org/10.7554/eLife.01567",
		"45":      "Sankar, M., & Hardtke, C. S. (2014). Automated quantitative histology. _eLife_, _3_, 45. https://doi.org/10.7554/eLife.01567",
		"S12":     "Sankar, M., & Hardtke, C. S. (2014). Automated quantitative histology. _eLife_, _3_, S12. https://doi.org/10.7554/eLife.01567",
		"1234567": "Sankar, M., & Hardtke, C. S. (2014). Automated quantitative histology. _eLife_, _3_, Article 1234567. https://doi.org/10.7554/eLife.01567",
	} {
		if got := apaText(apaCitation(&entry{id: "doi:10.7554/elife.01567", rec: article(pages)})); got != want {
			t.Errorf("pages %q:\n got %s\nwant %s", pages, got, want)
		}
	}
}

// apaText is a citation with its italics as _…_.
func apaText(parts []htmlview.CitePart) string {
	var b strings.Builder
	for _, part := range parts {
		if part.Italic {
			b.WriteString("_" + part.Text + "_")
		} else {
			b.WriteString(part.Text)
		}
	}
	return b.String()
}

// The user's marks are BibLaTeX data annotations beside the person's
// (biblatex manual §3.7: "<itemcount> = <annotation> [, <annotation>]",
// specifications joined by ";", its own example "2=corresponding"): the
// fixture's article marks authors 1 and 2 equal and 2, Ada Lovelace,
// corresponding. biber reads them back unchanged.
func TestBibLaTeXAnnotatesTheUserMarks(t *testing.T) {
	f, opts := userFixture(t)
	opts.Format = BibLaTeX
	bib := renderString(t, f, opts)
	article := bibEntryOf(t, bib, "nunezgarcia2023analytical")
	if want := "  author+an    = {1=equal;2=highlight,equal,corresponding},\n"; !strings.Contains(article, want) {
		t.Errorf("the article lacks %q:\n%s", want, article)
	}
	if chapter := bibEntryOf(t, bib, "lovelace2020bernoulli"); !strings.Contains(chapter, "author+an = {1=highlight},\n") {
		t.Errorf("a work without marks is annotated beyond the person:\n%s", chapter)
	}
	biber := tool(t, "biber")
	dir := t.TempDir()
	stdout, stderr, err := run(t, dir, biber, "--tool", "--nolog", "--validate-datamodel",
		"--output-file="+filepath.Join(dir, "out.bib"), writeTemp(t, dir, "in.bib", bib))
	if err != nil || strings.Contains(stdout+stderr, "WARN") || strings.Contains(stdout+stderr, "ERROR") {
		t.Fatalf("biber: %v\n%s%s", err, stdout, stderr)
	}
	out, err := os.ReadFile(filepath.Join(dir, "out.bib"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "AUTHOR+an:default = {1=equal;2=highlight,equal,corresponding}") {
		t.Errorf("biber did not read the marks back:\n%s", out)
	}
}

// APA 7 cites a paper in published proceedings as a chapter of an edited
// book: "In" the proceedings in italics, the volume and pages in
// parentheses, then the publisher
// (https://apastyle.apa.org/style-grammar-guidelines/references/examples/conference-proceeding-references:
// "In … (Eds.), Lecture Notes in Computer Science: Vol. 9905. Computer
// Vision – ECCV 2016 (pp. 297–312). Springer."); a chapter the same,
// "p." for a single page.
func TestAPACitationOfAPaperInProceedings(t *testing.T) {
	authors := []record.Author{{Given: "Prashant", Family: "Pandey"}, {Given: "Michael A.", Family: "Bender"}}
	for _, c := range []struct {
		rec  record.Record
		want string
	}{
		{record.Record{Title: "Vector quotient filters", Type: "paper-conference", Authors: authors,
			Container: "Proceedings of the 2021 International Conference on Management of Data", Publisher: "ACM",
			Pages: "1386-1399", Issued: record.Date{Year: 2021}, IDs: record.IDs{DOI: "10.1145/3448016.3452841"}},
			"Pandey, P., & Bender, M. A. (2021). Vector quotient filters. In _Proceedings of the 2021 International Conference on Management of Data_ (pp. 1386–1399). ACM. https://doi.org/10.1145/3448016.3452841"},
		{record.Record{Title: "Filters in series", Type: "paper-conference", Authors: authors,
			Container: "Algorithms – ESA 2020", Publisher: "Springer", Volume: "173", Pages: "12", Issued: record.Date{Year: 2020}},
			"Pandey, P., & Bender, M. A. (2020). Filters in series. In _Algorithms – ESA 2020_ (Vol. 173, p. 12). Springer."},
		{record.Record{Title: "Engines", Type: "chapter", Authors: authors[:1], Container: "Sketches", Publisher: "Taylor & Francis",
			Volume: "2", Pages: "77–102", Issued: record.Date{Year: 2020}},
			"Pandey, P. (2020). Engines. In _Sketches_ (Vol. 2, pp. 77–102). Taylor & Francis."},
	} {
		if got := apaText(apaCitation(&entry{id: "doi:10.5555/x", rec: c.rec})); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.rec.Title, got, c.want)
		}
	}
}

// A work page's citation_pdf_url is the user's own [[work]] pdf when it
// is one (Scholar's individual authors' advice: "the full text of your
// paper is in a PDF file that ends with ".pdf"" on your website), a site
// path made absolute at the site's root; else the open copy's PDF. The
// fixture's article has its own PDF at example.org and an open PDF at
// poetics.example.org.
func TestWorkPagePDFIsTheUsersOwn(t *testing.T) {
	f, opts := userFixture(t)
	pdfOf := func(site, userPDF string) []string {
		t.Helper()
		o := opts
		o.Format, o.SiteURL = HTMLSite, site
		o.User = UserFields{}
		for id, w := range opts.User {
			o.User[id] = w
		}
		w := o.User[articleID]
		w.Links = []UserLink{{Kind: "pdf", URL: userPDF}}
		o.User[articleID] = w
		files, err := RenderFiles(f, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			if file.Path == "works/nunezgarcia2023analytical.html" {
				m := regexp.MustCompile(`<meta name="citation_pdf_url" content="([^"]*)" />`).FindAllStringSubmatch(string(file.Data), -1)
				var got []string
				for _, s := range m {
					got = append(got, s[1])
				}
				return got
			}
		}
		t.Fatal("no page for the article")
		return nil
	}
	for _, c := range []struct {
		site, pdf string
		want      []string
	}{
		{"https://ada.example.org/papers/", "https://example.org/papers/note-g.pdf", []string{"https://example.org/papers/note-g.pdf"}},
		{"https://ada.example.org/papers/", "/assets/pdf/note-g.pdf", []string{"https://ada.example.org/assets/pdf/note-g.pdf"}},
		{"", "/assets/pdf/note-g.pdf", []string{"https://poetics.example.org/articles/42.pdf"}},                             // no address to make it absolute
		{"https://ada.example.org/", "https://example.org/note-g", []string{"https://poetics.example.org/articles/42.pdf"}}, // not a .pdf file
	} {
		if got := pdfOf(c.site, c.pdf); !slices.Equal(got, c.want) {
			t.Errorf("site %q, pdf %q: citation_pdf_url %q, want %q", c.site, c.pdf, got, c.want)
		}
	}
}

// The JSON-LD writes a name in Han, Hangul or kana as it is written,
// family name first with no space ("李小龙"), as the page, the Scholar
// tags, the feed and Hugo Blox do; other names stay given name first.
func TestJSONLDWritesAnEastAsianNameAsWritten(t *testing.T) {
	w := ldWorkOf(&entry{id: "doi:10.5555/x", rec: record.Record{Title: "T", Authors: []record.Author{
		{Given: "小龙", Family: "李"}, {Given: "Ada", Family: "Lovelace"}, {Given: "太郎", Family: "山田"},
	}}})
	var names []string
	for _, a := range w.Author {
		names = append(names, a.Name)
	}
	if want := []string{"李小龙", "Ada Lovelace", "山田太郎"}; !slices.Equal(names, want) {
		t.Errorf("JSON-LD names %q, want %q", names, want)
	}
}
