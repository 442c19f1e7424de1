// Package retry is the bot's one retry policy, on
// github.com/cenkalti/backoff/v5: waits that double from a first wait up
// to a cap, without jitter. Command registration, the SQLite first
// connection and the daily publisher's retries all use it, so a change
// of policy is made once. A failure that says how long to wait (a Discord
// 429's retry_after, see Told and After) waits that, not the backoff.
package retry

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v5"
)

// Policy is an exponential backoff: the first retry waits First, each
// later one twice the one before, never more than Max. There is no
// jitter: every user has few callers retrying at once, and their tests
// rely on exact times.
type Policy struct {
	First, Max time.Duration
}

// backOff returns a fresh backoff that follows p.
func (p Policy) backOff() *backoff.ExponentialBackOff {
	return &backoff.ExponentialBackOff{InitialInterval: p.First, Multiplier: 2, MaxInterval: p.Max}
}

// Wait returns the wait before the next attempt after failed attempts
// have failed (Wait(0) is First), for a caller that schedules its
// retries itself rather than waiting in a loop. A policy whose waits are
// not positive waits Max.
func (p Policy) Wait(failed int) time.Duration {
	b := p.backOff()
	w := b.NextBackOff()
	for range failed {
		if w >= p.Max || w <= 0 {
			break
		}
		w = b.NextBackOff()
	}
	if w > p.Max || w <= 0 {
		return p.Max
	}
	return w
}

// Told is an error that says how long to wait before trying again (a
// Discord 429's retry_after): Do waits After that rather than its backoff.
type Told interface {
	error
	// RetryAfter is the wait asked for; 0 when none.
	RetryAfterWait() time.Duration
}

// waitAsTold makes an error that says how long to wait one that backoff
// honours; the error itself stays what Do and its notify see.
func waitAsTold(err error) error {
	var t Told
	if err == nil || !errors.As(err, &t) || t.RetryAfterWait() <= 0 {
		return err
	}
	return told{err, &backoff.RetryAfterError{Duration: After(t.RetryAfterWait())}}
}

// told is an error with backoff's RetryAfterError beside it.
type told struct {
	err  error
	wait *backoff.RetryAfterError
}

func (t told) Error() string   { return t.err.Error() }
func (t told) Unwrap() []error { return []error{t.err, t.wait} }

// Permanent marks an error of op that retrying cannot cure: Do returns it
// (unwrapped) at once.
func Permanent(err error) error { return backoff.Permanent(err) }

// Do calls op until it succeeds, fails with a Permanent error, or ctx
// ends, waiting as p says between attempts. Before each wait it calls
// notify, when not nil, with the number of the attempt that failed, the
// wait and the error. It returns nil or op's last error, also when ctx
// ended during a wait: that error says more than "context canceled", and
// the caller can ask ctx.
func (p Policy) Do(ctx context.Context, op func() error, notify func(attempt int, wait time.Duration, err error)) error {
	attempt := 0
	var last error
	_, err := backoff.Retry(ctx, func() (struct{}, error) {
		attempt++
		last = op()
		return struct{}{}, waitAsTold(last)
	},
		backoff.WithBackOff(p.backOff()),
		backoff.WithMaxElapsedTime(0), // until ctx ends
		backoff.WithNotify(func(err error, wait time.Duration) {
			if notify != nil {
				notify(attempt, wait, err)
			}
		}))
	if err != nil && last != nil && ctx.Err() != nil {
		return last
	}
	return err
}
