package transport

import (
	"context"
	"fmt"
	"time"
)

// Clock is the Client's source of time. It is injected so tests never sleep
// for real.
//
// A Clock that also has the method
//
//	AfterFunc(d time.Duration, f func()) (stop func() bool)
//
// times each attempt's Timeout too: f runs once d has passed on that clock,
// unless stop (which reports whether it prevented the call) came first. A
// Clock without it, such as InstantClock, times attempts on the real clock.
type Clock interface {
	Now() time.Time
	// Sleep waits for d, or returns ctx.Err() if ctx is done first.
	// A d <= 0 returns at once.
	Sleep(ctx context.Context, d time.Duration) error
}

// timerClock is a Clock that times attempts itself (see Clock).
type timerClock interface {
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// SystemClock returns the Clock of the real world.
func SystemClock() Clock { return systemClock{} }

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

func (systemClock) Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (systemClock) AfterFunc(d time.Duration, f func()) (stop func() bool) {
	return time.AfterFunc(d, f).Stop
}

// errAttemptTimeout is the cause an attempt's context ends with when its
// host's Timeout passes; it tells that from the caller's own cancellation.
var errAttemptTimeout = fmt.Errorf("per-attempt timeout: %w", context.DeadlineExceeded)

// attemptContext is parent, ended with cause errAttemptTimeout once d has
// passed on the Client's clock, or by the returned cancel.
func (c *Client) attemptContext(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	ctx, end := context.WithCancelCause(parent)
	expire := func() { end(errAttemptTimeout) }
	var stop func() bool
	if tc, ok := c.opts.Clock.(timerClock); ok {
		stop = tc.AfterFunc(d, expire)
	} else {
		stop = time.AfterFunc(d, expire).Stop
	}
	return ctx, func() {
		stop()
		end(context.Canceled)
	}
}
