package bot

import (
	"context"
	"time"
)

// HeavyIdle returns when interactive work leaves the CPU to background
// jobs: no request waits for a heavy worker or a handler slot. It is the
// job runner's jobs.Options.Idle; it polls, as background work can start
// a few milliseconds late.
func (b *Bot) HeavyIdle(ctx context.Context) error {
	for b.heavyPool.Waiting() || len(b.slots) == cap(b.slots) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
	return ctx.Err()
}
