package providers

import (
	"reflect"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/record"
)

// TestCrossrefNamelessPeopleAreNobody: a Crossref contributor object
// with no name and no iD (an empty object, empty given and family, an
// affiliation alone) names nobody; it was kept as an editor, and an
// edited book's page then printed a blank name before "(eds.)" and its
// venue "In  and Ann Lee (eds.)".
func TestCrossrefNamelessPeopleAreNobody(t *testing.T) {
	rec := crossrefWork(gjson.Parse(`{"type":"edited-book","title":["X"],
		"author":[{},{"given":"Eva","family":"Cruz"}],
		"editor":[{}, {"name":"Editorial Board"}, {"given":" ","family":""}, {"given":"Ann","family":"Lee"}, {"affiliation":[{"name":"MIT"}]}, {"ORCID":"https://orcid.org/0000-0002-1825-0097"}]}`))
	wantEd := []record.Author{{Name: "Editorial Board"}, {Given: "Ann", Family: "Lee"}, {ORCID: "0000-0002-1825-0097"}}
	if !reflect.DeepEqual(rec.Editors, wantEd) {
		t.Errorf("editors\n got %+v\nwant %+v", rec.Editors, wantEd)
	}
	if wantAu := []record.Author{{Given: "Eva", Family: "Cruz"}}; !reflect.DeepEqual(rec.Authors, wantAu) {
		t.Errorf("authors\n got %+v\nwant %+v", rec.Authors, wantAu)
	}
}

// TestDataCiteEditorTypeAsWritten: DataCite's REST API passes the
// contributorType as deposited; "editor" and "Editor " are the
// controlled value Editor written carelessly, and were not read as
// editors.
func TestDataCiteEditorTypeAsWritten(t *testing.T) {
	contributors := gjson.Parse(`[
		{"name": "Ma, Bo", "givenName": "Bo", "familyName": "Ma", "contributorType": "editor"},
		{"name": "Lee, Ann", "givenName": "Ann", "familyName": "Lee", "contributorType": "Editor "},
		{"name": "Cruz, Eva", "givenName": "Eva", "familyName": "Cruz", "contributorType": "Editors"}
	]`)
	want := []record.Author{{Given: "Bo", Family: "Ma"}, {Given: "Ann", Family: "Lee"}}
	if got := dataCiteEditors(contributors); !reflect.DeepEqual(got, want) {
		t.Errorf("editors\n got %+v\nwant %+v", got, want)
	}
}

// TestORCIDEditorsAreEditors: an ORCID entry of an edited book names its
// editors with the role "editor"; they were dropped, so a book known only
// from its editor's ORCID record named nobody (keyed by the lister, its
// owner never marked on the page). They are the record's editors, never
// its authors; a translator is neither.
func TestORCIDEditorsAreEditors(t *testing.T) {
	rec := orcidRecord(gjson.Parse(`{"type":"edited-book","title":{"title":{"value":"Essays"}},
		"contributors":{"contributor":[
			{"contributor-orcid":{"path":"0000-0002-1825-0097"},"credit-name":{"value":"Ann Lee"},"contributor-attributes":{"contributor-role":"editor"}},
			{"credit-name":{"value":"Bo Ma"},"contributor-attributes":{"contributor-role":"EDITOR"}},
			{"credit-name":{"value":"Eva Cruz"},"contributor-attributes":{"contributor-role":"chair-or-translator"}},
			{"credit-name":{"value":"Ann Lee"},"contributor-orcid":{"path":"0000-0002-1825-0097"},"contributor-attributes":{"contributor-role":"editor"}}]}}`))
	want := []record.Author{{Name: "Ann Lee", ORCID: "0000-0002-1825-0097"}, {Name: "Bo Ma"}}
	if !reflect.DeepEqual(rec.Editors, want) || len(rec.Authors) != 0 {
		t.Errorf("editors %+v authors %+v, want editors %+v and no author", rec.Editors, rec.Authors, want)
	}
}

// TestDataCitePlaceholderWithIDIsNotPrinted: a creator ":unav" with an
// ORCID iD is kept as that person (CHANGELOG: "a placeholder name with
// an ORCID iD is that person"), but with the name ":unav", which every
// format then prints as the author's name; the merge never fills it
// (isSamePerson wants the names to agree, an iD alone is not enough).
func TestDataCitePlaceholderWithIDIsNotPrinted(t *testing.T) {
	got := dataCiteAuthors(gjson.Parse(`[{"name":":unav","nameIdentifiers":[{"nameIdentifier":"https://orcid.org/0000-0002-1825-0097","nameIdentifierScheme":"ORCID"}]}]`))
	for _, a := range got {
		if a.Display() == ":unav" {
			t.Errorf("placeholder printed as a name: %+v", got)
		}
	}
}

// TestDataCiteChapterEditorsInRelatedItem: DataCite's schema documents a
// chapter's book editors as contributors of type Editor of the related
// item it IsPublishedIn (Metadata Schema 4.4+ documentation, relatedItem,
// "Example: Book chapter in a book (without identifiers)", whose JSON is
// below as the documentation gives it); they were not read, so the
// chapter lost its book's editor, Elizabeth Miller.
func TestDataCiteChapterEditorsInRelatedItem(t *testing.T) {
	rec := dataCiteWork(gjson.Parse(`{
              "url": "https://example.org/RelatedItem3",
              "prefix": "10.21384/ExampleBookChapter",
              "creators": [{"name": "Garcia, Sofia", "nameType": "Personal", "givenName": "Sofia", "familyName": "Garcia"}],
              "titles": [{"lang": "en", "title": "Example Chapter Title"}],
              "publisher": "Example Publisher",
              "publicationYear": 1980,
              "types": {"resourceTypeGeneral": "BookChapter"},
              "relatedItems": [{
                      "titles": [{"title": "Example Book Title"}],
                      "volume": "I", "edition": "2nd edition", "creators": [],
                      "lastPage": "155", "firstPage": "110", "publisher": "Example Publisher",
                      "contributors": [{"name": "Miller, Elizabeth", "nameType": "Personal", "givenName": "Elizabeth", "familyName": "Miller",
                              "affiliation": [], "contributorType": "Editor", "nameIdentifiers": []}],
                      "relationType": "IsPublishedIn", "publicationYear": "1980", "relatedItemType": "Book"}]}`))
	if want := []record.Author{{Given: "Elizabeth", Family: "Miller"}}; !reflect.DeepEqual(rec.Editors, want) {
		t.Errorf("editors %+v, want %+v (the book's, from its related item)", rec.Editors, want)
	}
	if rec.Type != "chapter" || rec.Container != "Example Book Title" || len(rec.Authors) != 1 {
		t.Errorf("type %q container %q authors %+v, want a chapter of Example Book Title by Garcia", rec.Type, rec.Container, rec.Authors)
	}
}
