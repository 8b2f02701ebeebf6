package orchestrator

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// TestOpenAlexRequestProblemFailsOnlyItsJob: OpenAlex has answered 403
// to one malformed request too, with a body naming the problem
// (openalexR#94, #254). Three of those in a row fail their own works and
// leave the host running for the next one, where three 403s that say
// nothing would stop it (TestOpenAlexSlowDown).
func TestOpenAlexRequestProblemFailsOnlyItsJob(t *testing.T) {
	const src = `providers = ["openalex"]
[[identity]]
doi = "10.1145/3448016.3452841"

[[identity]]
doi = "10.1234/second"

[[identity]]
doi = "10.1234/third"

[[identity]]
doi = "10.1234/fourth"
`
	invalid := func(w http.ResponseWriter, _ *http.Request, _ time.Time) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		_, _ = w.Write([]byte(`{"error": "Invalid query parameters error.", "message": "Invalid query parameter in  John."}`))
	}
	clock := &instantClock{}
	s := newScripted(t, clock, invalid, invalid, invalid, fromFile(t, "openalex/openalex-work-doi-10.1145-3448016.3452841.json"))
	m := newManifest(t, src)
	opts := testOptions(m, nil, 1)
	opts.BaseURLs = map[string]string{"openalex": s.srv.URL}
	opts.Clock = clock
	opts.Registry = []service.Spec{singleOpenAlex()}
	rep := runOK(t, opts)
	if n := s.requests(); n != 4 {
		t.Errorf("%d requests, want 4: one a work, none retried", n)
	}
	failed, found := 0, 0
	for _, o := range rep.Outcomes {
		switch {
		case o.Status == record.Failed && strings.Contains(o.Err.Error(), "403"):
			failed++
		case o.Status == record.Found:
			found++
		default:
			t.Errorf("%s: %s %v", o.Identity, o.Status, o.Err)
		}
	}
	if failed != 3 || found != 1 {
		t.Errorf("%d failed and %d found, want 3 and 1", failed, found)
	}
	if st := statsOf(rep, hostOf(s.srv.URL)); st.Stopped {
		t.Errorf("stats %+v: a request problem must not stop the host", st)
	}
}
