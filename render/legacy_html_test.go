package render

// The HTML page as it was written before html/template, by concatenation
// with html.EscapeString: kept as the oracle that
// TestHTMLTemplateGivesTheSameDocument compares the template's page with,
// on the fixture and on hostile input.

import (
	"bytes"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// legacyWriteHTML writes the page as one self-contained HTML5 document. Every
// value goes through html.EscapeString; links only come from webURL,
// doiURL or encodeURLBytes, so no value can add markup or a script.
// Elements are always closed and void elements written as <x />, so the
// page is also well-formed XML (the tests parse it as such).
func legacyWriteHTML(buf *bytes.Buffer, p *page) error {
	esc := html.EscapeString
	title := p.pageTitle()
	buf.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n")
	buf.WriteString("<meta charset=\"utf-8\" />\n")
	buf.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n")
	buf.WriteString("<meta name=\"color-scheme\" content=\"light dark\" />\n")
	buf.WriteString("<meta name=\"generator\" content=\"about\" />\n")
	buf.WriteString("<title>" + esc(title) + "</title>\n")
	buf.WriteString("<style>" + pageCSS + "</style>\n</head>\n<body>\n<div class=\"page\">\n")

	buf.WriteString("<header>\n<h1>" + esc(title) + "</h1>\n<p class=\"lede\">" + esc(p.summary()))
	for _, o := range p.person.ORCIDs {
		buf.WriteString(" · <a href=\"" + esc("https://orcid.org/"+encodeURLBytes(o, "")) + "\">ORCID " + esc(o) + "</a>")
	}
	buf.WriteString("</p>\n")
	if len(p.groups) > 1 {
		buf.WriteString("<nav aria-label=\"Sections\">")
		for _, g := range p.groups {
			buf.WriteString("<a href=\"#s-" + esc(g.slug) + "\">" + esc(g.title) + "</a>")
		}
		buf.WriteString("</nav>\n")
	}
	buf.WriteString("</header>\n<main>\n")

	for _, g := range p.groups {
		fmt.Fprintf(buf, "<section id=\"s-%s\" aria-labelledby=\"h-%s\">\n", esc(g.slug), esc(g.slug))
		fmt.Fprintf(buf, "<h2 id=\"h-%s\">%s <span class=\"n\">%s</span></h2>\n", esc(g.slug), esc(g.title), esc(legacyCountLabel(len(g.items))))
		buf.WriteString("<ol class=\"works\">\n")
		for _, e := range g.items {
			legacyHTMLEntry(buf, p, e)
		}
		buf.WriteString("</ol>\n</section>\n")
	}
	buf.WriteString("</main>\n<footer>\n")
	if len(p.credits) > 0 {
		buf.WriteString("<p>Sources: ")
		for i, c := range p.credits {
			if i > 0 {
				buf.WriteString(" · ")
			}
			text := clean(c.Attribution)
			if text == "" {
				text = p.providerTitle(c.Name)
			}
			if u := webURL(c.Terms); u != "" {
				buf.WriteString("<a href=\"" + esc(u) + "\">" + esc(text) + "</a>")
			} else {
				buf.WriteString(esc(text))
			}
		}
		buf.WriteString(".</p>\n")
	}
	buf.WriteString("<p>Made with <a href=\"" + projectURL + "\">about</a> from committed snapshots.</p>\n")
	buf.WriteString("</footer>\n</div>\n</body>\n</html>\n")
	return nil
}

func legacyCountLabel(n int) string {
	if n == 1 {
		return "1 work"
	}
	return strconv.Itoa(n) + " works"
}

func legacyHTMLEntry(buf *bytes.Buffer, p *page, e *entry) {
	esc := html.EscapeString
	buf.WriteString("<li class=\"work\" id=\"" + esc(e.key) + "\">\n")
	buf.WriteString("<p class=\"title\">" + esc(e.titleOf()) + "</p>\n")
	if len(e.rec.Authors) > 0 {
		buf.WriteString("<p class=\"authors\">" + legacyHTMLAuthors(e) + "</p>\n")
	}
	buf.WriteString("<p class=\"venue\">" + strings.Join(legacyHTMLVenue(p, e), " · ") + "</p>\n")
	if links := legacyHTMLLinks(p, e); len(links) > 0 {
		buf.WriteString("<p class=\"links\">" + strings.Join(links, " ") + "</p>\n")
	}
	buf.WriteString("</li>\n")
}

// htmlVenue is the venue line's parts: where the work appeared, its date
// and, on a page by year, its type.
func legacyHTMLVenue(p *page, e *entry) []string {
	esc := html.EscapeString
	var parts []string
	in, container, detail := venue(e.rec)
	if container != "" {
		v := "<cite>" + esc(container) + "</cite>"
		if in != "" {
			v = esc(in) + " " + v
		}
		if detail != "" {
			v += ", " + esc(detail)
		}
		parts = append(parts, v)
	} else if detail != "" {
		parts = append(parts, esc(detail))
	}
	if d := e.rec.Issued; !d.IsZero() {
		parts = append(parts, "<time datetime=\""+esc(d.String())+"\">"+esc(longDate(d))+"</time>")
	}
	if p.group == ByYear {
		parts = append(parts, "<span class=\"type\">"+esc(typeLabel(e.rec.Type))+"</span>")
	}
	return parts
}

// htmlLinks is the links line's chips: the DOI or landing page, open
// access, preprints, versions and the citation count.
func legacyHTMLLinks(p *page, e *entry) []string {
	esc := html.EscapeString
	var links []string
	link := func(class, href, text string) {
		links = append(links, "<a class=\""+class+"\" href=\""+esc(href)+"\">"+esc(text)+"</a>")
	}
	if doi := e.rec.IDs.DOI; doi != "" {
		link("doi", doiURL(doi), "doi:"+doi)
	} else if u := landingURL(e.rec); u != "" {
		link("url", u, "Link")
	}
	if oa := e.rec.OA; oa != nil {
		u := webURL(oa.URL)
		lic := licenceLabel(oa.License)
		switch {
		case u != "" && lic != "":
			link("oa", u, "Open access · "+lic)
		case u != "":
			link("oa", u, "Open access")
		case lic != "":
			links = append(links, "<span class=\"cites\">Licence "+esc(lic)+"</span>")
		}
	}
	for _, pre := range e.preprints {
		text := "Preprint"
		if s := preprintServer(pre); s != "" {
			text += " · " + s
		}
		if u := workURL(pre); u != "" {
			link("pre", u, text)
		} else {
			links = append(links, "<span class=\"cites\">"+esc(text)+"</span>")
		}
	}
	if len(e.versions) > 0 {
		links = append(links, legacyHTMLVersions(e.versions))
	}
	if c := p.citedBy(e); c != "" {
		links = append(links, "<span class=\"cites\">"+esc(c)+"</span>")
	}
	return links
}

// htmlVersions is the chip listing an entry's versions, each linked when
// it has a URL.
func legacyHTMLVersions(versions []*entry) string {
	esc := html.EscapeString
	var vs []string
	for _, v := range versions {
		if u := workURL(v); u != "" {
			vs = append(vs, "<a href=\""+esc(u)+"\">"+esc(versionLabel(v))+"</a>")
		} else {
			vs = append(vs, esc(versionLabel(v)))
		}
	}
	return "<span class=\"versions\">Versions " + strings.Join(vs, ", ") + "</span>"
}

func legacyHTMLAuthors(e *entry) string {
	return authorList(e, html.EscapeString, func(name string) string { return "<strong class=\"me\">" + name + "</strong>" })
}

// hostileFolder is a folder whose every value some part of HTML treats as
// syntax: markup, quotes, ampersands, plus signs (html/template writes
// them &#43;), and URLs with apostrophes, plus signs, parentheses, a query
// and a fragment — among them a SICI DOI, whose parentheses doiURL
// percent-encodes.
func hostileFolder() (*Folder, Person) {
	nasty := `C++ & <b>bold</b> 'single' "double" a+b=c ½ — 日本語`
	many := make([]record.Author, 15)
	for i := range many {
		many[i] = record.Author{Given: "A+" + strconv.Itoa(i), Family: "O'Neil <" + strconv.Itoa(i) + ">"}
	}
	many[13] = record.Author{Given: "Ada", Family: "O'Lovelace+", ORCID: "0000-0002-1825-0097"}
	works := []Work{
		{ID: "doi:10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O", CitedBy: []Citation{{Provider: "openalex", Count: 12}}, Record: record.Record{
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
	return &Folder{Works: works, Links: links, Providers: credits}, person
}
