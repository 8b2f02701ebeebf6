package orchestrator

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/transport"
)

// scripted is a server that answers each request with the next step of
// its script (the last step repeats), on the test's fake clock, and keeps
// the fake time each request arrived.
type scripted struct {
	srv   *httptest.Server
	clock *instantClock
	mu    sync.Mutex
	steps []func(w http.ResponseWriter, r *http.Request, now time.Time)
	hits  int
	at    []time.Time
}

func newScripted(t *testing.T, clock *instantClock, steps ...func(w http.ResponseWriter, r *http.Request, now time.Time)) *scripted {
	t.Helper()
	s := &scripted{clock: clock, steps: steps}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := clock.Now()
		s.mu.Lock()
		step := s.steps[min(s.hits, len(s.steps)-1)]
		s.hits++
		s.at = append(s.at, now)
		s.mu.Unlock()
		step(w, r, now)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *scripted) requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits
}

func (s *scripted) arrivals() []time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Time(nil), s.at...)
}

func answer(code int, header ...string) func(http.ResponseWriter, *http.Request, time.Time) {
	return func(w http.ResponseWriter, r *http.Request, _ time.Time) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.WriteHeader(code)
		if code == http.StatusOK {
			fmt.Fprintf(w, `{"title": %q}`, r.URL.Path)
		}
	}
}

// retryAfterDate asks for a wait given as an HTTP date, d after now.
func retryAfterDate(d time.Duration) func(http.ResponseWriter, *http.Request, time.Time) {
	return func(w http.ResponseWriter, _ *http.Request, now time.Time) {
		w.Header().Set("Retry-After", now.Add(d).UTC().Format(http.TimeFormat))
		w.WriteHeader(http.StatusTooManyRequests)
	}
}

func fromFile(t *testing.T, file string) func(http.ResponseWriter, *http.Request, time.Time) {
	body, err := os.ReadFile(filepath.Join("..", "testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	return func(w http.ResponseWriter, _ *http.Request, _ time.Time) { _, _ = w.Write(body) }
}

// simRun runs the simulated provider "sim" against s with the fake clock.
func simRun(t *testing.T, s *scripted, manifestSrc string) *report.Report {
	t.Helper()
	m := newManifest(t, manifestSrc)
	opts := testOptions(m, nil, 4)
	opts.Registry = []service.Spec{simSpec("sim", 0)}
	opts.BaseURLs = map[string]string{"sim": s.srv.URL}
	opts.Clock = s.clock
	return runOK(t, opts)
}

func statsOf(rep *report.Report, host string) report.HostFigures {
	for _, h := range rep.Hosts {
		if h.Host == host {
			return h
		}
	}
	return report.HostFigures{}
}

// TestRetryAfterHonoured: a 429's Retry-After, in seconds or as an HTTP
// date, is waited (on the fake clock) before the next request to the
// host, the retry included; both jobs then complete.
func TestRetryAfterHonoured(t *testing.T) {
	clock := &instantClock{}
	s := newScripted(t, clock, answer(429, "Retry-After", "7"), answer(200), retryAfterDate(20*time.Second), answer(200))
	rep := simRun(t, s, twoWorks)
	if rep.Incomplete() {
		t.Fatalf("short: %v", rep.ShortJobs())
	}
	at := s.arrivals()
	if len(at) != 4 {
		t.Fatalf("%d requests, want 4 (each job: a 429, then its retry)", len(at))
	}
	if gap := at[1].Sub(at[0]); gap < 7*time.Second {
		t.Errorf("retry came %v after Retry-After: 7, want at least 7s", gap)
	}
	if gap := at[3].Sub(at[2]); gap < 20*time.Second {
		t.Errorf("retry came %v after a Retry-After date 20s ahead, want at least 20s", gap)
	}
	if st := statsOf(rep, hostOf(s.srv.URL)); st.Requests != 4 || st.Retries != 2 {
		t.Errorf("stats %+v, want 4 requests and 2 retries", st)
	}
}

// TestRetriedAndNotRetried: 5xx is retried after a backoff; a 4xx other
// than 404/408/429 (or a declared slow-down) is a failed job at once.
func TestRetriedAndNotRetried(t *testing.T) {
	clock := &instantClock{}
	s := newScripted(t, clock, answer(500), answer(200), answer(400))
	rep := simRun(t, s, twoWorks)
	at := s.arrivals()
	if len(at) != 3 {
		t.Fatalf("%d requests, want 3: a 500 and its retry, then one 400 not retried", len(at))
	}
	if gap := at[1].Sub(at[0]); gap < 500*time.Millisecond || gap > time.Second {
		t.Errorf("retry after a 500 came %v later, want the first backoff step (0.5s to 1s)", gap)
	}
	first, second := rep.Outcomes[0], rep.Outcomes[1]
	if first.Status != record.Found {
		t.Errorf("job after a 500 then 200: %s %v", first.Status, first.Err)
	}
	if second.Status != record.Failed || !strings.Contains(second.Err.Error(), "sim answered 400 Bad Request") {
		t.Errorf("job answered 400: %s %v, want failed naming the status", second.Status, second.Err)
	}
}

const fiveWorks = twoWorks + `
[[identity]]
doi = "10.1234/third"

[[identity]]
doi = "10.1234/fourth"

[[identity]]
doi = "10.1234/fifth"
`

// TestHostThatKeeps429IsStopped: a host answering 429 again and again is
// asked three times in all, never in a loop; every job is reported
// skipped with the reason, and the run says it is incomplete.
func TestHostThatKeeps429IsStopped(t *testing.T) {
	clock := &instantClock{}
	s := newScripted(t, clock, answer(429, "Retry-After", "1"))
	rep := simRun(t, s, fiveWorks)
	if n := s.requests(); n != transport.DefaultStopAfter {
		t.Errorf("%d requests, want %d and then none", n, transport.DefaultStopAfter)
	}
	for _, o := range rep.Outcomes {
		if o.Status != record.Skipped || !strings.Contains(o.Err.Error(), "stopped for this run: answered 429 3 times in a row") {
			t.Errorf("%s: %s %v, want skipped because the host was stopped", o.Identity, o.Status, o.Err)
		}
	}
	if st := statsOf(rep, hostOf(s.srv.URL)); !st.Stopped {
		t.Errorf("stats %+v, want the host stopped", st)
	}
	var out strings.Builder
	rep.WriteSummary(&out)
	if !strings.Contains(out.String(), "\nincomplete: 5 jobs failed or skipped") {
		t.Errorf("summary does not say the run is incomplete:\n%s", out.String())
	}
}

// singleOpenAlex is the real OpenAlex declaration asked one work at a
// time, for fakes that answer single-work lookups.
func singleOpenAlex() service.Spec {
	s := providers.OpenAlex()
	s.BatchSize = 1
	return s
}

// TestOpenAlexSlowDown runs the real OpenAlex declaration against a fake
// api.openalex.org: its 403 is "slow down" (backed off, then a stop when
// it persists), and its daily-budget answer, 429 with a Retry-After of 15
// hours, stops the host at once instead of sleeping for 15 hours.
func TestOpenAlexSlowDown(t *testing.T) {
	const src = `providers = ["openalex"]
[[identity]]
doi = "10.1145/3448016.3452841"

[[identity]]
doi = "10.1234/second"

[[identity]]
doi = "10.1234/third"
`
	run := func(t *testing.T, steps ...func(http.ResponseWriter, *http.Request, time.Time)) (*report.Report, *scripted) {
		clock := &instantClock{}
		s := newScripted(t, clock, steps...)
		m := newManifest(t, src)
		opts := testOptions(m, nil, 4)
		opts.BaseURLs = map[string]string{"openalex": s.srv.URL}
		opts.Clock = clock
		opts.Registry = []service.Spec{singleOpenAlex()} // the script answers single-work lookups
		return runOK(t, opts), s
	}
	notFound := answer(404)
	work := fromFile(t, "openalex/openalex-work-doi-10.1145-3448016.3452841.json")

	t.Run("403 once is slow down, then the answer", func(t *testing.T) {
		rep, s := run(t, answer(403), work, notFound)
		at := s.arrivals()
		if len(at) != 4 || rep.Outcomes[0].Status != record.Found || rep.Incomplete() {
			t.Fatalf("%d requests, outcomes %+v", len(at), rep.Outcomes)
		}
		if gap := at[1].Sub(at[0]); gap < 500*time.Millisecond {
			t.Errorf("retry after 403 came %v later; a slow-down must be backed off", gap)
		}
	})
	t.Run("403 again and again stops the host", func(t *testing.T) {
		rep, s := run(t, answer(403))
		if n := s.requests(); n != 3 {
			t.Errorf("%d requests, want 3", n)
		}
		for _, o := range rep.Outcomes {
			if o.Status != record.Skipped || !strings.Contains(o.Err.Error(), "answered 403 3 times in a row") {
				t.Errorf("%s: %s %v", o.Identity, o.Status, o.Err)
			}
		}
	})
	t.Run("429 with a 15-hour Retry-After stops the host, no sleep", func(t *testing.T) {
		rep, s := run(t, answer(429, "Retry-After", "54000"))
		if n := s.requests(); n != 1 {
			t.Errorf("%d requests, want 1", n)
		}
		for _, o := range rep.Outcomes {
			if o.Status != record.Skipped || !strings.Contains(o.Err.Error(), "429 with Retry-After 15h0m0s, past the 2m0s cap") {
				t.Errorf("%s: %s %v", o.Identity, o.Status, o.Err)
			}
		}
		if rep.Elapsed > time.Minute {
			t.Errorf("the run took %v of (fake) time; it must not wait out the Retry-After", rep.Elapsed)
		}
	})
}

// TestORCIDBurst503: ORCID answers 503 past its burst; that is its
// declared "slow down", backed off and then answered.
func TestORCIDBurst503(t *testing.T) {
	clock := &instantClock{}
	works, bulk, person := fromFile(t, "orcid/orcid-works-0000-0002-9341-7985.json"),
		fromFile(t, "orcid/constructed-orcid-works-bulk-0000-0002-9341-7985.json"), fromFile(t, "orcid/orcid-person-0000-0002-9341-7985.json")
	orcidRecord := func(w http.ResponseWriter, r *http.Request, now time.Time) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/works"):
			works(w, r, now)
		case strings.Contains(r.URL.Path, "/works/"):
			bulk(w, r, now)
		default:
			person(w, r, now)
		}
	}
	s := newScripted(t, clock, answer(503), answer(503), orcidRecord)
	m := newManifest(t, "providers = [\"orcid\"]\n[[identity]]\norcid = \"0000-0002-9341-7985\"\n")
	opts := testOptions(m, nil, 4)
	opts.BaseURLs = map[string]string{"orcid": s.srv.URL}
	opts.Clock = clock
	rep := runOK(t, opts)
	if len(rep.Expansions) != 1 || rep.Expansions[0].Status != record.Found {
		t.Fatalf("expansions %+v", rep.Expansions)
	}
	if st := statsOf(rep, hostOf(s.srv.URL)); st.Requests != 5 || st.Retries != 2 || st.Stopped {
		t.Errorf("stats %+v, want 5 requests (works twice refused, then works, details, person), 2 retries, not stopped", st)
	}
	if len(rep.Works) != 12-4 {
		t.Errorf("%d works from the record, want 8", len(rep.Works))
	}
}
