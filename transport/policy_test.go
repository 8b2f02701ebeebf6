package transport

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"
)

// permanentErr is a failure that declares no attempt can fix it.
type permanentErr struct{}

func (permanentErr) Error() string   { return "no such identifier scheme" }
func (permanentErr) Permanent() bool { return true }

// fakeClassify stands in for a service like OpenAlex, whose 403 means either
// "slow down" or "this request is malformed", told apart by the body.
func fakeClassify(code int, _ http.Header, body []byte) Class {
	switch {
	case code == http.StatusForbidden && strings.Contains(string(body), "Invalid query"):
		return ClassRequestProblem
	case code == http.StatusTeapot:
		return ClassRetry
	}
	return ClassDefault
}

func TestDecide(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	// A fixed backoff, distinct per attempt, so each row says which wait it got.
	policy := retryPolicy{
		maxAttempts: 4,
		maxWait:     2 * time.Minute,
		stopAfter:   3,
		backoff:     func(attempt int) time.Duration { return time.Duration(attempt) * 10 * time.Second },
	}
	openAlex := policy
	openAlex.slowDown = []int{403}
	openAlex.classify = fakeClassify
	orcid := policy
	orcid.slowDown = []int{503}

	answer := func(code int, header ...string) *http.Response {
		h := http.Header{}
		for i := 0; i+1 < len(header); i += 2 {
			h.Set(header[i], header[i+1])
		}
		return &http.Response{StatusCode: code, Header: h}
	}
	refused := fmt.Errorf("dial tcp: %w", syscall.ECONNREFUSED)
	reset := fmt.Errorf("read tcp: %w", syscall.ECONNRESET)
	noDNS := fmt.Errorf("dial tcp: %w", &net.DNSError{Err: "no such host", Name: "h", IsNotFound: true})
	silence := &TimeoutError{Host: "h", After: time.Second, Err: context.DeadlineExceeded}
	stopped := &StoppedError{Host: "h", Reason: "answered 429 3 times in a row"}

	type want struct {
		action   action
		wait     time.Duration
		reason   string
		pushBack bool
		slowRun  int
		errIs    error  // errors.Is target, if any
		errMsg   string // exact message, if any
	}
	tests := []struct {
		name   string
		policy retryPolicy
		o      outcome
		want   want
	}{
		// Failures without an answer.
		{"connection error is retried with backoff", policy,
			outcome{attempt: 1, err: reset, slowRun: 2},
			want{action: actRetry, wait: 10 * time.Second, reason: "backoff after a network error", slowRun: 2}},
		{"connection error on the last attempt gives up, naming it", policy,
			outcome{attempt: 4, err: reset},
			want{action: actGiveUp, errIs: syscall.ECONNRESET,
				errMsg: "GET https://h/x giving up after 4 attempts: read tcp: connection reset by peer"}},
		{"refused connection stops the host at once", policy,
			outcome{attempt: 1, err: refused, slowRun: 2},
			want{action: actStopHost, errIs: syscall.ECONNREFUSED, reason: "cannot reach it: dial tcp: connection refused", slowRun: 2}},
		{"failed DNS lookup stops the host at once", policy,
			outcome{attempt: 1, err: noDNS},
			want{action: actStopHost, reason: "cannot reach it: dial tcp: lookup h: no such host"}},
		{"an answer cut off is retried", policy,
			outcome{attempt: 1, err: &BodyError{Err: io.ErrUnexpectedEOF}},
			want{action: actRetry, wait: 10 * time.Second, reason: "backoff after a network error"}},
		{"an answer past the size cap is not retried", policy,
			outcome{attempt: 1, err: &BodyError{Err: ErrTooLarge}},
			want{action: actGiveUp, errIs: ErrTooLarge}},
		{"timeout is retried", policy,
			outcome{attempt: 2, err: silence},
			want{action: actRetry, wait: 20 * time.Second, reason: "backoff after a network error"}},
		{"timeout that stopped the host gives up at once", policy,
			outcome{attempt: 1, err: silence, stopped: true},
			want{action: actGiveUp, errIs: context.DeadlineExceeded,
				errMsg: "GET https://h/x giving up after 1 attempt: no answer from h within 1s"}},
		{"host stopped meanwhile is passed on as it is", policy,
			outcome{attempt: 1, err: stopped},
			want{action: actGiveUp, errIs: ErrHostStopped, errMsg: stopped.Error()}},
		{"permanent error is not retried", policy,
			outcome{attempt: 1, err: fmt.Errorf("wrapped: %w", permanentErr{})},
			want{action: actGiveUp, errMsg: "wrapped: no such identifier scheme"}},
		{"certificate error is not retried", policy,
			outcome{attempt: 1, err: x509.UnknownAuthorityError{}},
			want{action: actGiveUp, errIs: x509.UnknownAuthorityError{}}},
		{"context cancelled gives up with the context's error", policy,
			outcome{attempt: 1, err: refused, ctxErr: context.Canceled},
			want{action: actGiveUp, errIs: context.Canceled, errMsg: "context canceled"}},

		// Answers handed to the caller.
		{"200 is returned and ends a slow-down run", policy,
			outcome{attempt: 1, resp: answer(200), slowRun: 2},
			want{action: actReturn}},
		{"404 is not retried", policy,
			outcome{attempt: 1, resp: answer(404)},
			want{action: actReturn}},
		{"400 is not retried", policy,
			outcome{attempt: 1, resp: answer(400)},
			want{action: actReturn}},
		{"403 not declared slow-down is not retried", policy,
			outcome{attempt: 1, resp: answer(403)},
			want{action: actReturn}},
		{"501 will not change", policy,
			outcome{attempt: 1, resp: answer(501)},
			want{action: actReturn}},

		// Retried answers.
		{"500 is retried and ends a slow-down run", policy,
			outcome{attempt: 1, resp: answer(500), slowRun: 2},
			want{action: actRetry, wait: 10 * time.Second, reason: "backoff after 500"}},
		{"502 is retried", policy,
			outcome{attempt: 2, resp: answer(502)},
			want{action: actRetry, wait: 20 * time.Second, reason: "backoff after 502"}},
		{"408 is retried", policy,
			outcome{attempt: 1, resp: answer(408)},
			want{action: actRetry, wait: 10 * time.Second, reason: "backoff after 408"}},
		{"503 with Retry-After pushes the host back", policy,
			outcome{attempt: 1, resp: answer(503, "Retry-After", "5")},
			want{action: actRetry, wait: 5 * time.Second, reason: "Retry-After", pushBack: true}},
		{"5xx on the last attempt gives a StatusError", policy,
			outcome{attempt: 4, resp: answer(503)},
			want{action: actGiveUp, wait: 40 * time.Second, reason: "backoff after 503",
				errMsg: "GET https://h/x giving up after 4 attempts: 503 Service Unavailable"}},

		// Slow-downs.
		{"429 without Retry-After backs off and pushes the host back", policy,
			outcome{attempt: 1, resp: answer(429)},
			want{action: actRetry, wait: 10 * time.Second, reason: "backoff after 429", pushBack: true, slowRun: 1}},
		{"429 with Retry-After seconds", policy,
			outcome{attempt: 1, resp: answer(429, "Retry-After", "7")},
			want{action: actRetry, wait: 7 * time.Second, reason: "Retry-After", pushBack: true, slowRun: 1}},
		{"429 with Retry-After date", policy,
			outcome{attempt: 1, resp: answer(429, "Retry-After", now.Add(30*time.Second).Format(http.TimeFormat))},
			want{action: actRetry, wait: 30 * time.Second, reason: "Retry-After", pushBack: true, slowRun: 1}},
		{"429 with Retry-After date in the past retries at once", policy,
			outcome{attempt: 1, resp: answer(429, "Retry-After", now.Add(-time.Hour).Format(http.TimeFormat))},
			want{action: actRetry, wait: 0, reason: "Retry-After", pushBack: true, slowRun: 1}},
		{"429 with unreadable Retry-After falls back to backoff", policy,
			outcome{attempt: 1, resp: answer(429, "Retry-After", "soon")},
			want{action: actRetry, wait: 10 * time.Second, reason: "backoff after 429", pushBack: true, slowRun: 1}},
		{"429 with Retry-After beyond the cap stops the host", policy,
			outcome{attempt: 1, resp: answer(429, "Retry-After", "54000")},
			want{action: actStopHost, reason: "429 with Retry-After 15h0m0s, past the 2m0s cap", slowRun: 1}},
		{"503 with Retry-After beyond the cap stops the host too", policy,
			outcome{attempt: 1, resp: answer(503, "Retry-After", "3600")},
			want{action: actStopHost, reason: "503 with Retry-After 1h0m0s, past the 2m0s cap"}},
		{"third 429 in a row stops the host", policy,
			outcome{attempt: 3, resp: answer(429), slowRun: 2},
			want{action: actStopHost, reason: "answered 429 3 times in a row", slowRun: 3}},
		{"second 429 in a row does not", policy,
			outcome{attempt: 2, resp: answer(429), slowRun: 1},
			want{action: actRetry, wait: 20 * time.Second, reason: "backoff after 429", pushBack: true, slowRun: 2}},
		{"429 on the last attempt gives a StatusError, still pushing back", policy,
			outcome{attempt: 4, resp: answer(429, "Retry-After", "9")},
			want{action: actGiveUp, wait: 9 * time.Second, reason: "Retry-After", pushBack: true, slowRun: 1,
				errMsg: "GET https://h/x giving up after 4 attempts: 429 Too Many Requests"}},
		{"OpenAlex 403 is a declared slow-down", openAlex,
			outcome{attempt: 1, resp: answer(403), body: []byte(`{"error":"rate limit"}`)},
			want{action: actRetry, wait: 10 * time.Second, reason: "backoff after 403", pushBack: true, slowRun: 1}},
		{"third OpenAlex 403 in a row stops the host", openAlex,
			outcome{attempt: 1, resp: answer(403), slowRun: 2},
			want{action: actStopHost, reason: "answered 403 3 times in a row", slowRun: 3}},
		{"ORCID 503 is a declared slow-down", orcid,
			outcome{attempt: 1, resp: answer(503)},
			want{action: actRetry, wait: 10 * time.Second, reason: "backoff after 503", pushBack: true, slowRun: 1}},
		{"third ORCID 503 in a row stops the host", orcid,
			outcome{attempt: 2, resp: answer(503), slowRun: 2},
			want{action: actStopHost, reason: "answered 503 3 times in a row", slowRun: 3}},

		// The host's classifier.
		{"request-problem 403 is returned, leaving the slow-down run alone", openAlex,
			outcome{attempt: 1, resp: answer(403), body: []byte(`{"error":"Invalid query parameters"}`), slowRun: 2},
			want{action: actReturn, slowRun: 2}},
		{"classifier can make a status retryable", openAlex,
			outcome{attempt: 1, resp: answer(418)},
			want{action: actRetry, wait: 10 * time.Second, reason: "backoff after 418"}},
		{"without the classifier that status is returned", policy,
			outcome{attempt: 1, resp: answer(418)},
			want{action: actReturn}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.o
			o.method, o.url, o.host = "GET", "https://h/x", "h"
			d := tt.policy.decide(o, now)
			got := want{action: d.action, wait: d.wait, reason: d.reason, pushBack: d.pushBack, slowRun: d.slowRun,
				errIs: tt.want.errIs, errMsg: tt.want.errMsg}
			if got != tt.want {
				t.Errorf("decide = %+v\nwant     %+v", got, tt.want)
			}
			// A host stopped as unreachable fails this request with its own error.
			if (d.err != nil) != (d.action == actGiveUp || (d.action == actStopHost && o.resp == nil && !errors.Is(o.err, ErrHostStopped))) {
				t.Errorf("err = %v for action %d; want an error exactly when giving up", d.err, d.action)
			}
			if tt.want.errIs != nil && !errors.Is(d.err, tt.want.errIs) {
				t.Errorf("err = %v, want it to match %v", d.err, tt.want.errIs)
			}
			if tt.want.errMsg != "" && (d.err == nil || d.err.Error() != tt.want.errMsg) {
				t.Errorf("err = %v, want %q", d.err, tt.want.errMsg)
			}
		})
	}
}

func TestDecideGivesStatusErrorFields(t *testing.T) {
	p := retryPolicy{maxAttempts: 2, maxWait: time.Minute, stopAfter: 3, backoff: func(int) time.Duration { return 0 }}
	o := outcome{attempt: 2, method: "POST", url: "https://h/x", host: "h", resp: &http.Response{StatusCode: 500, Header: http.Header{}}}
	var se *StatusError
	if d := p.decide(o, time.Time{}); !errors.As(d.err, &se) {
		t.Fatalf("err = %v, want *StatusError", d.err)
	}
	if want := (StatusError{Method: "POST", URL: "https://h/x", Host: "h", Code: 500, Attempts: 2}); *se != want {
		t.Errorf("StatusError = %+v, want %+v", *se, want)
	}
}

func TestClassifierNotAskedAboutSuccess(t *testing.T) {
	asked := 0
	p := retryPolicy{maxAttempts: 4, maxWait: time.Minute, stopAfter: 3, backoff: func(int) time.Duration { return 0 },
		classify: func(int, http.Header, []byte) Class { asked++; return ClassRetry }}
	for _, code := range []int{200, 204, 301, 304} {
		if d := p.decide(outcome{attempt: 1, resp: &http.Response{StatusCode: code, Header: http.Header{}}}, time.Time{}); d.action != actReturn {
			t.Errorf("%d: action %d, want returned", code, d.action)
		}
	}
	if asked != 0 {
		t.Errorf("classifier asked %d times about successes, want never", asked)
	}
}

// TestRequestProblemFailsOnlyTheRequest runs the classifier hook through a
// Client: a request-shaped 403 goes back to the caller whole, at once, and
// however often it comes never stops the host; a rate-limit 403 still does.
func TestRequestProblemFailsOnlyTheRequest(t *testing.T) {
	clock := newFakeClock()
	problem := `{"error":"Invalid query parameters error."}` + strings.Repeat(" ", 100<<10) + "end"
	s := &script{steps: []step{{code: 403, body: problem}}}
	srv := serve(t, s)
	host := hostOf(t, srv.URL)
	var recorded []Exchange
	c := newClient(t, clock, Options{
		Hosts:    map[string]HostPolicy{host: {SlowDown: []int{403}, Classify: fakeClassify}},
		Recorder: func(x Exchange) { recorded = append(recorded, x) },
	})

	for i := range 5 {
		resp, body, err := get(t, c, context.Background(), srv.URL)
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		if resp.StatusCode != 403 || body != problem {
			t.Fatalf("request %d: got %d with %d bytes, want 403 with the whole %d-byte body", i, resp.StatusCode, len(body), len(problem))
		}
	}
	if s.Hits() != 5 || len(clock.Sleeps()) != 0 {
		t.Errorf("hits %d, sleeps %v; want 5 hits and no waits", s.Hits(), clock.Sleeps())
	}
	if st := statsFor(t, c, host); st.Stopped || st.Retries != 0 {
		t.Errorf("stats = %+v, want no retries and the host not stopped", st)
	}
	if len(recorded) != 5 || string(recorded[0].Body) != problem {
		t.Errorf("recorded %d exchanges, want 5 with the whole body", len(recorded))
	}

	// The same host's rate-limit 403 is still a slow-down.
	s.mu.Lock()
	s.steps = []step{{code: 403, body: `{"error":"rate limit exceeded"}`}}
	s.mu.Unlock()
	if _, _, err := get(t, c, context.Background(), srv.URL); !errors.Is(err, ErrHostStopped) {
		t.Fatalf("err = %v, want rate-limit 403s to stop the host", err)
	}
	if s.Hits() != 8 {
		t.Errorf("hits = %d, want 8 (3 rate-limit 403s)", s.Hits())
	}
}

func TestHostBackoffIsCappedAtMaxWait(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 503}, {code: 503}, {code: 200}}}
	srv := serve(t, s)
	c := newClient(t, clock, Options{MaxWait: time.Minute, Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {
		Backoff: func(attempt int) time.Duration { return time.Duration(attempt) * 45 * time.Second },
	}}})
	if _, _, err := get(t, c, context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	if got := clock.Sleeps(); len(got) != 2 || got[0] != 45*time.Second || got[1] != time.Minute {
		t.Errorf("sleeps = %v, want [45s 1m0s]", got)
	}
}
