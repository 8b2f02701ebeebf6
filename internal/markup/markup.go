// Package markup reduces the JATS, HTML and MathML markup services send in
// titles and abstracts to plain text. It is a leaf any package may import.
package markup

import (
	"html"
	"strings"
)

// PlainText reduces JATS/HTML/MathML markup (Crossref abstracts, titles
// with <i>, <sub> or <mml:math>) to its text: tags dropped, entities
// decoded, white space collapsed. A block tag (paragraph, section, title,
// line break) separates words; an inline one (<i>, <sub>) does not, so
// "H<sub>2</sub>O" stays "H2O".
//
// Only real markup is a tag: a '<' followed by the name of an element the
// services send (markupTags, optionally closing "/" and a namespace prefix
// like jats: or mml:) and a well-formed rest up to '>'. Every other '<' is
// text, so "x < y", "p<0.05", "<3" and "Signal > Noise" survive whole.
func PlainText(s string) string {
	if !strings.ContainsAny(s, "<&") {
		return strings.Join(strings.Fields(s), " ")
	}
	s = oneVersionOfEachFormula(s)
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '<' {
			if end, name, ok := markupTag(s, i); ok {
				if markupTags[name] {
					b.WriteByte(' ')
				}
				i = end
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
}

// AbstractText is PlainText for an abstract: a leading heading element
// (<jats:title>, <title>, <h1>…<h6>) that only says "Abstract" or
// "Summary" is dropped, as it labels the text rather than being part of it.
// JATS abstracts in Crossref deposits open with one
// (https://www.crossref.org/documentation/schema-library/markup-guide-metadata-segments/jats-abstracts/);
// only markup is read so, as plain text cannot tell a heading from a first
// word, "Abstract algebra is…" stays whole.
func AbstractText(s string) string {
	return PlainText(withoutAbstractHeading(s))
}

// abstractHeadings are the headings AbstractText drops, folded to lower
// case with a trailing colon or full stop taken off.
var abstractHeadings = map[string]bool{"abstract": true, "summary": true}

// withoutAbstractHeading returns s without its first heading element when
// nothing but white space and opening block tags (<jats:abstract>,
// <jats:sec>, <p>) come before it and its text is one of abstractHeadings.
// The heading may hold inline markup (<jats:title><bold>Abstract</bold>
// </jats:title>), and a bold label (<b>Abstract:</b>) is a heading when it
// looks like one (see boldLabel).
func withoutAbstractHeading(s string) string {
	i := 0
	for {
		for i < len(s) && isSpaceByte(s[i]) {
			i++
		}
		if i >= len(s) || s[i] != '<' {
			return s
		}
		end, name, ok := markupTag(s, i)
		if !ok || s[i+1] == '/' {
			return s
		}
		if isHeading(name) || isBold(name) {
			inner, closeEnd, ok := elementEnd(s, end, name)
			if !ok {
				return s
			}
			raw := strings.ToLower(PlainText(s[end:inner]))
			if !abstractHeadings[strings.TrimRight(raw, ":.")] || (isBold(name) && !boldLabel(raw, s[closeEnd:])) {
				return s
			}
			return s[:i] + " " + s[closeEnd:]
		}
		if !markupTags[name] {
			return s // an inline tag: the text has begun
		}
		i = end
	}
}

// elementEnd finds the closing tag of the element name whose content
// starts at s[from]: the content ends at inner, the closing tag at end.
// Tags of other elements inside (<italic>, <bold>) are passed over.
func elementEnd(s string, from int, name string) (inner, end int, ok bool) {
	for at := from; ; {
		closing := strings.Index(s[at:], "</")
		if closing < 0 {
			return 0, 0, false
		}
		at += closing
		if e, n, ok := markupTag(s, at); ok && n == name {
			return at, e, true
		}
		at += 2
	}
}

func isBold(name string) bool { return name == "b" || name == "strong" || name == "bold" }

// boldLabel reports whether a bold "Abstract" (its text raw) labels the
// text rather than starting it: it ends in a colon or full stop, or markup
// or nothing follows (after), so "<b>Abstract:</b> We…" and
// "<b>Abstract</b><p>We…" lose it but "<b>Abstract</b> art…" keeps it.
func boldLabel(raw, after string) bool {
	if strings.HasSuffix(raw, ":") || strings.HasSuffix(raw, ".") {
		return true
	}
	after = strings.TrimLeft(after, " \t\r\n")
	return after == "" || after[0] == '<'
}

func isHeading(name string) bool {
	switch name {
	case "title", "h1", "h2", "h3", "h4", "h5", "h6":
		return true
	}
	return false
}

// markupTag reads a tag starting at s[at] == '<': "<i>", "</jats:p>",
// "<br/>", "<sec id='s1'>", "<mml:math display=\"inline\">". It returns
// the index after its '>' and its lower-case local name, and ok only
// when the name is one of markupTags and attributes are well formed.
func markupTag(s string, at int) (end int, name string, ok bool) {
	i := at + 1
	if i < len(s) && s[i] == '/' {
		i++
	}
	start := i
	for i < len(s) && isNameByte(s[i]) {
		i++
	}
	qualified := strings.ToLower(s[start:i])
	name = qualified
	if p, local, found := strings.Cut(qualified, ":"); found { // jats:p, mml:math
		if p == "" || strings.Contains(local, ":") {
			return 0, "", false
		}
		name = local
	}
	if _, known := markupTags[name]; !known {
		return 0, "", false
	}
	end, ok = tagRest(s, i)
	return end, name, ok
}

// tagRest reads what follows a tag's name: attributes (each after white
// space), then an optional '/' and the '>'.
// It returns the index after the '>'.
func tagRest(s string, i int) (int, bool) {
	for {
		spaced := i
		for i < len(s) && isSpaceByte(s[i]) {
			i++
		}
		switch {
		case i >= len(s):
			return 0, false
		case s[i] == '>':
			return i + 1, true
		case s[i] == '/' && i+1 < len(s) && s[i+1] == '>':
			return i + 2, true
		case i == spaced: // an attribute must follow white space
			return 0, false
		}
		next, ok := attribute(s, i)
		if !ok {
			return 0, false
		}
		i = next
	}
}

// attribute reads name="value", name='value' or name=value. A bare name
// (HTML's boolean attributes) is not accepted: no element providers send
// in titles needs one, and "a<b and c>d" is text, not <b>.
func attribute(s string, i int) (int, bool) {
	start := i
	for i < len(s) && isNameByte(s[i]) {
		i++
	}
	if i == start {
		return 0, false
	}
	if i >= len(s) || s[i] != '=' {
		return 0, false
	}
	i++
	if i < len(s) && (s[i] == '"' || s[i] == '\'') {
		closing := strings.IndexByte(s[i+1:], s[i])
		if closing < 0 {
			return 0, false
		}
		return i + 1 + closing + 1, true
	}
	start = i
	for i < len(s) && !isSpaceByte(s[i]) && s[i] != '>' && s[i] != '<' && s[i] != '"' && s[i] != '\'' {
		i++
	}
	return i, i > start
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == ':' || c == '.'
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// markupTags are the elements providers send inside titles and abstracts,
// each true when it is a block (separates words) and false when inline.
// Vocabularies: HTML (https://html.spec.whatwg.org/multipage/text-level-semantics.html),
// JATS 1.3 formatting and structure (https://jats.nlm.nih.gov/archiving/tag-library/1.3/chapter/format-elements.html,
// which Crossref deposits use: https://www.crossref.org/documentation/schema-library/markup-guide-metadata-segments/jats-abstracts/)
// and MathML (https://www.w3.org/TR/MathML3/appendixa.html) for formulas
// in titles (https://www.crossref.org/documentation/schema-library/markup-guide-metadata-segments/face-markup/).
var markupTags = map[string]bool{
	// HTML inline
	"i": false, "b": false, "em": false, "strong": false, "u": false, "s": false, "sub": false, "sup": false,
	"small": false, "big": false, "span": false, "a": false, "font": false, "tt": false, "code": false,
	"strike": false, "del": false, "ins": false, "mark": false, "abbr": false, "cite": false, "q": false,
	"img": false, "wbr": false, "var": false, "dfn": false, "kbd": false, "samp": false,
	// HTML block
	"p": true, "br": true, "hr": true, "div": true, "li": true, "ul": true, "ol": true, "dl": true, "dt": true, "dd": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "table": true, "tr": true, "td": true, "th": true,
	"thead": true, "tbody": true, "blockquote": true, "pre": true, "section": true, "center": true,
	// JATS inline (face markup, links, inline formulas)
	"italic": false, "bold": false, "underline": false, "sc": false, "scp": false, "monospace": false, "roman": false,
	"sans-serif": false, "overline": false, "inline-formula": false, "tex-math": false, "ext-link": false, "uri": false,
	"email": false, "xref": false, "named-content": false, "styled-content": false, "inline-graphic": false,
	"alternatives": false, "chem-struct": false, "abbrev": false, "fn": false,
	// JATS block
	"title": true, "sec": true, "abstract": true, "trans-abstract": true, "list": true, "list-item": true, "label": true,
	"caption": true, "disp-formula": true, "break": true, "boxed-text": true, "statement": true, "preformat": true,
	"def-list": true, "def-item": true, "term": true, "def": true, "kwd-group": true, "kwd": true, "title-group": true,
	"article-title": false, "subtitle": true,
	// MathML
	"math": false, "mi": false, "mo": false, "mn": false, "ms": false, "mtext": false, "mrow": false, "msub": false,
	"msup": false, "msubsup": false, "mfrac": false, "msqrt": false, "mroot": false, "mover": false, "munder": false,
	"munderover": false, "mstyle": false, "mspace": false, "mtable": false, "mtr": false, "mtd": false, "mfenced": false,
	"menclose": false, "mpadded": false, "mphantom": false, "semantics": false, "annotation": false,
	"annotation-xml": false, "mmultiscripts": false, "mprescripts": false, "none": false,
}

// oneVersionOfEachFormula keeps one encoding of each formula, so its text
// is read once: MathML's <annotation> and <annotation-xml> (another
// encoding beside the presentation <semantics> opens with,
// https://www.w3.org/TR/MathML3/chapter5.html#mixing.semantic.annotations)
// go, and of a JATS <alternatives> (equivalent versions of one object,
// <tex-math> beside <mml:math>, an image beside either:
// https://jats.nlm.nih.gov/archiving/tag-library/1.3/element/alternatives.html)
// only the first version with text stays. Markup it cannot match is left
// for PlainText as it is.
func oneVersionOfEachFormula(s string) string {
	if !strings.Contains(s, "annotation") && !strings.Contains(s, "alternatives") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '<' && i+1 < len(s) && s[i+1] != '/' {
			if end, name, ok := markupTag(s, i); ok {
				if kept, next, ok := formulaVersion(s, end, name); ok {
					b.WriteString(kept)
					i = next
					continue
				}
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// formulaVersion is what stays of the element whose start tag, named
// name, ends at start: nothing of an annotation, the first version with
// text of an <alternatives>; next is the index after its end tag. ok is
// false for any other element, or one whose end tag is missing.
func formulaVersion(s string, start int, name string) (kept string, next int, ok bool) {
	if name != "annotation" && name != "annotation-xml" && name != "alternatives" {
		return "", 0, false
	}
	inner, next, ok := elementEnd(s, start, name)
	if !ok || name != "alternatives" {
		return "", next, ok
	}
	for at := start; at < inner; {
		open := strings.IndexByte(s[at:inner], '<')
		if open < 0 {
			break
		}
		at += open
		end, child, ok := markupTag(s, at)
		if !ok || s[at+1] == '/' {
			at++
			continue
		}
		_, childEnd, closed := elementEnd(s, end, child)
		if !closed || childEnd > inner {
			childEnd = end // an empty element, <inline-graphic/>
		}
		if version := oneVersionOfEachFormula(s[at:childEnd]); strings.TrimSpace(PlainText(version)) != "" {
			return version, next, true
		}
		at = childEnd
	}
	return "", next, true
}
