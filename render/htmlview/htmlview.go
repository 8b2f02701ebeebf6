// Package htmlview is the HTML page as its templates see it: the
// templates, style sheets and script (templates/, embedded) and the views
// they are executed with, for the list page, a work's own page
// (html-site), a lab's roster and the citation chart. Every field is
// plain text, a number or a URL, every choice already made: render builds
// the views from its page. It knows no entry, page or format, and it may
// not import render.
package htmlview

import (
	_ "embed" // the templates, style sheets and script
	"fmt"
	"html/template"
	"iter"
	"strings"
)

// ChartCSS styles the per-year chart from the page's colour variables,
// so it follows the light and dark schemes and print; like PageCSS it
// holds no '<' or '&'.
//
//go:embed templates/chart.css
var ChartCSS string

// Chart is the per-year chart as the template draws it: plain
// numbers and text, so html/template escapes it like the rest.
type Chart struct {
	Width, Height int
	Axis          int // the baseline
	Title, Desc   string
	Bars          []Bar
}

// Bar is one year: its bar (none for a year without citations), the
// count above it and the year below.
type Bar struct {
	X, Y, W, H, Mid, ValueY, YearY int
	Value, Year                    string
}

// PageCSS styles the HTML page. It is inline so the page is one file with
// no external assets: system fonts, colours from custom properties that a
// dark colour scheme and print each replace, one column that fits a phone.
// It holds no '<' or '&', so the page stays well-formed XML too.
//
//go:embed templates/page.css
var PageCSS string

// PageScript is the page's only script: progressive enhancement, so the
// whole list is there and readable with scripts off. It shows the filter
// bar (hidden without scripts), filters entries by text, type and year,
// hides sections left empty, and adds a copy button to each BibTeX
// block. A filter is a shareable link: it is kept in the fragment
// (#q=bernoulli&type=software&year=2023) and one given there is applied
// on load; a fragment without those keys (a section anchor) is left
// alone. It holds no '<' or '&', so the page stays well-formed XML.
//
//go:embed templates/page.js
var PageScript string

// pageTemplateText is the page's markup; the view it is executed with is
// plain text and URLs, which html/template escapes for where each stands
// (text, attribute, link), so no value can add markup or a script.
//
//go:embed templates/page.html.tmpl
var pageTemplateText string

// PageTemplate is parsed once at start-up and never changed after; a
// parsed html/template is safe to execute concurrently.
var PageTemplate = template.Must(template.New("page").Parse(pageTemplateText))

// View is the page as the template sees it: every field plain text
// or a URL, every choice already made.
type View struct {
	Title      string
	CSS        template.CSS // PageCSS: our own constant, trusted as a style sheet
	UserCSS    template.CSS // UserCSS when an entry has [[work]] fields (render/userfields.go); "" otherwise
	Script     template.JS  // PageScript: our own constant
	Summary    string
	Metrics    *Metrics // with --counts
	ORCIDs     []Link
	Nav        []Group // the sections, when there is more than one
	Types      []Option
	Years      []string
	Groups     []Group
	Credits    []Link
	ProjectURL string
	Lab        *Lab      // a lab's page: its members and alumni, and the member filter
	MemberOf   *MemberOf // a member's page: their role and the lab
}

// Metrics is the header's line of citation figures, from one counts
// source, and the chart of its citations per year (render/citations.go).
type Metrics struct {
	Text, Since, Source string // all-time figures, recent ones ("" without years), provider title
	Chart               *Chart // nil when no count has years
	Note                string // which figures are partial, and why
}

// Option is one choice of the type filter.
type Option struct {
	Value, Text string
}

type Group struct {
	Slug, Title, Count string
	Entries            iter.Seq[Entry] // made as the template reaches each: a page of 10,000 is not held
}

type Entry struct {
	Key, Title, Href string
	Lang             string // the title's language when it is not the page's (titleLang)
	TypeSlug, Year   string // what the filters match
	Search           string // what the filter box matches: title, shown authors, venue, lower case
	Authors          []Author
	EtAl             string // " et al. (40 authors)" when the list is cut
	Venue            []VenuePart
	Chips            []Chip
	Abstract         string
	Funding          string // "NIH R01GM123456; Wellcome Trust": the funders and awards, plain text (render.FundingText)
	BibTeX           string
	Page             string // html-site: the entry's own page, relative to the list page
	User                    // the manifest's [[work]] fields (render/userfields.go)
	Members          string // a lab's page: the slugs of the entry's members, space-separated, for the member filter
	Credited         string // a lab's page: its members not among its authors shown, e.g. "Ben Okafor"
}

// VenuePart is one part of the venue line: where the work appeared
// (Container, or only Detail), its date (Datetime) or its type (Text).
type VenuePart struct {
	In, Container, Detail string
	Datetime, Text        string
}

// Chip is one chip of the links line: a link (Href), a plain label,
// or the list of versions.
type Chip struct {
	Class, Href, Text string
	Versions          []Link
}

// Link is a link, or plain text when Href is "".
type Link struct {
	Href, Text string
}

// Lab is a lab page's members list and member filter.
type Lab struct {
	Site            Link // the lab's name, linked to its site
	Members, Alumni []Member
	Choices         []Option // the member filter: each member with works on the page
}

// Member is one member in the members list.
type Member struct {
	Name          Link   // to the member's page, else their ORCID record
	Detail        string // role and years, e.g. "PhD student · 2016–2022"
	Works, Filter string // "2 works" and the filter's address, #member=<slug>; "" with none
}

// MemberOf is a member's page's line: the role and the lab.
type MemberOf struct {
	Role  string
	Lab   Link
	Years string // "since 2021", "2016–2022"
}

// LabCSS styles what only a lab's page has: the members list and the
// line crediting members no author is. Pages of one researcher do not
// carry it. Like PageCSS it holds no '<' or '&'.
//
//go:embed templates/lab.css
var LabCSS string

// LabPageScript is PageScript with the member filter added: a member
// chosen is kept in the fragment as the other filters are
// (#member=ada-quist), and the members list links to those fragments, so
// the filter follows the address as it changes too. It is PageScript
// edited at fixed lines, so a researcher's page keeps its script
// byte for byte; labScriptEdits panics at start-up should a line it
// edits after be gone (a programmer error, which every test run shows).
var LabPageScript = labScriptEdits(PageScript, []scriptEdit{
	{after: `  var q = document.getElementById("f-q"), ty = document.getElementById("f-type"), yr = document.getElementById("f-year");` + "\n",
		add: `  var mb = document.getElementById("f-member");` + "\n"},
	{after: `      if (yr.value) { ok = ok ? li.dataset.year === yr.value : false; }` + "\n",
		add: `      if (mb.value) { ok = ok ? (" " + (li.dataset.members || "") + " ").indexOf(" " + mb.value + " ") !== -1 : false; }` + "\n"},
	{after: `  var keys = [["q", q], ["type", ty], ["year", yr]];` + "\n",
		add: `  keys.push(["member", mb]);` + "\n"},
	{after: `  [q, ty, yr].forEach(function (el) { el.addEventListener("input", function () { apply(); remember(); }); });` + "\n",
		add: `  mb.addEventListener("input", function () { apply(); remember(); });` + "\n" +
			`  window.addEventListener("hashchange", function () {` + "\n" +
			`    var now = new URLSearchParams(location.hash.slice(1));` + "\n" +
			`    if (keys.some(function (k) { return now.has(k[0]); })) {` + "\n" +
			`      keys.forEach(function (k) { k[1].value = now.get(k[0]) || ""; });` + "\n" +
			`      apply();` + "\n" +
			`    }` + "\n" +
			`  });` + "\n"},
})

// scriptEdit adds lines after a line of a script.
type scriptEdit struct{ after, add string }

// labScriptEdits is script with each edit made once, in order.
func labScriptEdits(script string, edits []scriptEdit) string {
	for _, e := range edits {
		if strings.Count(script, e.after) != 1 {
			panic(fmt.Sprintf("render: LabPageScript: PageScript has %d lines %q", strings.Count(script, e.after), e.after))
		}
		script = strings.Replace(script, e.after, e.after+e.add, 1)
	}
	return script
}

// Author is one author a page lists: Gap when authors before it
// were skipped ("…, "), Me when it is the page's person.
type Author struct {
	Name    string
	Gap, Me bool
	Mark    string // the user's marks on the author: "*" equal contribution, "†" corresponding (render/userfields.go)
}

// User is what the HTML page shows of an entry's [[work]] fields
// beside its links: the preview image, the award and note, the tags and
// what the authors' marks mean.
type User struct {
	Image       string // safe URL, or ""
	Award, Note string
	Tags        []string
	Legend      string // "* Equal contribution · † Corresponding author"
}

// UserCSS styles what only [[work]] fields put on a page. It is a second
// style sheet, written only when some entry has such fields, so a page
// without them is the page it always was. No '<' or '&' (well-formed XML).
//
//go:embed templates/user.css
var UserCSS string

// WorkCSS is what a work page adds to the list page's style sheet:
// the link back, the sections and the BibTeX block. Like PageCSS it holds
// no '<' or '&'.
//
//go:embed templates/work.css
var WorkCSS string

// workTemplateText is a work page's markup; as with the list page, every
// value is plain text or a URL that html/template escapes for where it
// stands.
//
//go:embed templates/work.html.tmpl
var workTemplateText string

// WorkTemplate is parsed once at start-up, beside a copy of the list
// page's templates (it writes venues, chips and links as they do), and
// never changed after.
var WorkTemplate = template.Must(template.Must(PageTemplate.Clone()).New("work").Parse(workTemplateText))

// Work is one work page as the template sees it.
type Work struct {
	Title      string
	Canonical  string       // the page's own address, with Options.SiteURL
	CSS        template.CSS // PageCSS and WorkCSS: our own constants
	JSONLD     template.JS  // the work as schema.org data, <, > and & escaped by encoding/json
	Meta       []MetaTag    // Google Scholar's citation_* tags, in the guidelines' order
	Back       string       // the list page, at this entry
	BackText   string
	Authors    []Author // every author, in the record's order
	Venue      []VenuePart
	Chips      []Chip
	Abstract   string
	Funding    string // as Entry's
	Citations  []Citation
	BibTeX     string
	Credits    []Link
	ProjectURL string
	User              // the manifest's [[work]] fields, as the list page shows them
	Credited   string // on a lab's site: the members credited though no author is them
}

// MetaTag is one <meta name content> of a work page's head.
type MetaTag struct {
	Name, Content string
}

// Citation is the work cited in one style: runs of text, some in
// italics (a journal's name).
type Citation struct {
	Style string
	Parts []CitePart
}

type CitePart struct {
	Text   string
	Italic bool
}
