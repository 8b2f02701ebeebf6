package providers_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

// oddDOI has every character that needs escaping in a path: '(' ')' '<'
// '>' ';' '#'.
const oddDOI = "10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#"

// oddDOIPath is oddDOI as it must appear in a request path.
const oddDOIPath = "10.1002/%28sici%291097-4636%28199812%2942:3%3C444::aid-jbm16%3E3.0.co%3B2-%23"

// dcRoute is one answer of a stub server, keyed by the exact RequestURI.
type dcRoute struct {
	status   int
	file     string // fixture under ../testdata, or
	body     string // a literal body
	ctype    string // Content-Type; JSON when empty
	location string // Location header, for redirects
	accept   string // the Accept header the request must carry, when set
}

// dcStub serves routes and fails the test on any other request, and on
// any route that was never asked for.
func dcStub(t *testing.T, routes map[string]dcRoute) *httptest.Server {
	t.Helper()
	var mu sync.Mutex
	used := map[string]bool{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		route, ok := routes[r.RequestURI]
		if !ok {
			t.Errorf("unexpected request %s %s", r.Method, r.RequestURI)
			http.Error(w, "unexpected request", http.StatusTeapot)
			return
		}
		mu.Lock()
		used[r.RequestURI] = true
		mu.Unlock()
		if r.Method != http.MethodGet {
			t.Errorf("%s: method %s, want GET", r.RequestURI, r.Method)
		}
		if route.accept != "" && r.Header.Get("Accept") != route.accept {
			t.Errorf("%s: Accept %q, want %q", r.RequestURI, r.Header.Get("Accept"), route.accept)
		}
		body := []byte(route.body)
		if route.file != "" {
			b, err := os.ReadFile("../testdata/" + route.file)
			if err != nil {
				t.Errorf("fixture: %v", err)
			}
			body = b
		}
		ctype := route.ctype
		if ctype == "" {
			ctype = "application/json; charset=utf-8"
		}
		w.Header().Set("Content-Type", ctype)
		if route.location != "" {
			w.Header().Set("Location", route.location)
		}
		w.WriteHeader(route.status)
		_, _ = w.Write(body)
	}))
	t.Cleanup(func() {
		srv.Close()
		mu.Lock()
		defer mu.Unlock()
		for uri := range routes {
			if !used[uri] {
				t.Errorf("route %s was never requested", uri)
			}
		}
	})
	return srv
}

// dcEnv points a provider at srv.
func dcEnv(srv *httptest.Server, mailto string) providers.Env {
	return providers.Env{Do: srv.Client().Do, Base: srv.URL, Mailto: mailto}
}

// dcFetchOne asks spec about one DOI and returns its single Result.
func dcFetchOne(t *testing.T, spec providers.Spec, env providers.Env, doi string) providers.Result {
	t.Helper()
	res, err := spec.Fetch(context.Background(), env, []manifest.Identity{{Kind: manifest.KindDOI, Value: doi}})
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	if len(res) != 1 {
		t.Fatalf("Fetch returned %d results, want 1", len(res))
	}
	return res[0]
}

// dcGolden compares the parsed Result (status, record, counts, warnings)
// with its golden file.
func dcGolden(t *testing.T, res providers.Result) {
	t.Helper()
	if res.Err != nil {
		t.Fatalf("unexpected error: %v", res.Err)
	}
	out := struct {
		Status   providers.Status    `json:"status"`
		Record   *providers.Record   `json:"record,omitempty"`
		Counts   providers.Counts    `json:"counts"`
		Warnings []providers.Warning `json:"warnings,omitempty"`
	}{res.Status, res.Record, res.Counts, res.Warnings}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/providers"), goldie.WithNameSuffix(".golden.json"))
	g.Assert(t, t.Name(), append(b, '\n'))
}

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
			srv := dcStub(t, map[string]dcRoute{
				"/dois/" + tc.doi + "?mailto=ada%40example.org": {status: 200, file: tc.file},
			})
			res := dcFetchOne(t, providers.DataCite, dcEnv(srv, "ada@example.org"), tc.doi)
			if res.Status != providers.Found {
				t.Fatalf("status %s (%v), want found", res.Status, res.Err)
			}
			dcGolden(t, res)
		})
	}
}

func TestDataCiteEscapesDOIAndOmitsEmptyMailto(t *testing.T) {
	srv := dcStub(t, map[string]dcRoute{
		"/dois/" + oddDOIPath: {status: 404, file: "datacite/constructed-datacite-error-404.json"},
	})
	res := dcFetchOne(t, providers.DataCite, dcEnv(srv, ""), oddDOI)
	if res.Status != providers.NotFound {
		t.Errorf("status %s (%v), want not_found", res.Status, res.Err)
	}
}

func TestDataCiteFailures(t *testing.T) {
	const doi = "10.5555/x"
	for _, tc := range []struct {
		name      string
		route     dcRoute
		want      providers.Status
		malformed bool
		code      int
	}{
		{"not-found", dcRoute{status: 404, file: "datacite/constructed-datacite-error-404.json"}, providers.NotFound, false, 0},
		{"gone", dcRoute{status: 410, body: ""}, providers.NotFound, false, 0},
		{"server-error", dcRoute{status: 500, body: `{"errors":[{"status":"500"}]}`}, providers.Failed, false, 500},
		{"bad-request", dcRoute{status: 400, body: `{"errors":[{"status":"400"}]}`}, providers.Failed, false, 400},
		{"malformed-json", dcRoute{status: 200, body: `{"data":{"type":"dois","attributes":{`}, providers.Failed, true, 0},
		{"not-a-doi-resource", dcRoute{status: 200, body: `{"data":[]}`}, providers.Failed, true, 0},
		{"attributes-not-object", dcRoute{status: 200, body: `{"data":{"type":"dois","attributes":"x"}}`}, providers.Failed, true, 0},
		{"empty-body", dcRoute{status: 200, body: ``}, providers.Failed, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := dcStub(t, map[string]dcRoute{"/dois/" + doi + "?mailto=ada%40example.org": tc.route})
			res := dcFetchOne(t, providers.DataCite, dcEnv(srv, "ada@example.org"), doi)
			if res.Status != tc.want {
				t.Fatalf("status %s (%v), want %s", res.Status, res.Err, tc.want)
			}
			if res.Record != nil && tc.want != providers.Found {
				t.Errorf("record %+v on a %s answer", res.Record, res.Status)
			}
			if got := errors.Is(res.Err, providers.ErrMalformed); got != tc.malformed {
				t.Errorf("errors.Is(%v, ErrMalformed) = %v, want %v", res.Err, got, tc.malformed)
			}
			var se *providers.StatusError
			if tc.code != 0 && (!errors.As(res.Err, &se) || se.Code != tc.code) {
				t.Errorf("error %v, want a StatusError with code %d", res.Err, tc.code)
			}
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
	srv := dcStub(t, map[string]dcRoute{"/dois/10.5555/min": {status: 200, body: body}})
	res := dcFetchOne(t, providers.DataCite, dcEnv(srv, ""), "10.5555/min")
	if res.Status != providers.Found {
		t.Fatalf("status %s (%v), want found", res.Status, res.Err)
	}
	r := res.Record
	if r.Title != "Only a title" || r.IDs.DOI != "10.5555/min" || r.Issued != (providers.Date{Year: 2019}) ||
		r.Type != "article" || len(r.Authors) != 0 || r.Publisher != "" || r.OA != nil || len(r.Extra) != 0 {
		t.Errorf("record %+v", r)
	}
	if !res.Counts.IsZero() {
		t.Errorf("counts %+v from null counters", res.Counts)
	}
}
