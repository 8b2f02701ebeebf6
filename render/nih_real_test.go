package render

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/nih"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// TestNIHFromEuropePMCsRecordedGrants: the Lancet paper of Europe PMC's
// recorded core search (testdata/corpus/europepmc, 10.1016/s0140-6736(24)02716-8,
// grantsList "NCI NIH HHS", P30 CA008748) read by the Europe PMC adapter
// and merged in the registry's funding order. Alone, its grants are the
// work's funding; beside a registrar list that names NSF alone (written
// for the test: no Crossref answer for the paper is recorded), the merged
// list is the registrar's and the report still finds NIH, in Europe
// PMC's word.
func TestNIHFromEuropePMCsRecordedGrants(t *testing.T) {
	const doi = "10.1016/s0140-6736(24)02716-8"
	body, err := os.ReadFile("../testdata/corpus/europepmc/europepmc-search-cancer-core.json")
	if err != nil {
		t.Fatal(err)
	}
	do := func(req *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(bytes.NewReader(body)), Request: req}, nil
	}
	id := manifest.Identity{Kind: manifest.KindDOI, Value: doi}
	res, err := providers.EuropePMC().Fetch(context.Background(), service.Env{Do: do, Base: "https://fake.example"}, []manifest.Identity{id})
	if err != nil || len(res) != 1 || res[0].Status != record.Found {
		t.Fatalf("europepmc answered %v, %v", res, err)
	}
	order := works.Precedence{Fields: providers.Precedence(), OA: providers.OAPrecedence(), Funding: providers.FundingPrecedence()}
	nsf := record.Record{Title: "T", Funding: []record.Funding{{Funder: "National Science Foundation", DOI: "10.13039/100000001"}}}
	for _, c := range []struct {
		name         string
		crossref     *record.Record
		from, onlyBy string
	}{
		{"europe pmc alone", nil, "europepmc", ""},
		{"beside an NSF deposit", &nsf, "crossref", "europepmc"},
	} {
		sources := map[string]snapshots.Source{"europepmc": {Provider: "europepmc", Status: string(record.Found), Record: res[0].Record}}
		if c.crossref != nil {
			sources["crossref"] = snapshots.Source{Provider: "crossref", Status: string(record.Found), Record: c.crossref}
		}
		doc, _ := order.Document(id, nil, sources, nil)
		f := &folder.Folder{Works: []folder.Work{{ID: id.Key(), Record: doc.Record, FundingFrom: doc.Provenance["funding"], FundingElsewhere: folder.FundingElsewhere(doc)}}}
		r := nih.Classify(nihWorks(buildPage(f, Options{Format: NIH})))
		if len(r.Funded) != 1 {
			t.Fatalf("%s: report %+v, want the paper funded by NIH", c.name, r)
		}
		row := r.Funded[0]
		if row.FundingFrom != c.from || row.OnlyBy != c.onlyBy || row.Match != nih.ByName || len(row.NIH) != 1 ||
			row.NIH[0].Funder != "NCI NIH HHS" || len(row.NIH[0].Awards) != 1 || row.NIH[0].Awards[0] != "P30 CA008748" || row.PMCID != "PMC12124214" {
			t.Errorf("%s: row %+v; want NCI NIH HHS P30 CA008748 by name, from %q, only by %q, in PMC12124214", c.name, row, c.from, c.onlyBy)
		}
	}
}
