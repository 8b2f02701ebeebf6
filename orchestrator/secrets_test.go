package orchestrator

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/transport"
)

// witness is a server that keeps everything it was sent (URL, headers,
// body) and answers with answer.
type witness struct {
	srv    *httptest.Server
	mu     sync.Mutex
	seen   []string
	answer func(w http.ResponseWriter, r *http.Request)
}

func newWitness(t *testing.T, answer func(w http.ResponseWriter, r *http.Request)) *witness {
	t.Helper()
	s := &witness{answer: answer}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var b strings.Builder
		fmt.Fprintf(&b, "%s %s\n", r.Method, r.URL.RequestURI())
		_ = r.Header.Write(&b)
		b.Write(body)
		s.mu.Lock()
		s.seen = append(s.seen, b.String())
		s.mu.Unlock()
		s.answer(w, r)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *witness) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.seen...)
}

// TestAPIKeysStayWithTheirHost sets OPENALEX_API_KEY, S2_API_KEY and
// NCBI_API_KEY and runs the real OpenAlex, Semantic Scholar and PubMed
// declarations against fake hosts, next to a provider with no key. The
// OpenAlex host redirects one work to another host with its key echoed
// in the Location, and answers another with a same-host redirect echoing
// the key and then a 500. Each key reaches every request to its own host
// and nothing else: not another host (redirect targets included), not a
// snapshot, the summary, an error, a warning, or a recorded exchange.
func TestAPIKeysStayWithTheirHost(t *testing.T) {
	keys := map[string]string{
		"OPENALEX_API_KEY": "oa-secret-1f2e3d",
		"S2_API_KEY":       "s2-secret-9a8b7c",
		"NCBI_API_KEY":     "ncbi-secret-77c3aa",
	}
	elsewhere := newWitness(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotFound)
	})
	work, err := os.ReadFile(filepath.Join("..", "testdata", "openalex", "openalex-work-doi-10.1145-3448016.3452841.json"))
	if err != nil {
		t.Fatal(err)
	}
	openalex := newWitness(t, func(w http.ResponseWriter, r *http.Request) {
		key := r.URL.Query().Get("api_key")
		switch {
		case strings.HasSuffix(r.URL.Path, "/moved"):
			http.Redirect(w, r, elsewhere.srv.URL+"/w?api_key="+key, http.StatusFound)
		case strings.HasSuffix(r.URL.Path, "/echo"):
			http.Redirect(w, r, "/works/again?api_key="+key, http.StatusFound)
		case strings.HasSuffix(r.URL.Path, "/again"):
			w.WriteHeader(http.StatusInternalServerError)
		case strings.HasSuffix(r.URL.Path, "/3448016.3452841"):
			_, _ = w.Write(work)
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	})
	s2 := newWitness(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusBadGateway) })
	pubmed := newWitness(t, func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("<not xml")) })
	plain := newWitness(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprintf(w, `{"title": %q}`, r.URL.Path) })

	m := newManifest(t, `mailto = "ada@example.org"
[[identity]]
doi = "10.1145/3448016.3452841"
[[identity]]
doi = "10.1234/moved"
[[identity]]
doi = "10.1234/echo"
[[identity]]
pmid = "29106400"
`)
	opts := testOptions(m, nil, 4)
	opts.Registry = []service.Spec{singleOpenAlex(), providers.SemanticScholar(), providers.PubMed(), simSpec("plain", 0)}
	opts.BaseURLs = map[string]string{"openalex": openalex.srv.URL, "semanticscholar": s2.srv.URL, "pubmed": pubmed.srv.URL, "plain": plain.srv.URL}
	opts.Getenv = func(k string) string { return keys[k] }
	var ex exchanges
	opts.Recorder = ex.record
	rep, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}

	own := map[*witness]string{openalex: keys["OPENALEX_API_KEY"], s2: keys["S2_API_KEY"], pubmed: keys["NCBI_API_KEY"]}
	for name, s := range map[string]*witness{"openalex": openalex, "semanticscholar": s2, "pubmed": pubmed, "plain": plain, "redirect target": elsewhere} {
		reqs := s.requests()
		if len(reqs) == 0 {
			t.Errorf("%s was never asked; the test proves nothing about it", name)
		}
		checkKeys(t, name, reqs, keys, own[s])
	}

	text := ex.everything(t, rep, m.Snapshots)
	for env, key := range keys {
		if strings.Contains(text, key) {
			t.Errorf("%s appears in the summary, an error, a warning, a recording or a snapshot:\n%s", env, text)
		}
	}
	if !strings.Contains(text, "500 Internal Server Error") || ex.count() == 0 {
		t.Errorf("the run did not go where the test needs it to:\n%s", text)
	}
}

// checkKeys: every request to a host carries its own key (own, "" for
// none) and no other.
func checkKeys(t *testing.T, name string, reqs []string, keys map[string]string, own string) {
	t.Helper()
	for _, r := range reqs {
		for env, key := range keys {
			has := strings.Contains(r, key)
			if key == own && !has {
				t.Errorf("%s: a request lacks its own key %s:\n%s", name, env, r)
			}
			if key != own && has {
				t.Errorf("%s was sent %s:\n%s", name, env, r)
			}
		}
	}
}

func slicesConcat(a, b []report.Outcome) []report.Outcome {
	return append(append([]report.Outcome(nil), a...), b...)
}

// exchanges keeps every exchange of a run as text, for the tests that
// look for a secret in everything a run wrote.
type exchanges struct {
	mu   sync.Mutex
	seen []string
}

func (e *exchanges) record(x transport.Exchange) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.seen = append(e.seen, fmt.Sprintf("%s %s %s %v %s", x.Method, x.URL, x.RequestBody, x.Header, x.Body))
}

func (e *exchanges) count() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.seen)
}

// everything is all a run wrote: its summary, its jobs' errors, its
// warnings, the exchanges recorded and the snapshot folder's bytes.
func (e *exchanges) everything(t testing.TB, rep *report.Report, folder string) string {
	var text strings.Builder
	rep.WriteSummary(&text)
	for _, o := range slicesConcat(rep.Expansions, rep.Outcomes) {
		if o.Err != nil {
			fmt.Fprintln(&text, o.Err)
		}
	}
	for _, w := range rep.Warnings {
		fmt.Fprintln(&text, w.Message)
	}
	e.mu.Lock()
	text.WriteString(strings.Join(e.seen, "\n"))
	e.mu.Unlock()
	text.WriteString(folderBytes(t, folder))
	return text.String()
}
