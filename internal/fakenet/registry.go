// Package fakenet is the one fake network of the test suite: a Registry
// is an http.RoundTripper that answers each request from the first stub
// whose Matcher takes it, after gh's httpmock.Registry
// (github.com/cli/cli/v2/pkg/httpmock). What it adds to gh's: a stub
// answers every request it matches unless told Once, a fault can be laid
// over a healthy network (Override) and lifted (Remove), a hook sees
// every request before it is answered (to count, delay or cancel), the
// requests are counted by host, and a request no stub takes is refused as
// an offline host refuses it, after failing the test that sent it: so a
// Registry with no stubs is the "refuse everything" network.
//
// A Registry made by New fails its test at cleanup on any stub never
// called (gh's Verify), unless the stub was marked Optional: so unused
// fixtures cannot pile up unnoticed.
//
// It is a leaf for tests only: it imports nothing of this module, so
// transport's tests may use it; no product code imports it (.ci/imports).
// It is safe for concurrent use.
package fakenet

import (
	"fmt"
	"maps"
	"net/http"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
)

// Matcher reports whether a stub answers req.
type Matcher func(req *http.Request) bool

// Responder answers a request: a response, or an error as the network
// gives one.
type Responder func(req *http.Request) (*http.Response, error)

// Registry is a fake network of stubs. Its zero value is not usable: make
// one with New.
type Registry struct {
	t      testing.TB
	mu     sync.Mutex
	stubs  []*Stub                   // first match wins
	before []func(req *http.Request) // hooks, in the order added
	asked  []string                  // "METHOD URL" of every request, in order
	byHost map[string]int            // requests per host, unmatched included
}

// Stub is one registered answer.
type Stub struct {
	reg      *Registry
	match    Matcher
	respond  Responder
	where    string // file:line of its registration, for Verify's message
	once     bool   // answers one request only
	optional bool   // Verify does not ask that it was called
	calls    int
}

// New is an empty network for t: every request fails t and is refused
// until a stub is registered for it; at cleanup t fails on any stub
// registered and never called.
func New(t testing.TB) *Registry {
	r := &Registry{t: t, byHost: map[string]int{}}
	t.Cleanup(func() { r.Verify(t) })
	return r
}

// Detached is a network tied to no test: nothing is verified, and a
// request no stub takes is refused without failing anything. It is for a
// network built where no test is at hand; prefer New.
func Detached() *Registry { return &Registry{byHost: map[string]int{}} }

// Register adds a stub after those already registered: it answers what
// none of them takes.
func (r *Registry) Register(m Matcher, resp Responder) *Stub {
	s := &Stub{reg: r, match: m, respond: resp, where: caller()}
	r.mu.Lock()
	r.stubs = append(r.stubs, s)
	r.mu.Unlock()
	return s
}

// Override adds a stub before every other: a fault laid over a healthy
// network (a host down, a broken answer), lifted again by its Remove.
func (r *Registry) Override(m Matcher, resp Responder) *Stub {
	s := &Stub{reg: r, match: m, respond: resp, where: caller()}
	r.mu.Lock()
	r.stubs = append([]*Stub{s}, r.stubs...)
	r.mu.Unlock()
	return s
}

// Before adds a hook that sees every request before it is answered; it
// may block (a simulated service time) or count. A request whose context
// is done when the hooks return gets the context's error.
func (r *Registry) Before(hook func(req *http.Request)) {
	r.mu.Lock()
	r.before = append(r.before, hook)
	r.mu.Unlock()
}

// Once makes the stub answer one request only, as gh's stubs do; a second
// matching request goes on to the next stub.
func (s *Stub) Once() *Stub {
	s.reg.mu.Lock()
	s.once = true
	s.reg.mu.Unlock()
	return s
}

// Optional exempts the stub from Verify: a fallback ("anything else on
// this host is a 404") or a shared fixture some tests do not ask.
func (s *Stub) Optional() *Stub {
	s.reg.mu.Lock()
	s.optional = true
	s.reg.mu.Unlock()
	return s
}

// Remove takes the stub out of the network (an outage lifted). A removed
// stub is not verified.
func (s *Stub) Remove() {
	s.reg.mu.Lock()
	defer s.reg.mu.Unlock()
	s.reg.stubs = slices.DeleteFunc(s.reg.stubs, func(o *Stub) bool { return o == s })
}

// Calls is the number of requests the stub answered.
func (s *Stub) Calls() int {
	s.reg.mu.Lock()
	defer s.reg.mu.Unlock()
	return s.calls
}

// RoundTrip answers req from the first stub that takes it.
func (r *Registry) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	hooks := slices.Clone(r.before)
	r.mu.Unlock()
	for _, hook := range hooks {
		hook(req)
	}
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.asked = append(r.asked, req.Method+" "+req.URL.String())
	r.byHost[req.URL.Host]++
	var stub *Stub
	for _, s := range r.stubs {
		if (s.once && s.calls > 0) || !s.match(req) {
			continue
		}
		stub = s
		s.calls++
		break
	}
	r.mu.Unlock()
	if stub == nil {
		if r.t != nil {
			r.t.Errorf("fakenet: no stub for %s %s (register one, or use --replay)", req.Method, req.URL.Redacted())
		}
		return Refused(req)
	}
	return stub.respond(req)
}

// Verify fails t for every stub registered, not Optional and never
// called. New calls it at cleanup.
func (r *Registry) Verify(t testing.TB) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, s := range r.stubs {
		if s.calls == 0 && !s.optional {
			t.Errorf("fakenet: the stub registered at %s was never called", s.where)
		}
	}
}

// Count is the number of requests sent to host so far, answered or not.
func (r *Registry) Count(host string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.byHost[host]
}

// Counts is the number of requests sent so far, by host.
func (r *Registry) Counts() map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return maps.Clone(r.byHost)
}

// Total is the number of requests sent so far.
func (r *Registry) Total() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.asked)
}

// Asked is every request so far as "METHOD URL", in the order they came.
func (r *Registry) Asked() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.asked)
}

// Client is an http.Client whose network is r.
func (r *Registry) Client() *http.Client { return &http.Client{Transport: r} }

// caller is the test line that registered a stub.
func caller() string {
	_, file, line, ok := runtime.Caller(2)
	if !ok {
		return "an unknown line"
	}
	return fmt.Sprintf("%s:%d", filepath.Base(file), line)
}
