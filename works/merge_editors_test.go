package works_test

import (
	"reflect"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/works"
)

// TestMergeEditors: an edited book's editors are its editors even when
// an index files them as its authors; a chapter keeps its book's editors
// beside its authors; a journal article's deposited editor (the one who
// handled the submission) is not cited.
func TestMergeEditors(t *testing.T) {
	order := works.Precedence{Fields: []string{"crossref", "openalex"}}
	lee := record.Author{Given: "Ann", Family: "Lee"}
	ma := record.Author{Given: "Bo", Family: "Ma"}
	leeFull := record.Author{Given: "Ann", Family: "Lee", ORCID: "0000-0002-1825-0097"}
	cruz := record.Author{Given: "Eva", Family: "Cruz"}

	t.Run("edited book", func(t *testing.T) {
		got, from, _ := order.Merge([]works.Named{
			{Provider: "crossref", Record: record.Record{Type: "book", Title: "Essays", Editors: []record.Author{lee, ma}}},
			{Provider: "openalex", Record: record.Record{Type: "book", Title: "Essays", Authors: []record.Author{leeFull, ma}}},
		})
		if len(got.Authors) != 0 {
			t.Errorf("authors %+v, want none: they are the editors", got.Authors)
		}
		if want := []record.Author{leeFull, ma}; !reflect.DeepEqual(got.Editors, want) {
			t.Errorf("editors %+v, want %+v (Lee's iD from OpenAlex)", got.Editors, want)
		}
		if from["editors"] != "crossref" || from["authors"] != "" || from["editors.completed"] != "openalex" {
			t.Errorf("provenance %v", from)
		}
		if c := got.Creators(); len(c) != 2 {
			t.Errorf("creators %+v, want the editors", c)
		}
	})
	t.Run("chapter", func(t *testing.T) {
		got, _, _ := order.Merge([]works.Named{
			{Provider: "crossref", Record: record.Record{Type: "chapter", Authors: []record.Author{cruz}, Editors: []record.Author{lee, ma}}},
			{Provider: "openalex", Record: record.Record{Type: "chapter", Authors: []record.Author{cruz}}},
		})
		if !reflect.DeepEqual(got.Authors, []record.Author{cruz}) || len(got.Editors) != 2 {
			t.Errorf("authors %+v editors %+v, want Cruz and the book's two editors", got.Authors, got.Editors)
		}
	})
	t.Run("index authors who are not the editors", func(t *testing.T) {
		got, _, _ := order.Merge([]works.Named{
			{Provider: "crossref", Record: record.Record{Type: "book", Editors: []record.Author{lee}}},
			{Provider: "openalex", Record: record.Record{Type: "book", Authors: []record.Author{cruz}}},
		})
		if !reflect.DeepEqual(got.Authors, []record.Author{cruz}) || len(got.Editors) != 1 {
			t.Errorf("authors %+v editors %+v, want both kept", got.Authors, got.Editors)
		}
	})
	t.Run("journal article", func(t *testing.T) {
		got, from, _ := order.Merge([]works.Named{
			{Provider: "crossref", Record: record.Record{Type: "article-journal", Authors: []record.Author{cruz}, Editors: []record.Author{lee}}},
		})
		if len(got.Editors) != 0 || from["editors"] != "" {
			t.Errorf("editors %+v (from %q), want none: a handling editor is not cited", got.Editors, from["editors"])
		}
	})
}
