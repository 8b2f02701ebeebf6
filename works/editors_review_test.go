package works

import (
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestEditorOwnerIsNoStranger: the owner of an ORCID record who edited a
// book with authors of its own (Darwin's correspondence, edited by the
// owner; Crossref deposits both lists) was warned "possible same-name
// stranger: neither ORCID iD … nor a name like … is among the 1 authors
// (first: Charles Darwin)": the check read the authors only
// (Work.Creators). The owner is among the editors.
func TestEditorOwnerIsNoStranger(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	owners := map[string]Researcher{"orcid:" + orcid: NewResearcher(orcid, "Frederick Burkhardt", nil)}
	w := Work{merged: record.Record{Type: "book", Title: "The Correspondence",
		Authors: []record.Author{{Given: "Charles", Family: "Darwin"}},
		Editors: []record.Author{{Given: "Frederick", Family: "Burkhardt"}}}}
	if got := Strangers([]string{"orcid:" + orcid}, owners, nil, w.People(), nil); len(got) > 0 {
		t.Errorf("the book's editor, the owner, warned as a stranger: %v", got)
	}
	stranger := Work{merged: record.Record{Type: "book", Authors: []record.Author{{Given: "Charles", Family: "Darwin"}},
		Editors: []record.Author{{Given: "Ann", Family: "Lee"}}}}
	if got := Strangers([]string{"orcid:" + orcid}, owners, nil, stranger.People(), nil); len(got) != 1 {
		t.Errorf("a book neither by nor edited by the owner: %v, want one warning", got)
	}
}

// TestEditedBookCreatorsAreItsEditors: DataCite requires creators, and
// a repository deposits an edited book with its editors as creators and
// again as contributors of type Editor (the registrar gives the same
// people twice). The book was cited as written by them and edited by
// them ("Lee, Ann, and Bo Ma. 2020. Essays. Edited by Ann Lee and Bo
// Ma.", pandoc's Chicago); it is an edited book. A chapter whose authors
// are its book's editors (their introduction) keeps both.
func TestEditedBookCreatorsAreItsEditors(t *testing.T) {
	order := Precedence{Fields: []string{"datacite", "openalex"}}
	lee, ma := record.Author{Given: "Ann", Family: "Lee"}, record.Author{Given: "Bo", Family: "Ma"}
	got, from, _ := order.Merge([]Named{
		{Provider: "datacite", Record: record.Record{Type: "book", Title: "Essays", Authors: []record.Author{lee, ma}, Editors: []record.Author{ma, lee}}},
	})
	if len(got.Authors) != 0 || len(got.Editors) != 2 || from["authors"] != "" {
		t.Errorf("authors %+v editors %+v (from %v), want the two as editors only", got.Authors, got.Editors, from)
	}
	got, _, _ = order.Merge([]Named{
		{Provider: "datacite", Record: record.Record{Type: "chapter", Title: "Introduction", Authors: []record.Author{lee, ma}, Editors: []record.Author{lee, ma}}},
	})
	if len(got.Authors) != 2 || len(got.Editors) != 2 {
		t.Errorf("chapter: authors %+v editors %+v, want both kept", got.Authors, got.Editors)
	}
	got, _, _ = order.Merge([]Named{
		{Provider: "datacite", Record: record.Record{Type: "book", Title: "Essays", Authors: []record.Author{lee}, Editors: []record.Author{lee, ma}}},
	})
	if len(got.Authors) != 1 || len(got.Editors) != 2 {
		t.Errorf("book by one of its editors: authors %+v editors %+v, want both kept", got.Authors, got.Editors)
	}
}
