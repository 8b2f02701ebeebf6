package providers_test

import (
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

// oddDOI has every character that needs escaping in a path: '(' ')' '<'
// '>' ';' '#'.
const oddDOI = "10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#"

// oddDOIPath is oddDOI as it must appear in a request path.
const oddDOIPath = "10.1002/%28sici%291097-4636%28199812%2942:3%3C444::aid-jbm16%3E3.0.co%3B2-%23"

func TestDataCiteFetch(t *testing.T) {
	for _, tc := range []struct {
		name, doi, file string
	}{
		{"dataset-pangaea", "10.1594/pangaea.836178", "datacite/datacite-doi-10.1594-pangaea.836178.json"},
		{"dataset-dataverse-organisation", "10.7910/dvn/nj7xso", "datacite/datacite-doi-10.7910-dvn-nj7xso.json"},
		{"dataset-figshare", "10.6084/m9.figshare.1449060", "datacite/datacite-doi-10.6084-m9.figshare.1449060.json"},
		{"software-zenodo", "10.5281/zenodo.48440", "datacite/datacite-doi-10.5281-zenodo.48440.json"},
		{"software-knb", "10.5063/f1m61h5x", "datacite/datacite-doi-10.5063-f1m61h5x.json"},
		{"preprint-arxiv", "10.48550/arxiv.2311.16162", "datacite/datacite-doi-10.48550-arxiv.2311.16162.json"},
		{"constructed-relations", "10.5555/about.versioned", "datacite/constructed-datacite-doi-10.5555-about.versioned.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStub(t)
			s.file("/dois/"+tc.doi+"?mailto=ada%40example.org", 200, tc.file)
			res := fetchOne(t, providers.DataCite(), s.env(), manifest.KindDOI, tc.doi)
			if res.Status != record.Found {
				t.Fatalf("status %s (%v), want found", res.Status, res.Err)
			}
			assertGolden(t, res)
		})
	}
}

func TestDataCiteEscapesDOIAndOmitsEmptyMailto(t *testing.T) {
	s := newStub(t)
	s.file("/dois/"+oddDOIPath, 404, "datacite/constructed-datacite-error-404.json")
	res := fetchOne(t, providers.DataCite(), s.envAs(""), manifest.KindDOI, oddDOI)
	if res.Status != record.NotFound {
		t.Errorf("status %s (%v), want not_found", res.Status, res.Err)
	}
}

func TestDataCiteFailures(t *testing.T) {
	const doi = "10.5555/x"
	for _, tc := range []struct {
		name      string
		status    int
		body      string
		want      record.Status
		malformed bool
		code      int
	}{
		{"not-found", 404, string(fixture(t, "datacite/constructed-datacite-error-404.json")), record.NotFound, false, 0},
		{"gone", 410, "", record.NotFound, false, 0},
		{"server-error", 500, `{"errors":[{"status":"500"}]}`, record.Failed, false, 500},
		{"bad-request", 400, `{"errors":[{"status":"400"}]}`, record.Failed, false, 400},
		{"malformed-json", 200, `{"data":{"type":"dois","attributes":{`, record.Failed, true, 0},
		{"not-a-doi-resource", 200, `{"data":[]}`, record.Failed, true, 0},
		{"attributes-not-object", 200, `{"data":{"type":"dois","attributes":"x"}}`, record.Failed, true, 0},
		{"empty-body", 200, ``, record.Failed, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStub(t)
			s.text("/dois/"+doi+"?mailto=ada%40example.org", tc.status, tc.body)
			res := fetchOne(t, providers.DataCite(), s.env(), manifest.KindDOI, doi)
			if res.Status != tc.want {
				t.Fatalf("status %s (%v), want %s", res.Status, res.Err, tc.want)
			}
			if res.Record != nil && tc.want != record.Found {
				t.Errorf("record %+v on a %s answer", res.Record, res.Status)
			}
			assertErrorKind(t, res.Err, tc.malformed, tc.code)
		})
	}
}

// TestDataCiteMinimalRecord checks that odd but valid answers (no
// optional fields, publicationYear only, nulls) parse without inventing
// values.
func TestDataCiteMinimalRecord(t *testing.T) {
	const body = `{"data":{"id":"10.5555/min","type":"dois","attributes":{"doi":"10.5555/MIN",` +
		`"titles":[{"title":"Only a title","titleType":"AlternativeTitle"}],"creators":[{"name":"","affiliation":null}],` +
		`"publisher":null,"publicationYear":2019,"types":{"citeproc":"article"},"version":null,"rightsList":[{"rights":"All rights reserved"}],` +
		`"relatedIdentifiers":null,"citationCount":null}}}`
	s := newStub(t)
	s.text("/dois/10.5555/min", 200, body)
	res := fetchOne(t, providers.DataCite(), s.envAs(""), manifest.KindDOI, "10.5555/min")
	if res.Status != record.Found {
		t.Fatalf("status %s (%v), want found", res.Status, res.Err)
	}
	r := res.Record
	if r.Title != "Only a title" || r.IDs.DOI != "10.5555/min" || r.Issued != (record.Date{Year: 2019}) ||
		r.Type != "article" || len(r.Authors) != 0 || r.Publisher != "" || r.OA != nil || len(r.Extra) != 0 {
		t.Errorf("record %+v", r)
	}
	if !res.Counts.IsZero() {
		t.Errorf("counts %+v from null counters", res.Counts)
	}
}
