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
