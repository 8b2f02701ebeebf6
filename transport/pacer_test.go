package transport

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/fakenet"
)

func TestPacingSequentialRequests(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 200}}, clock: clock}
	srv := serve(t, s)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {MinInterval: 2 * time.Second}}})

	for range 4 {
		if _, _, err := get(t, c, context.Background(), srv.URL); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i < len(s.starts); i++ {
		if gap := s.starts[i].Sub(s.starts[i-1]); gap < 2*time.Second {
			t.Errorf("request %d started %v after the previous one, want >= 2s", i, gap)
		}
	}
	if got := clock.Sleeps(); len(got) != 3 {
		t.Errorf("sleeps = %v, want 3 waits of 2s", got)
	}
}

func TestUndeclaredHostGetsDefaultInterval(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 200}}}
	srv := serve(t, s)
	c := newClient(t, clock, Options{})
	for range 2 {
		if _, _, err := get(t, c, context.Background(), srv.URL); err != nil {
			t.Fatal(err)
		}
	}
	if got := clock.Sleeps(); len(got) != 1 || got[0] != DefaultMinInterval {
		t.Errorf("sleeps = %v, want [%v]", got, DefaultMinInterval)
	}
}

func TestHostsPacedIndependently(t *testing.T) {
	clock := newFakeClock()
	a, b := "https://api.crossref.org/works", "https://pub.orcid.org/v3.0"
	var mu sync.Mutex
	starts := map[string][]time.Time{}
	net := fakenet.New(t)
	net.Register(fakenet.Any, fakenet.Status(http.StatusOK))
	net.Before(func(r *http.Request) {
		mu.Lock()
		starts[r.URL.Host] = append(starts[r.URL.Host], clock.Now())
		mu.Unlock()
	})
	c := newClient(t, clock, Options{Base: net, Hosts: map[string]HostPolicy{
		hostOf(t, a): {MinInterval: 2 * time.Second},
		hostOf(t, b): {MinInterval: 2 * time.Second},
	}})

	for range 3 {
		for _, u := range []string{a, b} {
			if _, _, err := get(t, c, context.Background(), u); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(starts) != 2 {
		t.Errorf("requests reached %d hosts, want 2: %v", len(starts), starts)
	}
	for host, ts := range starts {
		if len(ts) != 3 {
			t.Errorf("%s: %d requests, want 3", host, len(ts))
		}
		for i := 1; i < len(ts); i++ {
			if gap := ts[i].Sub(ts[i-1]); gap < 2*time.Second {
				t.Errorf("%s: gap %v, want >= 2s", host, gap)
			}
		}
	}
	// Interleaved, each host's wait overlaps the other's request: 4s in
	// all. One shared pacer would have needed 10s.
	var total time.Duration
	for _, d := range clock.Sleeps() {
		total += d
	}
	if total != 4*time.Second {
		t.Errorf("total wait = %v (sleeps %v), want 4s", total, clock.Sleeps())
	}
}

func TestOneRequestInFlightPerHost(t *testing.T) {
	const n = 6
	var inFlight, most atomic.Int32
	arrived := make(chan struct{})
	proceed := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := inFlight.Add(1)
		for {
			m := most.Load()
			if now <= m || most.CompareAndSwap(m, now) {
				break
			}
		}
		select {
		case arrived <- struct{}{}:
		case <-r.Context().Done():
		}
		select {
		case <-proceed:
		case <-r.Context().Done():
		}
		inFlight.Add(-1)
		_, _ = io.WriteString(w, "ok")
	}))
	t.Cleanup(srv.Close)
	host := hostOf(t, srv.URL)
	c := newClient(t, newFakeClock(), Options{Hosts: map[string]HostPolicy{host: {}}})

	errs := make(chan error, n)
	for range n {
		go func() {
			_, _, err := get(t, c, context.Background(), srv.URL)
			errs <- err
		}()
	}
	for i := range n {
		wait(t, arrived, "a request to arrive")
		select {
		case proceed <- struct{}{}:
		case <-time.After(10 * time.Second):
			t.Fatalf("request %d never finished", i)
		}
	}
	for range n {
		if err := wait(t, errs, "a request to return"); err != nil {
			t.Error(err)
		}
	}
	if m := most.Load(); m != 1 {
		t.Errorf("at most %d requests in flight at once, want 1", m)
	}
	if st := statsFor(t, c, host); st.Requests != n {
		t.Errorf("requests = %d, want %d", st.Requests, n)
	}
}

func TestGateHeldUntilBodyClosed(t *testing.T) {
	s := &script{steps: []step{{code: 200, body: "x"}}}
	srv := serve(t, s)
	c := newClient(t, newFakeClock(), Options{Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {}}})

	first, err := c.HTTP().Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	// With the first body open, a second request cannot start; give it a
	// context that is already cancelled so it reports the gate wait.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	if _, err := c.HTTP().Do(req); err == nil {
		t.Fatal("second request ran while the first body was open")
	}
	first.Body.Close()
	if _, _, err := get(t, c, context.Background(), srv.URL); err != nil {
		t.Fatalf("after Close: %v", err)
	}
	if s.Hits() != 2 {
		t.Errorf("hits = %d, want 2", s.Hits())
	}
}

func TestStatsSortedAndCounted(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 503}, {code: 200}}}
	srv := serve(t, s)
	host := hostOf(t, srv.URL)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {}, "zz.example": {}, "aa.example": {}}})
	if _, _, err := get(t, c, context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	stats := c.Stats()
	var hosts []string
	for _, s := range stats {
		hosts = append(hosts, s.Host)
	}
	want := []string{host, "aa.example", "zz.example"} // "127.0.0.1:…" sorts first
	if len(hosts) != 3 || hosts[0] != want[0] || hosts[1] != want[1] || hosts[2] != want[2] {
		t.Errorf("hosts = %v, want %v", hosts, want)
	}
	if st := statsFor(t, c, host); st.Requests != 2 || st.Retries != 1 || st.Busy < 0 {
		t.Errorf("stats = %+v, want 2 requests, 1 retry", st)
	}
	if st := statsFor(t, c, "aa.example"); st.Requests != 0 {
		t.Errorf("unused host stats = %+v", st)
	}
}
