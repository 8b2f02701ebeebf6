package transport

import (
	"context"
	"net/http"
	"net/http/httptrace"
)

// pacing keeps each host to one request in flight and to its minimum
// interval between request starts, whoever sends the request: a host's own
// lane, or a redirect from another host's lane. It is colly's
// "Parallelism: 1 plus Delay", with both waits cancellable.
//
// It is not a golang.org/x/time/rate.Limiter (burst 1, one event per
// MinInterval) because a Limiter paces only starts, and this host needs
// more:
//
//   - The gate is held until the response body is closed (closeHook), not
//     just until the request is sent: a host answering slowly is not sent a
//     second request meanwhile. A Limiter has no notion of "in flight".
//   - The next start is measured again from the real start, so a sleep that
//     overshot does not let the following request come closer; a Limiter
//     counts from the time it reserved. And again once the request is on
//     the wire (httptrace WroteRequest): a first request that spent 120 ms
//     dialling and in the TLS handshake reached the server that much later
//     than it left the pacer, and the next one, on the open connection,
//     would otherwise arrive 120 ms short of MinInterval.
//   - A server can push the next start back: on Retry-After or a slow-down
//     answer the retrying layer moves h.next (Client.pushBack) so every
//     request to the host waits, not only the one that is retried. A
//     Limiter can change its rate but not say "no start before t".
//   - Waits go through the injected Clock, so tests assert them without
//     sleeping; a Limiter's Wait uses real timers.
type pacing struct {
	c    *Client           // shared state
	next http.RoundTripper // the sending layer
}

func (p *pacing) RoundTrip(req *http.Request) (*http.Response, error) {
	c := p.c
	ctx := req.Context()
	h := c.host(req.URL.Host)

	// The gate comes before the reservation: reserving first would let a
	// request that waited long at the gate start right behind the one
	// holding it, closer than MinInterval.
	select {
	case h.gate <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	release := func() { <-h.gate }

	c.mu.Lock()
	now := c.opts.Clock.Now()
	start := now
	if h.next.After(start) {
		start = h.next
	}
	h.next = start.Add(h.policy.MinInterval)
	c.mu.Unlock()

	if err := c.opts.Clock.Sleep(ctx, start.Sub(now)); err != nil {
		release()
		return nil, err
	}
	// The host may have been stopped while we waited.
	if err := c.Stopped(h.name); err != nil {
		release()
		return nil, err
	}

	began := c.opts.Clock.Now()
	c.mu.Lock()
	h.requests++
	// Measure the next gap from the real start, not the reserved one: a
	// sleep that overshot must not let the next request follow closer.
	if n := began.Add(h.policy.MinInterval); n.After(h.next) {
		h.next = n
	}
	c.mu.Unlock()
	if c.opts.OnStart != nil {
		c.opts.OnStart(h.name, began)
	}
	done := func() {
		d := c.opts.Clock.Now().Sub(began)
		c.mu.Lock()
		h.busy += d
		c.mu.Unlock()
		release()
	}

	resp, err := p.next.RoundTrip(req.WithContext(c.wroteTrace(ctx, h)))
	if err != nil {
		done()
		return nil, err
	}
	if resp.Body == nil {
		resp.Body = http.NoBody
	}
	resp.Body = &closeHook{rc: resp.Body, hook: done}
	return resp, nil
}

// wroteTrace adds to ctx a trace that, once the request has been written to
// the connection, measures h's next start from then. It composes with any
// trace the caller set. A Base that never reports WroteRequest (a replay)
// keeps the gap from the start the pacer chose.
func (c *Client) wroteTrace(ctx context.Context, h *hostState) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		WroteRequest: func(httptrace.WroteRequestInfo) { c.pushBack(h, c.opts.Clock.Now().Add(h.policy.MinInterval)) },
	})
}

var _ http.RoundTripper = (*pacing)(nil)
