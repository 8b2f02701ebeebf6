package providers_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

// TestConformance holds what every provider in the registry does, in the
// manner of rclone's fstests: each runs its real Fetch against a fake of
// its own host answering from its own recorded answers, found by
// convention in testdata/<provider name>/, so a new provider is held by
// it with no line here. What it holds: one Result per identity, in the
// order asked; a 404 is not_found; an unreadable answer fails the job
// and never panics; no request leaves the host the Env names; a provider
// that declares a batch size asks a full batch in fewer requests than
// identities. (The API key goes only to Host by the transport, which
// owns credentials: transport's tests hold that.)
func TestConformance(t *testing.T) {
	for _, spec := range providers.All() {
		t.Run(spec.Name, func(t *testing.T) {
			recorded := recordedAnswers(t, spec.Name)
			if len(recorded) == 0 {
				t.Fatalf("no recorded answers in testdata/%s", spec.Name)
			}
			t.Run("recorded", func(t *testing.T) { conformRecorded(t, spec, recorded) })
			t.Run("not found", func(t *testing.T) { conformNotFound(t, spec) })
			t.Run("malformed", func(t *testing.T) { conformMalformed(t, spec) })
			t.Run("batch", func(t *testing.T) { conformBatch(t, spec) })
		})
	}
}

// recorded is one answer of testdata/<provider>/: its file name (which,
// by convention, holds the identities it answers for, "/" written "-")
// and its body.
type recorded struct {
	name string
	body []byte
}

func recordedAnswers(t *testing.T, provider string) []recorded {
	t.Helper()
	dir := filepath.Join("..", "testdata", provider)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("a provider's recorded answers live in testdata/%s: %v", provider, err)
	}
	var out []recorded
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) == ".md" {
			continue
		}
		body, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, recorded{name: e.Name(), body: body})
	}
	return out
}

// fakeHost is a provider's host: it answers every request with what
// answer picks for it and counts the requests.
type fakeHost struct {
	t      *testing.T
	srv    *httptest.Server
	mu     sync.Mutex
	asked  []string // each request's unescaped URI and body
	answer func(uri string) (int, []byte)
}

func newFakeHost(t *testing.T, answer func(uri string) (int, []byte)) *fakeHost {
	h := &fakeHost{t: t, answer: answer}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		uri, err := url.QueryUnescape(r.RequestURI)
		if err != nil {
			uri = r.RequestURI
		}
		uri += " " + string(body)
		h.mu.Lock()
		h.asked = append(h.asked, uri)
		h.mu.Unlock()
		status, out := h.answer(uri)
		w.WriteHeader(status)
		w.Write(out)
	}))
	t.Cleanup(h.srv.Close)
	return h
}

// env points a provider at the fake; its Doer fails the test on a
// request to any other host, redirects included.
func (h *fakeHost) env() providers.Env {
	host := strings.TrimPrefix(h.srv.URL, "http://")
	client := *h.srv.Client()
	client.CheckRedirect = func(r *http.Request, _ []*http.Request) error {
		if r.URL.Host != host {
			return fmt.Errorf("redirected to %s, not the provider's host", r.URL.Host)
		}
		return nil
	}
	do := func(r *http.Request) (*http.Response, error) {
		if r.URL.Host != host {
			h.t.Errorf("request to %s, not the provider's host (%s)", r.URL, host)
			return nil, fmt.Errorf("left the provider's host")
		}
		return client.Do(r)
	}
	return providers.Env{Do: do, Base: h.srv.URL, Mailto: "ada@example.org"}
}

func (h *fakeHost) requests() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.asked...)
}

// conformRecorded asks the sample identities the provider applies to,
// as one batch and then each alone (the single form, where there is
// one). Each request is answered by the recording whose name holds the
// most identities it asks for (words of its path break ties: a "works"
// request gets a "works" recording), with the status its name says.
// Whether that finds a work is the provider's own tests' business (a
// recording is named for what was asked, not for what it holds).
func conformRecorded(t *testing.T, spec providers.Spec, answers []recorded) {
	ids := appliesTo(spec)
	h := newFakeHost(t, func(uri string) (int, []byte) {
		a := pickRecorded(answers, ids, uri)
		return recordedStatus(a.name), a.body
	})
	results := conformFetch(t, spec, h.env(), ids)
	for i, r := range results {
		if r.Status == record.Found && r.Record != nil && carriesOther(r.Record.IDs, ids, i) {
			t.Errorf("result %d (%s) is the record of another identity asked: %+v", i, ids[i], r.Record.IDs)
		}
	}
	for _, id := range ids {
		conformFetch(t, spec, h.env(), []manifest.Identity{id})
	}
}

// fileForm is an identity's value as recordings' names write it.
func fileForm(value string) string { return strings.ReplaceAll(value, "/", "-") }

// pickRecorded is the answer whose name holds the most identities the
// request asks for, a 200 before another status, then the one sharing
// the most words with the request's path.
func pickRecorded(answers []recorded, ids []manifest.Identity, uri string) recorded {
	path, _, _ := strings.Cut(strings.ToLower(uri), "?")
	words := strings.FieldsFunc(path, func(r rune) bool { return r < 'a' || r > 'z' })
	best, score := answers[0], -1
	for _, a := range answers {
		n := 0
		for _, id := range ids {
			if strings.Contains(strings.ToLower(uri), strings.ToLower(id.Value)) && strings.Contains(a.name, fileForm(id.Value)) {
				n += 100
			}
		}
		if recordedStatus(a.name) == http.StatusOK {
			n += 10
		}
		for _, w := range words {
			if len(w) >= 4 && strings.Contains(a.name, w) {
				n++
			}
		}
		if n > score {
			best, score = a, n
		}
	}
	return best
}

// recordedStatus is the status an answer was recorded with, by its name:
// "not-found" or "404" in it is a 404, "error-4xx" that 4xx, else 200.
func recordedStatus(name string) int {
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

// carriesOther reports whether a record found for ids[i] names, in the
// field of that identity's kind, another of the identities asked: the
// sign of results out of order.
func carriesOther(got record.IDs, ids []manifest.Identity, i int) bool {
	field := map[manifest.Kind]string{manifest.KindDOI: got.DOI, manifest.KindArXiv: got.ArXiv, manifest.KindPMID: got.PMID, manifest.KindPMCID: got.PMCID}
	v, ok := field[ids[i].Kind]
	if !ok || v == "" || strings.HasPrefix(strings.ToLower(v), strings.ToLower(ids[i].Value)) {
		return false
	}
	for j, other := range ids {
		if j != i && other.Kind == ids[i].Kind && strings.HasPrefix(strings.ToLower(v), strings.ToLower(other.Value)) {
			return true
		}
	}
	return false
}

// conformNotFound: a 404 to a lookup of one identity says the service
// has no such work. A service whose one-identity form is a search (Europe
// PMC) answers 200 with no hits for that, so to it a 404 means the form
// moved: a failed job, which must then say it was a 404. (Likewise a 404
// to a batch's list form, so identities are asked one at a time here.)
func conformNotFound(t *testing.T, spec providers.Spec) {
	h := newFakeHost(t, func(string) (int, []byte) { return http.StatusNotFound, []byte(`{"message":"not found"}`) })
	for _, id := range appliesTo(spec) {
		r := conformFetch(t, spec, h.env(), []manifest.Identity{id})[0]
		var status *providers.StatusError
		switch {
		case r.Status == record.NotFound:
		case r.Status == record.Failed && errors.As(r.Err, &status) && status.Code == http.StatusNotFound:
		default:
			t.Errorf("%s on a 404: %s (%v), want %s", id, r.Status, r.Err, record.NotFound)
		}
	}
}

// appliesTo is the sample identities the provider is asked about (those
// the orchestrator would route to it), up to a batch of them.
func appliesTo(spec providers.Spec) []manifest.Identity {
	var ids []manifest.Identity
	for _, k := range spec.Accepts {
		for _, v := range samples[k] {
			if id := (manifest.Identity{Kind: k, Value: v}); spec.AppliesTo(id) {
				ids = append(ids, id)
			}
		}
	}
	return ids[:min(len(ids), max(spec.BatchSize, 1))]
}

// conformMalformed: an answer that is neither the service's JSON nor its
// XML fails every identity (or the whole call) and finds nothing.
func conformMalformed(t *testing.T, spec providers.Spec) {
	h := newFakeHost(t, func(string) (int, []byte) { return http.StatusOK, []byte("\x00{<not an answer") })
	ids := appliesTo(spec)
	results, err := spec.Fetch(context.Background(), h.env(), ids)
	if err != nil {
		return // the whole job failed: what is wanted
	}
	if len(results) != len(ids) {
		t.Fatalf("%d results for %d identities", len(results), len(ids))
	}
	for i, r := range results {
		if r.Status == record.Found {
			t.Errorf("%s found in an unreadable answer: %+v", ids[i], r.Record)
		}
	}
}

// conformBatch asks a full batch of made-up identities: one Result each,
// and, when the provider declares a batch form, fewer requests than
// identities.
func conformBatch(t *testing.T, spec providers.Spec) {
	h := newFakeHost(t, func(string) (int, []byte) { return http.StatusNotFound, nil })
	ids := madeUpBatch(spec)
	conformFetch(t, spec, h.env(), ids)
	if n := len(h.requests()); spec.BatchSize > 1 && n >= len(ids) {
		t.Errorf("a batch of %d identities took %d requests: the batch form is not used", len(ids), n)
	}
}

// madeUpBatch is BatchSize identities (at most 200) of the first kind the
// provider accepts, in the normalised form.
func madeUpBatch(spec providers.Spec) []manifest.Identity {
	forms := map[manifest.Kind]string{manifest.KindDOI: "10.5555/conformance.%d", manifest.KindArXiv: "2401.%05d",
		manifest.KindPMID: "%d", manifest.KindPMCID: "PMC%d", manifest.KindORCID: "0000-0002-1825-009%d"}
	var ids []manifest.Identity
	for i := range min(max(spec.BatchSize, 1), 200) {
		for _, k := range spec.Accepts {
			id := manifest.Identity{Kind: k, Value: fmt.Sprintf(forms[k], i+1)}
			if spec.AppliesTo(id) {
				ids = append(ids, id)
				break
			}
		}
	}
	return ids
}

// conformFetch runs Fetch and holds the shape of any answer: one Result per
// identity, each with a known status, a Found one with its record and a
// Failed one with its error.
func conformFetch(t *testing.T, spec providers.Spec, env providers.Env, ids []manifest.Identity) []providers.Result {
	t.Helper()
	results, err := spec.Fetch(context.Background(), env, ids)
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	if len(results) != len(ids) {
		t.Fatalf("%d results for %d identities", len(results), len(ids))
	}
	for i, r := range results {
		switch {
		case r.Status == record.Found && r.Record == nil:
			t.Errorf("%s found with no record", ids[i])
		case r.Status == record.Failed && r.Err == nil:
			t.Errorf("%s failed with no error", ids[i])
		case r.Status != record.Found && r.Status != record.NotFound && r.Status != record.Failed:
			t.Errorf("%s: status %q", ids[i], r.Status)
		}
	}
	return results
}
