package transport

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptrace"
	"sync"
	"time"
)

// DefaultConnectSilence is how long a connection may stay silent between
// the TCP connect and the end of the TLS handshake (the CONNECT reply of a
// proxy included) before the host counts as unreachable. Both are a round
// trip or two on any working network; Go's default transport allows a
// TLS handshake 10 s, and this fires first so the silence is named.
const DefaultConnectSilence = 8 * time.Second

// errConnectSilent is the cause an attempt's context ends with when its
// connection kept silent (see connectGuard).
var errConnectSilent = errors.New("connection silent")

// SilentError is a connection that was accepted and then never answered:
// a proxy that takes the TCP connection but never replies to CONNECT, or
// a server that never starts TLS. A refused connection says at once that
// nothing is there; this says it only after Silence, and is then treated
// the same way: the host cannot be reached (unreachable), and is stopped.
type SilentError struct {
	Addr    string        // the address connected to (the proxy's when Proxy)
	Proxy   bool          // the connection was to the proxy (HTTPS_PROXY): the CONNECT went unanswered
	Silence time.Duration // how long it stayed silent
}

func (e *SilentError) Error() string {
	if e.Proxy {
		// Worded as Go words a refusing proxy ("proxyconnect tcp: …"),
		// so the run's one line names the proxy either way.
		return fmt.Sprintf("proxyconnect tcp %s: the proxy accepted the connection but did not answer within %s", e.Addr, e.Silence)
	}
	return fmt.Sprintf("tcp %s: the server accepted the connection but did not start TLS within %s", e.Addr, e.Silence)
}

// Timeout reports true: a deadline passed (net.Error).
func (e *SilentError) Timeout() bool { return true }

// Temporary is part of net.Error; a silence is not known to be temporary.
func (e *SilentError) Temporary() bool { return false }

// connectGuard watches one attempt's connection set-up through httptrace:
// from the TCP connect to the end of the TLS handshake (or, for plain
// HTTP and for a connection reused from the pool, to GotConn) the peer
// must say something within d, or the attempt is ended with
// errConnectSilent. The answer itself is the per-attempt Timeout's: a
// server may take its time to compose one, but not to shake hands.
type connectGuard struct {
	c      *Client
	d      time.Duration
	end    context.CancelCauseFunc
	mu     sync.Mutex
	addr   string      // the address the connection went to
	stop   func() bool // the armed timer's stop; nil when not armed
	fired  bool
	closed bool // disarmed for good: the connection is up or the attempt is over
}

// guardConnect returns ctx with the guard's trace and a cause-cancel the
// guard ends on silence; cancel must be called when the attempt ends.
func (c *Client) guardConnect(ctx context.Context, d time.Duration) (context.Context, *connectGuard, context.CancelCauseFunc) {
	ctx, end := context.WithCancelCause(ctx)
	g := &connectGuard{c: c, d: d, end: end}
	ctx = httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		ConnectDone: func(_, addr string, err error) {
			if err == nil {
				g.arm(addr)
			}
		},
		TLSHandshakeDone: func(tls.ConnectionState, error) { g.disarm() },
		GotConn:          func(httptrace.GotConnInfo) { g.disarm() },
	})
	return ctx, g, end
}

// arm starts the silence timer at the first connection made.
func (g *connectGuard) arm(addr string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed || g.stop != nil {
		return
	}
	g.addr = addr
	g.stop = g.c.afterFunc(g.d, g.expire)
}

func (g *connectGuard) expire() {
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return
	}
	g.fired, g.closed = true, true
	g.mu.Unlock()
	g.end(errConnectSilent)
}

// disarm stops the timer for good: the peer spoke, or the attempt ended.
func (g *connectGuard) disarm() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = true
	if g.stop != nil {
		g.stop()
	}
}

// silent is the attempt's *SilentError when its connection kept silent,
// else nil; proxy says whether the connection went to a proxy.
func (g *connectGuard) silent(proxy bool) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.fired {
		return nil
	}
	return &SilentError{Addr: g.addr, Proxy: proxy, Silence: g.d}
}

// afterFunc runs f once d has passed on the Client's clock (see Clock).
func (c *Client) afterFunc(d time.Duration, f func()) (stop func() bool) {
	if tc, ok := c.opts.Clock.(timerClock); ok {
		return tc.AfterFunc(d, f)
	}
	return time.AfterFunc(d, f).Stop
}

// viaProxy reports whether base sends req through a proxy, as Go's
// transport decides it (HTTPS_PROXY, NO_PROXY).
func viaProxy(base http.RoundTripper, req *http.Request) bool {
	t, ok := base.(*http.Transport)
	if !ok || t.Proxy == nil {
		return false
	}
	u, err := t.Proxy(req)
	return err == nil && u != nil
}
