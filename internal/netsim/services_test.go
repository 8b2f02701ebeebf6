package netsim

import (
	"net/http/httptest"
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
	base := "https://api.openalex.org/works?filter=" + url.QueryEscape("authorships.author.orcid:https://orcid.org/"+ORCID(0)) + "&per_page=100&cursor=*"
	selected := n.Answer(httptest.NewRequest("GET", base+"&select=doi,title,publication_year,authorships", nil))
	whole := n.Answer(httptest.NewRequest("GET", base, nil))
	if selected.Status != 200 || whole.Status != 200 {
		t.Fatalf("status %d and %d, want 200", selected.Status, whole.Status)
	}
	results := gjson.GetBytes(selected.Body, "results")
	if n := len(results.Array()); n != 3 {
		t.Fatalf("%d works listed, want 3: %.300s", n, selected.Body)
	}
	for _, w := range results.Array() {
		var keys []string
		w.ForEach(func(k, _ gjson.Result) bool { keys = append(keys, k.String()); return true })
		if len(keys) != 4 || !w.Get("doi").Exists() || !w.Get("authorships").IsArray() || w.Get("concepts").Exists() {
			t.Errorf("selected work has fields %q, want doi, title, publication_year and authorships", keys)
		}
	}
	if !gjson.GetBytes(whole.Body, "results.0.concepts").Exists() || len(whole.Body) <= len(selected.Body) {
		t.Errorf("without select the works are whole (%d bytes, selected %d)", len(whole.Body), len(selected.Body))
	}
}
