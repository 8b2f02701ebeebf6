package providers_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// unpaywallGolden is what goldens keep of a Result: its status and parsed
// data (errors are checked by the tests themselves).
type unpaywallGolden struct {
	Status record.Status  `json:"status"`
	Record *record.Record `json:"record,omitempty"`
	Counts record.Counts  `json:"counts"`
}

func assertUnpaywallGolden(t *testing.T, results []service.Result) {
	t.Helper()
	view := make([]unpaywallGolden, len(results))
	for i, r := range results {
		view[i] = unpaywallGolden{Status: r.Status, Record: r.Record, Counts: r.Counts}
	}
	b, err := json.MarshalIndent(view, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/providers"), goldie.WithNameSuffix(".golden.json"))
	g.Assert(t, t.Name(), append(b, '\n'))
}

func TestUnpaywallFetch(t *testing.T) {
	for _, tc := range []struct {
		name, doi, fixture string
	}{
		{"bronze-publisher-pdf", "10.1001/jamadermatol.2015.3091", "unpaywall-10.1001-jamadermatol.2015.3091.json"},
		{"green-repository", "10.1103/physrevlett.80.3915", "unpaywall-10.1103-physrevlett.80.3915.json"},
		{"closed-constructed", "10.5555/unpaywall.closed-example", "constructed-unpaywall-closed-10.5555-unpaywall.closed-example.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStub(t)
			s.file("/v2/"+tc.doi+"?email=ada%40example.org", http.StatusOK, "unpaywall/"+tc.fixture)
			res := fetchAll(t, providers.Unpaywall(), s.env(), doi(tc.doi))
			if len(res) != 1 || res[0].Status != record.Found || res[0].Err != nil {
				t.Fatalf("got %+v, want one found result", res)
			}
			if got := res[0].Record.IDs.DOI; got != tc.doi {
				t.Errorf("DOI %q, want %q", got, tc.doi)
			}
			assertUnpaywallGolden(t, res)
		})
	}
}

func TestUnpaywallNeedsMailto(t *testing.T) {
	s := newStub(t)
	ids := dois("10.1001/jamadermatol.2015.3091", "10.1103/physrevlett.80.3915")
	res, err := providers.Unpaywall().Fetch(context.Background(), s.envAs(""), ids)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != len(ids) {
		t.Fatalf("%d results for %d ids", len(res), len(ids))
	}
	for i, r := range res {
		if r.Status != record.Failed || !errors.Is(r.Err, providers.ErrNeedsMailto) {
			t.Errorf("result %d: %s %v, want failed with ErrNeedsMailto", i, r.Status, r.Err)
			continue
		}
		if msg := r.Err.Error(); !strings.Contains(msg, "mailto") || !strings.Contains(msg, "ABOUT_MAILTO") || !strings.HasPrefix(msg, "unpaywall: ") {
			t.Errorf("error %q should name the provider, the manifest key and the variable", msg)
		}
	}
	if n := len(s.requests()); n != 0 {
		t.Errorf("%d requests sent without a mailto, want none", n)
	}
}

func TestUnpaywallNotFound(t *testing.T) {
	const doi = "10.1038/s41557-019-0236-7"
	s := newStub(t)
	s.file("/v2/"+doi+"?email=ada%40example.org", http.StatusNotFound, "unpaywall/constructed-unpaywall-404-10.1038-s41557-019-0236-7.json")
	res := fetchAll(t, providers.Unpaywall(), s.env(), dois(doi)...)
	if res[0].Status != record.NotFound || res[0].Err != nil || res[0].Record != nil {
		t.Errorf("got %+v, want a clean not found", res[0])
	}
}

func TestUnpaywallRefusedMailto(t *testing.T) {
	const doi = "10.1164/rccm.200902-0296oc"
	s := newStub(t)
	s.file("/v2/"+doi+"?email=ada%40example.org", http.StatusUnprocessableEntity, "unpaywall/constructed-unpaywall-422-placeholder-email.json")
	res := fetchAll(t, providers.Unpaywall(), s.env(), dois(doi)...)
	var se *service.StatusError
	if res[0].Status != record.Failed || !errors.As(res[0].Err, &se) || se.Code != http.StatusUnprocessableEntity {
		t.Fatalf("got %s %v, want failed with a 422 StatusError", res[0].Status, res[0].Err)
	}
	if !strings.Contains(res[0].Err.Error(), `"ada@example.org"`) {
		t.Errorf("error %q should name the refused address", res[0].Err)
	}
}

func TestUnpaywallBadAnswers(t *testing.T) {
	const doi = "10.1001/jamadermatol.2015.3091"
	for _, tc := range []struct {
		name      string
		status    int
		body      string
		malformed bool
	}{
		{"invalid-json", http.StatusOK, `{"doi": "10.1001/jamadermatol.2015.3091", "title": `, true},
		{"not-a-doi-object", http.StatusOK, `{"HTTP_status_code": 200, "results": []}`, true},
		{"array", http.StatusOK, `[]`, true},
		{"server-error", http.StatusInternalServerError, `<html>oops</html>`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStub(t)
			s.text("/v2/"+doi+"?email=ada%40example.org", tc.status, tc.body)
			res := fetchAll(t, providers.Unpaywall(), s.env(), dois(doi)...)
			if res[0].Status != record.Failed || res[0].Record != nil {
				t.Fatalf("got %+v, want failed", res[0])
			}
			var se *service.StatusError
			switch {
			case tc.malformed && !errors.Is(res[0].Err, service.ErrMalformed):
				t.Errorf("error %v, want ErrMalformed", res[0].Err)
			case !tc.malformed && (!errors.As(res[0].Err, &se) || se.Code != tc.status):
				t.Errorf("error %v, want StatusError %d", res[0].Err, tc.status)
			}
		})
	}
}

func TestUnpaywallEscapesDOI(t *testing.T) {
	const doi = "10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#"
	want := "/v2/10.1002/%28sici%291097-4636%28199812%2942:3%3C444::aid-jbm16%3E3.0.co%3B2-%23?email=ada%40example.org"
	s := newStub(t)
	s.text(want, http.StatusNotFound, "")
	if res := fetchAll(t, providers.Unpaywall(), s.env(), dois(doi)...); res[0].Status != record.NotFound {
		t.Errorf("%s; want the one request answered not found", res[0].Status)
	}
}

func TestUnpaywallDate(t *testing.T) {
	for _, tc := range []struct {
		published string
		year      int
		want      string
	}{
		{"1998-05-04", 1998, "1998-05-04"},
		{"2016-01-01", 2016, "2016"},    // padded from a year, or from January: year only
		{"2014-03-01", 2014, "2014-03"}, // padded day
		{"2014-01-15", 2014, "2014-01-15"},
		{"", 2011, "2011"},
		{"garbage", 0, ""},
	} {
		if got := providers.UnpaywallDate(tc.published, tc.year).String(); got != tc.want {
			t.Errorf("unpaywallDate(%q, %d) = %q, want %q", tc.published, tc.year, got, tc.want)
		}
	}
}
