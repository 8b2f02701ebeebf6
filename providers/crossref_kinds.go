package providers

import (
	"strings"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/record"
)

// crossrefKind maps what a few of Crossref's types say beyond the CSL
// type: a peer review (referee report, author response, decision letter:
// Crossref's "peer-review") is genre "Peer review", as OpenAlex's is
// (record.CSLGenre); a component (a figure or supplement registered on its
// own) keeps Crossref's type, which csltypes.md's row for types CSL lacks
// writes as a document labelled "Component". And a dissertation is cited
// as crossrefThesis says.
func crossrefKind(m gjson.Result, rec *record.Record) {
	if m.Get("type").String() == "peer-review" {
		rec.Genre = record.CSLGenre("peer-review")
	}
	crossrefThesis(m, rec)
}

// crossrefThesis maps a dissertation as a bibliographer cites it. Crossref
// records the degree-granting school in "institution" and the degree
// awarded in "degree" (the REST API's Work schema,
// https://api.crossref.org/swagger-ui/index.html; the deposit schema's
// <dissertation> has <institution> and <degree>:
// https://www.crossref.org/documentation/schema-library/markup-guide-record-types/dissertations/).
// Its "publisher" is the member that deposited the DOI, for a thesis
// usually the university's library ("University of Queensland Library"):
// not the institution a citation names. So the school is the publisher
// (CSL publisher, BibTeX school, BibLaTeX institution), never the
// container, and the degree is the genre ("PhD"), which the formats say
// as the thesis's type.
func crossrefThesis(m gjson.Result, rec *record.Record) {
	if m.Get("type").String() != "dissertation" {
		return
	}
	if school := strings.TrimSpace(m.Get("institution.0.name").String()); school != "" {
		rec.Publisher = school
		if rec.Container == school {
			rec.Container = ""
		}
	}
	if degree := strings.TrimSpace(m.Get("degree.0").String()); degree != "" {
		rec.Genre = degree
	}
}
