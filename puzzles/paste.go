package puzzles

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

// Pasted is the puzzle of a valid paste, graded when that can be
// done in time: a puzzle stored and graded already is taken as it is,
// never graded again. Otherwise the grading is queued in the store (so no
// restart loses it) and the reply waits for it up to the heavy budget,
// off its handler slot; a grading not done by then is played as not
// graded, and its level recorded when the queue gets to it. Gradings run
// on the queue's workers, never the heavy pool's: a hint does not wait
// behind a paste.
func (m *Maker) Pasted(ctx context.Context, user string, grid, sol engine.Grid) (store.Puzzle, error) {
	p, err := m.Store.PuzzleByGrid(ctx, grid)
	switch {
	case err == nil && !p.Ungraded:
		return p, nil
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return store.Puzzle{}, err
	}
	p = store.Puzzle{Grid: grid, Solution: sol, Origin: "pasted", Ungraded: true}
	if m.Jobs == nil {
		return m.gradeInPool(ctx, user, p)
	}
	key := grid.Digits()
	done, stop := m.Jobs.Watch(jobs.GradePaste, key)
	defer stop()
	if _, err := m.Jobs.Enqueue(ctx, jobs.Job{Kind: jobs.GradePaste, Key: key, Player: user, Payload: []byte(key)}); err != nil {
		return store.Puzzle{}, err
	}
	restore := heavy.OffSlot(ctx)
	wait := m.PasteWait
	if wait <= 0 {
		wait = m.Pool.Budget()
	}
	t := time.NewTimer(wait)
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
	if q, err := m.Store.PuzzleByGrid(ctx, grid); err == nil && !q.Ungraded {
		return q, nil
	}
	m.log().Info("a paste is played not graded; its grading is queued", "player", user)
	return p, nil
}

// gradeInPool grades p in the heavy pool within its budget, for a Maker
// without a job queue; over the budget p stays not graded.
func (m *Maker) gradeInPool(ctx context.Context, user string, p store.Puzzle) (store.Puzzle, error) {
	type grade struct {
		score float64
		level engine.Level
	}
	graded := make(chan grade, 1)
	err := m.Pool.Run(ctx, user, func(context.Context) error {
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
