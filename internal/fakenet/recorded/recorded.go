// Package recorded builds a provider's fake service from its declaration,
// so a test that adds a provider gets its fake without a line of its own:
// the host is Spec.Host (Spec.BaseURL is where the provider is pointed),
// the answers are the recordings under testdata/<Spec.Name>/, and which
// recording answers a request is read from the request its Fetch makes
// and the recordings' names (a recording is named for the identities it
// was asked about, "/" written "-", and for the status it came with).
//
// It is for tests only (.ci/imports); the network underneath is a
// fakenet.Registry, so a request to any other host fails the test.
package recorded

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
)

// Answer is one recording of testdata/<provider>/.
type Answer struct {
	Name   string // file name: the identities it answers for, "/" written "-"
	Status int    // the status it was recorded with, by its name (StatusOf)
	Body   []byte
}

// Answers is every recording of spec under testdata (a path to the
// repository's testdata folder), its README-like .md files left out. A
// provider with none fails t: its recordings are how it is held.
func Answers(t testing.TB, testdata string, spec service.Spec) []Answer {
	t.Helper()
	dir := filepath.Join(testdata, spec.Name)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("a provider's recorded answers live in testdata/%s: %v", spec.Name, err)
	}
	var out []Answer
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) == ".md" {
			continue
		}
		body, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, Answer{Name: e.Name(), Status: StatusOf(e.Name()), Body: body})
	}
	if len(out) == 0 {
		t.Fatalf("no recorded answers in testdata/%s", spec.Name)
	}
	return out
}

// StatusOf is the status an answer was recorded with, by its name:
// "not-found" or "-404" in it is a 404, "-400", "-410" or "-422" that
// status, else 200.
func StatusOf(name string) int {
	for _, code := range []int{400, 404, 410, 422} {
		if strings.Contains(name, fmt.Sprintf("-%d", code)) {
			return code
		}
	}
	if strings.Contains(name, "not-found") {
		return http.StatusNotFound
	}
	return http.StatusOK
}

// FileForm is an identity's value as recordings' names write it.
func FileForm(value string) string { return strings.ReplaceAll(value, "/", "-") }

// Pick is the answer to a request (its unescaped URI and body, as Asked
// gives it) about ids: the one whose name holds the most identities the
// request asks for, a 200 before another status, then the one sharing
// the most words with the request's path.
func Pick(answers []Answer, ids []manifest.Identity, asked string) Answer {
	lower := strings.ToLower(asked)
	path, _, _ := strings.Cut(lower, "?")
	words := strings.FieldsFunc(path, func(r rune) bool { return r < 'a' || r > 'z' })
	best, score := answers[0], -1
	for _, a := range answers {
		n := 0
		for _, id := range ids {
			if strings.Contains(lower, strings.ToLower(id.Value)) && strings.Contains(a.Name, FileForm(id.Value)) {
				n += 100
			}
		}
		if a.Status == http.StatusOK {
			n += 10
		}
		for _, w := range words {
			if len(w) >= 4 && strings.Contains(a.Name, w) {
				n++
			}
		}
		if n > score {
			best, score = a, n
		}
	}
	return best
}

// Asked is what a request asks, for Pick: its unescaped request URI, a
// space and its body (a batch POST names its identities there).
func Asked(req *http.Request) string {
	uri := req.URL.RequestURI()
	if u, err := url.QueryUnescape(uri); err == nil {
		uri = u
	}
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body.Close()
	}
	return uri + " " + string(body)
}

// Service is spec's host answering every request about ids with the
// recording Pick chooses, and the Env that points spec at it.
func Service(t testing.TB, spec service.Spec, testdata string, ids []manifest.Identity) (*fakenet.Registry, service.Env) {
	t.Helper()
	answers := Answers(t, testdata, spec)
	return Host(t, spec, func(req *http.Request) (*http.Response, error) {
		a := Pick(answers, ids, Asked(req))
		return fakenet.Response(req, a.Status, a.Body, nil), nil
	})
}

// Host is spec's host answering every request with answer, and the Env
// that points spec at it: a request to any other host, redirects
// included, fails t. The fake is the real host over plain http, so a
// provider that ignores Env.Base and writes its own https:// URL misses
// it and fails t too.
func Host(t testing.TB, spec service.Spec, answer fakenet.Responder) (*fakenet.Registry, service.Env) {
	reg := fakenet.New(t)
	viaBase := func(req *http.Request) bool { return req.URL.Scheme == "http" }
	reg.Register(fakenet.All(viaBase, fakenet.Host(spec.Host)), answer)
	client := reg.Client()
	client.CheckRedirect = func(r *http.Request, _ []*http.Request) error {
		if r.URL.Host != spec.Host {
			return fmt.Errorf("redirected to %s, not the provider's host", r.URL.Host)
		}
		return nil
	}
	base := "http://" + strings.TrimPrefix(spec.BaseURL(), "https://")
	return reg, service.Env{Do: client.Do, Base: base, Mailto: "ada@example.org"}
}
