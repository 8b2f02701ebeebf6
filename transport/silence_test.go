package transport

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// silentServer stays silent on the requests for which hang returns true:
// it lets timeout pass on clock, which ends the client's attempt, and
// holds the request until the client gives up or the test ends. Other
// requests get 200 "ok". No real time passes, so a loaded machine cannot
// turn an answer into a silence or a silence into an answer.
func silentServer(t *testing.T, clock *fakeClock, timeout time.Duration, hang func(n int) bool) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hang(int(hits.Add(1))) {
			clock.Advance(timeout)
			select {
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		_, _ = w.Write([]byte("ok"))
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) }) // runs first: no handler outlives the test
	return srv, &hits
}

// TestSilentHostStopped: a host that does not answer within its timeout
// StopAfter attempts in a row fails the request that waited, naming the
// host and the wait, and is stopped so later requests do not wait again.
func TestSilentHostStopped(t *testing.T) {
	clock := newFakeClock()
	srv, hits := silentServer(t, clock, 30*time.Millisecond, func(int) bool { return true })
	host := hostOf(t, srv.URL)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {Timeout: 30 * time.Millisecond}}})

	_, _, err := get(t, c, context.Background(), srv.URL)
	var te *TimeoutError
	if !errors.As(err, &te) || te.Host != host || te.Body {
		t.Fatalf("err = %v, want a *TimeoutError for %s", err, host)
	}
	want := "giving up after 3 attempts: no answer from " + host + " within 30ms"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("err = %q, want it to contain %q", err, want)
	}
	if errors.Is(err, ErrHostStopped) {
		t.Error("the request that waited must fail with its silence, not as skipped")
	}
	stop := c.Stopped(host)
	if stop == nil || !strings.Contains(stop.Error(), "no answer within 30ms, 3 times in a row") {
		t.Fatalf("Stopped = %v, want the host stopped for its silence", stop)
	}
	_, _, err = get(t, c, context.Background(), srv.URL)
	if !errors.Is(err, ErrHostStopped) || hits.Load() != 3 {
		t.Errorf("after the stop: err %v, %d requests; want ErrHostStopped and no new request", err, hits.Load())
	}
}

// TestAnswerEndsSilentRun: silences separated by answers never add up to
// a stop.
func TestAnswerEndsSilentRun(t *testing.T) {
	clock := newFakeClock()
	srv, hits := silentServer(t, clock, 150*time.Millisecond, func(n int) bool { return n%3 != 0 }) // hang, hang, answer, …
	host := hostOf(t, srv.URL)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {Timeout: 150 * time.Millisecond}}})
	for i := range 2 {
		if _, body, err := get(t, c, context.Background(), srv.URL); err != nil || body != "ok" {
			t.Fatalf("request %d: %q, %v", i, body, err)
		}
	}
	if c.Stopped(host) != nil || hits.Load() != 6 {
		t.Errorf("stopped %v after %d requests; two silences then an answer must not stop a host", c.Stopped(host), hits.Load())
	}
}

// TestSilentBodiesStopHost: headers that come with a body that never
// finishes count as silences too.
func TestSilentBodiesStopHost(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte("{"))
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) })
	host := hostOf(t, srv.URL)
	clock := newFakeClock()
	c := newClient(t, clock, Options{Base: newLateBody(clock, 150*time.Millisecond),
		Hosts: map[string]HostPolicy{host: {Timeout: 150 * time.Millisecond}}})
	// The body is read within the attempt, so one request tries three
	// times; the third silence stops the host.
	_, _, err := get(t, c, context.Background(), srv.URL)
	var te *TimeoutError
	if !errors.As(err, &te) || !te.Body || !strings.Contains(err.Error(), "giving up after 3 attempts: answer from "+host+" not complete within 150ms") {
		t.Fatalf("err = %v, want a body *TimeoutError naming %s after 3 attempts", err, host)
	}
	if c.Stopped(host) == nil {
		t.Error("three unfinished bodies in a row did not stop the host")
	}
}
