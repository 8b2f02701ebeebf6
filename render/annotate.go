package render

import (
	"strconv"
	"strings"
)

// highlightMark is the BibLaTeX data annotation render puts on the page's
// person among a work's authors, so a CV can set its own name in bold
// with \ifitemannotation{highlight} (examples/cv/cv.tex).
const highlightMark = "highlight"

// The annotations of the user's [[work]] marks, named as the biblatex
// manual's own example names one ("2=corresponding", §3.7), so a CV can
// print its "*" and "†" with \ifitemannotation.
const (
	equalMark         = "equal"
	correspondingMark = "corresponding"
)

// authorMarks are the data annotations of each author, in record order:
// the page's person is highlightMark, the user's marks equalMark and
// correspondingMark. A name list's annotations are per name biber
// parses, so the marks are indexed as bibNames writes names.
func authorMarks(e *entry) [][]string {
	marks := make([][]string, len(e.rec.Authors))
	for i := range e.rec.Authors {
		if i < len(e.self) && e.self[i] {
			marks[i] = append(marks[i], highlightMark)
		}
		if e.equal(i) {
			marks[i] = append(marks[i], equalMark)
		}
		if e.corresponding(i) {
			marks[i] = append(marks[i], correspondingMark)
		}
	}
	return marks
}

// bibAnnotation is the value of BibLaTeX's author+an field (biblatex
// manual §3.7 "Data Annotations": "1=highlight;3=corresponding"): each
// marked name's position in the list bibNames writes (authors with no
// name are not in it), "" when no author is marked.
func bibAnnotation(e *entry) string {
	marks := authorMarks(e)
	var items []string
	n := 0
	for i, a := range e.rec.Authors {
		if bibText(a.Family) == "" && bibText(a.Given) == "" && bibText(a.Name) == "" {
			continue // bibNames leaves it out, so it has no position
		}
		n++
		if len(marks[i]) > 0 {
			items = append(items, strconv.Itoa(n)+"="+strings.Join(marks[i], ","))
		}
	}
	return strings.Join(items, ";")
}

// withAnnotation puts author+an right after author, where a reader of
// the entry looks for it; other fields keep their order.
func withAnnotation(fs []bibField, e *entry) []bibField {
	an := bibAnnotation(e)
	if an == "" {
		return fs
	}
	out := make([]bibField, 0, len(fs)+1)
	for _, f := range fs {
		out = append(out, f)
		if f.name == "author" {
			out = append(out, bibField{name: "author+an", value: "{" + an + "}", raw: true})
		}
	}
	return out
}
