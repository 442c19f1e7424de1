package bot

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokubot/sudokubot/game"
)

// heavyPool runs expensive engine work (grading a pasted puzzle, hints on
// hard positions, generating puzzles) on a bounded number of workers,
// apart from the handlers' own slots: cheap requests such as /sudoku show
// are not queued behind it. Each user may have a bounded number of jobs
// running, and each job a time budget (waiting included); a job over
// budget keeps its worker until it ends (engine work cannot be
// interrupted), so the pool bounds the CPU it takes either way; it no
// longer counts against its user, who has had an answer.
type heavyPool struct {
	workers chan struct{}
	perUser int
	budget  time.Duration

	mu    sync.Mutex
	users map[string]int
	// later counts the jobs waiting in the background (see later).
	later int
	// waiting counts the requests waiting for a worker: background jobs
	// wait while any does (Bot.HeavyIdle).
	waiting atomic.Int32
}

// maxLater bounds the jobs waiting for a worker in the background: beyond
// it, work that ran out of budget before it started is dropped.
const maxLater = 256

// errOverBudget means heavy work did not finish within its budget.
var errOverBudget = game.ErrOverBudget

// heavyBeforeWait, when a test sets it, runs between a job's start and the
// wait for its result, with the channel the result comes on: a test can
// hold the wait until the result is there, the timing CI once met.
var heavyBeforeWait atomic.Pointer[func(done chan error)]

// errNotStarted means heavy work found no free worker within its budget
// and never ran; it is also errOverBudget.
var errNotStarted = fmt.Errorf("%w: no worker was free", errOverBudget)

// errBusyUser means the user already has as many heavy jobs running as
// allowed.
var errBusyUser = game.ErrBusy

func newHeavyPool(workers, perUser int, budget time.Duration) *heavyPool {
	return &heavyPool{workers: make(chan struct{}, workers), perUser: perUser, budget: budget, users: map[string]int{}}
}

// later runs fn on a heavy worker in the background, without a budget,
// when a worker is free: for work whose answer can come after the reply
// (grading a paste that found no worker in time). It reports false, and
// does nothing, when maxLater jobs are already waiting or the bot stops.
func (b *Bot) later(fn func()) bool {
	p := b.heavyPool
	p.mu.Lock()
	if p.later >= maxLater {
		p.mu.Unlock()
		return false
	}
	p.later++
	p.mu.Unlock()
	go func() {
		defer func() {
			p.mu.Lock()
			p.later--
			p.mu.Unlock()
		}()
		select {
		case p.workers <- struct{}{}:
		case <-b.base.Done():
			return
		}
		defer func() { <-p.workers }()
		defer func() {
			if v := recover(); v != nil {
				b.log.Error("background heavy work panicked", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			}
		}()
		fn()
	}()
	return true
}

// heldSlot is a handler's general slot, released while it waits for heavy
// work so that cheap requests can use it.
type heldSlot struct {
	slots chan struct{}
	held  bool
}

type slotKey struct{}

// heavy runs fn on a heavy worker for user, within the pool's budget. It
// returns errBusyUser when the user has too many jobs running,
// errOverBudget when fn did not finish in time (fn goes on in the
// background and its result is dropped), or fn's error.
func (b *Bot) heavy(ctx context.Context, user string, fn func(ctx context.Context) error) error {
	p := b.heavyPool
	p.mu.Lock()
	if p.users[user] >= p.perUser {
		p.mu.Unlock()
		b.metrics.Error("heavy_busy_user")
		return errBusyUser
	}
	p.users[user]++
	p.mu.Unlock()
	// The user's count covers the jobs they wait for: a job over budget
	// no longer counts once its handler has answered (its worker stays
	// taken until it ends, so the pool still bounds the CPU).
	defer func() {
		p.mu.Lock()
		if p.users[user]--; p.users[user] <= 0 {
			delete(p.users, user)
		}
		p.mu.Unlock()
	}()

	parent := ctx
	if s, ok := ctx.Value(slotKey{}).(*heldSlot); ok && s.held {
		<-s.slots
		s.held = false
		defer func() {
			// Take a general slot back to build the reply; the wait is
			// short, as cheap handlers hold slots briefly.
			select {
			case s.slots <- struct{}{}:
				s.held = true
			case <-parent.Done():
			}
		}()
	}

	ctx, cancel := context.WithTimeout(ctx, p.budget)
	defer cancel()
	over := func() error {
		if err := parent.Err(); err != nil {
			return err
		}
		b.metrics.Error("heavy_over_budget")
		return errOverBudget
	}
	p.waiting.Add(1)
	select {
	case p.workers <- struct{}{}:
		p.waiting.Add(-1)
	case <-ctx.Done():
		p.waiting.Add(-1)
		if err := over(); err != errOverBudget {
			return err
		}
		return errNotStarted
	}
	done := make(chan error, 1)
	go func() {
		defer func() { <-p.workers }()
		defer func() {
			if v := recover(); v != nil {
				done <- fmt.Errorf("bot: heavy work panicked: %v\n%s", v, debug.Stack())
			}
		}()
		done <- fn(ctx)
	}()
	if hook := heavyBeforeWait.Load(); hook != nil {
		(*hook)(done)
	}
	select {
	case err := <-done:
		// A job that gave up because the budget ran out (its context is
		// the budget's) is over budget, not failed: both cases of this
		// select can be ready at once, and the player must get the same
		// answer whichever is picked.
		if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return over()
		}
		return err
	case <-ctx.Done():
		return over()
	}
}
