package orchestrator

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
)

// TestMailtoStaysWithTheServices runs the real Crossref declaration, which
// sends the manifest's mailto in its User-Agent and as mailto=, against a
// fake api.crossref.org that redirects one work to another host (a
// publisher, say) twice over: once plainly, once with the mailto echoed
// into the Location; and answers another work with a 500. The other host
// gets no mailto (User-Agent, query or Referer) and no Referer at all;
// the summary, the errors, the warnings and the recorded exchanges hold no
// mailto; Crossref itself still gets it on every request.
func TestMailtoStaysWithTheServices(t *testing.T) {
	const mailto = "ada@example.org"
	elsewhere := newWitness(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotFound)
	})
	work, err := os.ReadFile(filepath.Join("..", "testdata", "crossref", "crossref-work-10.1038-srep16696.json"))
	if err != nil {
		t.Fatal(err)
	}
	crossref := newWitness(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/doiRA/"):
			var ras []string
			for _, doi := range strings.Split(strings.TrimPrefix(r.URL.Path, "/doiRA/"), ",") {
				ras = append(ras, fmt.Sprintf(`{"DOI": %q, "RA": "Crossref"}`, doi))
			}
			fmt.Fprintf(w, "[%s]", strings.Join(ras, ","))
		case strings.HasSuffix(r.URL.Path, "/moved"):
			http.Redirect(w, r, elsewhere.srv.URL+"/article/moved", http.StatusFound)
		case strings.HasSuffix(r.URL.Path, "/echo"):
			http.Redirect(w, r, elsewhere.srv.URL+"/article/echo?"+r.URL.RawQuery, http.StatusFound)
		case strings.HasSuffix(r.URL.Path, "/broken"):
			w.WriteHeader(http.StatusInternalServerError)
		case strings.HasSuffix(r.URL.Path, "/srep16696"):
			_, _ = w.Write(work)
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	})
	m := newManifest(t, `mailto = "`+mailto+`"
[[identity]]
doi = "10.1038/srep16696"
[[identity]]
doi = "10.1234/moved"
[[identity]]
doi = "10.1234/echo"
[[identity]]
doi = "10.1234/broken"
`)
	opts := testOptions(m, nil, 4)
	opts.UserAgent = "about-test (+https://example.org; mailto:" + mailto + ")"
	opts.ForeignUserAgent = "about-test (+https://example.org)"
	cr := providers.Crossref()
	cr.BatchSize = 1
	opts.Registry = []service.Spec{cr}
	opts.BaseURLs = map[string]string{"crossref": crossref.srv.URL, "doi": crossref.srv.URL}
	var ex exchanges
	opts.Recorder = ex.record
	rep, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}

	forms := []string{mailto, url.QueryEscape(mailto)}
	for _, r := range crossref.requests() {
		asksWork := strings.HasPrefix(r, "GET /works/")
		if asksWork && (!strings.Contains(r, "mailto:"+mailto) || !strings.Contains(r, "mailto="+url.QueryEscape(mailto))) {
			t.Errorf("a request to Crossref lacks the mailto in its User-Agent or query:\n%s", r)
		}
	}
	away := elsewhere.requests()
	if len(away) != 2 {
		t.Errorf("the other host was asked %d times, want the 2 redirects", len(away))
	}
	for _, r := range away {
		for _, f := range forms {
			if strings.Contains(r, f) {
				t.Errorf("the redirect target was sent the mailto (%s):\n%s", f, r)
			}
		}
		if strings.Contains(strings.ToLower(r), "\nreferer:") {
			t.Errorf("the redirect target was sent a Referer:\n%s", r)
		}
	}

	text := ex.everything(t, rep, m.Snapshots)
	for _, f := range forms {
		if strings.Contains(text, f) {
			t.Errorf("the mailto (%s) appears in the summary, an error, a warning, a recording or a snapshot:\n%s", f, text)
		}
	}
	if !strings.Contains(text, "500 Internal Server Error") || ex.count() == 0 {
		t.Errorf("the run did not go where the test needs it to:\n%s", text)
	}
}
