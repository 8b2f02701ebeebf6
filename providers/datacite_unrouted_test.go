package providers_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

// TestDataCiteUnroutedAsksListsOnly: DOIs whose agency is unknown (the
// agency lookup failed) are asked in DataCite's list form only, a lone one
// too, and one the list lacks is not found without a single lookup (the
// stub fails the test on any request it was not given).
func TestDataCiteUnroutedAsksListsOnly(t *testing.T) {
	item := gjson.GetBytes(fixture(t, "datacite/datacite-doi-10.5281-zenodo.48440.json"), "data").Raw
	s := newStub(t)
	s.text(`/dois?disable-facets=true&mailto=ada%40example.org&page%5Bsize%5D=2&query=doi%3A%28%2210.5281%2Fzenodo.48440%22+OR+%2210.1038%2Fnot-datacites%22%29`, 200,
		fmt.Sprintf(`{"data":[%s],"meta":{"total":1}}`, item))
	s.text(`/dois?disable-facets=true&mailto=ada%40example.org&page%5Bsize%5D=1&query=doi%3A%28%2210.1038%2Falone%22%29`, 200, `{"data":[],"meta":{"total":0}}`)
	spec := providers.DataCite()
	got, err := spec.FetchUnrouted(context.Background(), s.env(), dois("10.5281/zenodo.48440", "10.1038/not-datacites"))
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Status != record.Found || got[1].Status != record.NotFound {
		t.Errorf("statuses %s, %s; want found, not found", got[0].Status, got[1].Status)
	}
	lone, err := spec.FetchUnrouted(context.Background(), s.env(), dois("10.1038/alone"))
	if err != nil {
		t.Fatal(err)
	}
	if lone[0].Status != record.NotFound {
		t.Errorf("lone DOI: %+v, want not found from the list", lone[0])
	}
}
