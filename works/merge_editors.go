package works

import (
	"slices"
	"strings"

	"github.com/aboutscholar/about/record"
)

// mergeEditors takes the editor list whole from the first provider that
// gives one (only the registrars tell editors from authors: Crossref's
// editor[], DataCite's contributors of type Editor), and only for a work
// whose type is cited with its editors (record.EditorsCited): a journal
// article's deposited editor is the one who handled the submission.
func mergeEditors(ordered []Named, cslType string) picked[[]record.Author] {
	if !record.EditorsCited(cslType) {
		return picked[[]record.Author]{}
	}
	return first(ordered, func(r *record.Record) []record.Author { return r.Editors },
		func(a []record.Author) bool { return len(a) == 0 })
}

// editorsNotAuthors drops an author list that is only the editors filed
// as authors: an index that does not tell the roles apart (OpenAlex
// lists an edited book's editors as its authorships) gives the people the
// registrar calls the editors, and the registrar gave no authors; or a
// registrar that requires creators (DataCite) gives a book's Editor
// contributors again as its creators. Each editor is completed from the
// dropped list as authors are from other providers' (an ORCID iD, a
// fuller given name), and the provenance of the list moves with it.
func editorsNotAuthors(out *record.Record, ordered []Named, from map[string]string) {
	edBy, auBy := from["editors"], from["authors"]
	if len(out.Editors) == 0 || len(out.Authors) == 0 || !allEditors(out.Authors, out.Editors) {
		return
	}
	if edBy == auBy && (out.Type != "book" || len(out.Authors) != len(out.Editors)) {
		return // a chapter by its book's editors (their introduction), a book by one of its editors
	}
	for _, n := range ordered {
		if edBy != auBy && n.Provider == edBy && len(n.Record.Authors) > 0 {
			return // the registrar names authors of its own: these are not its editors
		}
	}
	out.Editors = slices.Clone(out.Editors)
	for i := range out.Editors {
		if other, ok := samePerson(out.Editors[i], i, out.Authors); ok && len(complete(&out.Editors[i], other)) > 0 {
			from["editors.completed"] = auBy
		}
	}
	dropAuthors(out, from)
}

// allEditors reports whether every author is one of the editors.
func allEditors(authors, editors []record.Author) bool {
	for i, a := range authors {
		if _, ok := samePerson(a, i, editors); !ok {
			return false
		}
	}
	return true
}

// dropAuthors empties an author list that was the editors again, with
// its provenance.
func dropAuthors(out *record.Record, from map[string]string) {
	out.Authors = nil
	for field := range from {
		if field == "authors" || strings.HasPrefix(field, "authors.") {
			delete(from, field)
		}
	}
}
