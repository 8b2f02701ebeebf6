package transport

import (
	"context"
	"time"
)

// Clock is the Client's source of time. It is injected so tests never sleep
// for real.
type Clock interface {
	Now() time.Time
	// Sleep waits for d, or returns ctx.Err() if ctx is done first.
	// A d <= 0 returns at once.
	Sleep(ctx context.Context, d time.Duration) error
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
