package heavy

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestHeavyPool checks the pool's rules: a user's second job while the
// first runs is refused, a job over budget returns at the budget, and
// the pool never runs more jobs at once than it has workers.
func TestHeavyPool(t *testing.T) {
	b := New(Options{Workers: 1, Budget: 200 * time.Millisecond})
	defer b.Close()
	release := make(chan struct{})
	started := make(chan struct{})
	errc := make(chan error, 1)
	go func() {
		errc <- b.Run(context.Background(), "u1", func(context.Context) error { close(started); <-release; return nil })
	}()
	<-started
	if err := b.Run(context.Background(), "u1", func(context.Context) error { return nil }); !errors.Is(err, ErrBusyUser) {
		t.Fatalf("second job of a user: %v, want the busy error", err)
	}
	begin := time.Now()
	if err := b.Run(context.Background(), "u2", func(context.Context) error { return nil }); !errors.Is(err, ErrOverBudget) {
		t.Fatalf("job waiting for the only worker: %v, want over budget", err)
	}
	if d := time.Since(begin); d < 150*time.Millisecond || d > time.Second {
		t.Fatalf("over-budget job returned after %v, want about 200ms", d)
	}
	if err := <-errc; !errors.Is(err, ErrOverBudget) {
		t.Fatalf("first job past its budget: %v", err)
	}
	// Answered, the over-budget job no longer counts against u1, but it
	// keeps the only worker until it ends.
	if err := b.Run(context.Background(), "u1", func(context.Context) error { return nil }); !errors.Is(err, ErrNotStarted) {
		t.Fatalf("u1 while its old job holds the worker: %v, want no worker free", err)
	}
	close(release)
	deadline := time.Now().Add(2 * time.Second)
	for {
		err := b.Run(context.Background(), "u1", func(context.Context) error { return nil })
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("u1 still refused after its job ended: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := b.Run(context.Background(), "u3", func(context.Context) error { panic("engine bug") }); err == nil || !strings.Contains(err.Error(), "panicked") {
		t.Fatalf("panicking job: %v", err)
	}
}

// TestHeavyCutOffIsOverBudget: a job that gives up because its budget ran
// out (returning its context's error) is over budget, whichever of its
// result and the budget's deadline the pool sees first. CI once answered
// "something went wrong" for a daily still being made.
func TestHeavyCutOffIsOverBudget(t *testing.T) {
	p := New(Options{Workers: 2, Budget: time.Nanosecond})
	defer p.Close()
	// Hold the wait until the job's result is in, then put it back: the
	// result and the deadline are both ready when the pool looks.
	hold := func(done chan error) { err := <-done; done <- err }
	p.beforeWait = hold
	for i := range 200 {
		err := p.Run(context.Background(), "u1", func(ctx context.Context) error {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("making the daily: %w", err)
			}
			return nil
		})
		if err != nil && !errors.Is(err, ErrOverBudget) {
			t.Fatalf("run %d: %v, want over budget (or done)", i, err)
		}
	}
}

// TestOffSlot: a handler's slot is given up while it waits for heavy work
// and taken back for its reply, so a cheap request can run meanwhile.
func TestOffSlot(t *testing.T) {
	slots := make(chan struct{}, 1)
	slots <- struct{}{} // the handler's
	slot := HeldSlot(slots)
	ctx := WithSlot(context.Background(), slot)
	p := New(Options{Workers: 1, Budget: time.Second})
	defer p.Close()
	err := p.Run(ctx, "u", func(context.Context) error {
		if slot.Held() {
			return errors.New("the handler holds its slot while its heavy work runs")
		}
		select {
		case slots <- struct{}{}: // a cheap request takes the slot...
			<-slots // ...and ends
		default:
			return errors.New("no slot free for a cheap request while heavy work runs")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slot.Held() || len(slots) != 1 {
		t.Fatalf("after the heavy work: held %v, slots taken %d; want the handler's slot back", slot.Held(), len(slots))
	}
}
