package transport

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/fakenet"
)

// wireSim is the answer of a network on a fakeClock (a fakenet responder,
// whose timing is the point): a request
// on a new connection first spends a dial and TLS handshake, then reaches
// the server (its arrival is what the server's rate limit measures), is
// written (httptrace WroteRequest, as net/http reports it), and is answered
// after a service time with a status drawn from the seeded source: mostly
// 200, some 5xx, some 429 with or without Retry-After.
type wireSim struct {
	clock    *fakeClock
	mu       sync.Mutex
	rnd      *rand.Rand
	open     map[string]bool        // host has a kept-alive connection
	arrivals map[string][]time.Time // per host, in arrival order
}

// simAnswer is one drawn answer and the delays around it.
type simAnswer struct {
	handshake, service time.Duration
	code               int
	retryAfter         string
}

func (w *wireSim) draw(host string) simAnswer {
	w.mu.Lock()
	defer w.mu.Unlock()
	var a simAnswer
	if !w.open[host] || w.rnd.IntN(6) == 0 { // a fresh or dropped connection
		a.handshake = time.Duration(w.rnd.IntN(250)) * time.Millisecond
	}
	w.open[host] = true
	a.service = time.Duration(w.rnd.IntN(400_000)) * time.Microsecond
	switch n := w.rnd.IntN(20); {
	case n < 13:
		a.code = http.StatusOK
	case n < 15:
		a.code = http.StatusServiceUnavailable
	case n == 15:
		a.code = http.StatusBadGateway
	case n == 16:
		a.code, a.retryAfter = http.StatusInternalServerError, "0"
	case n == 17:
		a.code = http.StatusTooManyRequests
	default:
		a.code, a.retryAfter = http.StatusTooManyRequests, "1"
	}
	return a
}

func (w *wireSim) answer(r *http.Request) (*http.Response, error) {
	a := w.draw(r.URL.Host)
	w.clock.Advance(a.handshake)
	w.mu.Lock()
	w.arrivals[r.URL.Host] = append(w.arrivals[r.URL.Host], w.clock.Now())
	w.mu.Unlock()
	if tr := httptrace.ContextClientTrace(r.Context()); tr != nil && tr.WroteRequest != nil {
		tr.WroteRequest(httptrace.WroteRequestInfo{})
	}
	w.clock.Advance(a.service)
	h := http.Header{}
	if a.retryAfter != "" {
		h.Set("Retry-After", a.retryAfter)
	}
	return &http.Response{StatusCode: a.code, Header: h, Body: io.NopCloser(strings.NewReader("ok")), Request: r}, nil
}

// TestPacingNeverBelowInterval is the property that a host's rate limit
// sees: over many seeded runs of concurrent requests to several hosts, with
// handshakes, 5xx backoff, 429s and Retry-After, the gap between two
// arrivals at one host is never below that host's MinInterval.
func TestPacingNeverBelowInterval(t *testing.T) {
	intervals := map[string]time.Duration{
		"api.datacite.org":        600 * time.Millisecond,
		"api.semanticscholar.org": time.Second,
		"api.crossref.org":        time.Second,
		"pub.orcid.org":           250 * time.Millisecond,
	}
	var arrivals, retries int
	for seed := uint64(1); seed <= 150; seed++ {
		clock := newFakeClock()
		sim := &wireSim{clock: clock, rnd: rand.New(rand.NewPCG(seed, 23)), open: map[string]bool{}, arrivals: map[string][]time.Time{}}
		hosts := map[string]HostPolicy{}
		for h, d := range intervals {
			hosts[h] = HostPolicy{MinInterval: d, SlowDown: []int{http.StatusServiceUnavailable}}
		}
		net := fakenet.New(t)
		net.Register(fakenet.Any, sim.answer)
		c := newClient(t, clock, Options{Base: net, Hosts: hosts, Seed: seed, StopAfter: 1000})
		runPaced(t, c, seed, intervals)
		for _, st := range c.Stats() {
			retries += st.Retries
		}
		for host, ts := range sim.arrivals {
			arrivals += len(ts)
			for i := 1; i < len(ts); i++ {
				if gap := ts[i].Sub(ts[i-1]); gap < intervals[host] {
					t.Fatalf("seed %d: %s: arrival %d came %v after the one before, want >= %v", seed, host, i, gap, intervals[host])
				}
			}
		}
	}
	// The property is only worth as much as the faults it went through.
	if arrivals < 150*48 || retries < arrivals/5 {
		t.Errorf("%d arrivals with %d retries: the runs did not exercise retries", arrivals, retries)
	}
	t.Logf("%d arrivals, %d of them retries, none closer than its host's interval", arrivals, retries)
}

// runPaced sends 12 requests to each host from 3 workers at once.
func runPaced(t *testing.T, c *Client, seed uint64, intervals map[string]time.Duration) {
	t.Helper()
	jobs := make(chan string)
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range jobs {
				req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, u, nil)
				if err != nil {
					t.Error(err)
					continue
				}
				if resp, err := c.Do(req); err == nil {
					resp.Body.Close()
				}
			}
		}()
	}
	for i := range 12 {
		for host := range intervals {
			jobs <- fmt.Sprintf("https://%s/works/%d-%d", host, seed, i)
		}
	}
	close(jobs)
	wg.Wait()
}

// TestPacingCountsTheDial holds the same through net/http itself: the first
// request spends 150 ms dialling after it left the pacer, and the second,
// on the kept-alive connection, must still reach the server a whole
// MinInterval after the first did.
func TestPacingCountsTheDial(t *testing.T) {
	clock := newFakeClock()
	var mu sync.Mutex
	var arrivals []time.Time
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		arrivals = append(arrivals, clock.Now())
		mu.Unlock()
		_, _ = io.WriteString(w, "ok")
	}))
	t.Cleanup(srv.Close)
	base := http.DefaultTransport.(*http.Transport).Clone()
	var d net.Dialer
	base.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		clock.Advance(150 * time.Millisecond)
		return d.DialContext(ctx, network, addr)
	}
	const interval = 600 * time.Millisecond
	c := newClient(t, clock, Options{Base: base, Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {MinInterval: interval}}})
	for range 3 {
		if _, _, err := get(t, c, context.Background(), srv.URL); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i < len(arrivals); i++ {
		if gap := arrivals[i].Sub(arrivals[i-1]); gap < interval {
			t.Errorf("request %d reached the server %v after the one before, want >= %v", i, gap, interval)
		}
	}
}
