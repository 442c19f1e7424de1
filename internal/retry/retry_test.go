package retry

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestWait: the waits double from First and stop at Max, as the
// publisher's hand-written backoff did (30 s doubling to 15 min).
func TestWait(t *testing.T) {
	p := Policy{First: 30 * time.Second, Max: 15 * time.Minute}
	for _, tc := range []struct {
		failed int
		want   time.Duration
	}{
		{0, 30 * time.Second},
		{1, time.Minute},
		{2, 2 * time.Minute},
		{4, 8 * time.Minute},
		{5, 15 * time.Minute},
		{6, 15 * time.Minute},
		{1000, 15 * time.Minute},
	} {
		if got := p.Wait(tc.failed); got != tc.want {
			t.Errorf("Wait(%d) = %s, want %s", tc.failed, got, tc.want)
		}
	}
	for _, bad := range []Policy{{First: time.Hour, Max: time.Minute}, {First: 0, Max: time.Minute}} {
		if got := bad.Wait(0); got != time.Minute {
			t.Errorf("%+v: Wait(0) = %s, want Max", bad, got)
		}
	}
}

// TestDo: failures are retried with the policy's waits until op
// succeeds; a permanent error and the end of ctx stop it with op's error.
func TestDo(t *testing.T) {
	p := Policy{First: time.Millisecond, Max: 4 * time.Millisecond}
	errBusy := errors.New("busy")
	t.Run("succeeds", func(t *testing.T) {
		var waits []time.Duration
		calls := 0
		err := p.Do(context.Background(), func() error {
			calls++
			if calls < 5 {
				return errBusy
			}
			return nil
		}, func(attempt int, wait time.Duration, err error) {
			if attempt != len(waits)+1 || !errors.Is(err, errBusy) {
				t.Errorf("notify(%d, %s, %v) after %d waits", attempt, wait, err, len(waits))
			}
			waits = append(waits, wait)
		})
		want := []time.Duration{time.Millisecond, 2 * time.Millisecond, 4 * time.Millisecond, 4 * time.Millisecond}
		if err != nil || calls != 5 || len(waits) != len(want) {
			t.Fatalf("err %v, %d calls, waits %v", err, calls, waits)
		}
		for i := range want {
			if waits[i] != want[i] {
				t.Errorf("waits %v, want %v", waits, want)
				break
			}
		}
	})
	t.Run("permanent", func(t *testing.T) {
		calls := 0
		err := p.Do(context.Background(), func() error { calls++; return Permanent(errBusy) }, nil)
		if err != errBusy || calls != 1 {
			t.Errorf("err %v after %d calls, want busy after 1", err, calls)
		}
	})
	t.Run("context ends", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		calls := 0
		err := Policy{First: time.Hour, Max: time.Hour}.Do(ctx, func() error { calls++; return errBusy },
			func(int, time.Duration, error) { cancel() })
		if !errors.Is(err, errBusy) || calls != 1 {
			t.Errorf("err %v after %d calls, want busy after 1", err, calls)
		}
	})
}
