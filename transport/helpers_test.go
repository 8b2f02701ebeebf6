package transport

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock records every positive sleep and advances its Now by it, so tests
// assert waits without waiting. Its timers (AfterFunc, which times each
// attempt) fire only as its Now passes them: by Advance, or by a Sleep. It
// is safe for concurrent use.
type fakeClock struct {
	mu       sync.Mutex
	now      time.Time
	sleeps   []time.Duration
	timers   []*fakeTimer       // pending, in the order they were set
	sleeping chan time.Duration // if set, Sleep(d>0) reports d here and then blocks until ctx is done
}

// fakeTimer is one AfterFunc of a fakeClock.
type fakeTimer struct {
	at   time.Time // when it fires
	f    func()
	done bool // fired or stopped
}

// newFakeClock starts on a whole second so HTTP dates round-trip exactly.
func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d <= 0 {
		return nil
	}
	if f.sleeping != nil {
		select {
		case f.sleeping <- d:
		case <-ctx.Done():
		}
		<-ctx.Done()
		return ctx.Err()
	}
	f.mu.Lock()
	f.sleeps = append(f.sleeps, d)
	f.mu.Unlock()
	f.Advance(d)
	return nil
}

func (f *fakeClock) AfterFunc(d time.Duration, fn func()) (stop func() bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := &fakeTimer{at: f.now.Add(d), f: fn}
	f.timers = append(f.timers, t)
	return func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		stopped := !t.done
		t.done = true
		return stopped
	}
}

// Advance moves Now forward by d and runs, earliest first and on the
// caller's goroutine, every timer that came due.
func (f *fakeClock) Advance(d time.Duration) {
	f.mu.Lock()
	f.now = f.now.Add(d)
	var due []*fakeTimer
	pending := f.timers[:0]
	for _, t := range f.timers {
		switch {
		case t.done:
		case !t.at.After(f.now):
			t.done = true
			due = append(due, t)
		default:
			pending = append(pending, t)
		}
	}
	f.timers = pending
	f.mu.Unlock()
	sort.SliceStable(due, func(i, j int) bool { return due[i].at.Before(due[j].at) })
	for _, t := range due {
		t.f()
	}
}

func (f *fakeClock) Sleeps() []time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Duration(nil), f.sleeps...)
}

// newClient builds a Client on the fake clock with a fixed jitter seed.
func newClient(t *testing.T, clock *fakeClock, o Options) *Client {
	t.Helper()
	if o.Clock == nil {
		o.Clock = clock
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	c := New(o)
	t.Cleanup(func() {
		if tr, ok := c.opts.Base.(interface{ CloseIdleConnections() }); ok {
			tr.CloseIdleConnections()
		}
	})
	return c
}

func hostOf(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}

// onLocalhost rewrites an httptest URL from 127.0.0.1 to localhost, which
// reaches the same server under a different host string.
func onLocalhost(raw string) string { return strings.Replace(raw, "127.0.0.1", "localhost", 1) }

// get does a GET through the client and reads the whole body.
func get(t *testing.T, c *Client, ctx context.Context, raw string) (*http.Response, string, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, raw, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.HTTP().Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, string(b), err
}

// script serves the given statuses in order (the last one repeats), with
// optional headers per step, and counts hits.
type script struct {
	mu      sync.Mutex
	steps   []step
	hits    int
	starts  []time.Time // fake-clock time of each hit
	clock   *fakeClock  // for starts; may be nil
	queries []string    // raw query of each hit
	headers []http.Header
	bodies  []string // request bodies
}

type step struct {
	code   int
	header map[string]string
	body   string
}

func (s *script) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	reqBody, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	i := min(s.hits, len(s.steps)-1)
	s.hits++
	if s.clock != nil {
		s.starts = append(s.starts, s.clock.Now())
	}
	s.queries = append(s.queries, r.URL.RawQuery)
	s.headers = append(s.headers, r.Header.Clone())
	s.bodies = append(s.bodies, string(reqBody))
	st := s.steps[i]
	s.mu.Unlock()
	for k, v := range st.header {
		w.Header().Set(k, v)
	}
	w.WriteHeader(st.code)
	_, _ = io.WriteString(w, st.body)
}

func (s *script) Hits() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits
}

func serve(t *testing.T, s *script) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return srv
}

func statsFor(t *testing.T, c *Client, host string) HostStats {
	t.Helper()
	for _, s := range c.Stats() {
		if s.Host == host {
			return s
		}
	}
	t.Fatalf("no stats for %s in %+v", host, c.Stats())
	return HostStats{}
}

// within fails the test if d is outside [lo, hi].
func within(t *testing.T, what string, d, lo, hi time.Duration) {
	t.Helper()
	if d < lo || d > hi {
		t.Errorf("%s = %v, want within [%v, %v]", what, d, lo, hi)
	}
}

// wait receives from ch or fails after a generous deadline, so a broken
// gate shows up as a failure instead of a hung test.
func wait[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(10 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
		var zero T
		return zero
	}
}

// lateBody is a Base that lets d pass on clock as soon as an answer's
// headers are in, so the attempt times out while its body is read: a host
// that sends headers and then stalls, without a real wait.
type lateBody struct {
	*http.Transport // the network; also gives newClient's cleanup CloseIdleConnections
	clock           *fakeClock
	d               time.Duration
}

func newLateBody(clock *fakeClock, d time.Duration) lateBody {
	return lateBody{Transport: http.DefaultTransport.(*http.Transport).Clone(), clock: clock, d: d}
}

func (l lateBody) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := l.Transport.RoundTrip(r)
	if err == nil {
		l.clock.Advance(l.d)
	}
	return resp, err
}
