package render

import (
	"regexp"

	"github.com/aboutscholar/about/record"
)

// A thesis is cited by its degree-granting school, which the record keeps
// as its publisher (providers: Crossref's "institution", OpenAlex's
// repository of a dissertation), never as a container: CSL writes it as
// publisher, BibTeX as school (plain.bst's @phdthesis and @mastersthesis
// require author, title, school and year), BibLaTeX as institution, and
// the degree the record's genre names decides BibTeX's entry type and
// BibLaTeX's type field (whose "phdthesis" and "mathesis" keys biblatex
// localises; biblatex manual, §2.1.1 "thesis" and §4.9.2.13).

// masters and doctoral read a degree as the registrars write it ("PhD",
// "Doctor of Philosophy", "MSc", "Master of Arts", "PhD thesis").
var (
	masters  = regexp.MustCompile(`(?i)\bmaster|^m\.? ?(a|sc|s|phil|res|eng)\b`)
	doctoral = regexp.MustCompile(`(?i)\bdoctor|\bdoctoral|\bph\.? ?d\b|\bd\.? ?phil\b|\bdr\.|\bed\.? ?d\b`)
)

// thesisEntry is the BibTeX entry type of a thesis: @mastersthesis for a
// master's degree, else @phdthesis (plain.bst has no other thesis type;
// thesisLabel says "Thesis" in its type field when the degree is not known
// to be a doctorate).
func thesisEntry(typ string, r record.Record, biblatex bool) string {
	if biblatex || typ != "phdthesis" {
		return typ
	}
	if masters.MatchString(r.Genre) {
		return "mastersthesis"
	}
	return typ
}

// thesisLabel is a thesis's type field: BibTeX's only where plain.bst's
// own words ("PhD thesis", "Master's thesis") would claim a degree the
// record does not give; BibLaTeX's always, as its data model requires one.
func thesisLabel(r record.Record, biblatex bool) string {
	switch {
	case doctoral.MatchString(r.Genre):
		if biblatex {
			return "phdthesis"
		}
		return ""
	case masters.MatchString(r.Genre):
		if biblatex {
			return "mathesis"
		}
		return ""
	case r.Genre != "":
		return r.Genre
	}
	return "Thesis"
}
