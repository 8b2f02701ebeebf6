package providers_test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
)

// planned wraps env so each request checks the call's plan: one request,
// plus what its Fetch announced through More. A request sent before it
// was announced is an error; after the call, the plan must equal the
// requests sent.
func planned(t *testing.T, env service.Env) (service.Env, func() (sent, plan int)) {
	t.Helper()
	var mu sync.Mutex
	sent, plan := 0, 1
	next := env.Do
	env.Do = func(r *http.Request) (*http.Response, error) {
		mu.Lock()
		sent++
		if sent > plan {
			t.Errorf("request %d (%s) sent with only %d planned", sent, r.URL, plan)
		}
		mu.Unlock()
		return next(r)
	}
	env.More = func(n int) {
		mu.Lock()
		plan += n
		mu.Unlock()
	}
	return env, func() (int, int) { mu.Lock(); defer mu.Unlock(); return sent, plan }
}

// TestFollowUpRequestsAreAnnouncedFirst: every request a batch call sends
// beyond its one list request is told through Env.More before it is sent,
// so the live view's ETA counts it: OpenAlex's works whose list copy cut
// their authors, DataCite's DOI its list lacks, Crossref's DOI with a
// comma (each asked alone beside the list).
func TestFollowUpRequestsAreAnnouncedFirst(t *testing.T) {
	const big, small = "10.1145/3448016.3452841", "10.1371/journal.pone.0000030"
	cases := map[string]func(t *testing.T) (service.Spec, *stub, []string){
		"openalex cut authors": func(t *testing.T) (service.Spec, *stub, []string) {
			s := newStub(t)
			cut := withAuthors(t, "openalex/openalex-work-doi-10.1145-3448016.3452841.json", 100, true)
			other := string(fixture(t, "openalex/openalex-work-doi-10.1371-journal.pone.0000030.json"))
			s.text("/works?filter=doi%3Ahttps%3A%2F%2Fdoi.org%2F10.1145%2F3448016.3452841%7Chttps%3A%2F%2Fdoi.org%2F10.1371%2Fjournal.pone.0000030&per_page=4",
				200, `{"meta":{"count":2},"results":[`+cut+`,`+other+`]}`)
			s.text("/works/doi:"+big, 200, withAuthors(t, "openalex/openalex-work-doi-10.1145-3448016.3452841.json", 150, false))
			return providers.OpenAlex(), s, []string{big, small}
		},
		"datacite absent from its list": func(t *testing.T) (service.Spec, *stub, []string) {
			s := newStub(t)
			s.text(`/dois?disable-facets=true&mailto=ada%40example.org&page%5Bsize%5D=2&query=doi%3A%28%2210.5281%2Fzenodo.48440%22+OR+%2210.5555%2Fmissing%22%29`, 200, `{"data":[],"meta":{"total":0}}`)
			s.text("/dois/10.5281/zenodo.48440?mailto=ada%40example.org", 404, `{"errors":[{"status":"404"}]}`)
			s.text("/dois/10.5555/missing?mailto=ada%40example.org", 404, `{"errors":[{"status":"404"}]}`)
			return providers.DataCite(), s, []string{"10.5281/zenodo.48440", "10.5555/missing"}
		},
		"crossref dois with a comma": func(t *testing.T) (service.Spec, *stub, []string) {
			s := newStub(t)
			s.text("/works?filter=doi%3A10.1%2Fa%2Cdoi%3A10.1%2Fb&mailto=ada%40example.org&rows=2", 200, `{"status":"ok","message":{"total-results":0,"items":[]}}`)
			s.text("/works/10.1/c%2Cd?mailto=ada%40example.org", 404, `Resource not found.`)
			s.text("/works/10.1/e%2Cf?mailto=ada%40example.org", 404, `Resource not found.`)
			return providers.Crossref(), s, []string{"10.1/a", "10.1/c,d", "10.1/e,f", "10.1/b"}
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			spec, s, asked := c(t)
			env, counts := planned(t, s.env())
			if _, err := spec.Fetch(t.Context(), env, dois(asked...)); err != nil {
				t.Fatal(err)
			}
			if sent, plan := counts(); sent != plan || sent < 2 {
				t.Errorf("%d requests sent, %d planned; want them equal, and a follow-up", sent, plan)
			}
		})
	}
}
