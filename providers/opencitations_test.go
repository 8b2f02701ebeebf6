package providers_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// openCitationsFetch asks OpenCitations about doi of a stub that answers
// one GET of uri (the raw, escaped request target) with status and answer.
func openCitationsFetch(t *testing.T, doi, uri string, status int, answer []byte) service.Result {
	t.Helper()
	s := newStub(t)
	s.answer(uri, status, answer).check(requestHeader("Accept", "application/json")).
		check(func(t *testing.T, r *http.Request) {
			if r.Header.Get("authorization") != "" {
				t.Errorf("Fetch set the access token itself; it is the transport's to add")
			}
		})
	return fetchOne(t, providers.OpenCitations(), s.env(), manifest.KindDOI, doi)
}

func TestOpenCitationsCount(t *testing.T) {
	res := openCitationsFetch(t, "10.1108/jd-12-2013-0166", "/index/v2/citation-count/doi:10.1108/jd-12-2013-0166", http.StatusOK,
		fixture(t, "opencitations/constructed-opencitations-v2-citation-count-10.1108-jd-12-2013-0166.json"))
	if res.Status != record.Found || res.Err != nil {
		t.Fatalf("status %s, err %v", res.Status, res.Err)
	}
	got, err := json.MarshalIndent(struct {
		Status record.Status  `json:"status"`
		Record *record.Record `json:"record,omitempty"`
		Counts record.Counts  `json:"counts,omitzero"`
	}{res.Status, res.Record, res.Counts}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/providers"), goldie.WithNameSuffix(".golden.json"))
	g.Assert(t, t.Name(), append(got, '\n'))
}

// TestOpenCitationsZero: "0" is a count like any other. OpenCitations
// answers it for unknown DOIs too and cannot tell the two apart, so it
// stays Found with 0.
func TestOpenCitationsZero(t *testing.T) {
	res := openCitationsFetch(t, "10.5555/12345678", "/index/v2/citation-count/doi:10.5555/12345678", http.StatusOK,
		fixture(t, "opencitations/constructed-opencitations-v2-citation-count-zero.json"))
	if res.Status != record.Found || res.Counts.CitedBy == nil || *res.Counts.CitedBy != 0 {
		t.Fatalf("got %+v, want Found with cited_by 0", res)
	}
	if res.Counts.References != nil || res.Counts.InfluentialCitedBy != nil {
		t.Errorf("counts = %+v, want only cited_by", res.Counts)
	}
}

// TestOpenCitationsOddDOI: the DOI goes in the path, each part
// path-escaped, the prefix/suffix slash kept, after a literal "doi:".
func TestOpenCitationsOddDOI(t *testing.T) {
	const doi = "10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#"
	res := openCitationsFetch(t, doi,
		"/index/v2/citation-count/doi:10.1002/%28sici%291097-4636%28199812%2942:3%3C444::aid-jbm16%3E3.0.co%3B2-%23",
		http.StatusOK, fixture(t, "opencitations/constructed-opencitations-v2-citation-count-zero.json"))
	if res.Status != record.Found || res.Record.IDs.DOI != doi {
		t.Errorf("got %+v", res)
	}
}

func TestOpenCitationsFailures(t *testing.T) {
	for _, tc := range []struct {
		name      string
		status    int
		answer    string
		want      record.Status
		malformed bool
		code      int
	}{
		{"404", http.StatusNotFound, `[]`, record.NotFound, false, 0},
		{"empty list", http.StatusOK, `[]`, record.NotFound, false, 0},
		{"500", http.StatusInternalServerError, `Internal Server Error`, record.Failed, false, 500},
		{"not JSON", http.StatusOK, `[{"count": "3"`, record.Failed, true, 0},
		{"not a list", http.StatusOK, `{"count": "3"}`, record.Failed, true, 0},
		{"no count", http.StatusOK, `[{"citing": "doi:10.1/x"}]`, record.Failed, true, 0},
		{"null count", http.StatusOK, `[{"count": null}]`, record.Failed, true, 0},
		{"count not a number", http.StatusOK, `[{"count": "many"}]`, record.Failed, true, 0},
		{"negative count", http.StatusOK, `[{"count": "-1"}]`, record.Failed, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := openCitationsFetch(t, "10.5555/a", "/index/v2/citation-count/doi:10.5555/a", tc.status, []byte(tc.answer))
			if res.Status != tc.want {
				t.Fatalf("status %s (err %v), want %s", res.Status, res.Err, tc.want)
			}
			assertErrorKind(t, res.Err, tc.malformed, tc.code)
		})
	}
}

func TestOpenCitationsDeclaration(t *testing.T) {
	s := providers.OpenCitations()
	// Opt-in: one request per work for a count three batched default
	// providers already give.
	if s.Name != "opencitations" || s.Host != "api.opencitations.net" || !s.Optional {
		t.Errorf("name/host/optional = %q/%q/%v", s.Name, s.Host, s.Optional)
	}
	if s.APIKey == nil || *s.APIKey != (service.APIKey{Env: "OPENCITATIONS_ACCESS_TOKEN", Header: "authorization"}) {
		t.Errorf("APIKey = %+v, want OPENCITATIONS_ACCESS_TOKEN in header authorization", s.APIKey)
	}
	if s.MinInterval != 200*time.Millisecond || s.BatchSize != 1 {
		t.Errorf("MinInterval/BatchSize = %v/%d", s.MinInterval, s.BatchSize)
	}
	if !s.AppliesTo(manifest.Identity{Kind: manifest.KindDOI, Value: "10.5555/a"}) ||
		s.AppliesTo(manifest.Identity{Kind: manifest.KindPMID, Value: "1"}) {
		t.Error("should apply to DOIs only")
	}
}
