package transport

import (
	"context"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		value  string
		want   time.Duration
		wantOK bool
	}{
		{"empty", "", 0, false},
		{"blank", "   ", 0, false},
		{"seconds", "120", 120 * time.Second, true},
		{"seconds with spaces", " 7 ", 7 * time.Second, true},
		{"zero", "0", 0, true},
		{"huge seconds", "99999999999999999999", time.Duration(1<<63 - 1), true},
		{"date", now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{"rfc850 date", now.Add(time.Hour).Format("Monday, 02-Jan-06 15:04:05 GMT"), time.Hour, true},
		{"past date", now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
		{"negative", "-5", 0, false},
		{"plus sign", "+5", 0, false},
		{"fraction", "1.5", 0, false},
		{"garbage", "soon", 0, false},
		{"bad date", "Mon, 32 Foo 2025 99:00:00 GMT", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := parseRetryAfter(tt.value, now)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("parseRetryAfter(%q) = %v, %v; want %v, %v", tt.value, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestBackoffIsExponentialWithEqualJitterAndCapped(t *testing.T) {
	c := New(Options{MaxWait: 10 * time.Second, Clock: newFakeClock(), Seed: 3})
	h := c.host("example.org")
	for attempt, step := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 4: 8 * time.Second, 5: 10 * time.Second, 60: 10 * time.Second} {
		for range 200 {
			within(t, "backoff", c.backoff(h, attempt), step/2, step)
		}
	}
}

func TestRetry429Then503Then200(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{
		{code: 429, header: map[string]string{"Retry-After": "2"}},
		{code: 503},
		{code: 200, body: "ok"},
	}}
	srv := serve(t, s)
	host := hostOf(t, srv.URL)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {}}})

	resp, body, err := get(t, c, context.Background(), srv.URL+"/works/1")
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || body != "ok" {
		t.Fatalf("got %d %q, want 200 ok", resp.StatusCode, body)
	}
	if s.Hits() != 3 {
		t.Errorf("attempts = %d, want 3", s.Hits())
	}
	sleeps := clock.Sleeps()
	if len(sleeps) != 2 {
		t.Fatalf("sleeps = %v, want 2", sleeps)
	}
	if sleeps[0] != 2*time.Second {
		t.Errorf("first sleep = %v, want the Retry-After of 2s", sleeps[0])
	}
	within(t, "second sleep (backoff after attempt 2)", sleeps[1], time.Second, 2*time.Second)
	st := statsFor(t, c, host)
	if st.Requests != 3 || st.Retries != 2 || st.Stopped {
		t.Errorf("stats = %+v, want 3 requests, 2 retries, not stopped", st)
	}
}

func TestRetryAfterDateHonoured(t *testing.T) {
	clock := newFakeClock()
	at := clock.Now().Add(30 * time.Second).Format(http.TimeFormat)
	s := &script{steps: []step{{code: 429, header: map[string]string{"Retry-After": at}}, {code: 200}}}
	srv := serve(t, s)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {}}})

	if _, _, err := get(t, c, context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	if got := clock.Sleeps(); len(got) != 1 || got[0] != 30*time.Second {
		t.Errorf("sleeps = %v, want [30s]", got)
	}
}

func TestRetryAfterBeyondCapStopsHost(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 429, header: map[string]string{"Retry-After": "54000"}}, {code: 200}}}
	srv := serve(t, s)
	host := hostOf(t, srv.URL)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {}}})

	_, _, err := get(t, c, context.Background(), srv.URL+"/a")
	var stopped *StoppedError
	if !errors.As(err, &stopped) || !errors.Is(err, ErrHostStopped) {
		t.Fatalf("err = %v, want *StoppedError", err)
	}
	const reason = "429 with Retry-After 15h0m0s, past the 2m0s cap"
	if stopped.Host != host || stopped.Reason != reason {
		t.Errorf("stopped = %+v, want host %s, reason %q", stopped, host, reason)
	}
	if got := clock.Sleeps(); len(got) != 0 {
		t.Errorf("sleeps = %v, want none", got)
	}

	// Later requests fail at once, without reaching the server.
	_, _, err = get(t, c, context.Background(), srv.URL+"/b")
	if !errors.Is(err, ErrHostStopped) {
		t.Fatalf("second err = %v, want ErrHostStopped", err)
	}
	if s.Hits() != 1 {
		t.Errorf("hits = %d, want 1", s.Hits())
	}
	if err := c.Stopped(host); !errors.Is(err, ErrHostStopped) {
		t.Errorf("Stopped(%s) = %v", host, err)
	}
	if err := c.Stopped("elsewhere.example"); err != nil {
		t.Errorf("Stopped(elsewhere) = %v, want nil", err)
	}
	st := statsFor(t, c, host)
	if !st.Stopped || st.StopReason != reason || st.Requests != 1 || st.Retries != 0 {
		t.Errorf("stats = %+v", st)
	}
}

func TestConsecutiveSlowDownStopsHost(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 429}}}
	srv := serve(t, s)
	host := hostOf(t, srv.URL)
	c := newClient(t, clock, Options{MaxAttempts: 5, Hosts: map[string]HostPolicy{host: {}}})

	_, _, err := get(t, c, context.Background(), srv.URL)
	var stopped *StoppedError
	if !errors.As(err, &stopped) || stopped.Reason != "answered 429 3 times in a row" {
		t.Fatalf("err = %v, want stopped after 3 in a row", err)
	}
	if s.Hits() != 3 {
		t.Errorf("hits = %d, want 3", s.Hits())
	}
	sleeps := clock.Sleeps()
	if len(sleeps) != 2 {
		t.Fatalf("sleeps = %v, want 2 backoffs", sleeps)
	}
	within(t, "backoff 1", sleeps[0], 500*time.Millisecond, time.Second)
	within(t, "backoff 2", sleeps[1], time.Second, 2*time.Second)
}

func TestSlowDownRunSpansRequests(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 429}, {code: 429}, {code: 429}}}
	srv := serve(t, s)
	c := newClient(t, clock, Options{MaxAttempts: 2, Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {}}})

	_, _, err := get(t, c, context.Background(), srv.URL)
	var se *StatusError
	if !errors.As(err, &se) || se.Code != 429 || se.Attempts != 2 {
		t.Fatalf("first err = %v, want StatusError 429 after 2 attempts", err)
	}
	_, _, err = get(t, c, context.Background(), srv.URL)
	if !errors.Is(err, ErrHostStopped) {
		t.Fatalf("second err = %v, want the third 429 in a row to stop the host", err)
	}
}

func TestSuccessEndsSlowDownRun(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 429}, {code: 429}, {code: 200}, {code: 429}, {code: 429}, {code: 200}}}
	srv := serve(t, s)
	host := hostOf(t, srv.URL)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {}}})
	for i := range 2 {
		if _, _, err := get(t, c, context.Background(), srv.URL); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	if err := c.Stopped(host); err != nil {
		t.Errorf("host stopped after only 2 slow-downs in a row: %v", err)
	}
}

func TestDeclaredSlowDownStatus(t *testing.T) {
	tests := []struct {
		name     string
		slowDown []int
		code     int
		wantHits int
		stopped  bool
	}{
		{"403 declared slow-down is retried and stops the host", []int{403}, 403, 3, true},
		{"403 not declared is returned at once", nil, 403, 1, false},
		{"503 declared slow-down stops the host", []int{503}, 503, 3, true},
		{"503 not declared is retried to the end", nil, 503, 4, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := newFakeClock()
			s := &script{steps: []step{{code: tt.code}}}
			srv := serve(t, s)
			host := hostOf(t, srv.URL)
			c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {SlowDown: tt.slowDown}}})
			_, _, err := get(t, c, context.Background(), srv.URL)
			if s.Hits() != tt.wantHits {
				t.Errorf("hits = %d, want %d", s.Hits(), tt.wantHits)
			}
			if got := errors.Is(err, ErrHostStopped); got != tt.stopped {
				t.Errorf("stopped = %v (err %v), want %v", got, err, tt.stopped)
			}
		})
	}
}

func TestNonRetryableStatusesReturnedAsResponses(t *testing.T) {
	for _, code := range []int{200, 204, 304, 400, 401, 403, 404, 410, 501} {
		t.Run(http.StatusText(code), func(t *testing.T) {
			clock := newFakeClock()
			s := &script{steps: []step{{code: code}, {code: 200}}}
			srv := serve(t, s)
			c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {}}})
			resp, _, err := get(t, c, context.Background(), srv.URL)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != code || s.Hits() != 1 || len(clock.Sleeps()) != 0 {
				t.Errorf("status %d after %d hits, sleeps %v; want %d after 1 hit, no sleeps",
					resp.StatusCode, s.Hits(), clock.Sleeps(), code)
			}
		})
	}
}

func TestRetriesExhaustedGiveStatusError(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 500}}}
	srv := serve(t, s)
	host := hostOf(t, srv.URL)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {Credential: &Credential{Query: "api_key", Value: "K"}}}})

	_, _, err := get(t, c, context.Background(), srv.URL+"/works/1?api_key=K&q=x")
	var se *StatusError
	if !errors.As(err, &se) {
		t.Fatalf("err = %v, want *StatusError", err)
	}
	want := StatusError{Method: "GET", URL: srv.URL + "/works/1?q=x", Host: host, Code: 500, Attempts: 4}
	if *se != want {
		t.Errorf("StatusError = %+v, want %+v", *se, want)
	}
	if msg := se.Error(); msg != "GET "+srv.URL+"/works/1?q=x giving up after 4 attempts: 500 Internal Server Error" {
		t.Errorf("message = %q", msg)
	}
	// The outer *url.Error from http.Client quotes the caller's own URL,
	// which is why callers leave credentials to the transport.
	if strings.Contains(se.Error(), "api_key") {
		t.Errorf("StatusError leaks the credential: %v", se)
	}
	sleeps := clock.Sleeps()
	if len(sleeps) != 3 {
		t.Fatalf("sleeps = %v, want 3", sleeps)
	}
	for i, step := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} {
		within(t, "backoff", sleeps[i], step/2, step)
	}
	if st := statsFor(t, c, host); st.Requests != 4 || st.Retries != 3 || st.Stopped {
		t.Errorf("stats = %+v", st)
	}
}

func TestRetryAfterPushesBackNextRequest(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 429, header: map[string]string{"Retry-After": "10"}}, {code: 200}}, clock: clock}
	srv := serve(t, s)
	c := newClient(t, clock, Options{MaxAttempts: 1, Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {}}})

	if _, _, err := get(t, c, context.Background(), srv.URL); !errors.As(err, new(*StatusError)) {
		t.Fatalf("first err = %v, want StatusError", err)
	}
	if _, _, err := get(t, c, context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	if got := clock.Sleeps(); len(got) != 1 || got[0] != 10*time.Second {
		t.Errorf("sleeps = %v, want the next request to wait the 10s asked for", got)
	}
	if gap := s.starts[1].Sub(s.starts[0]); gap != 10*time.Second {
		t.Errorf("gap between requests = %v, want 10s", gap)
	}
}

func TestNetworkErrorsRetried(t *testing.T) {
	clock := newFakeClock()
	// Accepts the connection and closes it unanswered: a reset, not a refusal.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			_ = conn.Close()
		}
	}))
	t.Cleanup(srv.Close)
	host := hostOf(t, srv.URL)

	c := newClient(t, clock, Options{MaxAttempts: 3, Hosts: map[string]HostPolicy{host: {}}})
	_, _, err := get(t, c, context.Background(), srv.URL)
	if err == nil || !strings.Contains(err.Error(), "giving up after 3 attempts") {
		t.Fatalf("err = %v, want giving up after 3 attempts", err)
	}
	if st := statsFor(t, c, host); st.Requests != 3 || st.Retries != 2 || st.Stopped {
		t.Errorf("stats = %+v, want 3 requests, 2 retries, not stopped", st)
	}
}

// TestUnreachableHostStoppedAtOnce: a refused connection is not retried:
// the host is stopped for the run after one attempt, the request fails
// with the refusal, and later requests fail at once without a dial.
func TestUnreachableHostStoppedAtOnce(t *testing.T) {
	clock := newFakeClock()
	srv := httptest.NewServer(http.NotFoundHandler())
	dead := srv.URL
	host := hostOf(t, dead)
	srv.Close() // nothing listens there any more: connection refused

	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {}}})
	_, _, err := get(t, c, context.Background(), dead)
	if !errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, ErrHostStopped) {
		t.Fatalf("err = %v, want the refusal itself", err)
	}
	_, _, err = get(t, c, context.Background(), dead)
	if !errors.Is(err, ErrHostStopped) {
		t.Fatalf("second err = %v, want ErrHostStopped", err)
	}
	st := statsFor(t, c, host)
	if st.Requests != 1 || st.Retries != 0 || !st.Stopped || !st.Unreachable || !strings.Contains(st.StopReason, "cannot reach it") {
		t.Errorf("stats = %+v, want 1 request, stopped as unreachable", st)
	}
	if len(clock.Sleeps()) != 0 {
		t.Errorf("sleeps = %v, want no backoff for an unreachable host", clock.Sleeps())
	}
}

// TestCutOffAnswerRetried: a 200 whose body breaks off (fewer bytes than
// its Content-Length) is retried within the same request, and the caller
// gets the next, whole answer.
func TestCutOffAnswerRetried(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			w.Header().Set("Content-Length", "100")
			_, _ = w.Write([]byte(`{"cut":`))
			return // the server closes the connection short of 100 bytes
		}
		_, _ = w.Write([]byte(`{"whole":true}`))
	}))
	t.Cleanup(srv.Close)
	host := hostOf(t, srv.URL)
	c := newClient(t, newFakeClock(), Options{Hosts: map[string]HostPolicy{host: {}}})
	_, body, err := get(t, c, context.Background(), srv.URL)
	if err != nil || body != `{"whole":true}` {
		t.Fatalf("body %q, err %v; want the whole second answer", body, err)
	}
	if st := statsFor(t, c, host); st.Requests != 2 || st.Retries != 1 || st.Answers != 1 {
		t.Errorf("stats = %+v, want 2 requests, 1 retry, 1 answer", st)
	}
}

// TestCutOffAnswerNamedWhenItPersists: an answer that breaks off every
// time fails after the attempts, saying what happened.
func TestCutOffAnswerNamedWhenItPersists(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "100")
		_, _ = w.Write([]byte(`{"cut":`))
	}))
	t.Cleanup(srv.Close)
	host := hostOf(t, srv.URL)
	c := newClient(t, newFakeClock(), Options{MaxAttempts: 2, Hosts: map[string]HostPolicy{host: {}}})
	_, _, err := get(t, c, context.Background(), srv.URL)
	var be *BodyError
	if !errors.As(err, &be) || !strings.Contains(err.Error(), "giving up after 2 attempts: answer broke off while being read: unexpected EOF") {
		t.Fatalf("err = %v, want a named broken-off answer after 2 attempts", err)
	}
}

func TestCertificateErrorsNotRetried(t *testing.T) {
	clock := newFakeClock()
	srv := httptest.NewUnstartedServer(http.NotFoundHandler())
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the failed handshake is expected
	srv.StartTLS()
	t.Cleanup(srv.Close)
	host := hostOf(t, srv.URL)
	// The default Base does not trust httptest's certificate.
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {}}})
	_, _, err := get(t, c, context.Background(), srv.URL)
	if err == nil {
		t.Fatal("want a certificate error")
	}
	if st := statsFor(t, c, host); st.Requests != 1 || st.Retries != 0 {
		t.Errorf("stats = %+v, want a single attempt; err %v", st, err)
	}
}

func TestTimeoutRetriedThenGivesUp(t *testing.T) {
	clock := newFakeClock()
	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		clock.Advance(50 * time.Millisecond) // the host stays silent past the attempt's timeout
		select {
		case <-block:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(block) }) // runs before srv.Close
	host := hostOf(t, srv.URL)
	c := newClient(t, clock, Options{MaxAttempts: 2, Hosts: map[string]HostPolicy{host: {Timeout: 50 * time.Millisecond}}})

	_, _, err := get(t, c, context.Background(), srv.URL)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "giving up after 2 attempts") {
		t.Fatalf("err = %v, want a deadline error after 2 attempts", err)
	}
	if st := statsFor(t, c, host); st.Requests != 2 || st.Retries != 1 {
		t.Errorf("stats = %+v, want 2 requests, 1 retry", st)
	}
}

func TestTimeoutCoversBodyRead(t *testing.T) {
	clock := newFakeClock()
	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(200)
		_, _ = w.Write([]byte("partial"))
		w.(http.Flusher).Flush()
		select {
		case <-block:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(block) })
	c := newClient(t, clock, Options{Base: newLateBody(clock, 50*time.Millisecond),
		Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {Timeout: 50 * time.Millisecond}}})

	_, _, err := get(t, c, context.Background(), srv.URL)
	var te *TimeoutError
	if !errors.Is(err, context.DeadlineExceeded) || !errors.As(err, &te) || !te.Body {
		t.Fatalf("body read err = %v, want a body timeout (deadline exceeded)", err)
	}
}

// TestRealClocksTimeAttempts: the real clock times attempts, and so does a
// Clock that cannot (InstantClock, falling back to real timers). The host
// never answers, so a slow machine can only make the test slower.
func TestRealClocksTimeAttempts(t *testing.T) {
	for name, clock := range map[string]Clock{"system": SystemClock(), "instant": InstantClock()} {
		t.Run(name, func(t *testing.T) {
			srv, _ := silentServer(t, newFakeClock(), 0, func(int) bool { return true })
			c := New(Options{Clock: clock, Seed: 1, MaxAttempts: 1, Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {Timeout: time.Millisecond}}})
			_, _, err := get(t, c, context.Background(), srv.URL)
			var te *TimeoutError
			if !errors.As(err, &te) || te.Body {
				t.Fatalf("err = %v, want a *TimeoutError", err)
			}
		})
	}
}

func TestCancelDuringRetryAfterWait(t *testing.T) {
	clock := newFakeClock()
	clock.sleeping = make(chan time.Duration)
	s := &script{steps: []step{{code: 429, header: map[string]string{"Retry-After": "30"}}, {code: 200}}}
	srv := serve(t, s)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {}}})

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, _, err := get(t, c, ctx, srv.URL)
		done <- err
	}()
	if d := wait(t, clock.sleeping, "the Retry-After wait"); d != 30*time.Second {
		t.Errorf("waiting %v, want 30s", d)
	}
	cancel()
	if err := wait(t, done, "the cancelled request"); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if s.Hits() != 1 {
		t.Errorf("hits = %d, want 1", s.Hits())
	}
}

func TestCancelledContextSendsNothing(t *testing.T) {
	s := &script{steps: []step{{code: 200}}}
	srv := serve(t, s)
	c := newClient(t, newFakeClock(), Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := get(t, c, ctx, srv.URL); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if s.Hits() != 0 {
		t.Errorf("hits = %d, want 0", s.Hits())
	}
}

func TestRequestBodyResentOnRetry(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 503}, {code: 200}}}
	srv := serve(t, s)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {}}})
	req, err := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(`{"q":1}`))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.HTTP().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if len(s.bodies) != 2 || s.bodies[0] != `{"q":1}` || s.bodies[1] != `{"q":1}` {
		t.Errorf("server saw bodies %q, want the same body twice", s.bodies)
	}
}

func TestStoppedErrorIs(t *testing.T) {
	err := error(&StoppedError{Host: "api.openalex.org", Reason: "answered 429 3 times in a row"})
	if !errors.Is(err, ErrHostStopped) {
		t.Error("StoppedError does not match ErrHostStopped")
	}
	if got, want := err.Error(), "host api.openalex.org stopped for this run: answered 429 3 times in a row"; got != want {
		t.Errorf("message = %q, want %q", got, want)
	}
}

// TestJitterIsPerHost pins what makes a seeded run repeat at any -j: a
// host's waits depend on the seed and its own draws only, not on what
// other hosts drew in between.
func TestJitterIsPerHost(t *testing.T) {
	alone := New(Options{Clock: newFakeClock(), Seed: 7})
	mixed := New(Options{Clock: newFakeClock(), Seed: 7})
	a, b, other := alone.host("one.example"), mixed.host("one.example"), mixed.host("two.example")
	for attempt := 1; attempt <= 6; attempt++ {
		mixed.backoff(other, attempt)
		if x, y := alone.backoff(a, attempt), mixed.backoff(b, attempt); x != y {
			t.Fatalf("attempt %d: %v alone, %v with another host drawing; want the same", attempt, x, y)
		}
	}
	seven, eight := New(Options{Clock: newFakeClock(), Seed: 7}), New(Options{Clock: newFakeClock(), Seed: 8})
	if seven.backoff(seven.host("one.example"), 6) == eight.backoff(eight.host("one.example"), 6) {
		t.Error("seeds 7 and 8 drew the same wait; the seed is not used")
	}
}
