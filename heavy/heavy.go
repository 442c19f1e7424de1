// Package heavy is the process's pool for expensive engine work (grading
// a pasted puzzle, hints on hard positions, making puzzles): a bounded
// number of workers, apart from the doors' own handler slots, so cheap
// requests such as /sudoku show are not queued behind it. Both doors
// share one pool, so a player's work from the chat and from the web board
// shares one budget.
//
// Each user may have a bounded number of jobs running, and each job a
// time budget (waiting included); a job over budget keeps its worker
// until it ends (engine work cannot be interrupted), so the pool bounds
// the CPU it takes either way; it no longer counts against its user, who
// has had an answer.
package heavy

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokubot/sudokubot/game"
)

// ErrOverBudget means heavy work did not finish within its budget; it is
// the core's game.ErrOverBudget, which every door words alike.
var ErrOverBudget = game.ErrOverBudget

// ErrNotStarted means heavy work found no free worker within its budget
// and never ran; it is also ErrOverBudget.
var ErrNotStarted = fmt.Errorf("%w: no worker was free", ErrOverBudget)

// ErrBusyUser means the user already has as many heavy jobs running as
// allowed (game.ErrBusy).
var ErrBusyUser = game.ErrBusy

// maxLater bounds the jobs waiting for a worker in the background: beyond
// it, work that ran out of budget before it started is dropped.
const maxLater = 256

// Counter counts the pool's refusals by kind ("heavy_busy_user",
// "heavy_over_budget"); *metrics.Metrics is one.
type Counter interface {
	Error(kind string)
}

// Options configure a Pool; every zero value has a default.
type Options struct {
	// Workers bounds the jobs running at once; 0 means half of
	// GOMAXPROCS, at least 1, so cheap requests keep a core.
	Workers int
	// PerUser bounds one user's jobs running at once; 0 means 1.
	PerUser int
	// Budget is how long a job may wait and run; 0 means 10 s.
	Budget time.Duration
	// Counter counts refusals; nil counts nothing.
	Counter Counter
	// Logger hears about background work that panicked; nil discards.
	Logger *slog.Logger
}

// Pool runs expensive work on a bounded number of workers. Make it with
// New and stop its background work with Close; it is safe for concurrent
// use.
type Pool struct {
	workers chan struct{}
	perUser int
	budget  time.Duration
	count   Counter
	log     *slog.Logger

	base   context.Context
	cancel context.CancelFunc

	mu    sync.Mutex
	users map[string]int
	// later counts the jobs waiting in the background (see Later).
	later int
	// waiting counts the requests waiting for a worker: background jobs
	// wait while any does (Waiting).
	waiting atomic.Int32

	// beforeWait, when a test sets it, runs between a job's start and the
	// wait for its result, with the channel the result comes on.
	beforeWait func(done chan error)
}

// New returns a pool with o's limits.
func New(o Options) *Pool {
	if o.Workers <= 0 {
		o.Workers = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if o.PerUser <= 0 {
		o.PerUser = 1
	}
	if o.Budget <= 0 {
		o.Budget = 10 * time.Second
	}
	if o.Counter == nil {
		o.Counter = nopCounter{}
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	p := &Pool{workers: make(chan struct{}, o.Workers), perUser: o.PerUser, budget: o.Budget, count: o.Counter, log: o.Logger, users: map[string]int{}}
	p.base, p.cancel = context.WithCancel(context.Background())
	return p
}

type nopCounter struct{}

func (nopCounter) Error(string) {}

// Budget is how long a job may wait and run.
func (p *Pool) Budget() time.Duration { return p.budget }

// Close drops the background work that has not started (see Later).
func (p *Pool) Close() { p.cancel() }

// Waiting reports whether a request waits for a worker: background work
// (the job queue's) waits while one does.
func (p *Pool) Waiting() bool { return p.waiting.Load() > 0 }

// Later runs fn on a worker in the background, without a budget, when a
// worker is free: for work whose answer can come after the reply (making
// a daily that found no worker in time). fn's context ends when the pool
// is closed. It reports false, and does nothing, when maxLater jobs are
// already waiting or the pool is closed.
func (p *Pool) Later(fn func(ctx context.Context)) bool {
	p.mu.Lock()
	if p.later >= maxLater || p.base.Err() != nil {
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
		case <-p.base.Done():
			return
		}
		defer func() { <-p.workers }()
		defer func() {
			if v := recover(); v != nil {
				p.log.Error("background heavy work panicked", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			}
		}()
		fn(p.base)
	}()
	return true
}

// Run runs fn on a worker for user, within the pool's budget. It returns
// ErrBusyUser when the user has too many jobs running, ErrOverBudget
// when fn did not finish in time (fn goes on in the background and its
// result is dropped: fn must not write what the caller reads then),
// ErrNotStarted when no worker was free in time, or fn's error. A handler
// slot in ctx (WithSlot) is given up while the job waits and runs.
func (p *Pool) Run(ctx context.Context, user string, fn func(ctx context.Context) error) error {
	p.mu.Lock()
	if p.users[user] >= p.perUser {
		p.mu.Unlock()
		p.count.Error("heavy_busy_user")
		return ErrBusyUser
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
	defer OffSlot(ctx)()

	ctx, cancel := context.WithTimeout(ctx, p.budget)
	defer cancel()
	over := func() error {
		if err := parent.Err(); err != nil {
			return err
		}
		p.count.Error("heavy_over_budget")
		return ErrOverBudget
	}
	p.waiting.Add(1)
	select {
	case p.workers <- struct{}{}:
		p.waiting.Add(-1)
	case <-ctx.Done():
		p.waiting.Add(-1)
		if err := over(); err != ErrOverBudget {
			return err
		}
		return ErrNotStarted
	}
	done := make(chan error, 1)
	go func() {
		defer func() { <-p.workers }()
		defer func() {
			if v := recover(); v != nil {
				done <- fmt.Errorf("heavy work panicked: %v\n%s", v, debug.Stack())
			}
		}()
		done <- fn(ctx)
	}()
	if p.beforeWait != nil {
		p.beforeWait(done)
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

// Slot is a handler's place among a door's concurrent handlers (a token
// taken from a buffered channel), which the handler gives up while it
// waits for heavy or background work so that cheap requests can use it.
type Slot struct {
	slots chan struct{}
	held  bool
}

// HeldSlot is a slot of slots that the caller has already taken.
func HeldSlot(slots chan struct{}) *Slot { return &Slot{slots: slots, held: true} }

// Held reports whether the handler holds its slot: the door gives it
// back when the handler ends.
func (s *Slot) Held() bool { return s.held }

type slotKey struct{}

// WithSlot is ctx carrying the handler's slot, for Run and OffSlot.
func WithSlot(ctx context.Context, s *Slot) context.Context {
	return context.WithValue(ctx, slotKey{}, s)
}

// OffSlot gives the handler's slot in ctx up while it waits for work done
// elsewhere; restore takes a slot back to build the reply (the wait is
// short, as cheap handlers hold slots briefly). Without a held slot both
// do nothing.
func OffSlot(ctx context.Context) (restore func()) {
	s, ok := ctx.Value(slotKey{}).(*Slot)
	if !ok || !s.held {
		return func() {}
	}
	<-s.slots
	s.held = false
	return func() {
		select {
		case s.slots <- struct{}{}:
			s.held = true
		case <-ctx.Done():
		}
	}
}
