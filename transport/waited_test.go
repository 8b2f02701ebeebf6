package transport

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// A host's time counts every attempt and the waits before its retries:
// four 503s answered in 4 ms each, retried after 1 s, 2 s and 4 s of
// backoff, once read as 16 ms spent on the host.
func TestStatsCountTheWaitsBeforeRetries(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 503}, {code: 503}, {code: 503}, {code: 200, body: "ok"}}}
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		clock.Advance(4 * time.Millisecond) // the service's time to answer
		s.ServeHTTP(w, r)
	})
	srv := httptest.NewServer(slow)
	t.Cleanup(srv.Close)
	host := hostOf(t, srv.URL)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {}}})

	if _, body, err := get(t, c, context.Background(), srv.URL+"/works/1"); err != nil || body != "ok" {
		t.Fatalf("got %q, %v; want ok", body, err)
	}
	var slept time.Duration
	for _, d := range clock.Sleeps() {
		slept += d
	}
	st := statsFor(t, c, host)
	if st.Requests != 4 || st.Retries != 3 {
		t.Fatalf("stats = %+v, want 4 requests, 3 retries", st)
	}
	if st.Busy != 16*time.Millisecond {
		t.Errorf("busy = %v, want the four attempts' 16ms", st.Busy)
	}
	if st.Waited != slept || slept < 3500*time.Millisecond {
		t.Errorf("waited = %v, want the %v slept before the three retries (at least half of 1s+2s+4s)", st.Waited, slept)
	}
}

// A wait cut short by the end of the run counts only as far as it went.
func TestStatsCountACancelledWaitAsFarAsItWent(t *testing.T) {
	clock := newFakeClock()
	clock.sleeping = make(chan time.Duration)
	srv := serve(t, &script{steps: []step{{code: 503}}})
	host := hostOf(t, srv.URL)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {}}})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	done := make(chan error, 1)
	go func() {
		_, _, err := get(t, c, ctx, srv.URL+"/works/1")
		done <- err
	}()
	<-clock.sleeping // waiting to retry
	clock.Advance(300 * time.Millisecond)
	cancel()
	if err := <-done; err == nil {
		t.Fatal("a cancelled request succeeded")
	}
	if st := statsFor(t, c, host); st.Waited != 300*time.Millisecond {
		t.Errorf("waited = %v, want the 300ms that passed before the cancel", st.Waited)
	}
}
