package providers_test

import (
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

// TestCrossrefDissertationDatedByItsApproval: a real Crossref record of a
// PhD thesis (University of Queensland, commonmeta-py's recording) gives
// "issued": {"date-parts": [[null]]} and "approved": 2020-05-25, its
// deposit's approval date: that is the thesis's date, where about wrote
// none (keyed "nd", demoted to @misc).
func TestCrossrefDissertationDatedByItsApproval(t *testing.T) {
	const doi = "10.14264/uql.2020.791"
	s := newStub(t)
	s.file("/works/"+doi+"?mailto=ada%40example.org", 200, "crossref/crossref-work-10.14264-uql.2020.791.json")
	rec := fetchOne(t, providers.Crossref(), s.env(), manifest.KindDOI, doi).Record
	if rec == nil {
		t.Fatal("no record")
	}
	if got := rec.Issued.String(); got != "2020-05-25" {
		t.Errorf("issued %q, want 2020-05-25 (the approval date)", got)
	}
	if rec.Type != "thesis" {
		t.Errorf("type %q, want thesis", rec.Type)
	}
}
