package transport

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

var (
	// ErrHostStopped is matched (errors.Is) by every *StoppedError.
	ErrHostStopped = errors.New("host stopped for this run")
	// ErrTooLarge is returned by a response body read that passes Options.MaxBody.
	ErrTooLarge = errors.New("response body too large")
	// ErrInsecureRedirect is returned when a redirect would leave https for http.
	ErrInsecureRedirect = errors.New("refusing redirect from https to http")
	// ErrTooManyRedirects is returned after following the maximum number of redirects.
	ErrTooManyRedirects = errors.New("too many redirects")
)

// StatusError reports a retryable status (5xx, 408, 429 or a declared
// slow-down) that was still there when the attempts ran out.
type StatusError struct {
	Method   string // request method
	URL      string // request URL with credentials removed
	Host     string // URL host
	Code     int    // last status code
	Attempts int    // attempts made
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s giving up after %s: %d %s",
		e.Method, e.URL, attempts(e.Attempts), e.Code, http.StatusText(e.Code))
}

// StoppedError reports a host stopped for the rest of the run. Once a host is
// stopped every request to it fails at once with this error, without
// touching the network.
type StoppedError struct {
	Host        string // URL host
	Code        int    // the status that stopped it (429, or a declared slow-down such as 403); 0 for a host that did not answer in time
	Reason      string // e.g. "answered 429 3 times in a row"
	Unreachable bool   // stopped because it could not be reached at all (no DNS, connection refused) or kept silent
}

func (e *StoppedError) Error() string {
	return fmt.Sprintf("host %s stopped for this run: %s", e.Host, e.Reason)
}

// Is makes errors.Is(err, ErrHostStopped) true.
func (e *StoppedError) Is(target error) bool { return target == ErrHostStopped }

func attempts(n int) string {
	if n == 1 {
		return "1 attempt"
	}
	return fmt.Sprintf("%d attempts", n)
}

// TimeoutError is an attempt that got no answer, or no whole answer, from
// a host within that host's per-attempt Timeout. It names the host and the
// wait, so a run that gave up on a silent host says which one and why.
type TimeoutError struct {
	Host  string        // URL host
	After time.Duration // the per-attempt timeout that expired
	Body  bool          // the headers came, the rest of the body did not
	Err   error         // what the network layer said when the attempt was ended
}

func (e *TimeoutError) Error() string {
	if e.Body {
		return fmt.Sprintf("answer from %s not complete within %s", e.Host, e.After)
	}
	return fmt.Sprintf("no answer from %s within %s", e.Host, e.After)
}

// Unwrap gives context.DeadlineExceeded, as a deadline passed, and Err.
func (e *TimeoutError) Unwrap() []error { return []error{context.DeadlineExceeded, e.Err} }

// Timeout reports true, as net.Error's Timeout does.
func (e *TimeoutError) Timeout() bool { return true }

// BodyError is an answer whose headers came but whose body could not be
// read whole (cut off, or the stream reset). The attempt is retried.
type BodyError struct{ Err error }

func (e *BodyError) Error() string {
	return fmt.Sprintf("answer broke off while being read: %v", e.Err)
}

func (e *BodyError) Unwrap() error { return e.Err }
