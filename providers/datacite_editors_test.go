package providers

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/record"
)

// TestDataCiteChapterEditors: a real DataCite record of a book chapter
// (Zotero's "Datacite JSON.js" test of 10.26021/15688) lists Steven
// Ratuva as its one contributor of type Editor, the book's editor, beside
// a DataManager and a HostingInstitution, which are nobody's editors;
// its twenty creators stay its authors.
func TestDataCiteChapterEditors(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("..", "testdata", "datacite", "zotero-datacite-json-10.26021-15688.json"))
	if err != nil {
		t.Fatal(err)
	}
	rec := dataCiteWork(gjson.ParseBytes(body))
	want := []record.Author{{Given: "Steven", Family: "Ratuva"}}
	if !reflect.DeepEqual(rec.Editors, want) {
		t.Errorf("editors\n got %+v\nwant %+v", rec.Editors, want)
	}
	if len(rec.Authors) != 20 || rec.Authors[0].Family != "Iese" {
		t.Errorf("authors: %d, first %+v; want the 20 creators, Iese first", len(rec.Authors), rec.Authors)
	}
}

// TestDataCiteEditorsOnlyOfTypeEditor: contributors of other types are
// not editors, and an Editor placeholder is nobody.
func TestDataCiteEditorsOnlyOfTypeEditor(t *testing.T) {
	contributors := gjson.Parse(`[
		{"name": "Lee, Ann", "givenName": "Ann", "familyName": "Lee", "contributorType": "ContactPerson"},
		{"name": "Ma, Bo", "givenName": "Bo", "familyName": "Ma", "contributorType": "Editor"},
		{"name": "Cruz, Eva", "givenName": "Eva", "familyName": "Cruz", "contributorType": "DataCurator"},
		{"name": ":unav", "contributorType": "Editor"},
		{"name": "Ma, Bo", "givenName": "Bo", "familyName": "Ma", "contributorType": "Editor"}
	]`)
	want := []record.Author{{Given: "Bo", Family: "Ma"}}
	if got := dataCiteEditors(contributors); !reflect.DeepEqual(got, want) {
		t.Errorf("editors\n got %+v\nwant %+v", got, want)
	}
}
