package wire

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/internal/markup"
)

// AbstractText is an abstract as a record keeps it: plain text, its
// leading "Abstract" heading dropped (markup.AbstractText), and the
// headings of a structured abstract kept as labels, "Objective: This
// study…", instead of running into the sentence ("Objective This
// study…"). Europe PMC marks them <h4>Objective</h4> in abstractText (the
// recorded core search: <h4>Background</h4>, <h4>Methods</h4>, … in 15 of
// its 25 results); JATS, which Crossref deposits, as <sec><title>
// (JATS Tag Library, <abstract>: "may contain … sections (<sec>)",
// https://jats.nlm.nih.gov/archiving/tag-library/1.3/element/abstract.html).
// A heading that ends in its own punctuation ("Keywords:") gets none.
func AbstractText(s string) string {
	return markup.AbstractText(labelHeadings(s))
}

// abstractHeading is a heading element: HTML's h1–h6 or JATS's title,
// with or without the jats: prefix.
var abstractHeading = regexp.MustCompile(`(?is)(<(?:jats:)?(title|h[1-6])\b[^>]*>)(.*?)(</(?:jats:)?(?:title|h[1-6])\s*>)`)

// labelHeadings ends each heading's text with a colon, but leaves an
// "Abstract" or "Summary" heading alone for markup.AbstractText to drop.
func labelHeadings(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	return abstractHeading.ReplaceAllStringFunc(s, func(h string) string {
		m := abstractHeading.FindStringSubmatch(h)
		text := markup.PlainText(m[3])
		switch folded := strings.ToLower(strings.TrimRight(text, ":.")); {
		case text == "", folded == "abstract", folded == "summary":
			return h
		case strings.ContainsAny(text[len(text)-1:], ":.?!"):
			return h
		}
		return m[1] + m[3] + ":" + m[4]
	})
}

// WithoutAbstractWord drops the word "Abstract" an abstract rebuilt from
// plain words opens with when it is the heading the source's markup lost:
// OpenAlex's inverted index keeps the JATS <title>Abstract</title> as a
// word (the recorded bioRxiv preprint, 10.1101/097196: "Abstract This
// article presents…"). Only when the next word starts a sentence (a
// capital or a digit): "Abstract algebra is…" is the text.
func WithoutAbstractWord(s string) string {
	for _, head := range []string{"Abstract ", "ABSTRACT "} {
		rest, ok := strings.CutPrefix(s, head)
		if !ok {
			continue
		}
		rest = strings.TrimLeft(rest, " ")
		if r := []rune(rest); len(r) > 0 && (unicode.IsUpper(r[0]) || unicode.IsDigit(r[0])) {
			return rest
		}
	}
	return s
}
