package providers_test

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// stub is a fake service on the one fake network (internal/fakenet): it
// answers exactly the request URIs it was given (escaped path and query),
// each once and to a GET unless the answer says otherwise, fails the test
// on any other request, and at cleanup fails it when a registered answer
// was never asked for (gh's httpmock).
type stub struct {
	t   *testing.T
	net *fakenet.Registry
}

// stubHost is the host the stub answers as.
const stubHost = "stub.test"

// stubAnswer is one canned answer and what its request must look like.
type stubAnswer struct {
	t      *testing.T
	status int
	body   []byte
	header http.Header                           // sent with the answer
	verb   string                                // method the request must use; GET when ""
	checks []func(t *testing.T, r *http.Request) // further assertions on the request
}

func newStub(t *testing.T) *stub {
	return &stub{t: t, net: fakenet.New(t)}
}

// file answers uri with a testdata file.
func (s *stub) file(uri string, status int, name string) *stubAnswer {
	return s.answer(uri, status, fixture(s.t, name))
}

func (s *stub) text(uri string, status int, body string) *stubAnswer {
	return s.answer(uri, status, []byte(body))
}

// answer registers the answer to uri, once: asked again, the request
// finds no stub and fails the test.
func (s *stub) answer(uri string, status int, body []byte) *stubAnswer {
	a := &stubAnswer{t: s.t, status: status, body: body, header: http.Header{}}
	s.net.Register(func(r *http.Request) bool { return r.URL.Host == stubHost && r.URL.RequestURI() == uri }, a.respond).Once()
	return a
}

func (a *stubAnswer) respond(r *http.Request) (*http.Response, error) {
	if want := cmp.Or(a.verb, http.MethodGet); r.Method != want {
		a.t.Errorf("%s: method %s, want %s", r.URL.RequestURI(), r.Method, want)
	}
	for _, check := range a.checks {
		check(a.t, r)
	}
	header := a.header.Clone()
	if header.Get("Content-Type") == "" {
		header.Set("Content-Type", http.DetectContentType(a.body)) // as net/http's server sniffs it
	}
	return fakenet.Response(r, a.status, a.body, header), nil
}

// requests is the request URIs asked so far, in order.
func (s *stub) requests() []string {
	var out []string
	for _, asked := range s.net.Asked() {
		_, u, _ := strings.Cut(asked, " ")
		out = append(out, strings.TrimPrefix(u, "http://"+stubHost))
	}
	return out
}

// env points a provider at the stub, with ada@example.org as the contact.
func (s *stub) env() service.Env { return s.envAs("ada@example.org") }

// envAs points a provider at the stub with mailto as the contact ("" for
// none).
func (s *stub) envAs(mailto string) service.Env {
	return service.Env{Do: s.net.Client().Do, Base: "http://" + stubHost, Mailto: mailto}
}

// withHeader sends the header with the answer.
func (a *stubAnswer) withHeader(key, value string) *stubAnswer {
	a.header.Set(key, value)
	return a
}

// method makes the answer one to a request by method instead of GET.
func (a *stubAnswer) method(method string) *stubAnswer {
	a.verb = method
	return a
}

// check runs fn on the request the answer goes to.
func (a *stubAnswer) check(fn func(t *testing.T, r *http.Request)) *stubAnswer {
	a.checks = append(a.checks, fn)
	return a
}

// requestHeader is a check that the request carries header key as want
// ("" for no such header).
func requestHeader(key, want string) func(t *testing.T, r *http.Request) {
	return func(t *testing.T, r *http.Request) {
		if got := r.Header.Get(key); got != want {
			t.Errorf("%s: %s = %q, want %q", r.URL.RequestURI(), key, got, want)
		}
	}
}

// fixture reads a file under testdata.
func fixture(t *testing.T, name string) []byte {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// fetchOne asks spec about one identity and returns its result.
func fetchOne(t *testing.T, spec service.Spec, env service.Env, kind manifest.Kind, value string) service.Result {
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

// assertErrorKind checks err as the failure tables expect: ErrMalformed
// exactly when malformed, and a StatusError with code when code is not 0.
func assertErrorKind(t *testing.T, err error, malformed bool, code int) {
	t.Helper()
	if got := errors.Is(err, service.ErrMalformed); got != malformed {
		t.Errorf("errors.Is(%v, ErrMalformed) = %v, want %v", err, got, malformed)
	}
	var se *service.StatusError
	if code != 0 && (!errors.As(err, &se) || se.Code != code) {
		t.Errorf("error %v, want a StatusError with code %d", err, code)
	}
}

// fetchAll asks spec about ids in one call, at most BatchSize of them, and
// checks it kept the one-result-per-id contract.
func fetchAll(t *testing.T, spec service.Spec, env service.Env, ids ...manifest.Identity) []service.Result {
	t.Helper()
	if len(ids) > spec.BatchSize {
		t.Fatalf("%d ids, %s BatchSize %d", len(ids), spec.Name, spec.BatchSize)
	}
	res, err := spec.Fetch(context.Background(), env, ids)
	if err != nil {
		t.Fatalf("%s Fetch: %v", spec.Name, err)
	}
	if len(res) != len(ids) {
		t.Fatalf("%s Fetch gave %d results for %d ids", spec.Name, len(res), len(ids))
	}
	return res
}

func doi(value string) manifest.Identity {
	return manifest.Identity{Kind: manifest.KindDOI, Value: value}
}

func dois(values ...string) []manifest.Identity {
	ids := make([]manifest.Identity, len(values))
	for i, v := range values {
		ids[i] = doi(v)
	}
	return ids
}

// assertGolden compares the parsed result with its golden file; a result
// with an error has none.
func assertGolden(t *testing.T, res service.Result) {
	t.Helper()
	if res.Err != nil {
		t.Fatalf("unexpected error: %v", res.Err)
	}
	out := struct {
		Status     record.Status        `json:"status"`
		Record     *record.Record       `json:"record,omitempty"`
		Counts     record.Counts        `json:"counts"`
		Discovered []service.Discovered `json:"discovered,omitempty"`
		Person     *record.Owner        `json:"person,omitempty"`
		Warnings   []record.Warning     `json:"warnings,omitempty"`
	}{res.Status, res.Record, res.Counts, res.Discovered, res.Person, res.Warnings}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/providers"), goldie.WithNameSuffix(".golden.json"))
	g.Assert(t, t.Name(), append(data, '\n'))
}

// assertBatchGolden compares the results of one call, each under the
// identity asked for, with the golden file; none may have failed.
func assertBatchGolden(t *testing.T, ids []manifest.Identity, res []service.Result) {
	t.Helper()
	type entry struct {
		ID       string           `json:"id"`
		Status   record.Status    `json:"status"`
		Record   *record.Record   `json:"record,omitempty"`
		Counts   record.Counts    `json:"counts,omitzero"`
		Warnings []record.Warning `json:"warnings,omitempty"`
	}
	entries := make([]entry, len(res))
	for i, r := range res {
		if r.Status == record.Failed || r.Err != nil {
			t.Errorf("%s: %s, error %v", ids[i], r.Status, r.Err)
		}
		entries[i] = entry{ID: ids[i].Key(), Status: r.Status, Record: r.Record, Counts: r.Counts, Warnings: r.Warnings}
	}
	data, err := json.MarshalIndent(entries, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	goldie.New(t, goldie.WithFixtureDir("../testdata/golden/providers"), goldie.WithNameSuffix(".golden.json")).
		Assert(t, t.Name(), append(data, '\n'))
}
