package providers_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

// stub is a fake service: it answers exactly the request URIs it was
// given (escaped path and query), fails the test on any other, and Verify
// fails it when a registered answer was never asked for (gh's httpmock).
type stub struct {
	t       *testing.T
	srv     *httptest.Server
	mu      sync.Mutex
	answers map[string]stubAnswer
	used    map[string]bool
	headers []http.Header
}

type stubAnswer struct {
	status int
	body   []byte
}

func newStub(t *testing.T) *stub {
	s := &stub{t: t, answers: map[string]stubAnswer{}, used: map[string]bool{}}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		ans, ok := s.answers[r.RequestURI]
		s.used[r.RequestURI] = true
		s.headers = append(s.headers, r.Header.Clone())
		s.mu.Unlock()
		if !ok {
			t.Errorf("unexpected request %s %s", r.Method, r.RequestURI)
			w.WriteHeader(http.StatusTeapot)
			return
		}
		w.WriteHeader(ans.status)
		w.Write(ans.body)
	}))
	t.Cleanup(func() {
		s.srv.Close()
		for uri := range s.answers {
			if !s.used[uri] {
				t.Errorf("registered answer for %s was never requested", uri)
			}
		}
	})
	return s
}

// file answers uri with a testdata file.
func (s *stub) file(uri string, status int, name string) {
	body, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		s.t.Fatal(err)
	}
	s.answers[uri] = stubAnswer{status, body}
}

func (s *stub) text(uri string, status int, body string) {
	s.answers[uri] = stubAnswer{status, []byte(body)}
}

func (s *stub) env() providers.Env {
	return providers.Env{Do: s.srv.Client().Do, Base: s.srv.URL, Mailto: "ada@example.org"}
}

// fetchOne asks spec about one identity and returns its result.
func fetchOne(t *testing.T, spec providers.Spec, env providers.Env, kind manifest.Kind, value string) providers.Result {
	t.Helper()
	res, err := spec.Fetch(context.Background(), env, []manifest.Identity{{Kind: kind, Value: value}})
	if err != nil {
		t.Fatalf("%s Fetch: %v", spec.Name, err)
	}
	if len(res) != 1 {
		t.Fatalf("%s Fetch gave %d results for 1 id", spec.Name, len(res))
	}
	return res[0]
}

// assertGolden compares the parsed result with its golden file.
func assertGolden(t *testing.T, res providers.Result) {
	t.Helper()
	out := struct {
		Status     providers.Status       `json:"status"`
		Record     *providers.Record      `json:"record,omitempty"`
		Counts     providers.Counts       `json:"counts"`
		Discovered []providers.Discovered `json:"discovered,omitempty"`
		Person     *providers.Person      `json:"person,omitempty"`
		Warnings   []providers.Warning    `json:"warnings,omitempty"`
	}{res.Status, res.Record, res.Counts, res.Discovered, res.Person, res.Warnings}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/providers"), goldie.WithNameSuffix(".golden.json"))
	g.Assert(t, t.Name(), append(data, '\n'))
}
