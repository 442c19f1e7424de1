package retry

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestAfter: a 429's retry_after is waited as told, plus a jitter of at
// most afterJitter and a tenth of it, never a backoff.
func TestAfter(t *testing.T) {
	for _, d := range []time.Duration{0, time.Millisecond, 50 * time.Millisecond, 1500 * time.Millisecond, 2 * time.Minute} {
		for range 100 {
			got := After(d)
			if got < d || got > d+min(afterJitter, d/10) {
				t.Fatalf("After(%s) = %s, want %s plus at most %s", d, got, d, min(afterJitter, d/10))
			}
		}
	}
}

// toldErr is a failure that says how long to wait, as a Discord 429 does.
type toldErr time.Duration

func (e toldErr) Error() string                 { return "429" }
func (e toldErr) RetryAfterWait() time.Duration { return time.Duration(e) }

// TestDoWaitsAsTold: a failure that says how long to wait is retried after
// that wait, not after the policy's (here an hour), and Do and notify see
// the failure itself.
func TestDoWaitsAsTold(t *testing.T) {
	p := Policy{First: time.Hour, Max: time.Hour}
	calls := 0
	var waits []time.Duration
	var seen []error
	start := time.Now()
	err := p.Do(context.Background(), func() error {
		calls++
		if calls < 3 {
			return toldErr(30 * time.Millisecond)
		}
		return nil
	}, func(_ int, wait time.Duration, err error) {
		waits = append(waits, wait)
		seen = append(seen, err)
	})
	if err != nil || calls != 3 {
		t.Fatalf("Do = %v after %d calls, want nil after 3", err, calls)
	}
	for i, w := range waits {
		if w < 30*time.Millisecond || w > 33*time.Millisecond {
			t.Errorf("wait %d = %s, want 30 ms plus a little jitter", i, w)
		}
		var te toldErr
		if !errors.As(seen[i], &te) {
			t.Errorf("notify got %v, want the 429", seen[i])
		}
	}
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("took %s", el)
	}
}
