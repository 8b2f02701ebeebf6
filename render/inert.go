package render

import (
	"fmt"
	"strings"

	"github.com/aboutscholar/about/record"
)

// The drop-in formats write data a theme's Liquid templates print, and
// Liquid escapes nothing: what a template prints as it is must hold no
// markup already. The templates each field reaches are cited where the
// field is written (sites.go).

// rawInert is a text for a Liquid template that prints it into HTML text
// as it is: "<" and ">" become references, so no tag can open. "&" is left:
// a character reference only ever yields text, and an escaped "&" would
// show where a template does not print the text as HTML (al-folio's shown
// BibTeX, the Lab Website Template's regex_strip alt text) and keep a page's
// `lookup` of a title with "&" from matching.
func rawInert(s string) string { return angleEscaper.Replace(s) }

var angleEscaper = strings.NewReplacer("<", "&lt;", ">", "&gt;")

// markdownInert is a text for a template that passes it through
// markdownify (kramdown in Jekyll) before printing it: each character that
// could start Markdown or kramdown syntax becomes a numeric character
// reference, which kramdown keeps as it is and a browser shows as the
// character. A link "[x](javascript:…)" or a span attribute list
// "{: onclick=…}" then stays text. References rather than backslashes,
// because the same value is also printed without markdownify (the Lab
// Website Template's tooltip, academicpages' page title), where a
// backslash would show. The text has had "<" escaped already (rawInert or
// html.EscapeString): its references' "&" and "#" are left alone.
func markdownInert(s string) string {
	var b strings.Builder
	for i, r := range s {
		if strings.ContainsRune("\\`*_[]{}|~$^", r) || (i == 0 && strings.ContainsRune("#-+:=>", r)) {
			fmt.Fprintf(&b, "&#%d;", r)
			continue
		}
		b.WriteRune(r)
	}
	out := b.String()
	// "1. " or "1) " would start an ordered list: its delimiter is a reference
	if i := orderedListDelimiter(out); i > 0 && (i+1 == len(out) || strings.IndexByte("\t\n\f\r ", out[i+1]) >= 0) {
		out = fmt.Sprintf("%s&#%d;%s", out[:i], out[i], out[i+1:])
	}
	return out
}

// alFolioInert is the entry as al-folio's page shows it: the texts its
// _layouts/bib.liquid prints with no filter (entry.title, the authors'
// first and last names, journal, booktitle, school, abstract;
// https://github.com/alshedivat/al-folio/blob/main/_layouts/bib.liquid)
// reach it through jekyll-scholar, which decodes the BibTeX's LaTeX
// (\textless{} is "<" again) and escapes nothing. So a "<" that could
// open a tag is a reference before the BibTeX is written (tagInert):
// "\&lt;" in the file, "&lt;" on the page. The authors' names are also printed into a script
// (alFolioName).
func alFolioInert(e *entry) *entry {
	c := *e
	r := &c.rec
	for _, s := range []*string{&r.Title, &r.Container, &r.Publisher, &r.Genre, &r.Abstract} {
		*s = tagInert(*s)
	}
	r.Authors = alFolioNames(e.rec.Authors)
	r.Editors = alFolioNames(e.rec.Editors) // jekyll-scholar prints editors from the same BibTeX
	return &c
}

// alFolioNames is a name list with each part made inert (alFolioName).
func alFolioNames(people []record.Author) []record.Author {
	if people == nil {
		return nil
	}
	out := make([]record.Author, len(people))
	for i, a := range people {
		a.Name, a.Given, a.Family = alFolioName(a.Name), alFolioName(a.Given), alFolioName(a.Family)
		out[i] = a
	}
	return out
}

// tagInert is rawInert for a text that is also BibTeX others read:
// al-folio's "Bib" button shows the entry to be copied, and a CV may read
// papers.bib, where "\&lt;" prints as "&lt;". Only a "<" that could open
// a tag is a reference: one followed by a letter, "/", "!" or "?" (HTML's
// tag open state, https://html.spec.whatwg.org/#tag-open-state), or by
// nothing, since the template prints markup after the text. Any other "<"
// is text on the page too, and so is every ">", so "HbA1c <7%" stays
// {\textless} for LaTeX.
func tagInert(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '<' && (i+1 == len(s) || opensTag(s[i+1])) {
			b.WriteString("&lt;")
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func opensTag(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '/' || c == '!' || c == '?'
}

// alFolioName is a name as bib.liquid can print it in a script too: the
// authors past site.max_author_limit go into a JavaScript string in an
// HTML attribute, onclick="… '{{ more_authors_show }}' …", which the
// script then sets as HTML (element.html). There a reference such as
// "&lt;" is "<" again, '"' ends the attribute, "'" ends the string and
// a backslash starts an escape ("\x3c" is "<"), so each is written as a
// character that looks like it and means nothing: no name needs them,
// and an apostrophe is the typographic one, which also keeps an O'Brien
// among the hidden authors from breaking the script.
func alFolioName(s string) string { return nameLookalikes.Replace(s) }

var nameLookalikes = strings.NewReplacer("<", "\u2039", ">", "\u203a", `"`, "\u201d", "'", "\u2019", `\`, "\uff3c")
