package render

import (
	"slices"
	"strings"
)

// A bibliography imported from BibTeX keeps, as custom fields, the
// standard fields about's record has no place for: a conference paper's
// address and series, a chapter's chapter and edition, a report's or a
// thesis's type. The citation formats write them back where the entry
// type reads them, as the al-folio format writes every custom field, so a
// CV rendered from an imported papers.bib says where a conference was.
// The lists are plain.bst's (the fields each FUNCTION formats) and, for
// BibLaTeX, blx-dm.def's, with address as its location.
var bibStandardFields = map[bool]map[string][]string{
	false: {
		"book": {"address", "edition", "series"}, "inbook": {"chapter", "address", "edition", "series", "type"},
		"incollection": {"chapter", "address", "edition", "series", "type"}, "inproceedings": {"address", "organization", "series"},
		"techreport": {"type", "address"}, "phdthesis": {"type", "address"}, "mastersthesis": {"type", "address"},
		"misc": {"howpublished"},
	},
	true: {
		"book": {"address", "edition", "series"}, "collection": {"address", "edition", "series"},
		"inbook": {"chapter", "address", "edition", "series"}, "inproceedings": {"address", "organization", "series"},
		"report": {"address"}, "thesis": {"address"}, "misc": {"howpublished", "organization", "address"},
	},
}

// standardFields sets the user's standard fields the entry type reads:
// each replaces about's own (a thesis's generic "Thesis" type gives way
// to the file's "Master's thesis"), in the name the format spells it.
func (fs *bibFields) standardFields(e *entry, typ string, biblatex bool) {
	if e.user == nil {
		return
	}
	for _, f := range e.user.Fields {
		name := strings.ToLower(f.Name)
		v, ok := f.Value.(string)
		if !ok || v == "" || !slices.Contains(bibStandardFields[biblatex][typ], name) {
			continue
		}
		if biblatex && name == "address" {
			name = "location"
		}
		fs.setRaw(name, "{"+v+"}")
	}
}
