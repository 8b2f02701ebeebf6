package providers_test

import (
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

// TestCrossrefEditorsAreNotAuthors: PLOS's real Crossref record of a PLOS
// ONE article deposits its academic editor, Cesario V. Borlongan, in
// editor[] beside its authors. The source record keeps him as an editor,
// never as an author (the merge leaves a journal article's editor out:
// record.EditorsCited).
func TestCrossrefEditorsAreNotAuthors(t *testing.T) {
	const doi = "10.1371/journal.pone.0033693"
	s := newStub(t)
	s.file("/works/"+doi+"?mailto=ada%40example.org", 200, "crossref/crossref-work-10.1371-journal.pone.0033693.json")
	rec := fetchOne(t, providers.Crossref(), s.env(), manifest.KindDOI, doi).Record
	if rec == nil {
		t.Fatal("no record")
	}
	if len(rec.Editors) != 1 || rec.Editors[0].Family != "Borlongan" || rec.Editors[0].Given != "Cesario V." {
		t.Errorf("editors %+v, want Cesario V. Borlongan", rec.Editors)
	}
	for _, a := range rec.Authors {
		if a.Family == "Borlongan" {
			t.Errorf("the editor is among the authors: %+v", rec.Authors)
		}
	}
	if len(rec.Authors) == 0 || rec.Authors[0].Family != "Sadasivan" {
		t.Errorf("authors %+v, want Sadasivan first", rec.Authors)
	}
}
