package providers

import (
	"strings"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
)

// indexAuthor is a person an index names in one string, split by the one
// rule (wire.SplitName) into given and family names so every format can
// sort and abbreviate it; a name that cannot be split safely stays
// literal. The first of names that splits wins, so a byline that cannot
// be read ("Jun LI") gives way to the index's own form of the name.
func indexAuthor(names ...string) record.Author {
	var literal string
	for _, s := range names {
		s = strings.Join(strings.Fields(s), " ")
		if s == "" {
			continue
		}
		if literal == "" {
			literal = s
		}
		if n, ok := wire.SplitName(s, nil); ok {
			return record.Author{Given: n.Given, Family: n.Family}
		}
	}
	return record.Author{Name: literal}
}

// openAlexAuthor reads one authorship. The byline (raw_author_name, "the
// author's name as it appears in the original source") comes before the
// disambiguated author's display_name, which is OpenAlex's name for the
// person across works and may be another form of it ("Ron L. Diercks"
// for a byline "Ronald L. Diercks"):
// https://docs.openalex.org/api-entities/works/work-object/authorship-object .
// ok is false for an authorship that is an affiliation parsed into the
// author list (wire.IsAffiliation: ", University of …, 1749-016"),
// which is no author at all. A repository's author id after the name
// ("Mihai G Netea (15649)", figshare's) is dropped from it
// (wire.WithoutRepositoryID), not the author.
func openAlexAuthor(a gjson.Result) (record.Author, bool) {
	raw := wire.WithoutRepositoryID(a.Get("raw_author_name").String())
	display := wire.WithoutRepositoryID(a.Get("author.display_name").String())
	if raw != "" && wire.IsAffiliation(raw) || raw == "" && wire.IsAffiliation(display) {
		return record.Author{}, false
	}
	author := indexAuthor(raw, display)
	author.ORCID = wire.StripORCID(a.Get("author.orcid").String())
	return author, author.Display() != ""
}

// europePMCNamed is a Europe PMC author given only as fullName, in
// MEDLINE's "Family Initials" ("Tay RYK"), else as a name read by the
// general rule; a collective name stays literal.
func europePMCNamed(full string) record.Author {
	if n, ok := wire.SplitInitialsName(full); ok {
		return record.Author{Given: n.Given, Family: n.Family}
	}
	return indexAuthor(full)
}

// europePMCAuthorString is the author list of a result that has no
// authorList (resultType=lite sends authorString only: "Schoenfeld JD,
// Haas-Kogan DA, O'Neill AF."): each name in MEDLINE's form.
// https://europepmc.org/RestfulWebService#!/Europe32PMC32Articles32RESTful32API/search
func europePMCAuthorString(s string) []record.Author {
	var authors []record.Author
	for _, n := range wire.SplitAuthorString(s) {
		authors = append(authors, europePMCNamed(n))
	}
	return authors
}
