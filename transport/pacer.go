package transport

import (
	"net/http"
)

// pacing keeps each host to one request in flight and to its minimum
// interval between request starts, whoever sends the request: a host's own
// lane, or a redirect from another host's lane. It is colly's
// "Parallelism: 1 plus Delay", with both waits cancellable.
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

	resp, err := p.next.RoundTrip(req)
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

var _ http.RoundTripper = (*pacing)(nil)
