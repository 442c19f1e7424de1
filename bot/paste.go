package bot

import (
	"context"
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/heavy"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/store"
)

// Jobs is the durable job queue as the bot uses it; *jobs.Runner
// implements it.
type Jobs interface {
	Enqueue(ctx context.Context, j jobs.Job) (bool, error)
	Watch(k jobs.Kind, key string) (<-chan struct{}, func())
}

var _ Jobs = (*jobs.Runner)(nil)

// pastedPuzzle is the puzzle of a valid paste, graded when that can be
// done in time: a puzzle stored and graded already is taken as it is,
// never graded again. Otherwise the grading is queued in the store (so no
// restart loses it) and the reply waits for it up to the heavy budget,
// off its handler slot; a grading not done by then is played as not
// graded, and its level recorded when the queue gets to it. Gradings run
// on the queue's workers, never the heavy pool's: a hint does not wait
// behind a paste.
func (b *Bot) pastedPuzzle(ctx context.Context, user string, grid, sol engine.Grid) (store.Puzzle, error) {
	p, err := b.cfg.Store.PuzzleByGrid(ctx, grid)
	switch {
	case err == nil && !p.Ungraded:
		return p, nil
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return store.Puzzle{}, err
	}
	p = store.Puzzle{Grid: grid, Solution: sol, Origin: "pasted", Ungraded: true}
	if b.cfg.Jobs == nil {
		return b.gradeInPool(ctx, user, p)
	}
	key := grid.Digits()
	done, stop := b.cfg.Jobs.Watch(jobs.GradePaste, key)
	defer stop()
	if _, err := b.cfg.Jobs.Enqueue(ctx, jobs.Job{Kind: jobs.GradePaste, Key: key, Player: user, Payload: []byte(key)}); err != nil {
		return store.Puzzle{}, err
	}
	restore := heavy.OffSlot(ctx)
	t := time.NewTimer(b.cfg.HeavyBudget)
	select {
	case <-done:
	case <-t.C:
	case <-ctx.Done():
	}
	t.Stop()
	restore()
	if err := ctx.Err(); err != nil {
		return store.Puzzle{}, err
	}
	if q, err := b.cfg.Store.PuzzleByGrid(ctx, grid); err == nil && !q.Ungraded {
		return q, nil
	}
	b.metrics.Error("paste_graded_later")
	return p, nil
}

// gradeInPool grades p in the heavy pool within its budget, for a bot
// without a job queue; over the budget p stays not graded.
func (b *Bot) gradeInPool(ctx context.Context, user string, p store.Puzzle) (store.Puzzle, error) {
	type grade struct {
		score float64
		level engine.Level
	}
	graded := make(chan grade, 1)
	err := b.heavyPool.Run(ctx, user, func(context.Context) error {
		s, l := game.Grade(p.Grid)
		graded <- grade{s, l}
		return nil
	})
	switch {
	case errors.Is(err, heavy.ErrOverBudget):
		return p, nil
	case err != nil:
		return store.Puzzle{}, err
	}
	g := <-graded
	p.Score, p.Level, p.Ungraded = g.score, g.level, false
	return p, nil
}

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
