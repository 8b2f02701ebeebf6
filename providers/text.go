package providers

import (
	"html"
	"strings"

	"github.com/tidwall/gjson"
)

// PlainText reduces JATS/HTML markup (Crossref abstracts, titles with <i>)
// to its text: tags dropped, entities decoded, white space collapsed. A
// block tag (paragraph, section, title, line break) separates words; an
// inline one (<i>, <sub>) does not, so "H<sub>2</sub>O" stays "H2O".
func PlainText(s string) string {
	if !strings.ContainsAny(s, "<&") {
		return strings.Join(strings.Fields(s), " ")
	}
	var b, tag strings.Builder
	inTag := false
	for _, r := range s {
		switch {
		case r == '<' && !inTag:
			inTag = true
			tag.Reset()
		case r == '>' && inTag:
			inTag = false
			if isBlockTag(tag.String()) {
				b.WriteByte(' ')
			}
		case inTag:
			tag.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
}

// isBlockTag reports whether the raw inside of a tag ("/jats:p", "br /",
// "sec id='s1'") names a block-level element.
func isBlockTag(raw string) bool {
	name := strings.TrimPrefix(strings.TrimSpace(raw), "/")
	if i := strings.IndexAny(name, " \t/"); i >= 0 {
		name = name[:i]
	}
	name = strings.ToLower(name)
	if i := strings.IndexByte(name, ':'); i >= 0 { // jats:p, mml:math
		name = name[i+1:]
	}
	switch name {
	case "p", "br", "div", "li", "ul", "ol", "sec", "title", "h1", "h2", "h3", "h4", "h5", "h6", "abstract", "list-item", "table", "tr", "td", "label":
		return true
	}
	return false
}

// First returns the first non-empty string among a JSON array's items or
// the value itself when it is a string (Crossref wraps titles in arrays).
func First(v gjson.Result) string {
	if v.IsArray() {
		for _, item := range v.Array() {
			if s := strings.TrimSpace(item.String()); s != "" {
				return s
			}
		}
		return ""
	}
	return strings.TrimSpace(v.String())
}

// Strings collects the non-empty strings of a JSON array, in order.
func Strings(v gjson.Result) []string {
	var out []string
	v.ForEach(func(_, item gjson.Result) bool {
		if s := strings.TrimSpace(item.String()); s != "" {
			out = append(out, s)
		}
		return true
	})
	return out
}

// CSLType maps the type vocabularies of Crossref, DataCite, OpenAlex and
// ORCID onto CSL item types, the vocabulary pages and citation styles use.
// Unknown types pass through unchanged so nothing is silently lost.
func CSLType(t string) string {
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "":
		return ""
	case "journal-article", "article", "journalarticle":
		return "article-journal"
	case "proceedings-article", "conference-paper", "conferencepaper", "conference-abstract", "conference-poster", "conference-output":
		return "paper-conference"
	case "book-chapter", "chapter", "bookchapter", "book-section":
		return "chapter"
	case "book", "monograph", "edited-book", "reference-book":
		return "book"
	case "posted-content", "preprint":
		return "article"
	case "dataset", "data-set":
		return "dataset"
	case "software", "computationalnotebook":
		return "software"
	case "dissertation", "thesis", "dissertation-thesis":
		return "thesis"
	case "report", "report-component", "working-paper", "workingpaper":
		return "report"
	case "peer-review", "review":
		return "review"
	case "reference-entry", "dictionary-entry", "encyclopedia-entry":
		return "entry"
	case "lecture-speech", "presentation", "audiovisual":
		return "speech"
	case "standard":
		return "standard"
	case "patent":
		return "patent"
	case "other", "text":
		return "document"
	}
	return strings.ToLower(t)
}

// cslTypes are the item types of CSL 1.0.2.
var cslTypes = map[string]bool{
	"article": true, "article-journal": true, "article-magazine": true, "article-newspaper": true,
	"bill": true, "book": true, "broadcast": true, "chapter": true, "classic": true, "collection": true,
	"dataset": true, "document": true, "entry": true, "entry-dictionary": true, "entry-encyclopedia": true,
	"event": true, "figure": true, "graphic": true, "hearing": true, "interview": true, "legal_case": true,
	"legislation": true, "manuscript": true, "map": true, "motion_picture": true, "musical_score": true,
	"pamphlet": true, "paper-conference": true, "patent": true, "performance": true, "periodical": true,
	"personal_communication": true, "post": true, "post-weblog": true, "regulation": true, "report": true,
	"review": true, "review-book": true, "software": true, "song": true, "speech": true, "standard": true,
	"thesis": true, "treaty": true, "webpage": true,
}

// IsCSLType reports whether t is a CSL 1.0.2 item type. doi.org answers in
// CSL already (CSLType would read its "article" as a journal article), and
// citation processors reject any other type.
func IsCSLType(t string) bool { return cslTypes[t] }
