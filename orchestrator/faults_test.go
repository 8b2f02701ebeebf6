package orchestrator

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/transport"
)

// faultyService is a simulated provider's server. Healthy, it answers simSpec's
// GET /work/{doi} with {"title": "<path>"}; once a fault is set, the fault
// answers instead.
type faultyService struct {
	srv     *httptest.Server
	fault   atomic.Pointer[func(w http.ResponseWriter, r *http.Request)]
	hits    atomic.Int32
	release chan struct{} // closed at test end, so no hanging handler outlives the test
}

func newService(t *testing.T, tlsServer bool) *faultyService {
	t.Helper()
	s := &faultyService{release: make(chan struct{})}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		if f := s.fault.Load(); f != nil {
			(*f)(w, r)
			return
		}
		fmt.Fprintf(w, `{"title": %q}`, r.URL.Path)
	})
	if tlsServer {
		s.srv = httptest.NewTLSServer(h)
	} else {
		s.srv = httptest.NewServer(h)
	}
	t.Cleanup(s.srv.Close)
	t.Cleanup(func() { close(s.release) }) // runs before Close, which waits for handlers
	return s
}

func (s *faultyService) breakWith(f func(w http.ResponseWriter, r *http.Request)) { s.fault.Store(&f) }

func (s *faultyService) host() string { return hostOf(s.srv.URL) }

// The faults a real service shows on a bad day.
func status(code int) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(code) }
}

func resetConnection(w http.ResponseWriter, _ *http.Request) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(err)
	}
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0) // close with RST, not FIN
	}
	conn.Close()
}

func (s *faultyService) hang(w http.ResponseWriter, r *http.Request) {
	select {
	case <-s.release:
	case <-r.Context().Done():
	}
}

func truncated(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Length", "100")
	_, _ = w.Write([]byte(`{"title": "cut sh`))
}

func malformed(w http.ResponseWriter, _ *http.Request) {
	_, _ = w.Write([]byte(`{"title": "no end`))
}

// huge streams 50 MB of JSON-looking bytes, stopping when the client
// hangs up.
func huge(w http.ResponseWriter, _ *http.Request) {
	chunk := []byte(strings.Repeat(" ", 64<<10))
	_, _ = w.Write([]byte("["))
	for range (50 << 20) / len(chunk) {
		if _, err := w.Write(chunk); err != nil {
			return
		}
	}
}

func redirectLoop(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, r.URL.Path, http.StatusFound)
}

func redirectTo(base string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, base+r.URL.Path, http.StatusFound)
	}
}

// trustingBase is a network that trusts the httptest TLS certificate.
func trustingBase(t *testing.T, s *httptest.Server) *http.Transport {
	pool := x509.NewCertPool()
	pool.AddCert(s.Certificate())
	base := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}
	t.Cleanup(base.CloseIdleConnections)
	return base
}

const twoWorks = `[[identity]]
doi = "10.1234/first"

[[identity]]
doi = "10.1234/second"
`

// TestFaultsFailJobsAndKeepPreviousValues is the promise of a weekly run
// against services it does not control: each provider below meets one
// fault on the second run; each of its jobs fails (or, once its host is
// stopped, is skipped) with a reason that says what happened; the healthy
// provider's jobs complete; and the snapshot folder is byte for byte what
// the first, healthy run wrote, since every failed slot keeps its value.
func TestFaultsFailJobsAndKeepPreviousValues(t *testing.T) {
	plain := newService(t, false) // where the https service redirects to
	cases := []struct {
		name   string
		tls    bool
		fault  func(s *faultyService) func(http.ResponseWriter, *http.Request)
		reason string // in the error of the first job
	}{
		{"503 burst", false, func(*faultyService) func(http.ResponseWriter, *http.Request) { return status(503) }, "giving up after 4 attempts: 503 Service Unavailable"},
		{"500", false, func(*faultyService) func(http.ResponseWriter, *http.Request) { return status(500) }, "giving up after 4 attempts: 500 Internal Server Error"},
		{"connection reset", false, func(*faultyService) func(http.ResponseWriter, *http.Request) { return resetConnection }, "giving up after 4 attempts"},
		{"hang", false, func(s *faultyService) func(http.ResponseWriter, *http.Request) { return s.hang }, "no answer from %s within 100ms"},
		{"truncated body", false, func(*faultyService) func(http.ResponseWriter, *http.Request) { return truncated }, "giving up after 4 attempts: answer broke off while being read: unexpected EOF"},
		{"malformed JSON", false, func(*faultyService) func(http.ResponseWriter, *http.Request) { return malformed }, "malformed answer: body is not valid JSON"},
		{"50 MB body", false, func(*faultyService) func(http.ResponseWriter, *http.Request) { return huge }, "response body too large: over 33554432 bytes"},
		{"redirect loop", false, func(*faultyService) func(http.ResponseWriter, *http.Request) { return redirectLoop }, "too many redirects"},
		{"redirect to http", true, func(*faultyService) func(http.ResponseWriter, *http.Request) { return redirectTo(plain.srv.URL) }, "refusing redirect from https to http"},
	}

	healthy := newService(t, false)
	registry := []service.Spec{simSpec("healthy", 0)}
	bases := map[string]string{"healthy": healthy.srv.URL}
	services := map[string]*faultyService{}
	var base *http.Transport
	for i, c := range cases {
		name := fmt.Sprintf("fault%d", i)
		s := newService(t, c.tls)
		if c.tls {
			base = trustingBase(t, s.srv)
		}
		services[name] = s
		registry = append(registry, simSpec(name, 0))
		bases[name] = s.srv.URL
	}

	m := newManifest(t, twoWorks)
	opts := testOptions(m, base, 8)
	opts.Registry, opts.BaseURLs = registry, bases
	if rep := runOK(t, opts); rep.Incomplete() {
		t.Fatalf("the healthy run came back short: %v", rep.ShortJobs())
	}
	before := folderBytes(t, m.Snapshots)

	for i, c := range cases {
		s := services[fmt.Sprintf("fault%d", i)]
		s.breakWith(c.fault(s))
	}
	// A short timeout for the service that hangs keeps the test fast; the
	// run must still wait for it no longer than its own timeout allows.
	for i := range registry {
		if registry[i].Name == "fault3" {
			registry[i].Timeout = 100 * time.Millisecond
		}
	}
	opts.Clock = &instantClock{}
	rep := runOK(t, opts)

	byProvider := map[string][]report.Outcome{}
	for _, o := range rep.Outcomes {
		byProvider[o.Provider] = append(byProvider[o.Provider], o)
	}
	for _, o := range byProvider["healthy"] {
		if o.Status != record.Found {
			t.Errorf("healthy provider: %s %s: %v", o.Identity, o.Status, o.Err)
		}
	}
	for i, c := range cases {
		name := fmt.Sprintf("fault%d", i)
		t.Run(c.name, func(t *testing.T) {
			reason := c.reason
			if strings.Contains(reason, "%s") {
				reason = fmt.Sprintf(reason, services[name].host())
			}
			checkFaultOutcomes(t, byProvider[name], reason, services[name].host())
		})
	}
	if !rep.Incomplete() {
		t.Error("a run with failed jobs is not short")
	}
	if len(rep.Kept) != 2 {
		t.Errorf("kept %v, want both works' previous values", rep.Kept)
	}
	if got := folderBytes(t, m.Snapshots); got != before {
		t.Errorf("the faulty run changed the snapshots; every failed slot must keep its previous value\nbefore:\n%s\nafter:\n%s", before, got)
	}
}

// checkFaultOutcomes: a faulty provider's two jobs failed, the first with
// reason, any later one failed too or skipped on the stopped host.
func checkFaultOutcomes(t *testing.T, outs []report.Outcome, reason, host string) {
	t.Helper()
	if len(outs) != 2 {
		t.Fatalf("%d outcomes, want 2", len(outs))
	}
	for _, o := range outs {
		t.Logf("%s %s: %v", o.Identity, o.Status, o.Err)
	}
	first := outs[0]
	if first.Status != record.Failed || first.Err == nil || !strings.Contains(first.Err.Error(), reason) {
		t.Errorf("first job: %s, %v; want failed with %q", first.Status, first.Err, reason)
	}
	for _, o := range outs {
		if o.Err != nil && strings.Contains(o.Err.Error(), "internal error") {
			t.Errorf("%s: %v", o.Identity, o.Err)
		}
		switch o.Status {
		case record.Failed:
		case record.Skipped:
			if !strings.Contains(o.Err.Error(), "host "+host+" stopped for this run") {
				t.Errorf("skipped %s: %v; want the stopped host named", o.Identity, o.Err)
			}
		default:
			t.Errorf("%s: %s, want failed or skipped", o.Identity, o.Status)
		}
	}
}

// TestRedirectToAnotherHostIsPacedAsThatHost: a service that redirects
// its works to another host gets them found there, and the other host is
// kept to its own pace (the default interval for a host nobody declared),
// measured on the fake clock at each request's start.
func TestRedirectToAnotherHostIsPacedAsThatHost(t *testing.T) {
	target := newService(t, false)
	origin := newService(t, false)
	origin.breakWith(redirectTo(target.srv.URL))
	m := newManifest(t, twoWorks)
	opts := testOptions(m, nil, 4)
	opts.NoPacing = false
	opts.Registry = []service.Spec{simSpec("origin", 0)}
	opts.BaseURLs = map[string]string{"origin": origin.srv.URL}
	var mu sync.Mutex
	starts := map[string][]time.Time{}
	opts.OnStart = func(host string, at time.Time) {
		mu.Lock()
		starts[host] = append(starts[host], at)
		mu.Unlock()
	}
	rep := runOK(t, opts)
	for _, o := range rep.Outcomes {
		// The report keeps no records (they are written and let go): the
		// work's file says what was found.
		var work snapshots.Work
		if err := snapshots.Read(snapshots.Dir{Root: m.Snapshots}.WorkPath(o.Identity), &work); err != nil {
			t.Fatal(err)
		}
		rec := work.Record
		if o.Status != record.Found || rec.Title != "/work/"+o.Identity.Value {
			t.Errorf("%s: %s %v, want found at the redirect target", o.Identity, o.Status, o.Err)
		}
	}
	at := starts[target.host()]
	if len(at) != 2 || target.hits.Load() != 2 {
		t.Fatalf("the target saw %d starts, %d requests; want 2", len(at), target.hits.Load())
	}
	if gap := at[1].Sub(at[0]); gap < transport.DefaultMinInterval {
		t.Errorf("the redirect target was asked twice %v apart, want its own pace of %v", gap, transport.DefaultMinInterval)
	}
}
