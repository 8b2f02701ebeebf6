package transport

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/aboutscholar/about/internal/whole"
)

// retrying is the outermost layer: it runs the attempts of one hop and
// carries out what the host's retryPolicy decides after each (policy.go):
// another try after a wait, the answer for the caller, giving up, or
// stopping a host that keeps refusing.
type retrying struct {
	c    *Client           // shared state
	next http.RoundTripper // the pacing layer
}

func (r *retrying) RoundTrip(req *http.Request) (*http.Response, error) {
	c := r.c
	body, hasBody, err := snapshotBody(req)
	if err != nil {
		return nil, err
	}
	if err := checkURL(req); err != nil {
		return nil, err
	}
	ctx := req.Context()
	h := c.host(req.URL.Host)
	policy := c.retryPolicy(h)
	for attempt := 1; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := c.Stopped(h.name); err != nil {
			return nil, err
		}
		resp, err := r.next.RoundTrip(attemptRequest(req, body, hasBody))
		o := c.outcome(h, req, attempt, resp, err)
		now := c.opts.Clock.Now()
		d := policy.decide(o, now)
		if d.action == actReturn {
			// Closing the body (in readWhole) opens the host's gate, so
			// the answer's run of slow-downs is written first: a request
			// let through then must not count this host's earlier
			// slow-downs as consecutive with its own. An answer that is
			// not a slow-down ends the run even if its body is cut off.
			c.setSlowRun(h, d.slowRun)
			// Reading the body is part of the attempt: an answer cut off
			// or reset mid-way is retried like one that never came.
			if rerr := readWhole(resp, c.opts.MaxBody); rerr != nil {
				resp = nil
				o = c.outcome(h, req, attempt, nil, rerr)
				d = policy.decide(o, now)
			} else {
				c.countAnswer(h)
			}
		}
		if d.action != actRetry {
			return c.finish(h, req, body, resp, d, now)
		}
		c.prepareRetry(h, resp, d, now)
		if err := c.waitToRetry(ctx, h, d.wait); err != nil {
			return nil, err
		}
	}
}

// outcome gathers what decide needs to judge one attempt. For an answer the
// host's gate is still held (until its body is closed), so the run of
// slow-downs read here cannot change before it is written back: by
// prepareRetry or finish, which close the body after, or for an answer
// returned by Do before readWhole closes it.
func (c *Client) outcome(h *hostState, req *http.Request, attempt int, resp *http.Response, err error) outcome {
	o := outcome{attempt: attempt, method: req.Method, url: c.redact(req.URL), host: h.name,
		resp: resp, err: err, ctxErr: req.Context().Err(), stopped: c.Stopped(h.name) != nil}
	if resp == nil {
		return o
	}
	c.mu.Lock()
	o.slowRun = h.slowRun
	c.mu.Unlock()
	if h.policy.Classify != nil && resp.StatusCode >= 400 {
		o.body = peek(resp)
	}
	return o
}

// prepareRetry carries out a decision to retry, short of the wait itself.
func (c *Client) prepareRetry(h *hostState, resp *http.Response, d decision, now time.Time) {
	if resp != nil {
		c.setSlowRun(h, d.slowRun)
		// Before the body closes and opens the gate, so the next request
		// to this host already sees the push-back.
		if d.pushBack {
			c.pushBack(h, now.Add(d.wait))
		}
		discard(resp.Body)
	}
	c.countRetry(h)
	if c.opts.OnWait != nil {
		c.opts.OnWait(h.name, d.wait, d.reason)
	}
}

// finish carries out a decision that ends the request: the response for
// the caller, or the error.
func (c *Client) finish(h *hostState, req *http.Request, body []byte, resp *http.Response, d decision, now time.Time) (*http.Response, error) {
	if resp == nil {
		if d.action == actStopHost { // this request fails with its own error; later ones are skipped
			c.stopUnreachable(h, d.reason)
		}
		return nil, d.err
	}
	c.setSlowRun(h, d.slowRun)
	if d.action == actReturn {
		resp.Request = req
		return c.recordOnClose(req, body, resp), nil
	}
	if d.pushBack {
		c.pushBack(h, now.Add(d.wait))
	}
	c.recordDiscarded(req, body, resp)
	if d.action == actStopHost {
		return nil, c.stopHost(h, resp.StatusCode, d.reason)
	}
	return nil, d.err
}

// readWhole reads an answer's body into memory (the size cap bounds it)
// and closes the network's body, so the caller gets a body that was read
// whole within its attempt. A read that fails is the attempt's error.
func readWhole(resp *http.Response, limit int64) error {
	data, err := whole.ReadSized(resp.Body, resp.ContentLength, limit)
	if cerr := resp.Body.Close(); err == nil {
		err = cerr
	}
	var te *TimeoutError
	if errors.As(err, &te) {
		return te // says itself that the answer did not finish
	}
	if err != nil {
		return &BodyError{Err: err}
	}
	resp.Body = whole.New(data) // read by whole.Read without a copy
	return nil
}

// peek reads the first bytes of a body for Classify and puts them back in
// front of the rest, so the caller still reads the body whole.
func peek(resp *http.Response) []byte {
	var buf bytes.Buffer
	_, _ = io.CopyN(&buf, resp.Body, drainLimit)
	got := buf.Bytes()
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(got), resp.Body), resp.Body}
	return got
}

// retryableStatus reports statuses that may succeed on a later attempt.
// 501 Not Implemented will not change; other 4xx are the caller's to judge.
func retryableStatus(code int) bool {
	switch {
	case code == http.StatusRequestTimeout, code == http.StatusTooManyRequests:
		return true
	case code == http.StatusNotImplemented:
		return false
	default:
		return code >= 500 && code <= 599
	}
}

// errBadURL is returned, without retrying, for URLs no attempt can fix.
var errBadURL = errors.New("unsupported request URL")

func checkURL(req *http.Request) error {
	if req.URL == nil {
		return fmt.Errorf("%w: missing", errBadURL)
	}
	if (req.URL.Scheme != "http" && req.URL.Scheme != "https") || req.URL.Host == "" {
		return fmt.Errorf("%w: %s", errBadURL, req.URL.Redacted())
	}
	return nil
}

// retryableError reports network failures worth another attempt: resets,
// refused connections, timeouts. Certificate and TLS protocol errors will
// fail the same way again, and an insecure redirect is a decision, not a
// failure.
func retryableError(err error) bool {
	var (
		permanent interface{ Permanent() bool } // a failure that declares no attempt can fix it
		verify    *tls.CertificateVerificationError
		unknown   x509.UnknownAuthorityError
		invalid   x509.CertificateInvalidError
		hostname  x509.HostnameError
		record    tls.RecordHeaderError
	)
	switch {
	case errors.Is(err, ErrInsecureRedirect), errors.Is(err, ErrTooManyRedirects), errors.Is(err, errBadURL), errors.Is(err, ErrTooLarge):
		return false
	case errors.As(err, &permanent) && permanent.Permanent():
		return false
	case errors.As(err, &verify), errors.As(err, &unknown), errors.As(err, &invalid),
		errors.As(err, &hostname), errors.As(err, &record):
		return false
	}
	return true
}

// unreachable reports a failure that says the host cannot be reached at
// all from here: its name does not resolve, nothing (the host, or the
// proxy in between) accepts the connection, or what accepts it never
// answers (SilentError). Another attempt within the run would fail the
// same way, so the host is stopped at once.
func unreachable(err error) bool {
	var dns *net.DNSError
	var silent *SilentError
	return errors.As(err, &dns) || errors.As(err, &silent) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ENETUNREACH) || errors.Is(err, syscall.EHOSTUNREACH)
}

// parseRetryAfter reads a Retry-After value: delay-seconds or an HTTP date
// (RFC 9110 §10.2.3). A date in the past means no wait. Negative or
// unparsable values report ok=false so the caller falls back to backoff.
func parseRetryAfter(v string, now time.Time) (d time.Duration, ok bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if strings.Trim(v, "0123456789") == "" {
		secs, err := strconv.ParseInt(v, 10, 64)
		if err != nil || secs > math.MaxInt64/int64(time.Second) {
			// Only digits, so the only failure is overflow: a wait of
			// centuries, which the cap turns into a stopped host.
			return time.Duration(math.MaxInt64), true
		}
		return time.Duration(secs) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	if d := t.Sub(now); d > 0 {
		return d, true
	}
	return 0, true
}

// backoff is the wait before retry number attempt (1-based): 1s, 2s, 4s, …
// capped at MaxWait, with equal jitter so callers that failed together do
// not retry together, yet each still waits at least half the step. The
// jitter is drawn from h's own source.
func (c *Client) backoff(h *hostState, attempt int) time.Duration {
	d := c.opts.MaxWait
	if attempt-1 < 30 {
		if step := backoffBase << (attempt - 1); step < d {
			d = step
		}
	}
	half := d / 2
	c.mu.Lock() // guards h.jitter: a rand.Rand is not safe for concurrent use
	j := h.jitter.Int64N(int64(d-half) + 1)
	c.mu.Unlock()
	return half + time.Duration(j)
}

// setSlowRun records the host's run of slow-down answers as decided.
func (c *Client) setSlowRun(h *hostState, run int) {
	c.mu.Lock()
	h.slowRun = run
	c.mu.Unlock()
}

// noteSilent records an attempt that timed out. A host silent StopAfter
// attempts in a row is stopped: waiting its timeout again for every
// remaining job would stall the run for hours on a host that is down.
func (c *Client) noteSilent(h *hostState, te *TimeoutError) {
	c.mu.Lock()
	h.silentRun++
	run := h.silentRun
	c.mu.Unlock()
	if run >= c.opts.StopAfter {
		c.stop(h, &StoppedError{Host: h.name, Reason: fmt.Sprintf("no answer within %s, %d times in a row", te.After, run), Unreachable: true})
	}
}

// noteAnswered ends a host's run of silent attempts.
func (c *Client) noteAnswered(h *hostState) {
	c.mu.Lock()
	h.silentRun = 0
	c.mu.Unlock()
}

func (c *Client) countAnswer(h *hostState) {
	c.mu.Lock()
	h.answers++
	c.mu.Unlock()
}

// waitToRetry waits d before a retry and counts the wait as the host's,
// as far as it went: a run's time per host is its attempts and these
// waits, or four attempts over 5 s read as 17 ms.
func (c *Client) waitToRetry(ctx context.Context, h *hostState, d time.Duration) error {
	began := c.opts.Clock.Now()
	err := c.opts.Clock.Sleep(ctx, d)
	waited := d // exactly, so a replayed run's times repeat
	if err != nil {
		waited = min(c.opts.Clock.Now().Sub(began), d)
	}
	c.mu.Lock()
	h.waited += waited
	c.mu.Unlock()
	return err
}

func (c *Client) countRetry(h *hostState) {
	c.mu.Lock()
	h.retries++
	c.mu.Unlock()
}

// pushBack delays the host's next request start to at least t.
func (c *Client) pushBack(h *hostState, t time.Time) {
	c.mu.Lock()
	if t.After(h.next) {
		h.next = t
	}
	c.mu.Unlock()
}

// snapshotBody reads the request body once so every attempt can resend it
// (and the Recorder can see it). The caller's body is always closed, as
// http.RoundTripper requires.
func snapshotBody(req *http.Request) (body []byte, has bool, err error) {
	if req.Body == nil || req.Body == http.NoBody {
		return nil, false, nil
	}
	body, err = io.ReadAll(req.Body)
	if cerr := req.Body.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, false, fmt.Errorf("read request body: %w", err)
	}
	return body, true, nil
}

// attemptRequest gives each attempt its own copy of the request, so no
// layer below can disturb the caller's request or the next attempt.
func attemptRequest(req *http.Request, body []byte, has bool) *http.Request {
	a := req.Clone(req.Context())
	if has {
		a.ContentLength = int64(len(body))
		a.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		a.Body, _ = a.GetBody()
		if len(body) == 0 {
			a.Body = http.NoBody
		}
	}
	return a
}

// discard drains a little of a body so its connection can be reused, then
// closes it, which also releases the host's gate.
func discard(rc io.ReadCloser) {
	_, _ = io.CopyN(io.Discard, rc, drainLimit)
	_ = rc.Close()
}

// recordDiscarded closes a final response we do not return, reporting it to
// the Recorder first with the bounded part of the body we read.
func (c *Client) recordDiscarded(req *http.Request, body []byte, resp *http.Response) {
	if c.opts.Recorder == nil {
		discard(resp.Body)
		return
	}
	var buf bytes.Buffer
	_, _ = io.CopyN(&buf, resp.Body, drainLimit)
	_ = resp.Body.Close()
	c.opts.Recorder(c.exchange(req, body, resp, buf.Bytes()))
}

// recordOnClose arranges for the Recorder to see the response once the
// caller closes it, with the body as the caller read it.
func (c *Client) recordOnClose(req *http.Request, body []byte, resp *http.Response) *http.Response {
	if c.opts.Recorder == nil {
		return resp
	}
	rb := &recordingBody{rc: resp.Body}
	rb.emit = func(got []byte) { c.opts.Recorder(c.exchange(req, body, resp, got)) }
	resp.Body = rb
	return resp
}

// exchange copies one exchange for the Recorder. A server may echo a key
// back (in a redirect Location, or the body of one); recordings are files
// users keep, so every credential value is replaced wherever it appears.
func (c *Client) exchange(req *http.Request, body []byte, resp *http.Response, got []byte) Exchange {
	x := Exchange{
		Method:      req.Method,
		URL:         c.redact(req.URL), // scrubbed already
		RequestBody: c.scrub(bytes.Clone(body)),
		Status:      resp.StatusCode,
		Header:      resp.Header.Clone(),
		Body:        c.scrub(bytes.Clone(got)),
	}
	for k, vs := range x.Header {
		for i, v := range vs {
			x.Header[k][i] = string(c.scrub([]byte(v)))
		}
	}
	return x
}

// scrub replaces every credential value in b.
func (c *Client) scrub(b []byte) []byte {
	for _, v := range c.values {
		if bytes.Contains(b, []byte(v)) {
			b = bytes.ReplaceAll(b, []byte(v), []byte("REDACTED"))
		}
	}
	return b
}

var _ http.RoundTripper = (*retrying)(nil)
