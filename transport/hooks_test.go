package transport

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestOnWaitAndOnStopSeeEveryWaitAndTheStop: a progress view learns of each
// wait before it starts (with the server's Retry-After, or the backoff) and
// of the stop, once, with the StoppedError's reason.
func TestOnWaitAndOnStopSeeEveryWaitAndTheStop(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{
		{code: 429, header: map[string]string{"Retry-After": "30"}},
		{code: 503},
		{code: 429},
		{code: 429},
		{code: 429},
	}}
	srv := serve(t, s)
	host := hostOf(t, srv.URL)
	var mu sync.Mutex
	var events []string
	note := func(e string) {
		mu.Lock()
		events = append(events, e)
		mu.Unlock()
	}
	c := newClient(t, clock, Options{
		Hosts:       map[string]HostPolicy{host: {}},
		MaxAttempts: 10,
		OnWait: func(h string, d time.Duration, reason string) {
			if h != host {
				t.Errorf("OnWait host %q, want %q", h, host)
			}
			if reason == "Retry-After" {
				note(fmt.Sprintf("wait %s: %s", d, reason))
				return
			}
			note("wait: " + reason)
		},
		OnStop: func(h, reason string) { note("stop: " + reason) },
	})

	_, _, err := get(t, c, context.Background(), srv.URL+"/a")
	var stopped *StoppedError
	if !errors.As(err, &stopped) {
		t.Fatalf("err = %v, want *StoppedError", err)
	}
	if stopped.Code != 429 {
		t.Errorf("StoppedError.Code = %d, want 429", stopped.Code)
	}
	// A later request to the stopped host fails without a second OnStop.
	if _, _, err := get(t, c, context.Background(), srv.URL+"/b"); !errors.Is(err, ErrHostStopped) {
		t.Fatalf("second request: err = %v, want ErrHostStopped", err)
	}
	want := []string{
		"wait 30s: Retry-After",
		"wait: backoff after 503",
		"wait: backoff after 429",
		"wait: backoff after 429",
		"stop: answered 429 3 times in a row",
	}
	if fmt.Sprint(events) != fmt.Sprint(want) {
		t.Errorf("events:\n%q\nwant\n%q", events, want)
	}
}
