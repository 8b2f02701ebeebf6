package render

import (
	"regexp"
	"strings"
	"unicode"
)

// nocaseOpen and nocaseClose are CSL's rich-text markup for text a
// processor must not recase (CSL-JSON "HTML-like" formatting, which
// citeproc-js, pandoc's citeproc and Zotero read:
// https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html#html-like-formatting-tags).
const (
	nocaseOpen  = `<span class="nocase">`
	nocaseClose = `</span>`
)

// cslNocase protects what a title-casing or sentence-casing style must
// not recase in a CSL-JSON title: TeX math ($\sigma_8$, which title case
// makes $\Sigma_8$) and every word with a capital after a letter or digit
// (^13C, which sentence case makes ^13c; mRNA, iPhone, DNA, SARS-CoV-2,
// H2O, McDonald). The rest is left to the style, which is what a CSL
// title is for. BibTeX protects the whole title with a second pair of
// braces instead: its styles only ever lower-case it, and the record's
// title case is the one its authors chose.
func cslNocase(title string) string {
	if title == "" {
		return ""
	}
	var b strings.Builder
	rest := title
	for {
		loc := texMath.FindStringIndex(rest)
		if loc == nil {
			b.WriteString(nocaseWords(rest))
			return b.String()
		}
		b.WriteString(nocaseWords(rest[:loc[0]]))
		b.WriteString(nocaseOpen + rest[loc[0]:loc[1]] + nocaseClose)
		rest = rest[loc[1]:]
	}
}

// texMath is an inline math span: a dollar sign, something that neither
// starts nor ends with a space, a dollar sign ("$5 and $10" is no math).
var texMath = regexp.MustCompile(`\$[^$\s](?:[^$]*[^$\s])?\$`)

// richTag is a tag of CSL's rich-text markup (<i>, </sup>, <span …>).
var richTag = regexp.MustCompile(`</?[a-zA-Z][^<>]*>`)

// nocaseWords wraps each word (wording.Clean has made the spaces single) that
// holds a capital after a letter or digit, tags ignored, in nocase;
// a word whose tags do not close within it is left as it is, so the
// markup stays nested.
func nocaseWords(s string) string {
	words := strings.Split(s, " ")
	for i, w := range words {
		if innerCapital(richTag.ReplaceAllString(w, "")) && tagsBalanced(w) {
			words[i] = nocaseOpen + w + nocaseClose
		}
	}
	return strings.Join(words, " ")
}

// innerCapital reports whether an upper-case letter follows a letter or
// a digit in w.
func innerCapital(w string) bool {
	prev := ' '
	for _, r := range w {
		if unicode.IsUpper(r) && (unicode.IsLetter(prev) || unicode.IsDigit(prev)) {
			return true
		}
		prev = r
	}
	return false
}

func tagsBalanced(w string) bool {
	depth := 0
	for _, tag := range richTag.FindAllString(w, -1) {
		if strings.HasPrefix(tag, "</") {
			depth--
		} else {
			depth++
		}
		if depth < 0 {
			return false
		}
	}
	return depth == 0
}
