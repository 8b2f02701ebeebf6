package providers_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

// openCitationsStub is a fake Index API v2 that accepts exactly one GET of
// wantURI (the raw, escaped request target) and answers status and answer.
type openCitationsStub struct {
	srv   *httptest.Server
	calls atomic.Int32 // the handler runs on the server's goroutines
}

func newOpenCitationsStub(t *testing.T, wantURI string, status int, answer []byte) *openCitationsStub {
	t.Helper()
	s := &openCitationsStub{}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.calls.Add(1)
		switch {
		case r.Method != http.MethodGet:
			t.Errorf("method = %s, want GET", r.Method)
		case r.RequestURI != wantURI:
			t.Errorf("request URI =\n  %s\nwant\n  %s", r.RequestURI, wantURI)
		case r.Header.Get("Accept") != "application/json":
			t.Errorf("Accept = %q, want application/json", r.Header.Get("Accept"))
		case r.Header.Get("authorization") != "":
			t.Errorf("Fetch set the access token itself; it is the transport's to add")
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write(answer)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *openCitationsStub) fetch(t *testing.T, doi string) providers.Result {
	t.Helper()
	env := providers.Env{Do: s.srv.Client().Do, Base: s.srv.URL, Mailto: "ada@example.org"}
	res, err := providers.OpenCitations.Fetch(context.Background(), env, []manifest.Identity{{Kind: manifest.KindDOI, Value: doi}})
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	if len(res) != 1 {
		t.Fatalf("Fetch gave %d results for 1 id", len(res))
	}
	if n := s.calls.Load(); n != 1 {
		t.Errorf("stub saw %d requests, want 1", n)
	}
	return res[0]
}

func openCitationsFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../testdata/opencitations/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestOpenCitationsCount(t *testing.T) {
	stub := newOpenCitationsStub(t, "/index/v2/citation-count/doi:10.1108/jd-12-2013-0166", http.StatusOK,
		openCitationsFixture(t, "constructed-opencitations-v2-citation-count-10.1108-jd-12-2013-0166.json"))
	res := stub.fetch(t, "10.1108/jd-12-2013-0166")
	if res.Status != providers.Found || res.Err != nil {
		t.Fatalf("status %s, err %v", res.Status, res.Err)
	}
	got, err := json.MarshalIndent(struct {
		Status providers.Status  `json:"status"`
		Record *providers.Record `json:"record,omitempty"`
		Counts providers.Counts  `json:"counts,omitzero"`
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
	stub := newOpenCitationsStub(t, "/index/v2/citation-count/doi:10.5555/12345678", http.StatusOK,
		openCitationsFixture(t, "constructed-opencitations-v2-citation-count-zero.json"))
	res := stub.fetch(t, "10.5555/12345678")
	if res.Status != providers.Found || res.Counts.CitedBy == nil || *res.Counts.CitedBy != 0 {
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
	stub := newOpenCitationsStub(t,
		"/index/v2/citation-count/doi:10.1002/%28sici%291097-4636%28199812%2942:3%3C444::aid-jbm16%3E3.0.co%3B2-%23",
		http.StatusOK, openCitationsFixture(t, "constructed-opencitations-v2-citation-count-zero.json"))
	if res := stub.fetch(t, doi); res.Status != providers.Found || res.Record.IDs.DOI != doi {
		t.Errorf("got %+v", res)
	}
}

func TestOpenCitationsFailures(t *testing.T) {
	for _, tc := range []struct {
		name      string
		status    int
		answer    string
		want      providers.Status
		malformed bool
		code      int
	}{
		{"404", http.StatusNotFound, `[]`, providers.NotFound, false, 0},
		{"empty list", http.StatusOK, `[]`, providers.NotFound, false, 0},
		{"500", http.StatusInternalServerError, `Internal Server Error`, providers.Failed, false, 500},
		{"not JSON", http.StatusOK, `[{"count": "3"`, providers.Failed, true, 0},
		{"not a list", http.StatusOK, `{"count": "3"}`, providers.Failed, true, 0},
		{"no count", http.StatusOK, `[{"citing": "doi:10.1/x"}]`, providers.Failed, true, 0},
		{"null count", http.StatusOK, `[{"count": null}]`, providers.Failed, true, 0},
		{"count not a number", http.StatusOK, `[{"count": "many"}]`, providers.Failed, true, 0},
		{"negative count", http.StatusOK, `[{"count": "-1"}]`, providers.Failed, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stub := newOpenCitationsStub(t, "/index/v2/citation-count/doi:10.5555/a", tc.status, []byte(tc.answer))
			res := stub.fetch(t, "10.5555/a")
			if res.Status != tc.want {
				t.Fatalf("status %s (err %v), want %s", res.Status, res.Err, tc.want)
			}
			if tc.malformed && !errors.Is(res.Err, providers.ErrMalformed) {
				t.Errorf("err = %v, want ErrMalformed", res.Err)
			}
			var se *providers.StatusError
			if tc.code != 0 && (!errors.As(res.Err, &se) || se.Code != tc.code) {
				t.Errorf("err = %v, want StatusError %d", res.Err, tc.code)
			}
		})
	}
}

func TestOpenCitationsDeclaration(t *testing.T) {
	s := providers.OpenCitations
	// Opt-in: one request per work for a count three batched default
	// providers already give.
	if s.Name != "opencitations" || s.Host != "api.opencitations.net" || !s.Optional {
		t.Errorf("name/host/optional = %q/%q/%v", s.Name, s.Host, s.Optional)
	}
	if s.APIKey == nil || *s.APIKey != (providers.APIKey{Env: "OPENCITATIONS_ACCESS_TOKEN", Header: "authorization"}) {
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
