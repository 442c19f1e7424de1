// Package jobs runs deferred work from the store's durable queue: work
// that may finish after the reply (grading a pasted puzzle, making a daily
// on demand, and any kind the wiring registers), kept in the store so that
// a restart or a crash loses none of it.
//
// Usage, in the wiring (app):
//
//	r := jobs.New(st, jobs.Options{Workers: 1, Idle: bot.HeavyIdle})
//	r.Register(jobs.GradePaste, gradeHandler, jobs.KindOptions{Budget: 2 * time.Minute})
//	go r.Run(ctx)                      // until ctx ends
//	r.Enqueue(ctx, jobs.Job{Kind: jobs.GradePaste, Key: grid, Player: user, Payload: []byte(grid)})
//
// A job is unique by kind and key: enqueuing work already queued or
// running does nothing. Workers claim a job with a lease, renew it while
// the handler runs, and delete the job when the handler returns nil; an
// error is retried with backoff up to the kind's attempts (Permanent
// errors at once are final). A process that dies leaves its leases to run
// out, and the jobs are claimed again by whoever runs next. Claims take
// players in turn, so one player's many pastes do not hold another's.
//
// Jobs are background work: a runner's workers are apart from the
// interactive ones, few (one by default), and wait before each claim
// until Options.Idle says interactive work does not need the CPU.
//
// Two lanes: work a player waits for (a paste's grading, a daily asked
// for early) and bulk work (KindOptions.Bulk: bank refills). Each lane has
// its own workers, so a grading never queues behind a refill; a bulk
// worker also waits while this process runs a job of the other lane, and
// a bulk handler does one small unit at a time (one puzzle) and returns
// ErrMore while there is more to do: the job goes back to the queue, free
// at once, and the lane yields before its next unit.
package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/clock"
	"github.com/sudokubot/sudokubot/store"
)

// Kind names a kind of job, and the handler registered for it.
type Kind string

// The kinds of job the bot queues today. Other kinds need only a
// registered handler and an Enqueue.
const (
	// GradePaste grades a pasted puzzle saved as not graded. Key and
	// payload: the puzzle's 81 digits.
	GradePaste Kind = "grade-paste"
	// MakeDaily makes a day's daily at a level that a player asked for
	// before anyone had made it. Key and payload: "YYYY-MM-DD/level".
	MakeDaily Kind = "make-daily"
	// BankRefill fills one level of the store's puzzle bank (bank.Refill)
	// back to its size. Key and payload: the level's name, so one refill
	// of a level runs at a time across every process.
	BankRefill Kind = "bank-refill"
	// TechniqueMine digs one puzzle for the techniques of the technique
	// library with the fewest puzzles (engine.MineLibrary) and keeps what
	// it finds in the store, served beside the shipped library. Key and
	// payload: "library", so one unit runs at a time across every
	// process; the wiring queues one at start and on a timer.
	TechniqueMine Kind = "technique-mine"
	// TechniqueClimb takes one round of a hill climb towards a puzzle for
	// a technique no puzzle of the library trains yet (engine.Climb), the
	// climb saved in the store between rounds, and keeps what it reaches
	// beside the mined finds. Key and payload: "climb", so one round runs
	// at a time across every process; the wiring queues one on a timer.
	TechniqueClimb Kind = "technique-climb"
)

// Kinds lists every kind of job, in the order above; docs/architecture.md
// lists the same (a test in internal/codecheck compares them).
func Kinds() []Kind { return []Kind{GradePaste, MakeDaily, BankRefill, TechniqueMine, TechniqueClimb} }

// Job is work to queue.
type Job struct {
	Kind Kind
	// Key identifies the work within its kind: a Key already queued is not
	// queued again.
	Key string
	// Player is the one the work is for ("" for nobody): the runner takes
	// players in turn.
	Player string
	// Payload is the handler's input.
	Payload []byte
}

// Handler does one job. ctx ends at the kind's budget or when the runner
// stops; a handler that cannot be interrupted (engine work) may go on, but
// its result is then dropped and the job tried again later.
type Handler func(ctx context.Context, payload []byte) error

// KindOptions tune one kind; zero values take the defaults.
type KindOptions struct {
	// Budget bounds one attempt; 0 means 5 minutes.
	Budget time.Duration
	// MaxAttempts is how many times a job is tried; 0 means 5.
	MaxAttempts int
	// Bulk puts the kind in the bulk lane: run by the bulk workers only,
	// after the player's work of this process (see the package comment).
	Bulk bool
}

// ErrMore is what a bulk handler returns after one unit of work when the job
// has more to do: the job goes back to the queue at once, its attempt not
// counted, and the next unit runs when the lane yields again.
var ErrMore = errors.New("jobs: more to do")

// Queue is the part of the store a runner uses; *store.Store implements it.
type Queue interface {
	EnqueueJob(ctx context.Context, j store.Job, now time.Time) (bool, error)
	ClaimJob(ctx context.Context, kinds []string, claimer string, now time.Time, lease time.Duration) (store.Job, error)
	RenewJob(ctx context.Context, id int64, claimer string, now time.Time, lease time.Duration) error
	CompleteJob(ctx context.Context, id int64, claimer string, now time.Time) error
	FailJob(ctx context.Context, id int64, claimer string, msg string, retryAt time.Time, dead bool) error
	ReleaseJob(ctx context.Context, id int64, claimer string) error
	JobStats(ctx context.Context, now time.Time) ([]store.JobDepth, error)
}

var _ Queue = (*store.Store)(nil)

// Options configure a Runner; zero values take the defaults.
type Options struct {
	// Workers is how many jobs of the players' lane run at once in this
	// process; 0 means 1.
	Workers int
	// BulkWorkers is how many jobs of the bulk lane run at once in this
	// process; 0 means 1.
	BulkWorkers int
	// Lease is how long a claim lasts without renewal: a dead process's
	// jobs wait this long before another takes them. 0 means 30 s; the
	// lease is renewed every third of it.
	Lease time.Duration
	// Poll is how often idle workers look for jobs queued by other
	// processes (jobs queued here wake them at once); 0 means 2 s.
	Poll time.Duration
	// Backoff is the wait after a job's first failure, doubled after each
	// further one up to an hour; 0 means 10 s.
	Backoff time.Duration
	// Idle, when set, is called before each claim and returns when
	// interactive work leaves the CPU to background work (or with ctx's
	// error): jobs never take a core an interactive request waits for.
	Idle func(ctx context.Context) error
	// Logger logs failed jobs; nil discards.
	Logger *slog.Logger
	// Clock is the time of claims, leases and retries; nil is the wall
	// clock.
	Clock clock.Clock
}

// Runner claims and runs jobs. Make it with New, register the handlers,
// then call Run; Enqueue and Watch may be called at any time.
type Runner struct {
	q    Queue
	opt  Options
	id   string
	wake chan struct{}

	mu       sync.Mutex
	kinds    map[Kind]kind
	watchers map[watchKey][]chan struct{}
	running  bool
	// busy counts the players' lane's jobs running here; bulk workers
	// wait while it is above 0 (calm is signalled when it falls to 0).
	busy int
	calm chan struct{}
}

type kind struct {
	h   Handler
	opt KindOptions
}

type watchKey struct {
	kind Kind
	key  string
}

// New returns a runner on q with no handlers.
func New(q Queue, opt Options) *Runner {
	if opt.Workers <= 0 {
		opt.Workers = 1
	}
	if opt.BulkWorkers <= 0 {
		opt.BulkWorkers = 1
	}
	if opt.Lease <= 0 {
		opt.Lease = 30 * time.Second
	}
	if opt.Poll <= 0 {
		opt.Poll = 2 * time.Second
	}
	if opt.Backoff <= 0 {
		opt.Backoff = 10 * time.Second
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	opt.Clock = clock.Or(opt.Clock)
	host, _ := os.Hostname()
	var b [6]byte
	_, _ = rand.Read(b[:])
	return &Runner{
		q: q, opt: opt, id: fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b[:])),
		wake: make(chan struct{}, 1), kinds: map[Kind]kind{}, watchers: map[watchKey][]chan struct{}{}, calm: make(chan struct{}),
	}
}

// Register sets the handler of a kind. Register every kind before Run:
// a runner claims only the kinds it has handlers for.
func (r *Runner) Register(k Kind, h Handler, opt KindOptions) {
	if opt.Budget <= 0 {
		opt.Budget = 5 * time.Minute
	}
	if opt.MaxAttempts <= 0 {
		opt.MaxAttempts = 5
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.running {
		panic("jobs: Register after Run")
	}
	r.kinds[k] = kind{h: h, opt: opt}
}

// Enqueue stores j in the queue and reports whether it was queued: false
// when a job of its kind and key is already there. The job's attempts are
// those its kind was registered with (1 for a kind with no handler here:
// another process may run it).
func (r *Runner) Enqueue(ctx context.Context, j Job) (bool, error) {
	r.mu.Lock()
	attempts := r.kinds[j.Kind].opt.MaxAttempts
	r.mu.Unlock()
	ok, err := r.q.EnqueueJob(ctx, store.Job{Kind: string(j.Kind), Key: j.Key, Player: j.Player, Payload: j.Payload,
		MaxAttempts: attempts}, r.opt.Clock.Now())
	if err != nil {
		return false, fmt.Errorf("jobs: enqueue %s: %w", j.Kind, err)
	}
	if ok {
		select {
		case r.wake <- struct{}{}:
		default:
		}
	}
	return ok, nil
}

// Watch returns a channel closed when a job of kind and key ends in this
// process (done, or dead), and a function to stop watching. Call it before
// Enqueue to wait for the job without missing its end; a job run by
// another process is not seen.
func (r *Runner) Watch(k Kind, key string) (<-chan struct{}, func()) {
	ch := make(chan struct{})
	wk := watchKey{k, key}
	r.mu.Lock()
	r.watchers[wk] = append(r.watchers[wk], ch)
	r.mu.Unlock()
	return ch, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		list := r.watchers[wk]
		for i, c := range list {
			if c == ch {
				r.watchers[wk] = append(list[:i:i], list[i+1:]...)
				break
			}
		}
		if len(r.watchers[wk]) == 0 {
			delete(r.watchers, wk)
		}
	}
}

// ended closes the watchers of a job.
func (r *Runner) ended(k Kind, key string) {
	wk := watchKey{k, key}
	r.mu.Lock()
	list := r.watchers[wk]
	delete(r.watchers, wk)
	r.mu.Unlock()
	for _, ch := range list {
		close(ch)
	}
}

// Run runs the workers until ctx ends, then returns once every worker has
// given its job back (a job cut short is released, free for the next
// process at once) or finished it.
func (r *Runner) Run(ctx context.Context) error {
	r.mu.Lock()
	r.running = true
	var players, bulk []string
	for k, kd := range r.kinds {
		if kd.opt.Bulk {
			bulk = append(bulk, string(k))
		} else {
			players = append(players, string(k))
		}
	}
	r.mu.Unlock()
	var wg sync.WaitGroup
	if len(players) > 0 {
		for w := range r.opt.Workers {
			claimer := fmt.Sprintf("%s/%d", r.id, w)
			wg.Go(func() { r.work(ctx, claimer, players, false) })
		}
	}
	if len(bulk) > 0 {
		for w := range r.opt.BulkWorkers {
			claimer := fmt.Sprintf("%s/bulk%d", r.id, w)
			wg.Go(func() { r.work(ctx, claimer, bulk, true) })
		}
	}
	wg.Wait()
	<-ctx.Done()
	return nil
}

// waitCalm returns once no job of the players' lane runs here, or with
// ctx's error.
func (r *Runner) waitCalm(ctx context.Context) error {
	for {
		r.mu.Lock()
		busy, calm := r.busy, r.calm
		r.mu.Unlock()
		if busy == 0 {
			return nil
		}
		select {
		case <-calm:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// setBusy counts a players' lane job starting (+1) or ending (-1).
func (r *Runner) setBusy(d int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.busy += d
	if r.busy == 0 {
		close(r.calm)
		r.calm = make(chan struct{})
	}
}

// work is one worker's loop, of the players' lane or the bulk lane.
func (r *Runner) work(ctx context.Context, claimer string, kinds []string, bulk bool) {
	for ctx.Err() == nil {
		if r.opt.Idle != nil {
			if err := r.opt.Idle(ctx); err != nil {
				return
			}
		}
		if bulk {
			if err := r.waitCalm(ctx); err != nil {
				return
			}
		}
		j, err := r.q.ClaimJob(ctx, kinds, claimer, r.opt.Clock.Now(), r.opt.Lease)
		if err != nil {
			if !errors.Is(err, store.ErrNotFound) && ctx.Err() == nil {
				r.opt.Logger.Warn("claiming a job failed", "err", err)
			}
			select {
			case <-ctx.Done():
			case <-r.wake:
			case <-time.After(r.opt.Poll):
			}
			continue
		}
		if !bulk {
			r.setBusy(1)
		}
		r.run(ctx, claimer, j)
		if !bulk {
			r.setBusy(-1)
		}
	}
}

// Permanent marks a handler's error as final: the job is not tried again.
func Permanent(err error) error { return permanentError{err} }

type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// run runs one claimed job to its end: done, failed, or released when
// ctx ends first.
func (r *Runner) run(ctx context.Context, claimer string, j store.Job) {
	r.mu.Lock()
	k := r.kinds[Kind(j.Kind)]
	r.mu.Unlock()
	jctx, cancel := context.WithTimeout(ctx, k.opt.Budget)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				done <- Permanent(fmt.Errorf("jobs: %s panicked: %v\n%s", j.Kind, v, debug.Stack()))
			}
		}()
		done <- k.h(jctx, j.Payload)
	}()
	renew := time.NewTicker(r.opt.Lease / 3)
	defer renew.Stop()
	// The store's writes outlive ctx: a stopping process still records
	// what became of its job.
	bg := context.WithoutCancel(ctx)
	for {
		select {
		case err := <-done:
			r.finish(bg, claimer, j, err)
			return
		case <-renew.C:
			if err := r.q.RenewJob(bg, j.ID, claimer, r.opt.Clock.Now(), r.opt.Lease); err != nil {
				r.opt.Logger.Warn("renewing a job's lease failed", "job", j.ID, "kind", j.Kind, "err", err)
			}
		case <-jctx.Done():
			if ctx.Err() != nil {
				// Stopping: give the job back for the next process.
				if err := r.q.ReleaseJob(bg, j.ID, claimer); err != nil {
					r.opt.Logger.Warn("releasing a job failed", "job", j.ID, "kind", j.Kind, "err", err)
				}
				return
			}
			// Over budget: engine work cannot be stopped, so the worker
			// waits for it (bounding the CPU jobs take) and then counts it
			// failed, to be tried later.
			<-done
			r.finish(bg, claimer, j, fmt.Errorf("jobs: over the %s budget: %w", k.opt.Budget, context.DeadlineExceeded))
			return
		}
	}
}

// finish records the end of an attempt.
func (r *Runner) finish(ctx context.Context, claimer string, j store.Job, err error) {
	if errors.Is(err, ErrMore) {
		// One unit done: back to the queue, free at once, uncounted.
		if err := r.q.ReleaseJob(ctx, j.ID, claimer); err != nil {
			r.opt.Logger.Warn("giving back a job with more to do failed", "job", j.ID, "kind", j.Kind, "err", err)
		}
		return
	}
	if err == nil {
		if err := r.q.CompleteJob(ctx, j.ID, claimer, r.opt.Clock.Now()); err != nil {
			r.opt.Logger.Warn("completing a job failed", "job", j.ID, "kind", j.Kind, "err", err)
		}
		r.ended(Kind(j.Kind), j.Key)
		return
	}
	var perm permanentError
	final := errors.As(err, &perm) || j.Attempts >= j.MaxAttempts
	wait := r.opt.Backoff << min(j.Attempts-1, 20)
	wait = min(wait, time.Hour)
	r.opt.Logger.Warn("a job failed", "job", j.ID, "kind", j.Kind, "attempt", j.Attempts, "final", final, "err", err)
	if ferr := r.q.FailJob(ctx, j.ID, claimer, err.Error(), r.opt.Clock.Now().Add(wait), final); ferr != nil {
		r.opt.Logger.Warn("recording a failed job failed", "job", j.ID, "kind", j.Kind, "err", ferr)
	}
	if final {
		r.ended(Kind(j.Kind), j.Key)
	}
}
