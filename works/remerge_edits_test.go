package works_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// fullRecord has every field of record.Record set, each differently for
// each tag, so an edit of any one field is a different value.
func fullRecord(tag string) record.Record {
	return record.Record{
		Title: "Title " + tag, Authors: []record.Author{{Given: "Ada", Family: "Lovelace " + tag, ORCID: "0000-0002-1825-0097"}},
		Editors:   []record.Author{{Given: "Mary", Family: "Shelley " + tag}},
		Container: "Journal " + tag, ContainerShort: "J. " + tag, Publisher: "Press " + tag, Type: "article-" + tag, Genre: "Genre " + tag,
		Issued: record.Date{Year: 2000 + len(tag)}, Volume: "1" + tag, Issue: "2" + tag, Pages: "3-" + tag,
		Abstract: "Abstract " + tag, Language: "l" + tag, URL: "https://example.org/" + tag,
		IDs:       record.IDs{DOI: "10.5555/edit", ArXiv: "2101.0000" + tag},
		OA:        &record.OpenAccess{URL: "https://example.org/oa/" + tag, Status: "gold" + tag},
		Relations: []record.Relation{{Type: "is-supplement-to", ID: "doi:10.5555/" + tag}},
		Topics:    []string{"Topic " + tag}, Funding: []record.Funding{{Funder: "Funder " + tag, Awards: []string{"A-" + tag}}}, Extra: []record.Annotation{{Name: "tldr", Value: "TL;DR " + tag}},
	}
}

// TestDifferencesNamesEveryEditedRecordField: an edit of any one merged
// field, of the record, its provenance or its conflicts, is named by
// Differences. It holds the shortcut of differingKeys (a whole-value
// comparison before the key-by-key one) to what it replaces: every
// field of record.Record is edited in turn, so a field added later is
// covered too.
func TestDifferencesNamesEveryEditedRecordField(t *testing.T) {
	order := works.Precedence{Fields: []string{"crossref", "openalex"}}
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.5555/edit"}
	a, b := fullRecord("a"), fullRecord("b")
	b.IDs.DOI = a.IDs.DOI
	file, _ := order.Document(id, []string{"manifest"}, map[string]snapshots.Source{
		"crossref": {Provider: "crossref", Status: string(record.Found), Record: &a},
		"openalex": {Provider: "openalex", Status: string(record.Found), Record: &b},
	}, nil)
	if got := order.Differences(id, file, nil); len(got) > 0 {
		t.Fatalf("as merged: %v", got)
	}
	edit := fullRecord("edited")
	edit.IDs.DOI = "10.5555/other"
	rt := reflect.TypeFor[record.Record]()
	for i := range rt.NumField() {
		key, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		hand := file
		rec := hand.Record
		reflect.ValueOf(&rec).Elem().Field(i).Set(reflect.ValueOf(edit).Field(i))
		if reflect.DeepEqual(rec, file.Record) {
			t.Fatalf("record.%s: the edit is the merged value; give fullRecord a different one", key)
		}
		hand.Record = rec
		if got := order.Differences(id, hand, nil); !named(got, "record."+key) {
			t.Errorf("record.%s edited: Differences says %v", key, got)
		}
	}
	hand := file
	hand.Provenance = map[string]string{"title": "openalex"}
	for k, v := range file.Provenance {
		if k != "title" {
			hand.Provenance[k] = v
		}
	}
	if got := order.Differences(id, hand, nil); !named(got, "provenance.title") {
		t.Errorf("provenance.title edited: Differences says %v", got)
	}
	if len(file.Conflicts) == 0 {
		t.Fatal("the two sources were meant to disagree")
	}
	hand = file
	hand.Conflicts = file.Conflicts[1:]
	if got := order.Differences(id, hand, nil); !named(got, "conflicts."+file.Conflicts[0].Field) {
		t.Errorf("conflict of %s removed: Differences says %v", file.Conflicts[0].Field, got)
	}
}

func named(problems []string, field string) bool {
	for _, p := range problems {
		if strings.HasPrefix(p, field+" differs") {
			return true
		}
	}
	return false
}
