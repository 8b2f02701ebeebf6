package render

import (
	"bufio"
	"html/template"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/csltypes"
	"github.com/aboutscholar/about/render/htmlview"
	"github.com/aboutscholar/about/render/wording"
)

// projectURL is where the page's "made with" line points.
const projectURL = "https://github.com/aboutscholar/about"

// writeHTML writes the page as one self-contained HTML5 document from
// htmlview.PageTemplate. Links only come from wording.WebURL, wording.DOIURL or wording.EncodeURLBytes
// (http and https, every unusual byte percent-encoded); they are passed
// as strings, not template.URL, so html/template's own check of the
// scheme stays on as a second guard.
func writeHTML(buf *bufio.Writer, p *page) error {
	return writeHTMLPage(buf, p, htmlViewOf(p, false))
}

// writeHTMLPage writes the list page from its view: the template's head,
// the schema.org data in its script element (as the template would write
// a template.JS: as it is), then the rest, each entry made as the
// template reaches it.
func writeHTMLPage(w io.Writer, p *page, v htmlview.View) error {
	if err := htmlview.PageTemplate.ExecuteTemplate(w, "page-head", v); err != nil {
		return err
	}
	if _, err := io.WriteString(w, `<script type="application/ld+json">`); err != nil {
		return err
	}
	if err := writeJSONLD(w, p); err != nil {
		return err
	}
	if _, err := io.WriteString(w, `</script>`); err != nil {
		return err
	}
	return htmlview.PageTemplate.ExecuteTemplate(w, "page-tail", v)
}

// htmlViewOf is the list page's view; with workPages, each entry links
// its own page (html-site).
func htmlViewOf(p *page, workPages bool) htmlview.View {
	v := htmlview.View{
		Title:      p.pageTitle(),
		CSS:        template.CSS(htmlview.PageCSS),
		Script:     template.JS(htmlview.PageScript),
		Summary:    p.summary(),
		ProjectURL: projectURL,
	}
	if p.counts {
		f := p.citationFigures()
		v.Metrics = &htmlview.Metrics{Text: f.allText(), Since: f.sinceText(), Source: p.providerTitle(p.source), Chart: chartOf(f, p.providerTitle(p.source)), Note: p.partialText(f)}
		if v.Metrics.Chart != nil {
			v.CSS += template.CSS(htmlview.ChartCSS) // only on a page with a chart, so the others keep their bytes
		}
	}
	v.Lab, v.MemberOf = htmlLabOf(p)
	if v.Lab != nil {
		v.CSS += template.CSS(htmlview.LabCSS)
		v.Script = template.JS(htmlview.LabPageScript)
	}
	for _, o := range p.person.ORCIDs {
		if v.Lab != nil {
			break // the members list names and links each member
		}
		v.ORCIDs = append(v.ORCIDs, htmlview.Link{Href: wording.ORCIDURL(o), Text: o})
	}
	for _, g := range p.groups {
		items := g.items
		entries := func(yield func(htmlview.Entry) bool) {
			for _, e := range items {
				he := htmlEntryOf(p, e)
				if workPages {
					he.Page = workPagePath(e.file)
				}
				if !yield(he) {
					return
				}
			}
		}
		v.Groups = append(v.Groups, htmlview.Group{Slug: g.slug, Title: g.title, Count: countLabel(len(g.items)), Entries: entries})
	}
	if len(v.Groups) > 1 {
		v.Nav = v.Groups
	}
	v.Types, v.Years = filterChoices(p)
	v.UserCSS = userCSSFor(p)
	for _, c := range p.credits {
		text := wording.Clean(c.Attribution)
		if text == "" {
			text = p.providerTitle(c.Name)
		}
		v.Credits = append(v.Credits, htmlview.Link{Href: wording.WebURL(c.Terms), Text: text})
	}
	return v
}

// filterChoices are the type filter's choices (in the by-type page's
// section order) and the year filter's (newest first), each only as the
// page has entries of it.
func filterChoices(p *page) ([]htmlview.Option, []string) {
	hasType, hasYear := map[string]bool{}, map[int]bool{}
	for _, e := range p.shown {
		hasType[csltypes.Of(e.rec.Type).Group] = true
		hasYear[e.rec.Issued.Year] = true
	}
	var types []htmlview.Option
	for _, g := range typeGroups {
		if hasType[g.slug] {
			types = append(types, htmlview.Option{Value: g.slug, Text: g.title})
		}
	}
	var years []string
	for y := 9999; y > 0; y-- {
		if hasYear[y] {
			years = append(years, strconv.Itoa(y))
		}
	}
	return types, years
}

func countLabel(n int) string {
	if n == 1 {
		return "1 work"
	}
	return strconv.Itoa(n) + " works"
}

func htmlEntryOf(p *page, e *entry) htmlview.Entry {
	authors, etAl := shownAuthorList(e)
	he := htmlview.Entry{
		Key:      e.anchor, // the HTML id: the key, made an id (anchorName)
		Title:    e.titleOf(),
		Href:     titleURL(e.rec),
		Lang:     titleLang(e.rec.Language),
		TypeSlug: csltypes.Of(e.rec.Type).Group,
		Authors:  authors,
		EtAl:     etAl,
		Venue:    htmlVenue(p, e),
		Chips:    htmlChips(p, e),
		Abstract: withoutMarkup(e.rec.Abstract),
		Funding:  FundingText(e.rec.Funding),
		BibTeX:   bibEntryText(e, false),
		User:     htmlUserOf(e),
	}
	if y := e.rec.Issued.Year; y > 0 {
		he.Year = strconv.Itoa(y)
	}
	he.Members, he.Credited = htmlEntryMembers(p, e)
	he.Search = searchText(he)
	return he
}

// searchText is what the filter box matches, as its placeholder says:
// the title, the authors shown and the venue line. Not the entry's whole
// text: its collapsed BibTeX would make "misc" or "doi" match every
// entry, and an abstract a name nobody sees.
func searchText(he htmlview.Entry) string {
	words := []string{he.Title}
	for _, a := range he.Authors {
		words = append(words, a.Name)
	}
	for _, v := range he.Venue {
		words = append(words, v.Container, v.Detail, v.Text)
	}
	words = append(words, he.Tags...)
	return strings.ToLower(strings.Join(strings.Fields(strings.Join(words, " ")), " "))
}

// htmlVenue is the venue line's parts: where the work appeared, its date
// and, on a page by year, its type.
func htmlVenue(p *page, e *entry) []htmlview.VenuePart {
	var parts []htmlview.VenuePart
	if in, container, detail := wording.Venue(e.rec); container != "" || detail != "" {
		if container == "" {
			in = ""
		}
		parts = append(parts, htmlview.VenuePart{In: in, Container: container, Detail: detail})
	}
	if v := wording.VersionPhrase(entryVersion(e)); v != "" {
		parts = append(parts, htmlview.VenuePart{Detail: v}) // plain text: the .type style would upper-case "v1.0"
	}
	if d := e.rec.Issued; !d.IsZero() {
		parts = append(parts, htmlview.VenuePart{Datetime: d.String(), Text: wording.LongDate(d)})
	}
	if p.group == ByYear {
		parts = append(parts, htmlview.VenuePart{Text: wording.KindLabel(e.rec)})
	}
	return parts
}

// markupTag is an XML or HTML tag, as abstracts carry them (Crossref's
// JATS <jats:p>, <i>, <sub>).
var markupTag = regexp.MustCompile(`</?([A-Za-z][A-Za-z0-9:_-]*)(\s[^<>]*)?/?>`)

// blockTags are the tags that separate words; every other tag is inline
// ("na<i>ï</i>ve" stays one word).
var blockTags = map[string]bool{"p": true, "br": true, "div": true, "sec": true, "title": true, "li": true, "list-item": true}

// withoutMarkup is an abstract as plain text: its tags dropped (the page
// shows text, never the data's markup), its white space collapsed.
func withoutMarkup(s string) string {
	return wording.Clean(markupTag.ReplaceAllStringFunc(s, func(tag string) string {
		name := strings.ToLower(markupTag.FindStringSubmatch(tag)[1])
		if _, local, ok := strings.Cut(name, ":"); ok {
			name = local
		}
		if blockTags[name] {
			return " "
		}
		return ""
	}))
}

// titleURL is where an entry's title links: its DOI, else its landing
// page, else its open-access copy; "" when there is none.
func titleURL(r record.Record) string {
	if r.IDs.DOI != "" {
		return wording.DOIURL(r.IDs.DOI)
	}
	if u := wording.WebURL(r.URL); u != "" {
		return u
	}
	if r.OA != nil {
		return wording.WebURL(r.OA.URL)
	}
	return ""
}

// htmlChips is the links line: the DOI (else the landing page), every
// identifier a service is the home of (arXiv, PubMed, PMC: p.idLinks),
// open access, code and data, preprints, versions and the citation count.
func htmlChips(p *page, e *entry) []htmlview.Chip {
	var chips []htmlview.Chip
	ids := e.rec.IDs
	if ids.DOI != "" {
		chips = append(chips, htmlview.Chip{Class: "doi", Href: wording.DOIURL(ids.DOI), Text: "doi:" + ids.DOI})
	} else if u := wording.LandingURL(e.rec); u != "" {
		chips = append(chips, htmlview.Chip{Class: "url", Href: u, Text: "Link"})
	}
	for _, l := range p.idLinks(ids) {
		if l.Field == string(manifest.KindArXiv) && hasPreprintOn(e, manifest.KindArXiv) {
			continue // the preprint's own chip links it
		}
		chips = append(chips, htmlview.Chip{Class: "id", Href: l.URL, Text: l.Text})
	}
	chips = append(chips, userChips(e)...)
	if oa := e.rec.OA; oa != nil {
		if c, ok := oaChip(oa.URL, oa.License); ok {
			chips = append(chips, c)
		}
	}
	for _, c := range e.code {
		chips = append(chips, htmlview.Chip{Class: "code", Href: p.workURL(c), Text: "Code"})
	}
	for _, d := range e.data {
		chips = append(chips, htmlview.Chip{Class: "data", Href: p.workURL(d), Text: "Data"})
	}
	for _, pre := range e.preprints {
		text := "Preprint"
		if s := preprintServer(pre); s != "" {
			text += " · " + s
		}
		chips = append(chips, htmlview.Chip{Class: "pre", Href: p.workURL(pre), Text: text})
	}
	if len(e.versions) > 0 {
		c := htmlview.Chip{}
		for _, v := range e.versions {
			c.Versions = append(c.Versions, htmlview.Link{Href: p.workURL(v), Text: versionLabel(v)})
		}
		chips = append(chips, c)
	}
	if c := p.citedBy(e); c != "" {
		chips = append(chips, htmlview.Chip{Class: "cites", Href: p.citingURL(e.cite.Provider, e.rec.IDs), Text: c})
	}
	return chips
}

// hasPreprintOn reports whether a preprint chip of the entry already
// links the identifier kind (an arXiv preprint lends its id to the entry).
func hasPreprintOn(e *entry, kind manifest.Kind) bool {
	for _, pre := range e.preprints {
		if id, err := manifest.ParseKey(pre.id); err == nil && id.Kind == kind {
			return true
		}
	}
	return false
}

// oaChip is the open-access chip: a link when there is a copy to read
// (with its licence), the licence alone when there is none; false when
// there is neither.
func oaChip(rawURL, license string) (htmlview.Chip, bool) {
	u, lic := wording.WebURL(rawURL), wording.LicenceLabel(license)
	switch {
	case u != "" && lic != "":
		return htmlview.Chip{Class: "oa", Href: u, Text: "Open access · " + lic}, true
	case u != "":
		return htmlview.Chip{Class: "oa", Href: u, Text: "Open access"}, true
	case lic != "":
		return htmlview.Chip{Text: "Licence " + lic}, true
	}
	return htmlview.Chip{}, false
}
