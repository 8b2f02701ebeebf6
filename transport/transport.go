// Package transport is the one HTTP client of an about run: it makes every
// request polite to the host it goes to, and makes failures typed values.
//
// It owns, per URL host: a one-request-at-a-time gate, a minimum interval
// between request starts, credentials that are added only to requests for
// that exact host, bounded retries with exponential backoff and jitter,
// honouring Retry-After, and stopping a host for the rest of the run when it
// keeps saying "slow down", asks for a wait past the cap, or keeps not
// answering within its timeout, or cannot be reached at all (its name does
// not resolve, the connection is refused, or it is accepted and then kept
// silent through the CONNECT or TLS handshake: stopped after one attempt).
// Reading the body is part of the attempt: an answer is read whole before
// it is handed on, so one cut off or reset mid-way is retried like one
// that never came. It also caps
// response bodies, times out each attempt, refuses redirects from https to
// http, and keeps per-host counts for the end-of-run summary.
//
// It deliberately knows nothing about providers, identifiers or response
// formats: callers hand it plain per-host policy (HostPolicy) and decide
// themselves what a 404 or a malformed body means. It never reads the
// environment itself; proxies and certificate roots come from the standard
// library's defaults through Options.Base.
//
// The layers, outermost first, each one an http.RoundTripper under a single
// http.Client (so each redirect hop passes through all of them and is paced
// and retried by its own host):
//
//	retrying  per hop: attempts, backoff, Retry-After, stopping hosts, Recorder
//	pacing    per host: in-flight gate and minimum interval, counts
//	sending   credentials, User-Agent, per-attempt timeout, body size cap
//	Base      the network
package transport

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"
)

// Defaults applied by New to zero-valued Options fields.
const (
	DefaultMaxAttempts = 4               // first try plus three retries
	DefaultMaxWait     = 2 * time.Minute // longest single wait we accept from a server
	DefaultStopAfter   = 3               // slow-down answers in a row before giving up on a host
	DefaultMaxBody     = 32 << 20        // 32 MiB; the largest scholarly records are a few MiB
	DefaultMinInterval = 1 * time.Second // for hosts nobody declared, e.g. reached by redirect
	maxRedirects       = 10              // same limit as net/http's default policy
	drainLimit         = 64 << 10        // bytes read from a discarded body so the connection can be reused
	backoffBase        = 1 * time.Second // first backoff before jitter; doubles per retry
)

// HostPolicy is the politeness policy for one host, given as plain data by
// the caller.
type HostPolicy struct {
	MinInterval time.Duration // least gap between the starts of two requests to this host
	Timeout     time.Duration // per attempt, covering headers and body read (cancelled on body Close); 0 = none
	SlowDown    []int         // statuses this service uses for "slow down" besides 429 (503 for ORCID, 403 for OpenAlex)
	Credential  *Credential   // secret added only to requests whose URL host is exactly this host

	// Classify, optional, says what an error answer (status >= 400) from
	// this host means, for a service whose statuses are ambiguous: OpenAlex
	// answers 403 both to slow us down and to refuse one malformed request,
	// and only the body tells which (ClassRequestProblem). It gets the
	// status, the header (not to be modified) and at most the first 64 KiB
	// of the body; the caller still reads the body whole. ClassDefault
	// leaves the answer to the built-in rules. It must be safe for
	// concurrent use and should be quick: the host's gate is held meanwhile.
	Classify func(code int, header http.Header, body []byte) Class
	// Backoff, optional, is the wait before retry number attempt (1-based)
	// when the server named none; capped at Options.MaxWait. Default: 1s,
	// 2s, 4s, … with equal jitter from the host's own source (see Options.Seed).
	Backoff func(attempt int) time.Duration
}

// Credential is a secret sent to one host, as a header, a query parameter or
// both.
type Credential struct {
	Header string // header name to set (e.g. "x-api-key"), or ""
	Query  string // query parameter to set (e.g. "api_key"), or ""
	Value  string // the secret; an empty Value sends nothing
}

// Options configures a Client. The zero value is usable: every field has a
// default.
type Options struct {
	Base      http.RoundTripper // default: a clone of http.DefaultTransport, so proxies, cert roots, keep-alive and HTTP/2 behave as for any Go program
	UserAgent string            // set on every request to a declared host (Hosts) when not empty
	// ForeignUserAgent is set instead on requests to every other host
	// (one reached by redirect: a publisher doi.org sends us to); default
	// UserAgent. Give it without the Contact, which is meant for the
	// declared services only.
	ForeignUserAgent string
	// Contact, optional, is the run's contact e-mail, which callers put in
	// UserAgent and in query parameters of declared hosts. A request to any
	// other host loses every query parameter holding it, and recordings and
	// errors never show it: users keep those, and commit recordings.
	Contact     string
	Hosts       map[string]HostPolicy // keyed by URL host (req.URL.Host, exact string, port included if present)
	Default     HostPolicy            // for hosts not in Hosts; its MinInterval defaults to 1s and its Credential is ignored
	MaxAttempts int                   // total attempts per request hop; default 4
	MaxWait     time.Duration         // cap on one Retry-After or backoff wait; a Retry-After beyond it stops the host; default 2m
	StopAfter   int                   // consecutive slow-down answers, or timed-out attempts, that stop a host for the run; default 3
	MaxBody     int64                 // response body cap in bytes; default 32 MiB; reading past it fails with ErrTooLarge
	Clock       Clock                 // default SystemClock()
	// ConnectSilence is how long a new connection may stay silent before
	// its TLS handshake is done (a proxy's CONNECT reply included); a host
	// whose connection keeps silent is unreachable. Default
	// DefaultConnectSilence.
	ConnectSilence time.Duration
	// Seed seeds each host's jitter source, together with the host's name,
	// so a host's retries wait the same on every run with that seed however
	// many hosts are served at once (a host's requests draw in the order
	// they are sent). 0 means a seed from the time.
	Seed     uint64
	Recorder func(Exchange)                  // optional: called once per final response of each hop; must be safe for concurrent use
	OnStart  func(host string, at time.Time) // optional: called as each request leaves the pacer (progress, tests); must be safe for concurrent use
	// OnWait, optional, is called before a request waits to retry: d is the
	// wait, reason "Retry-After" when the server named it, else "backoff
	// after 503" or "backoff after a network error". Safe for concurrent use.
	OnWait func(host string, d time.Duration, reason string)
	// OnStop, optional, is called once when a host is stopped for the run,
	// with the same reason as its StoppedError. Safe for concurrent use.
	OnStop func(host, reason string)
}

// Exchange is a copy of one final response (after retries) and the request
// that produced it, for recording fixtures. Credentials and the Contact
// are removed from URL, and replaced wherever else they appear.
type Exchange struct {
	Method      string      // request method
	URL         string      // request URL without credential or Contact query parameters
	RequestBody []byte      // request body, or nil
	Status      int         // response status code
	Header      http.Header // response header
	Body        []byte      // response body as read by the caller before Close (bounded for discarded bodies)
}

// HostStats is what the Client did with one host during the run.
type HostStats struct {
	Host        string        // URL host
	Requests    int           // attempts that went to the network, retries included
	Retries     int           // attempts repeated after a retryable failure
	Answers     int           // answers read whole and handed to the caller (any status)
	Stopped     bool          // whether the host is stopped for the rest of the run
	StopReason  string        // why it was stopped, or ""
	Unreachable bool          // stopped because it could not be reached at all, or kept silent
	Busy        time.Duration // time from request start to body close, summed
	Waited      time.Duration // waits before retries (Retry-After, backoff), summed
}

// Client is the shared, concurrency-safe HTTP machinery of one run. Create it
// with New and use the single *http.Client from HTTP for every request.
type Client struct {
	opts    Options      // with defaults applied; Hosts is a private copy
	secrets []string     // credential query parameter names, removed from URLs we report
	values  []string     // credential values and the Contact, as sent and query-escaped, scrubbed from what we record and report
	client  *http.Client // the one client for the run

	mu    sync.Mutex            // guards hosts and every hostState field below gate
	hosts map[string]*hostState // created on first use, or up front for configured hosts
}

// hostState is the live state of one host. All fields but name, policy and
// gate are guarded by Client.mu.
type hostState struct {
	name   string        // URL host
	policy HostPolicy    // from Options.Hosts or Options.Default
	gate   chan struct{} // one slot: held from before a request until its body is closed
	jitter *rand.Rand    // this host's backoff jitter, seeded from Options.Seed and name

	next      time.Time     // earliest start of the next request
	requests  int           // attempts sent
	retries   int           // attempts repeated
	answers   int           // answers handed to the caller
	busy      time.Duration // summed request durations
	waited    time.Duration // summed waits before retries
	slowRun   int           // slow-down answers in a row
	silentRun int           // attempts in a row that timed out
	stop      *StoppedError // non-nil once the host is stopped
}

// New returns a Client for one run. Options are copied; later changes to the
// caller's maps or slices have no effect.
func New(o Options) *Client {
	if o.Base == nil {
		if dt, ok := http.DefaultTransport.(*http.Transport); ok {
			o.Base = dt.Clone()
		} else {
			o.Base = http.DefaultTransport
		}
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = DefaultMaxAttempts
	}
	if o.MaxWait <= 0 {
		o.MaxWait = DefaultMaxWait
	}
	if o.StopAfter <= 0 {
		o.StopAfter = DefaultStopAfter
	}
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBody
	}
	if o.Clock == nil {
		o.Clock = SystemClock()
	}
	if o.ConnectSilence <= 0 {
		o.ConnectSilence = DefaultConnectSilence
	}
	if o.Seed == 0 {
		o.Seed = uint64(time.Now().UnixNano())
	}
	if o.Default.MinInterval <= 0 {
		o.Default.MinInterval = DefaultMinInterval
	}
	// A default credential would go to every unknown host, which is exactly
	// the leak per-host credentials exist to prevent.
	o.Default.Credential = nil
	o.Default.SlowDown = append([]int(nil), o.Default.SlowDown...)

	c := &Client{hosts: map[string]*hostState{}}
	hosts := make(map[string]HostPolicy, len(o.Hosts))
	seen := map[string]bool{}
	for name, p := range o.Hosts {
		p.SlowDown = append([]int(nil), p.SlowDown...)
		if p.Credential != nil {
			cred := *p.Credential
			p.Credential = &cred
			if cred.Value != "" {
				c.values = append(c.values, cred.Value, url.QueryEscape(cred.Value))
			}
			if cred.Query != "" && !seen[cred.Query] {
				seen[cred.Query] = true
				c.secrets = append(c.secrets, cred.Query)
			}
		}
		hosts[name] = p
		c.hosts[name] = newHostState(name, p, o.Seed)
	}
	sort.Strings(c.secrets)
	if o.Contact != "" {
		c.values = append(c.values, o.Contact, url.QueryEscape(o.Contact))
	}
	if o.ForeignUserAgent == "" {
		o.ForeignUserAgent = o.UserAgent
	}
	o.Hosts = hosts
	c.opts = o

	c.client = &http.Client{
		Transport:     &retrying{c: c, next: &pacing{c: c, next: &sending{c: c, next: o.Base}}},
		CheckRedirect: c.checkRedirect,
	}
	return c
}

func newHostState(name string, p HostPolicy, seed uint64) *hostState {
	return &hostState{name: name, policy: p, gate: make(chan struct{}, 1), jitter: hostJitter(seed, name)}
}

// hostJitter is host name's own jitter source: its sequence depends only on
// the seed and the name, never on what other hosts drew meanwhile.
func hostJitter(seed uint64, name string) *rand.Rand {
	f := fnv.New64a()
	f.Write([]byte(name))
	return rand.New(rand.NewPCG(seed, f.Sum64()))
}

// HTTP returns the one *http.Client of the run. Callers must close every
// response body: the host's gate stays held until they do. Prefer Do,
// whose errors never carry a credential.
func (c *Client) HTTP() *http.Client { return c.client }

// Do sends req with the run's client. Its errors name the request once,
// with credential and Contact query parameters removed: net/http's *url.Error quotes
// the URL as it was asked, and a redirect Location that echoed a key back
// would otherwise put that key in every error message.
func (c *Client) Do(req *http.Request) (*http.Response, error) {
	resp, err := c.client.Do(req)
	var ue *url.Error
	if err == nil || !errors.As(err, &ue) {
		return resp, err
	}
	named := c.redact(req.URL)
	if strings.Contains(ue.Err.Error(), named) {
		return nil, ue.Err // the retrying layer already named it
	}
	return nil, fmt.Errorf("%s %s: %w", req.Method, named, ue.Err)
}

// Stats reports every configured or contacted host, sorted by host.
func (c *Client) Stats() []HostStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]HostStats, 0, len(c.hosts))
	for _, h := range c.hosts {
		s := HostStats{Host: h.name, Requests: h.requests, Retries: h.retries, Answers: h.answers, Busy: h.busy, Waited: h.waited}
		if h.stop != nil {
			s.Stopped, s.StopReason, s.Unreachable = true, h.stop.Reason, h.stop.Unreachable
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Host < out[j].Host })
	return out
}

// Stopped returns nil, or the *StoppedError of a host stopped for the run.
func (c *Client) Stopped(host string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if h, ok := c.hosts[host]; ok && h.stop != nil {
		return h.stop
	}
	return nil
}

// host returns the state for a URL host, creating it from Options.Default
// for hosts nobody declared.
func (c *Client) host(name string) *hostState {
	c.mu.Lock()
	defer c.mu.Unlock()
	h, ok := c.hosts[name]
	if !ok {
		h = newHostState(name, c.opts.Default, c.opts.Seed)
		c.hosts[name] = h
	}
	return h
}

// stopHost marks a host stopped, keeping the first reason if another request
// got there first, and returns the error every later request will get.
func (c *Client) stopHost(h *hostState, code int, reason string) *StoppedError {
	return c.stop(h, &StoppedError{Host: h.name, Code: code, Reason: reason})
}

// stopUnreachable stops a host that could not be reached at all.
func (c *Client) stopUnreachable(h *hostState, reason string) {
	c.stop(h, &StoppedError{Host: h.name, Reason: reason, Unreachable: true})
}

func (c *Client) stop(h *hostState, why *StoppedError) *StoppedError {
	reason := why.Reason
	c.mu.Lock()
	first := h.stop == nil
	if first {
		h.stop = why
	}
	stop := h.stop
	c.mu.Unlock()
	if first && c.opts.OnStop != nil {
		c.opts.OnStop(h.name, reason)
	}
	return stop
}
