package render

import (
	"bufio"
	_ "embed" // the page template
	"html/template"
	"io"
	"iter"
	"regexp"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/csltypes"
)

// pageCSS styles the HTML page. It is inline so the page is one file with
// no external assets: system fonts, colours from custom properties that a
// dark colour scheme and print each replace, one column that fits a phone.
// It holds no '<' or '&', so the page stays well-formed XML too.
const pageCSS = `
:root {
  color-scheme: light dark;
  --bg: #fdfcfa; --fg: #1f2328; --muted: #57606a; --faint: #6a7179; --rule: #e4e1dc;
  --accent: #0b57d0; --chip: #edf2fb; --chip-fg: #0b57d0; --oa: #e5f3e8; --oa-fg: #17693a;
  --mark: #ffe9a6;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #111318; --fg: #e7e7ea; --muted: #a7afba; --faint: #838b96; --rule: #2b3038;
    --accent: #8ab4f8; --chip: #1b2535; --chip-fg: #a8c7fa; --oa: #15291d; --oa-fg: #86d7a0;
    --mark: #5b4a0f;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 1rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
}
.page { max-width: 48rem; margin: 0 auto; padding: 3rem 1.25rem 3rem; }
h1 {
  font-family: Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif;
  font-size: clamp(1.6rem, 5vw, 2.25rem); line-height: 1.2; letter-spacing: -0.01em; margin: 0 0 0.4rem;
}
.lede { color: var(--muted); margin: 0 0 1.25rem; }
.lede a { white-space: nowrap; }
a { color: var(--accent); text-underline-offset: 0.15em; }
nav { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0 0 1rem; }
nav a {
  font-size: 0.85rem; text-decoration: none; color: var(--muted);
  padding: 0.1rem 0.65rem; border: 1px solid var(--rule); border-radius: 999px;
}
nav a:hover, nav a:focus-visible { color: var(--accent); border-color: var(--accent); }
h2 {
  display: flex; align-items: baseline; gap: 0.6rem;
  font-size: 1.2rem; margin: 2.5rem 0 1rem; padding-bottom: 0.4rem; border-bottom: 1px solid var(--rule);
}
h2 .n { font-size: 0.8rem; font-weight: 400; color: var(--faint); }
.works { list-style: none; margin: 0; padding: 0; }
.work { margin: 0 0 1.5rem; overflow-wrap: anywhere; }
.work p { margin: 0; }
.title { font-weight: 600; font-size: 1.05rem; line-height: 1.4; margin: 0; }
.title a { color: var(--fg); text-decoration: none; }
.title a:hover, .title a:focus-visible { color: var(--accent); text-decoration: underline; }
.metrics { color: var(--muted); margin: -0.75rem 0 1.25rem; }
.metrics .src { color: var(--faint); }
.filters { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; margin: 0 0 1rem; font-size: 0.9rem; color: var(--muted); }
.filters[hidden] { display: none; }
.filters input, .filters select {
  font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--rule); border-radius: 0.4rem; padding: 0.15rem 0.4rem;
}
.filters input { width: 14rem; max-width: 60vw; }
details { margin-top: 0.4rem; font-size: 0.88rem; }
summary { cursor: pointer; color: var(--muted); }
details p { margin: 0.3rem 0 0; }
details pre { margin: 0.3rem 0 0; padding: 0.5rem 0.7rem; overflow-x: auto; background: var(--chip); color: var(--fg); border-radius: 0.4rem; font-size: 0.8rem; white-space: pre; }
.copy { margin-top: 0.3rem; font: inherit; font-size: 0.8rem; color: var(--chip-fg); background: var(--chip); border: 1px solid var(--rule); border-radius: 0.4rem; padding: 0.1rem 0.6rem; cursor: pointer; }
[hidden] { display: none; }
.authors { color: var(--muted); font-size: 0.95rem; margin-top: 0.15rem; }
.me { color: var(--fg); font-weight: 700; background: linear-gradient(transparent 62%, var(--mark) 62%); }
.venue { color: var(--muted); font-size: 0.92rem; }
.venue cite { color: var(--fg); font-style: italic; }
.type { font-size: 0.72rem; letter-spacing: 0.05em; text-transform: uppercase; color: var(--faint); white-space: nowrap; }
.links { display: flex; flex-wrap: wrap; gap: 0.4rem; margin-top: 0.5rem; font-size: 0.82rem; }
.links a, .cites {
  display: inline-block; padding: 0.1rem 0.6rem; border-radius: 0.4rem; line-height: 1.55;
  background: var(--chip); color: var(--chip-fg); text-decoration: none;
}
.links a:hover, .links a:focus-visible { text-decoration: underline; }
.links a.oa { background: var(--oa); color: var(--oa-fg); }
.cites { background: transparent; color: var(--muted); border: 1px solid var(--rule); }
.versions { display: inline-block; padding: 0.1rem 0.6rem; border-radius: 0.4rem; line-height: 1.55; color: var(--muted); border: 1px solid var(--rule); }
.links .versions a { display: inline; padding: 0; border-radius: 0; background: none; color: var(--accent); }
footer { margin-top: 3.5rem; padding-top: 1rem; border-top: 1px solid var(--rule); color: var(--faint); font-size: 0.8rem; }
footer p { margin: 0.25rem 0; }
footer a { color: inherit; }
@media (max-width: 32rem) {
  .page { padding: 1.75rem 1rem 2rem; }
  .title { font-size: 1rem; }
}
@media print {
  :root {
    --bg: #fff; --fg: #000; --muted: #333; --faint: #555; --rule: #bbb;
    --accent: #000; --chip: transparent; --chip-fg: #000; --oa: transparent; --oa-fg: #000; --mark: transparent;
  }
  body { font-size: 10pt; }
  .page { max-width: none; padding: 0; }
  nav { display: none; }
  h2 { margin-top: 1.5rem; break-after: avoid; }
  .work { margin-bottom: 0.8rem; break-inside: avoid; }
  .links { margin-top: 0.15rem; gap: 0.9rem; }
  .links a, .cites, .versions { padding: 0; border: 0; }
  a { text-decoration: none; }
  .filters, .copy, details.bib { display: none; }
  /* paper has no links: print where each one goes */
  a[href]::after { content: " (" attr(href) ")"; font-size: 0.85em; overflow-wrap: anywhere; }
  a[href^="#"]::after { content: ""; }
}
`

// pageScript is the page's only script: progressive enhancement, so the
// whole list is there and readable with scripts off. It shows the filter
// bar (hidden without scripts), filters entries by text, type and year,
// hides sections left empty, and adds a copy button to each BibTeX
// block. A filter is a shareable link: it is kept in the fragment
// (#q=bernoulli&type=software&year=2023) and one given there is applied
// on load; a fragment without those keys (a section anchor) is left
// alone. It holds no '<' or '&', so the page stays well-formed XML.
const pageScript = `
(function () {
  var bar = document.getElementById("filters");
  if (!bar) { return; }
  bar.hidden = false;
  var q = document.getElementById("f-q"), ty = document.getElementById("f-type"), yr = document.getElementById("f-year");
  var shown = document.getElementById("f-shown");
  function apply() {
    var words = q.value.toLowerCase().split(/\s+/).filter(Boolean), n = 0;
    document.querySelectorAll("li.work").forEach(function (li) {
      var text = li.dataset.q || "", ok = true;
      words.forEach(function (w) { if (text.indexOf(w) === -1) { ok = false; } });
      if (ty.value) { ok = ok ? li.dataset.type === ty.value : false; }
      if (yr.value) { ok = ok ? li.dataset.year === yr.value : false; }
      li.hidden = !ok;
      if (ok) { n++; }
    });
    document.querySelectorAll("main section").forEach(function (s) {
      s.hidden = !s.querySelector("li.work:not([hidden])");
    });
    shown.textContent = n === 1 ? "1 work shown" : n + " works shown";
  }
  var keys = [["q", q], ["type", ty], ["year", yr]];
  function remember() {
    var f = new URLSearchParams();
    keys.forEach(function (k) { if (k[1].value) { f.set(k[0], k[1].value); } });
    var s = f.toString();
    try { history.replaceState(null, "", s ? "#" + s : location.pathname + location.search); } catch (e) {}
  }
  [q, ty, yr].forEach(function (el) { el.addEventListener("input", function () { apply(); remember(); }); });
  var given = new URLSearchParams(location.hash.slice(1));
  if (keys.some(function (k) { return given.has(k[0]); })) {
    keys.forEach(function (k) { k[1].value = given.get(k[0]) || ""; });
    apply();
  }
  if (navigator.clipboard) {
    document.querySelectorAll("details.bib").forEach(function (d) {
      var b = document.createElement("button");
      b.type = "button"; b.className = "copy"; b.textContent = "Copy BibTeX";
      b.addEventListener("click", function () {
        navigator.clipboard.writeText(d.querySelector("pre").textContent).then(function () { b.textContent = "Copied"; });
      });
      d.appendChild(b);
    });
  }
})();
`

// projectURL is where the page's "made with" line points.
const projectURL = "https://github.com/aboutscholar/about"

// pageTemplateText is the page's markup; the view it is executed with is
// plain text and URLs, which html/template escapes for where each stands
// (text, attribute, link), so no value can add markup or a script.
//
//go:embed templates/page.html.tmpl
var pageTemplateText string

// pageTemplate is parsed once at start-up and never changed after; a
// parsed html/template is safe to execute concurrently.
var pageTemplate = template.Must(template.New("page").Parse(pageTemplateText))

// htmlView is the page as the template sees it: every field plain text
// or a URL, every choice already made.
type htmlView struct {
	Title      string
	CSS        template.CSS // pageCSS: our own constant, trusted as a style sheet
	UserCSS    template.CSS // userCSS when an entry has [[work]] fields (userfields.go); "" otherwise
	Script     template.JS  // pageScript: our own constant
	Summary    string
	Metrics    *htmlMetrics // with --counts
	ORCIDs     []htmlLink
	Nav        []htmlGroup // the sections, when there is more than one
	Types      []htmlOption
	Years      []string
	Groups     []htmlGroup
	Credits    []htmlLink
	ProjectURL string
	Lab        *htmlLab      // a lab's page: its members and alumni, and the member filter
	MemberOf   *htmlMemberOf // a member's page: their role and the lab
}

// htmlMetrics is the header's line of citation figures, from one counts
// source, and the chart of its citations per year (citations.go).
type htmlMetrics struct {
	Text, Since, Source string     // all-time figures, recent ones ("" without years), provider title
	Chart               *htmlChart // nil when no count has years
	Note                string     // which figures are partial, and why
}

// htmlOption is one choice of the type filter.
type htmlOption struct {
	Value, Text string
}

type htmlGroup struct {
	Slug, Title, Count string
	Entries            iter.Seq[htmlEntry] // made as the template reaches each: a page of 10,000 is not held
}

type htmlEntry struct {
	Key, Title, Href string
	Lang             string // the title's language when it is not the page's (titleLang)
	TypeSlug, Year   string // what the filters match
	Search           string // what the filter box matches: title, shown authors, venue, lower case
	Authors          []shownAuthor
	EtAl             string // " et al. (40 authors)" when the list is cut
	Venue            []htmlVenuePart
	Chips            []htmlChip
	Abstract         string
	BibTeX           string
	Page             string // html-site: the entry's own page, relative to the list page
	htmlUser                // the manifest's [[work]] fields (userfields.go)
	Members          string // a lab's page: the slugs of the entry's members, space-separated, for the member filter
	Credited         string // a lab's page: its members not among its authors shown, e.g. "Ben Okafor"
}

// htmlVenuePart is one part of the venue line: where the work appeared
// (Container, or only Detail), its date (Datetime) or its type (Text).
type htmlVenuePart struct {
	In, Container, Detail string
	Datetime, Text        string
}

// htmlChip is one chip of the links line: a link (Href), a plain label,
// or the list of versions.
type htmlChip struct {
	Class, Href, Text string
	Versions          []htmlLink
}

// htmlLink is a link, or plain text when Href is "".
type htmlLink struct {
	Href, Text string
}

// writeHTML writes the page as one self-contained HTML5 document from
// pageTemplate. Links only come from webURL, doiURL or encodeURLBytes
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
func writeHTMLPage(w io.Writer, p *page, v htmlView) error {
	if err := pageTemplate.ExecuteTemplate(w, "page-head", v); err != nil {
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
	return pageTemplate.ExecuteTemplate(w, "page-tail", v)
}

// htmlViewOf is the list page's view; with workPages, each entry links
// its own page (html-site).
func htmlViewOf(p *page, workPages bool) htmlView {
	v := htmlView{
		Title:      p.pageTitle(),
		CSS:        template.CSS(pageCSS),
		Script:     template.JS(pageScript),
		Summary:    p.summary(),
		ProjectURL: projectURL,
	}
	if p.counts {
		f := p.citationFigures()
		v.Metrics = &htmlMetrics{Text: f.allText(), Since: f.sinceText(), Source: p.providerTitle(p.source), Chart: chartOf(f, p.providerTitle(p.source)), Note: p.partialText(f)}
		if v.Metrics.Chart != nil {
			v.CSS += template.CSS(chartCSS) // only on a page with a chart, so the others keep their bytes
		}
	}
	v.Lab, v.MemberOf = htmlLabOf(p)
	if v.Lab != nil {
		v.CSS += template.CSS(labCSS)
		v.Script = template.JS(labPageScript)
	}
	for _, o := range p.person.ORCIDs {
		if v.Lab != nil {
			break // the members list names and links each member
		}
		v.ORCIDs = append(v.ORCIDs, htmlLink{Href: orcidURL(o), Text: o})
	}
	for _, g := range p.groups {
		items := g.items
		entries := func(yield func(htmlEntry) bool) {
			for _, e := range items {
				he := htmlEntryOf(p, e)
				if workPages {
					he.Page = workPagePath(e.key)
				}
				if !yield(he) {
					return
				}
			}
		}
		v.Groups = append(v.Groups, htmlGroup{Slug: g.slug, Title: g.title, Count: countLabel(len(g.items)), Entries: entries})
	}
	if len(v.Groups) > 1 {
		v.Nav = v.Groups
	}
	v.Types, v.Years = filterChoices(p)
	v.UserCSS = userCSSFor(p)
	for _, c := range p.credits {
		text := clean(c.Attribution)
		if text == "" {
			text = p.providerTitle(c.Name)
		}
		v.Credits = append(v.Credits, htmlLink{Href: webURL(c.Terms), Text: text})
	}
	return v
}

// filterChoices are the type filter's choices (in the by-type page's
// section order) and the year filter's (newest first), each only as the
// page has entries of it.
func filterChoices(p *page) ([]htmlOption, []string) {
	hasType, hasYear := map[string]bool{}, map[int]bool{}
	for _, e := range p.shown {
		hasType[csltypes.Of(e.rec.Type).Group] = true
		hasYear[e.rec.Issued.Year] = true
	}
	var types []htmlOption
	for _, g := range typeGroups {
		if hasType[g.slug] {
			types = append(types, htmlOption{Value: g.slug, Text: g.title})
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

func htmlEntryOf(p *page, e *entry) htmlEntry {
	authors, etAl := shownAuthorList(e)
	he := htmlEntry{
		Key:      e.key,
		Title:    e.titleOf(),
		Href:     titleURL(e.rec),
		Lang:     titleLang(e.rec.Language),
		TypeSlug: csltypes.Of(e.rec.Type).Group,
		Authors:  authors,
		EtAl:     etAl,
		Venue:    htmlVenue(p, e),
		Chips:    htmlChips(p, e),
		Abstract: withoutMarkup(e.rec.Abstract),
		BibTeX:   bibEntryText(e, false),
		htmlUser: htmlUserOf(e),
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
func searchText(he htmlEntry) string {
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
func htmlVenue(p *page, e *entry) []htmlVenuePart {
	var parts []htmlVenuePart
	if in, container, detail := venue(e.rec); container != "" || detail != "" {
		if container == "" {
			in = ""
		}
		parts = append(parts, htmlVenuePart{In: in, Container: container, Detail: detail})
	}
	if v := versionPhrase(entryVersion(e)); v != "" {
		parts = append(parts, htmlVenuePart{Detail: v}) // plain text: the .type style would upper-case "v1.0"
	}
	if d := e.rec.Issued; !d.IsZero() {
		parts = append(parts, htmlVenuePart{Datetime: d.String(), Text: longDate(d)})
	}
	if p.group == ByYear {
		parts = append(parts, htmlVenuePart{Text: kindLabel(e.rec)})
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
	return clean(markupTag.ReplaceAllStringFunc(s, func(tag string) string {
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
		return doiURL(r.IDs.DOI)
	}
	if u := webURL(r.URL); u != "" {
		return u
	}
	if r.OA != nil {
		return webURL(r.OA.URL)
	}
	return ""
}

// htmlChips is the links line: the DOI (else the landing page), every
// identifier a service is the home of (arXiv, PubMed, PMC: p.idLinks),
// open access, code and data, preprints, versions and the citation count.
func htmlChips(p *page, e *entry) []htmlChip {
	var chips []htmlChip
	ids := e.rec.IDs
	if ids.DOI != "" {
		chips = append(chips, htmlChip{Class: "doi", Href: doiURL(ids.DOI), Text: "doi:" + ids.DOI})
	} else if u := landingURL(e.rec); u != "" {
		chips = append(chips, htmlChip{Class: "url", Href: u, Text: "Link"})
	}
	for _, l := range p.idLinks(ids) {
		if l.Field == string(manifest.KindArXiv) && hasPreprintOn(e, manifest.KindArXiv) {
			continue // the preprint's own chip links it
		}
		chips = append(chips, htmlChip{Class: "id", Href: l.URL, Text: l.Text})
	}
	chips = append(chips, userChips(e)...)
	if oa := e.rec.OA; oa != nil {
		if c, ok := oaChip(oa.URL, oa.License); ok {
			chips = append(chips, c)
		}
	}
	for _, c := range e.code {
		chips = append(chips, htmlChip{Class: "code", Href: p.workURL(c), Text: "Code"})
	}
	for _, d := range e.data {
		chips = append(chips, htmlChip{Class: "data", Href: p.workURL(d), Text: "Data"})
	}
	for _, pre := range e.preprints {
		text := "Preprint"
		if s := preprintServer(pre); s != "" {
			text += " · " + s
		}
		chips = append(chips, htmlChip{Class: "pre", Href: p.workURL(pre), Text: text})
	}
	if len(e.versions) > 0 {
		c := htmlChip{}
		for _, v := range e.versions {
			c.Versions = append(c.Versions, htmlLink{Href: p.workURL(v), Text: versionLabel(v)})
		}
		chips = append(chips, c)
	}
	if c := p.citedBy(e); c != "" {
		chips = append(chips, htmlChip{Class: "cites", Href: p.citingURL(e.cite.Provider, e.rec.IDs), Text: c})
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
func oaChip(rawURL, license string) (htmlChip, bool) {
	u, lic := webURL(rawURL), licenceLabel(license)
	switch {
	case u != "" && lic != "":
		return htmlChip{Class: "oa", Href: u, Text: "Open access · " + lic}, true
	case u != "":
		return htmlChip{Class: "oa", Href: u, Text: "Open access"}, true
	case lic != "":
		return htmlChip{Text: "Licence " + lic}, true
	}
	return htmlChip{}, false
}
