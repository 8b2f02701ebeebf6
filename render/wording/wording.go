// Package wording is how a record's fields read in any format: text
// cleaned of what no format may hold, dates, the type's label, the venue,
// licence names, the links every format may write (web addresses, DOI and
// ORCID links, percent-encoded), author names, page ranges and versions.
// It knows records, not entries or pages: each format escapes what it
// gives for its own syntax.
package wording

import (
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/csltypes"
	"github.com/aboutscholar/about/render/folder"
)

// Clean collapses white space (new lines included) to single spaces, so no
// value can start a new line in a line-oriented format, and drops the other
// C0 control characters and DEL, which no format may hold (pdflatex stops
// at U+001B; XML 1.0 forbids them; a terminal obeys them), whatever an old
// snapshot stored.
func Clean(s string) string {
	return strings.Join(strings.Fields(strings.Map(folder.WithoutControl, s)), " ")
}

// LongDate renders a date at its precision for people: "17 May 2023",
// "May 2023" or "2023".
func LongDate(d record.Date) string {
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

// KindLabel names what a work is for people: its genre when the record
// has one, since the genre is the more specific kind within the CSL type
// (a poster is a speech of genre "Poster", and CSL defines genre as the
// "class, type or genre of the item": https://docs.citationstyles.org/en/stable/specification.html#appendix-iv-variables);
// else its type. Grouping and filtering stay by type (csltypes.Row.Group).
func KindLabel(r record.Record) string {
	if g := Clean(r.Genre); g != "" {
		first, size := utf8.DecodeRuneInString(g) // a rune, not a byte: "éditorial" is "Éditorial"
		return string(unicode.ToUpper(first)) + g[size:]
	}
	return csltypes.Of(r.Type).PageLabel()
}

// EventTitle is the conference a conference paper was given at, as CSL's
// event-title names it: its venue's short name (dblp's booktitle, the
// conference's acronym) without a volume's or track's mark ("ACL (1)",
// "ICLR (Poster)"), then the year, as the conference calls itself
// ("CPAIOR 2024"). None when the short name is the venue's whole title or
// there is none.
func EventTitle(r record.Record) string {
	short := Clean(r.ContainerShort)
	if r.Type != "paper-conference" || short == "" || short == Clean(r.Container) {
		return ""
	}
	short = Acronym(short)
	if r.Issued.Year > 0 {
		short += fmt.Sprintf(" %d", r.Issued.Year)
	}
	return short
}

// Acronym is a venue's short name without dblp's mark of a volume or
// track ("ACL (1)", "ICLR (Poster)", "CPAIOR (2)" are ACL, ICLR, CPAIOR):
// the name a badge or an event shows.
func Acronym(short string) string {
	for strings.HasSuffix(short, ")") {
		i := strings.LastIndex(short, " (")
		if i <= 0 {
			break
		}
		short = strings.TrimSpace(short[:i])
	}
	return short
}

// Venue is the "where" of a work: its container, or its publisher when it
// has none; the word before it ("In" for a chapter); and the detail:
// volume(issue), pages, and the publisher of a book or chapter.
func Venue(r record.Record) (in, container, detail string) {
	container = Clean(r.Container)
	if short := Clean(r.ContainerShort); container != "" && short != "" && !strings.Contains(container, short) {
		container += " (" + short + ")" // the proceedings' title and the name a reader cites it by
	}
	publisher := Clean(r.Publisher)
	if container == "" {
		container, publisher = publisher, ""
	}
	edited := len(r.Editors) > 0 && len(r.Authors) > 0 // editors beside authors: an edited book's own stand as its authors
	editorsInDetail := false
	switch {
	case container == "":
		editorsInDetail = edited && r.Type == "book"
	case edited && r.Type == "book":
		in = EditorList(r.Editors) + "," // a scholarly edition's editors, before its series or publisher
	case Clean(r.Container) == "": // the publisher stands in: the work is not "In" it
		editorsInDetail = edited && (r.Type == "chapter" || r.Type == "paper-conference" || strings.HasPrefix(r.Type, "entry"))
	case r.Type == "chapter":
		in = "In"
		if edited {
			in += " " + EditorList(r.Editors) + ","
		}
	case edited && (r.Type == "paper-conference" || strings.HasPrefix(r.Type, "entry")):
		in = "In " + EditorList(r.Editors) + "," // the proceedings' or the encyclopedia's editors
	}
	var parts []string
	if editorsInDetail {
		parts = append(parts, EditorList(r.Editors)) // an authored book's editor: a scholarly edition
	}
	vol := Clean(r.Volume)
	if i := Clean(r.Issue); i != "" {
		vol += "(" + i + ")"
	}
	if vol != "" {
		parts = append(parts, vol)
	}
	if pg := PageRange(Clean(r.Pages)); pg != "" {
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

// LicenceLabel names a licence for people: Creative Commons licences by
// their usual short name (from "cc-by", "cc-by-nc-4.0" or a
// creativecommons.org URL), other URLs by host and path, anything else as
// given.
func LicenceLabel(s string) string {
	s = Licence(s)
	low := strings.ToLower(s)
	if u, err := url.Parse(low); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		return licenceURLLabel(u)
	}
	if label := licenceCodeLabel(low); label != "" {
		return label
	}
	return s
}

// Licence is a work's licence as the formats write it: a code (cc-by) as
// given, a web address as WebURL writes it, an info: or urn: name as
// given; "" for an address of any other scheme (javascript:, data:),
// which is no licence and which a template that links the licence, as
// page-data.md says it may be a URL, would make live.
func Licence(s string) string {
	s = Clean(s)
	u, err := url.Parse(s)
	if err != nil || u.Scheme == "" {
		return s
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
		return WebURL(s)
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

// WebURL returns raw as a URL safe to put in any of the formats — only
// http and https, with every byte that could end a Markdown link, an HTML
// attribute or a BibTeX field percent-encoded — or "" when raw is not a
// web address (a javascript: link in a provider's answer stays inert).
func WebURL(raw string) string {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return EncodeURLBytes(raw, "")
}

// DOIURL is the resolver link of a DOI, with the DOI's path characters
// kept and everything else percent-encoded (DOIs may hold <, >, #, ?, …).
func DOIURL(doi string) string {
	if doi == "" {
		return ""
	}
	doiKind, _ := manifest.LookupKind(manifest.KindDOI)
	return KindURL(doiKind, doi)
}

// ORCIDURL is an ORCID iD in the form ORCID asks it be shown and linked,
// the full https://orcid.org/ URL: like a DOI, a scheme's own link, not a
// provider's, so every format writes it through here.
func ORCIDURL(orcid string) string {
	orcidKind, _ := manifest.LookupKind(manifest.KindORCID)
	return orcidKind.URLPrefix + EncodeURLBytes(orcid, "")
}

// EncodeURLBytes percent-encodes every byte of s outside a conservative
// set of URL characters, and the bytes in also.
func EncodeURLBytes(s, also string) string {
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

// LandingURL is a work's landing page when it says more than its DOI link.
func LandingURL(r record.Record) string {
	u := WebURL(r.URL)
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

// CitationURL is the URL a citation file gives a work: its landing page
// when that says more than its DOI (the DOI field links there already),
// else the open copy of a work without a DOI.
func CitationURL(r record.Record) string {
	if u := LandingURL(r); u != "" || r.IDs.DOI != "" || r.OA == nil {
		return u
	}
	return WebURL(r.OA.URL)
}

// EditorList is a book's editors as a page's venue line names them: "In
// Ann Lee and Bo Ma (eds.), Book": the names as AuthorName shows them,
// the last two joined by "and", and "(ed.)" or "(eds.)", the
// abbreviations of the Chicago Manual of Style (14.9) and of CSL's
// "editor" term in its short form.
//
// More than ten editors are the first seven and "et al." (the Chicago
// Manual's rule for long name lists, 14.76): a Crossref record may
// deposit a whole programme committee as editors.
func EditorList(editors []record.Author) string {
	shown := editors
	if len(shown) > 10 {
		shown = shown[:7]
	}
	names := make([]string, len(shown))
	for i, a := range shown {
		names[i] = AuthorName(a)
	}
	list := names[0]
	switch n := len(names); {
	case len(shown) < len(editors):
		list = strings.Join(names, ", ") + " et al."
	case n > 1:
		list = strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	return list + " " + EditorsMark(len(editors))
}

// EditorsMark is what follows n editors' names: "(ed.)" or "(eds.)".
func EditorsMark(n int) string {
	if n == 1 {
		return "(ed.)"
	}
	return "(eds.)"
}

// AuthorName is an author's name as a page shows it: "Given Family", but
// family name first and unspaced for names written in Han, Hangul or kana
// ("李小龙"), as they are in their own script.
func AuthorName(a record.Author) string {
	given, family := Clean(a.Given), Clean(a.Family)
	if given != "" && family != "" && EastAsian(given) && EastAsian(family) {
		return family + given
	}
	if d := Clean(a.Display()); d != "" {
		return d
	}
	return "Anonymous"
}

func EastAsian(s string) bool {
	for _, r := range s {
		if !unicode.In(r, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana) {
			return false
		}
	}
	return true
}

// Sentence ends s with a full stop unless it already ends with one (or
// with ? or !).
func Sentence(s string) string {
	if s == "" || strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "…") {
		return s
	}
	return s + "."
}

// PageRange writes a page range with an en dash: "45-67" and "45--67"
// become "45–67"; anything else (e.g. an article number) stays.
func PageRange(s string) string {
	for _, dash := range []string{"--", "-", "—"} {
		a, b, ok := strings.Cut(s, dash)
		if ok && a != "" && b != "" && !strings.ContainsAny(b, "-–—") {
			return strings.TrimSpace(a) + "–" + strings.TrimSpace(b)
		}
	}
	return s
}

// RecordVersion is the version its registrar gives a work (DataCite's
// version for software and data: "v1.0").
func RecordVersion(r record.Record) string {
	for _, x := range r.Extra {
		if x.Name == "version" && Clean(x.Value) != "" {
			return Clean(x.Value)
		}
	}
	return ""
}

// VersionPhrase is a version as a page line or a note says it: "v1.0"
// as it is, "2.3" as "Version 2.3".
func VersionPhrase(v string) string {
	if v == "" || (len(v) > 1 && (v[0] == 'v' || v[0] == 'V') && v[1] >= '0' && v[1] <= '9') {
		return v
	}
	return "Version " + v
}

// KindURL is where value, an identifier of kind k, links at its home.
func KindURL(k manifest.IDKind, value string) string {
	return k.URLPrefix + EncodeURLBytes(value, "#?%&+=") + k.URLSuffix
}
