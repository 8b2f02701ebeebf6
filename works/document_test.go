package works_test

import (
	"reflect"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// An [[override]] replaces the kept value of its field's conflict: the
// work file must never say a value was kept that the record no longer has.
func TestOverrideRewritesItsFieldsConflict(t *testing.T) {
	id, err := manifest.ParseID("10.1234/over")
	if err != nil {
		t.Fatal(err)
	}
	found := func(p string, r record.Record) snapshots.Source {
		return snapshots.Source{Provider: p, Status: string(record.Found), Record: &r}
	}
	sources := map[string]snapshots.Source{
		"crossref": found("crossref", record.Record{Title: "Deep learning for cats", Type: "article-journal", Issued: record.Date{Year: 2020}}),
		"openalex": found("openalex", record.Record{Title: "Deep Learning for Dogs", Type: "article", Issued: record.Date{Year: 2019}}),
		"orcid":    found("orcid", record.Record{Title: "Deep learning for dogs.", Type: "article-journal", Issued: record.Date{Year: 2020}}),
	}
	overrides := []manifest.Override{{ID: id, Title: "Deep learning for dogs", Type: "article-journal", Year: 2019, Line: 7}}
	doc, _ := order.Document(id, nil, sources, overrides)
	want := []record.Conflict{
		{Field: "issued", Kept: record.Choice{Value: "2019", Providers: []string{"manifest", "openalex"}},
			NotKept: []record.Choice{{Value: "2020", Providers: []string{"crossref", "orcid"}}}},
		{Field: "title", Kept: record.Choice{Value: "Deep learning for dogs", Providers: []string{"manifest", "openalex", "orcid"}},
			NotKept: []record.Choice{{Value: "Deep learning for cats", Providers: []string{"crossref"}}}},
		// The type override agrees with the merge: openalex's "article" is
		// still a value not kept, now beside the manifest's word.
		{Field: "type", Kept: record.Choice{Value: "article-journal", Providers: []string{"crossref", "manifest", "orcid"}},
			NotKept: []record.Choice{{Value: "article", Providers: []string{"openalex"}}}},
	}
	if !reflect.DeepEqual(doc.Conflicts, want) {
		t.Errorf("conflicts:\n got %+v\nwant %+v", doc.Conflicts, want)
	}
	if doc.Record.Title != "Deep learning for dogs" || doc.Provenance["title"] != "manifest" {
		t.Errorf("title %q from %q, want the override", doc.Record.Title, doc.Provenance["title"])
	}
}

// An override every provider agrees with leaves nothing to explain, and
// one that overrules unanimous providers is itself a disagreement.
func TestOverrideConflictAppearsAndGoes(t *testing.T) {
	id, err := manifest.ParseID("10.1234/over2")
	if err != nil {
		t.Fatal(err)
	}
	found := func(p string, r record.Record) snapshots.Source {
		return snapshots.Source{Provider: p, Status: string(record.Found), Record: &r}
	}
	sources := map[string]snapshots.Source{
		"crossref": found("crossref", record.Record{Title: "Old title", Issued: record.Date{Year: 2020}}),
		"openalex": found("openalex", record.Record{Title: "New title", Issued: record.Date{Year: 2020}}),
	}
	doc, _ := order.Document(id, nil, sources, []manifest.Override{
		{ID: id, Title: "New title", Line: 3}, {ID: id, Year: 2021, Line: 4}})
	want := []record.Conflict{
		{Field: "issued", Kept: record.Choice{Value: "2021", Providers: []string{"manifest"}},
			NotKept: []record.Choice{{Value: "2020", Providers: []string{"crossref", "openalex"}}}},
		{Field: "title", Kept: record.Choice{Value: "New title", Providers: []string{"manifest", "openalex"}},
			NotKept: []record.Choice{{Value: "Old title", Providers: []string{"crossref"}}}},
	}
	if !reflect.DeepEqual(doc.Conflicts, want) {
		t.Errorf("conflicts:\n got %+v\nwant %+v", doc.Conflicts, want)
	}
	sources["crossref"] = found("crossref", record.Record{Title: "New Title.", Issued: record.Date{Year: 2020}})
	doc, _ = order.Document(id, nil, sources, []manifest.Override{{ID: id, Title: "New title", Line: 3}})
	if len(doc.Conflicts) != 0 {
		t.Errorf("an override all providers agree with left conflicts %+v", doc.Conflicts)
	}
}

// A type override drops the genre that qualified the providers' type: a
// poster (speech, "Poster") overridden to a journal article is not a
// "Poster" article; an override to the same type keeps it.
func TestTypeOverrideDropsTheGenreOfTheOldType(t *testing.T) {
	id, err := manifest.ParseID("10.1234/poster")
	if err != nil {
		t.Fatal(err)
	}
	poster := record.Record{Title: "Kiln physics", Type: "speech", Genre: "Poster", Issued: record.Date{Year: 2021}}
	sources := map[string]snapshots.Source{"datacite": {Provider: "datacite", Status: string(record.Found), Record: &poster}}
	for _, c := range []struct{ typ, genre string }{{"article-journal", ""}, {"speech", "Poster"}} {
		doc, _ := order.Document(id, nil, sources, []manifest.Override{{ID: id, Type: c.typ, Line: 2}})
		if doc.Record.Type != c.typ || doc.Record.Genre != c.genre {
			t.Errorf("override to %s: type %q genre %q, want genre %q", c.typ, doc.Record.Type, doc.Record.Genre, c.genre)
		}
		if _, has := doc.Provenance["genre"]; has != (c.genre != "") {
			t.Errorf("override to %s: provenance %v", c.typ, doc.Provenance)
		}
	}
}
