package providers_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/aboutscholar/about/providers"
)

const cslJSON = "application/vnd.citationstyles.csl+json"

// TestDOIOrgFetchCrossrefCSL follows doi.org's redirect to Crossref's
// transform service, as the real resolver answers, and checks the Accept
// header survives the redirect.
func TestDOIOrgFetchCrossrefCSL(t *testing.T) {
	const target = "/v1/works/10.1126%2Fscience.169.3946.635/transform"
	srv := dcStub(t, map[string]dcRoute{
		"/10.1126/science.169.3946.635": {status: http.StatusFound, location: target, accept: cslJSON,
			ctype: "text/html;charset=utf-8", file: "doiorg/doiorg-cn-redirect-10.1126-science.169.3946.635.html"},
		target: {status: 200, accept: cslJSON, ctype: cslJSON,
			file: "doiorg/doiorg-cn-csl-json-10.1126-science.169.3946.635.json"},
	})
	res := dcFetchOne(t, providers.DOIOrg, dcEnv(srv, "ada@example.org"), "10.1126/science.169.3946.635")
	if res.Status != providers.Found {
		t.Fatalf("status %s (%v), want found", res.Status, res.Err)
	}
	dcGolden(t, res)
}

func TestDOIOrgFetchDataCiteCSL(t *testing.T) {
	srv := dcStub(t, map[string]dcRoute{
		"/10.5281/zenodo.50213": {status: 200, accept: cslJSON, ctype: cslJSON + "; charset=utf-8",
			file: "doiorg/constructed-doiorg-cn-csl-json-datacite-10.5281-zenodo.50213.json"},
	})
	res := dcFetchOne(t, providers.DOIOrg, dcEnv(srv, ""), "10.5281/zenodo.50213")
	if res.Status != providers.Found {
		t.Fatalf("status %s (%v), want found", res.Status, res.Err)
	}
	dcGolden(t, res)
}

func TestDOIOrgEscapesDOI(t *testing.T) {
	srv := dcStub(t, map[string]dcRoute{"/" + oddDOIPath: {status: 404, ctype: "text/html", body: "<html>DOI Not Found</html>"}})
	res := dcFetchOne(t, providers.DOIOrg, dcEnv(srv, "ada@example.org"), oddDOI)
	if res.Status != providers.NotFound {
		t.Errorf("status %s (%v), want not_found", res.Status, res.Err)
	}
}

func TestDOIOrgFailures(t *testing.T) {
	const doi = "10.5555/x"
	for _, tc := range []struct {
		name      string
		route     dcRoute
		want      providers.Status
		malformed bool
		code      int
		warned    bool
	}{
		{"not-found", dcRoute{status: 404, ctype: "text/html", body: "<html>DOI Not Found</html>"}, providers.NotFound, false, 0, false},
		{"not-acceptable", dcRoute{status: 406, ctype: "text/plain", body: "Not Acceptable"}, providers.NotFound, false, 0, true},
		{"landing-page", dcRoute{status: 200, ctype: "text/html; charset=utf-8", body: "<!doctype html><title>Landing</title>"}, providers.NotFound, false, 0, true},
		{"server-error", dcRoute{status: 500, ctype: "text/plain", body: "oops"}, providers.Failed, false, 500, false},
		{"malformed-json", dcRoute{status: 200, body: `{"title":`}, providers.Failed, true, 0, false},
		{"array", dcRoute{status: 200, body: `[{"title":"x"}]`}, providers.Failed, true, 0, false},
		{"empty-object", dcRoute{status: 200, body: `{}`}, providers.Failed, true, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.route.accept = cslJSON
			srv := dcStub(t, map[string]dcRoute{"/" + doi: tc.route})
			res := dcFetchOne(t, providers.DOIOrg, dcEnv(srv, ""), doi)
			if res.Status != tc.want {
				t.Fatalf("status %s (%v), want %s", res.Status, res.Err, tc.want)
			}
			if got := errors.Is(res.Err, providers.ErrMalformed); got != tc.malformed {
				t.Errorf("errors.Is(%v, ErrMalformed) = %v, want %v", res.Err, got, tc.malformed)
			}
			var se *providers.StatusError
			if tc.code != 0 && (!errors.As(res.Err, &se) || se.Code != tc.code) {
				t.Errorf("error %v, want a StatusError with code %d", res.Err, tc.code)
			}
			if got := len(res.Warnings) > 0; got != tc.warned {
				t.Errorf("warnings %v, want some: %v", res.Warnings, tc.warned)
			}
		})
	}
}

func TestDOIOrgDeclaration(t *testing.T) {
	if !providers.DOIOrg.AgencyFallback || providers.DOIOrg.Agency != "" {
		t.Error("doi.org content negotiation repeats the agencies' data; by default it must serve only agencies with no provider of their own")
	}
	if providers.Crossref.Agency != providers.CrossrefAgency || providers.DataCite.Agency != providers.DataCiteAgency {
		t.Error("Crossref and DataCite must declare the agency they serve")
	}
	if providers.DataCiteAgency != "DataCite" || providers.CrossrefAgency != "Crossref" {
		t.Error("agency names must be spelled as doi.org's Which RA? service spells them")
	}
}

// TestRegistrationAgenciesMixedBatch asks about Crossref, DataCite and
// nonexistent DOIs in one request, with odd characters and a comma inside
// a DOI escaped and the separators left bare.
func TestRegistrationAgenciesMixedBatch(t *testing.T) {
	wantURI := "/ra/10.1126/science.169.3946.635,10.5281/zenodo.48440,10.5555/does-not-exist," + oddDOIPath + ",10.5555/a%2Cb"
	srv := dcStub(t, map[string]dcRoute{wantURI: {status: 200, ctype: "application/json;charset=UTF-8",
		file: "doiorg/constructed-doiorg-ra-mixed-batch.json"}})
	in := []string{
		"10.1126/science.169.3946.635",
		"https://doi.org/10.5281/zenodo.48440",
		"10.5555/does-not-exist",
		oddDOI,
		"10.5555/a,b",
		"not a doi",
		"10.1126/SCIENCE.169.3946.635", // the first one again: asked once
	}
	got, err := providers.RegistrationAgencies(context.Background(), dcEnv(srv, ""), in)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{providers.CrossrefAgency, providers.DataCiteAgency, "", providers.CrossrefAgency, "mEDRA", "", providers.CrossrefAgency}
	if !slices.Equal(got, want) {
		t.Errorf("agencies %q, want %q", got, want)
	}
}

func TestRegistrationAgenciesPrefix(t *testing.T) {
	srv := dcStub(t, map[string]dcRoute{"/ra/10.7554": {status: 200, file: "doiorg/doiorg-ra-10.7554.json"}})
	got, err := providers.RegistrationAgencies(context.Background(), dcEnv(srv, ""), []string{"10.7554"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, []string{"Crossref"}) {
		t.Errorf("agencies %q, want [Crossref]", got)
	}
}

// TestRegistrationAgenciesSplitsBatches sends 45 DOIs as 20+20+5, in order.
func TestRegistrationAgenciesSplitsBatches(t *testing.T) {
	var (
		mu    sync.Mutex
		sizes []int
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		list, ok := strings.CutPrefix(r.URL.Path, "/ra/")
		if !ok {
			t.Errorf("unexpected request %s", r.RequestURI)
			return
		}
		dois := strings.Split(list, ",")
		mu.Lock()
		sizes = append(sizes, len(dois))
		mu.Unlock()
		var items []string
		for _, d := range dois {
			items = append(items, fmt.Sprintf(`{"DOI":%q,"RA":"DataCite"}`, d))
		}
		_, _ = fmt.Fprintf(w, "[%s]", strings.Join(items, ","))
	}))
	defer srv.Close()
	var in []string
	for i := range 45 {
		in = append(in, fmt.Sprintf("10.5281/zenodo.%d", i))
	}
	got, err := providers.RegistrationAgencies(context.Background(), dcEnv(srv, ""), in)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sizes, []int{providers.RABatchSize, providers.RABatchSize, 5}) {
		t.Errorf("batch sizes %v, want [20 20 5]", sizes)
	}
	for i, ra := range got {
		if ra != providers.DataCiteAgency {
			t.Errorf("agency %d = %q", i, ra)
		}
	}
}

func TestRegistrationAgenciesNothingToAsk(t *testing.T) {
	srv := dcStub(t, nil)
	got, err := providers.RegistrationAgencies(context.Background(), dcEnv(srv, ""), []string{"", "doi"})
	if err != nil || !slices.Equal(got, []string{"", ""}) {
		t.Errorf("got %q, %v; want two empty agencies and no request", got, err)
	}
}

func TestRegistrationAgenciesFailures(t *testing.T) {
	for _, tc := range []struct {
		name      string
		route     dcRoute
		want      []string
		malformed bool
		code      int
	}{
		{"not-found-array", dcRoute{status: 404, body: `[{"DOI":"10.5555/x","status":"DOI does not exist"}]`}, []string{""}, false, 0},
		{"not-found-text", dcRoute{status: 404, ctype: "text/plain", body: "not found"}, nil, false, 404},
		{"server-error", dcRoute{status: 500, ctype: "text/plain", body: "oops"}, nil, false, 500},
		{"malformed", dcRoute{status: 200, body: `[{"DOI":`}, nil, true, 0},
		{"not-an-array", dcRoute{status: 200, body: `{"DOI":"10.5555/x","RA":"Crossref"}`}, nil, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := dcStub(t, map[string]dcRoute{"/ra/10.5555/x": tc.route})
			got, err := providers.RegistrationAgencies(context.Background(), dcEnv(srv, ""), []string{"10.5555/x"})
			if !slices.Equal(got, tc.want) {
				t.Errorf("agencies %q, want %q", got, tc.want)
			}
			if tc.want != nil && err != nil {
				t.Errorf("unexpected error %v", err)
			}
			if tc.want == nil && err == nil {
				t.Error("want an error")
			}
			if got := errors.Is(err, providers.ErrMalformed); got != tc.malformed {
				t.Errorf("errors.Is(%v, ErrMalformed) = %v, want %v", err, got, tc.malformed)
			}
			var se *providers.StatusError
			if tc.code != 0 && (!errors.As(err, &se) || se.Code != tc.code) {
				t.Errorf("error %v, want a StatusError with code %d", err, tc.code)
			}
		})
	}
}
