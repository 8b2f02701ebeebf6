package transport

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"
)

// Class is what one answer means to the retry policy. A host's
// HostPolicy.Classify returns it, so a service's quirks are data, not code.
type Class int

const (
	// ClassDefault applies the built-in rules: 429 and the host's SlowDown
	// statuses are slow-downs; 408 and 5xx other than 501 are retried; every
	// other status is handed to the caller.
	ClassDefault Class = iota
	// ClassRetry retries with backoff (or Retry-After); not a slow-down.
	ClassRetry
	// ClassSlowDown retries, pushes back every request to the host, and
	// counts toward StopAfter.
	ClassSlowDown
	// ClassRequestProblem hands the answer to the caller at once: this
	// request is at fault, not the host's load. It is not retried and
	// neither counts toward stopping the host nor ends its run of
	// slow-downs, since it says nothing about them.
	ClassRequestProblem
)

// action is what the retrying layer does after one attempt.
type action int

const (
	actReturn   action = iota // hand the response to the caller
	actRetry                  // wait, then try again
	actGiveUp                 // fail this request with decision.err
	actStopHost               // stop the host for the run and fail this request
)

// decision is the whole verdict on one attempt, for RoundTrip to carry out.
type decision struct {
	action   action
	wait     time.Duration // before the next attempt; also the push-back
	reason   string        // for OnWait when retrying; the stop reason when stopping
	pushBack bool          // every request to the host waits until now+wait, not just this one
	slowRun  int           // the host's run of slow-down answers after this one
	err      error         // for actGiveUp
}

// outcome is everything decide needs to know about one attempt: what came
// back, and the state of the request and the host at that moment.
type outcome struct {
	attempt int            // 1-based
	method  string         // request method, for messages
	url     string         // request URL with credentials removed, for messages
	host    string         // URL host
	resp    *http.Response // nil when err is set
	body    []byte         // first bytes of resp's body, read only for Classify
	err     error          // the attempt's error, if it failed
	ctxErr  error          // the request context's error after the attempt
	slowRun int            // the host's run of slow-down answers before this one
	stopped bool           // the host was stopped meanwhile (by a run of silences)
}

// retryPolicy is the retry rules for one host. Its decide is pure: state
// comes in through outcome and goes out through decision, and the only
// functions it calls are the policy's own fields, so tests can pin them.
type retryPolicy struct {
	maxAttempts int
	maxWait     time.Duration
	stopAfter   int
	slowDown    []int                                                 // statuses that mean "slow down" besides 429
	classify    func(code int, header http.Header, body []byte) Class // optional; consulted for statuses >= 400
	backoff     func(attempt int) time.Duration                       // wait before retry number attempt, without Retry-After
}

// retryPolicy assembles the rules for host h from the options and its
// HostPolicy.
func (c *Client) retryPolicy(h *hostState) retryPolicy {
	p := retryPolicy{
		maxAttempts: c.opts.MaxAttempts,
		maxWait:     c.opts.MaxWait,
		stopAfter:   c.opts.StopAfter,
		slowDown:    h.policy.SlowDown,
		classify:    h.policy.Classify,
		backoff:     func(attempt int) time.Duration { return c.backoff(h, attempt) },
	}
	if custom := h.policy.Backoff; custom != nil {
		p.backoff = func(attempt int) time.Duration { return min(max(custom(attempt), 0), c.opts.MaxWait) }
	}
	return p
}

// decide judges one attempt.
func (p retryPolicy) decide(o outcome, now time.Time) decision {
	if o.resp == nil {
		return p.afterError(o)
	}
	return p.afterAnswer(o, now)
}

// afterError judges an attempt that got no answer.
func (p retryPolicy) afterError(o outcome) decision {
	var te *TimeoutError
	switch {
	case o.ctxErr != nil:
		return decision{action: actGiveUp, err: o.ctxErr, slowRun: o.slowRun}
	case errors.Is(o.err, ErrHostStopped) || !retryableError(o.err):
		return decision{action: actGiveUp, err: o.err, slowRun: o.slowRun}
	case unreachable(o.err):
		return decision{action: actStopHost, err: o.err, slowRun: o.slowRun, reason: "cannot reach it: " + o.err.Error()}
	// A silence that stopped the host fails this request with the silence
	// as its reason; later requests are the skipped ones.
	case o.attempt >= p.maxAttempts || (errors.As(o.err, &te) && o.stopped):
		err := fmt.Errorf("%s %s giving up after %s: %w", o.method, o.url, attempts(o.attempt), o.err)
		return decision{action: actGiveUp, err: err, slowRun: o.slowRun}
	}
	return decision{action: actRetry, wait: p.backoff(o.attempt), reason: "backoff after a network error", slowRun: o.slowRun}
}

// afterAnswer judges an attempt that got a status back.
func (p retryPolicy) afterAnswer(o outcome, now time.Time) decision {
	code := o.resp.StatusCode
	class := p.classOf(o)
	switch class {
	case ClassRequestProblem:
		return decision{action: actReturn, slowRun: o.slowRun}
	case ClassDefault:
		return decision{action: actReturn}
	}
	slow := class == ClassSlowDown
	run := 0
	if slow {
		run = o.slowRun + 1
	}
	ra, hasRA := parseRetryAfter(o.resp.Header.Get("Retry-After"), now)
	switch {
	case hasRA && ra > p.maxWait:
		return decision{action: actStopHost, slowRun: run,
			reason: fmt.Sprintf("%d with Retry-After %s, past the %s cap", code, ra, p.maxWait)}
	case slow && run >= p.stopAfter:
		return decision{action: actStopHost, slowRun: run,
			reason: fmt.Sprintf("answered %d %d times in a row", code, run)}
	}
	// The backoff is drawn for every retryable answer that does not stop
	// the host, even when a Retry-After overrides it or the attempts are
	// used up, so the jitter sequence of a run does not depend on headers.
	d := decision{action: actRetry, wait: p.backoff(o.attempt), reason: fmt.Sprintf("backoff after %d", code), slowRun: run}
	if hasRA {
		d.wait, d.reason = ra, "Retry-After"
	}
	// The server asked us to back off: every request to this host waits,
	// not just this one.
	d.pushBack = slow || hasRA
	if o.attempt >= p.maxAttempts {
		d.action = actGiveUp
		d.err = &StatusError{Method: o.method, URL: o.url, Host: o.host, Code: code, Attempts: o.attempt}
	}
	return d
}

// classOf resolves what an answer means: the host's Classify first, when it
// has one and the status is an error, then the built-in rules. The result is
// never ClassDefault for an answer worth retrying.
func (p retryPolicy) classOf(o outcome) Class {
	code := o.resp.StatusCode
	if p.classify != nil && code >= 400 {
		if c := p.classify(code, o.resp.Header, o.body); c != ClassDefault {
			return c
		}
	}
	switch {
	case code == http.StatusTooManyRequests || slices.Contains(p.slowDown, code):
		return ClassSlowDown
	case retryableStatus(code):
		return ClassRetry
	}
	return ClassDefault
}
