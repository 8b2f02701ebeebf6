package netsim

import (
	"net/url"
	"testing"

	"github.com/tidwall/gjson"
)

// TestOpenAlexListingHonoursSelect: OpenAlex's list routes answer only
// the root-level fields select names, as its Crossref twin does; a
// listing simulated whole would cost the run memory the real one never
// sends (a page of 100 whole works with real sizes is megabytes).
func TestOpenAlexListingHonoursSelect(t *testing.T) {
	n := &Net{Corpus: NewCorpus(), ORCIDs: map[string]int{ORCID(0): 0}, PerRecord: 3, Mix: Realistic()}
	// The listing's own handler, as openAlexAnswer routes a filter by
	// ORCID iD to it: no request is made, not even to the simulator.
	asked := url.Values{"per_page": {"100"}, "cursor": {"*"}}
	selectedStatus, _, selectedBody := n.openAlexListing(ORCID(0), url.Values{"per_page": {"100"}, "cursor": {"*"}, "select": {"doi,title,publication_year,authorships"}})
	wholeStatus, _, wholeBody := n.openAlexListing(ORCID(0), asked)
	if selectedStatus != 200 || wholeStatus != 200 {
		t.Fatalf("status %d and %d, want 200", selectedStatus, wholeStatus)
	}
	results := gjson.GetBytes(selectedBody, "results")
	if n := len(results.Array()); n != 3 {
		t.Fatalf("%d works listed, want 3: %.300s", n, selectedBody)
	}
	for _, w := range results.Array() {
		var keys []string
		w.ForEach(func(k, _ gjson.Result) bool { keys = append(keys, k.String()); return true })
		if len(keys) != 4 || !w.Get("doi").Exists() || !w.Get("authorships").IsArray() || w.Get("concepts").Exists() {
			t.Errorf("selected work has fields %q, want doi, title, publication_year and authorships", keys)
		}
	}
	if !gjson.GetBytes(wholeBody, "results.0.concepts").Exists() || len(wholeBody) <= len(selectedBody) {
		t.Errorf("without select the works are whole (%d bytes, selected %d)", len(wholeBody), len(selectedBody))
	}
}
