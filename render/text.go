package render

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/csltypes"
	"github.com/aboutscholar/about/render/folder"
)

// clean collapses white space (new lines included) to single spaces, so no
// value can start a new line in a line-oriented format, and drops the other
// C0 control characters and DEL, which no format may hold (pdflatex stops
// at U+001B; XML 1.0 forbids them; a terminal obeys them), whatever an old
// snapshot stored.
func clean(s string) string {
	return strings.Join(strings.Fields(strings.Map(folder.WithoutControl, s)), " ")
}

// titleOf is what a page shows as a work's title: the title, or the
// identifier when no provider gave one.
func (e *entry) titleOf() string {
	if t := clean(e.rec.Title); t != "" {
		return t
	}
	return "Untitled (" + e.id + ")"
}

// longDate renders a date at its precision for people: "17 May 2023",
// "May 2023" or "2023".
func longDate(d record.Date) string {
	switch {
	case d.Year == 0:
		return ""
	case d.Month == 0:
		return fmt.Sprintf("%d", d.Year)
	case d.Day == 0:
		return fmt.Sprintf("%s %d", time.Month(d.Month), d.Year)
	}
	return fmt.Sprintf("%d %s %d", d.Day, time.Month(d.Month), d.Year)
}

// kindLabel names what a work is for people: its genre when the record
// has one, since the genre is the more specific kind within the CSL type
// (a poster is a speech of genre "Poster", and CSL defines genre as the
// "class, type or genre of the item": https://docs.citationstyles.org/en/stable/specification.html#appendix-iv-variables);
// else its type. Grouping and filtering stay by type (csltypes.Row.Group).
func kindLabel(r record.Record) string {
	if g := clean(r.Genre); g != "" {
		first, size := utf8.DecodeRuneInString(g) // a rune, not a byte: "éditorial" is "Éditorial"
		return string(unicode.ToUpper(first)) + g[size:]
	}
	return csltypes.Of(r.Type).PageLabel()
}

// venue is the "where" of a work: its container, or its publisher when it
// has none; the word before it ("In" for a chapter); and the detail:
// volume(issue), pages, and the publisher of a book or chapter.
func venue(r record.Record) (in, container, detail string) {
	container = clean(r.Container)
	publisher := clean(r.Publisher)
	if container == "" {
		container, publisher = publisher, ""
	}
	if container != "" && r.Type == "chapter" {
		in = "In"
	}
	var parts []string
	vol := clean(r.Volume)
	if i := clean(r.Issue); i != "" {
		vol += "(" + i + ")"
	}
	if vol != "" {
		parts = append(parts, vol)
	}
	if pg := pageRange(clean(r.Pages)); pg != "" {
		if strings.Contains(pg, "–") && vol == "" {
			pg = "pp. " + pg
		}
		parts = append(parts, pg)
	}
	if publisher != "" && publisher != container && (r.Type == "book" || r.Type == "chapter") {
		parts = append(parts, publisher)
	}
	return in, container, strings.Join(parts, ", ")
}

// licenceLabel names a licence for people: Creative Commons licences by
// their usual short name (from "cc-by", "cc-by-nc-4.0" or a
// creativecommons.org URL), other URLs by host and path, anything else as
// given.
func licenceLabel(s string) string {
	s = licence(s)
	low := strings.ToLower(s)
	if u, err := url.Parse(low); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		return licenceURLLabel(u)
	}
	if label := licenceCodeLabel(low); label != "" {
		return label
	}
	return s
}

// licence is a work's licence as the formats write it: a code (cc-by) as
// given, a web address as webURL writes it, an info: or urn: name as
// given; "" for an address of any other scheme (javascript:, data:),
// which is no licence and which a template that links the licence, as
// page-data.md says it may be a URL, would make live.
func licence(s string) string {
	s = clean(s)
	u, err := url.Parse(s)
	if err != nil || u.Scheme == "" {
		return s
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
		return webURL(s)
	case "info", "urn":
		return s
	}
	return ""
}

// licenceURLLabel names a licence given as a (lower-cased) web address:
// a Creative Commons deed by its short name, anything else by host and
// path.
func licenceURLLabel(u *url.URL) string {
	host := strings.TrimPrefix(u.Host, "www.")
	parts := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	if host == "creativecommons.org" && len(parts) >= 2 {
		if label := creativeCommonsLabel(parts); label != "" {
			return label
		}
	}
	return strings.TrimSuffix(host+u.Path, "/")
}

// creativeCommonsLabel names a creativecommons.org path (at least two
// segments): licenses/by-nc/4.0 → "CC BY-NC 4.0", publicdomain/zero/1.0 →
// "CC0 1.0"; "" for a path that is no licence.
func creativeCommonsLabel(parts []string) string {
	version := ""
	if len(parts) >= 3 {
		version = " " + parts[2]
	}
	switch {
	case parts[0] == "licenses" || parts[0] == "licences":
		return "CC " + strings.ToUpper(parts[1]) + version
	case parts[0] == "publicdomain" && parts[1] == "zero":
		return "CC0" + version
	case parts[0] == "publicdomain" && parts[1] == "mark":
		return "Public Domain Mark"
	}
	return ""
}

// licenceCodeLabel names a licence given as a (lower-cased) code: cc0,
// cc-by-nc-4.0, public-domain, mit; "" for a code it does not know.
func licenceCodeLabel(low string) string {
	switch {
	case low == "cc0" || low == "cc-0" || strings.HasPrefix(low, "cc0-"):
		return "CC0" + strings.TrimPrefix(strings.TrimPrefix(low, "cc0"), "-")
	case strings.HasPrefix(low, "cc-"):
		code := strings.TrimPrefix(low, "cc-")
		version := ""
		if i := strings.LastIndexByte(code, '-'); i >= 0 && strings.ContainsAny(code[i+1:], "0123456789") {
			code, version = code[:i], " "+code[i+1:]
		}
		return "CC " + strings.ToUpper(code) + version
	case low == "public-domain" || low == "pd":
		return "Public domain"
	case low == "mit" || low == "bsd" || low == "gpl" || low == "lgpl" || low == "mpl":
		return strings.ToUpper(low)
	}
	return ""
}

// webURL returns raw as a URL safe to put in any of the formats — only
// http and https, with every byte that could end a Markdown link, an HTML
// attribute or a BibTeX field percent-encoded — or "" when raw is not a
// web address (a javascript: link in a provider's answer stays inert).
func webURL(raw string) string {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return encodeURLBytes(raw, "")
}

// doiURL is the resolver link of a DOI, with the DOI's path characters
// kept and everything else percent-encoded (DOIs may hold <, >, #, ?, …).
func doiURL(doi string) string {
	if doi == "" {
		return ""
	}
	doiKind, _ := manifest.LookupKind(manifest.KindDOI)
	return kindURL(doiKind, doi)
}

// orcidURL is an ORCID iD in the form ORCID asks it be shown and linked,
// the full https://orcid.org/ URL: like a DOI, a scheme's own link, not a
// provider's, so every format writes it through here.
func orcidURL(orcid string) string {
	orcidKind, _ := manifest.LookupKind(manifest.KindORCID)
	return orcidKind.URLPrefix + encodeURLBytes(orcid, "")
}

// encodeURLBytes percent-encodes every byte of s outside a conservative
// set of URL characters, and the bytes in also.
func encodeURLBytes(s, also string) string {
	const keep = "-._~:/@!$&'*+,;=%?#"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		plain := (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strings.IndexByte(keep, c) >= 0
		if plain && strings.IndexByte(also, c) < 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// landingURL is a work's landing page when it says more than its DOI link.
func landingURL(r record.Record) string {
	u := webURL(r.URL)
	if u == "" || r.IDs.DOI == "" {
		return u
	}
	low := strings.ToLower(u)
	for _, prefix := range []string{"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/"} {
		if strings.HasPrefix(low, prefix) {
			return "" // the DOI link says it already
		}
	}
	return u
}

// citationURL is the URL a citation file gives a work: its landing page
// when that says more than its DOI (the DOI field links there already),
// else the open copy of a work without a DOI.
func citationURL(r record.Record) string {
	if u := landingURL(r); u != "" || r.IDs.DOI != "" || r.OA == nil {
		return u
	}
	return webURL(r.OA.URL)
}

// authorLimit is how many authors a page lists before "et al."; the
// person's own name is always shown.
const authorLimit = 12

// shownAuthor is one author a page lists: Gap when authors before it
// were skipped ("…, "), Me when it is the page's person.
type shownAuthor struct {
	Name    string
	Gap, Me bool
	Mark    string // the user's marks on the author: "*" equal contribution, "†" corresponding (userfields.go)
}

// shownAuthorList is the authors a page lists, and the tail saying how
// many there are when the list is cut (" et al. (40 authors)").
func shownAuthorList(e *entry) ([]shownAuthor, string) {
	idx, hidden := shownAuthors(e)
	var out []shownAuthor
	prev := -1
	for _, i := range idx {
		out = append(out, shownAuthor{
			Name: authorName(e.rec.Authors[i]),
			Gap:  prev >= 0 && i > prev+1,
			Me:   i < len(e.self) && e.self[i],
			Mark: e.mark(i),
		})
		prev = i
	}
	etAl := ""
	if hidden > 0 && prev < len(e.rec.Authors)-1 {
		etAl = fmt.Sprintf(" et al. (%d authors)", len(e.rec.Authors))
	}
	return out, etAl
}

// authorList writes the shown authors for a text format: escape makes a
// name safe for the format, mark highlights the researcher; skipped runs
// of a long list read "…", and a cut tail says how many authors there are.
func authorList(e *entry, escape, mark func(string) string) string {
	authors, etAl := shownAuthorList(e)
	var b strings.Builder
	for n, a := range authors {
		if n > 0 {
			b.WriteString(", ")
		}
		if a.Gap {
			b.WriteString("…, ")
		}
		name := escape(a.Name)
		if a.Me {
			name = mark(name)
		}
		b.WriteString(name + escape(a.Mark))
	}
	b.WriteString(etAl)
	return b.String()
}

// shownAuthors picks the authors a page lists: all of them up to
// authorLimit, else the first authorLimit-2, the person wherever they are,
// and how many were left out.
func shownAuthors(e *entry) (idx []int, hidden int) {
	n := len(e.rec.Authors)
	if n <= authorLimit {
		for i := range n {
			idx = append(idx, i)
		}
		return idx, 0
	}
	for i := range n {
		if i < authorLimit-2 || (i < len(e.self) && e.self[i]) || e.marked(i) {
			idx = append(idx, i)
		}
	}
	return idx, n - len(idx)
}

// authorName is an author's name as a page shows it: "Given Family", but
// family name first and unspaced for names written in Han, Hangul or kana
// ("李小龙"), as they are in their own script.
func authorName(a record.Author) string {
	given, family := clean(a.Given), clean(a.Family)
	if given != "" && family != "" && eastAsian(given) && eastAsian(family) {
		return family + given
	}
	if d := clean(a.Display()); d != "" {
		return d
	}
	return "Anonymous"
}

func eastAsian(s string) bool {
	for _, r := range s {
		if !unicode.In(r, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana) {
			return false
		}
	}
	return true
}

// citedBy is the count line of --counts: "cited by 85 · OpenAlex".
func (p *page) citedBy(e *entry) string {
	if !p.counts || e.cite == nil {
		return ""
	}
	return fmt.Sprintf("cited by %d · %s", e.cite.Count, p.providerTitle(e.cite.Provider))
}

// pageTitle is the heading of a page.
func (p *page) pageTitle() string {
	if t := clean(p.title); t != "" {
		return t
	}
	if p.name != "" {
		return "Publications of " + clean(p.name)
	}
	return "Publications"
}

// summary is the line under a page's heading: "7 works, 2019–2024".
func (p *page) summary() string {
	s := fmt.Sprintf("%d works", len(p.shown))
	if len(p.shown) == 1 {
		s = "1 work"
	}
	switch newest, oldest := p.years(); {
	case newest == 0:
	case newest == oldest:
		s += fmt.Sprintf(", %d", newest)
	default:
		s += fmt.Sprintf(", %d–%d", oldest, newest)
	}
	return s
}

// sentence ends s with a full stop unless it already ends with one (or
// with ? or !).
func sentence(s string) string {
	if s == "" || strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "…") {
		return s
	}
	return s + "."
}

// pageRange writes a page range with an en dash: "45-67" and "45--67"
// become "45–67"; anything else (e.g. an article number) stays.
func pageRange(s string) string {
	for _, dash := range []string{"--", "-", "—"} {
		a, b, ok := strings.Cut(s, dash)
		if ok && a != "" && b != "" && !strings.ContainsAny(b, "-–—") {
			return strings.TrimSpace(a) + "–" + strings.TrimSpace(b)
		}
	}
	return s
}

// workURL is where a work shown within an entry is linked: its own
// identifier, at doi.org or where its home service links it (a
// preprint's arXiv record links to the journal's DOI, so the record's
// DOI will not do), else its landing page; "" when it has neither.
func (p *page) workURL(e *entry) string {
	if id, err := manifest.ParseKey(e.id); err == nil {
		if id.Kind == manifest.KindDOI {
			return doiURL(id.Value)
		}
		// An identity kind is named as its record.IDs field is.
		if u := p.idURL(string(id.Kind), id.Value); u != "" {
			return u
		}
	}
	if u := landingURL(e.rec); u != "" {
		return u
	}
	return webURL(e.rec.URL)
}

// preprintServer names where a preprint was posted: its container (or
// publisher), else the server its DOI prefix or arXiv id says.
func preprintServer(e *entry) string {
	if _, c, _ := venue(e.rec); c != "" {
		return c
	}
	if id, err := manifest.ParseKey(e.id); err == nil {
		switch id.Kind {
		case manifest.KindArXiv:
			return "arXiv"
		case manifest.KindDOI:
			if r, ok := record.DOIRepository(id.Value); ok {
				return r.Name
			}
		}
	}
	return ""
}

// versionNumber finds a version in a title: "about-tools: v1.2.0" → v1.2.0.
var versionNumber = regexp.MustCompile(`(?i)\bv?[0-9]+(?:\.[0-9]+)+\b|\bv[0-9]+\b`)

// versionLabel is how a version is listed under its concept: the version
// its registrar gives, else one its title holds, else its identifier.
func versionLabel(e *entry) string {
	if v := recordVersion(e.rec); v != "" {
		return v
	}
	if all := versionNumber.FindAllString(clean(e.rec.Title), -1); len(all) > 0 {
		return all[len(all)-1]
	}
	if id, err := manifest.ParseKey(e.id); err == nil {
		return id.Value
	}
	return e.id
}

// recordVersion is the version its registrar gives a work (DataCite's
// version for software and data: "v1.0").
func recordVersion(r record.Record) string {
	for _, x := range r.Extra {
		if x.Name == "version" && clean(x.Value) != "" {
			return clean(x.Value)
		}
	}
	return ""
}

// entryVersion is the version an entry cites, which software citation
// needs (https://www.force11.org/software-citation-principles); none for a
// concept that lists its versions: its DOI stands for all of them and
// resolves to whichever is latest, so a "latest v1.2.0" would go stale
// with the next release; one who needs a version cites that version's DOI
// (https://support.zenodo.org/help/en-gb/1-upload-deposit/97-what-is-doi-versioning,
// https://archive.materialscloud.org/help/versioning "Which DOI should I
// use in citations?").
func entryVersion(e *entry) string {
	if len(e.versions) > 0 {
		return ""
	}
	return recordVersion(e.rec)
}

// versionPhrase is a version as a page line or a note says it: "v1.0"
// as it is, "2.3" as "Version 2.3".
func versionPhrase(v string) string {
	if v == "" || (len(v) > 1 && (v[0] == 'v' || v[0] == 'V') && v[1] >= '0' && v[1] <= '9') {
		return v
	}
	return "Version " + v
}
