package game

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// Grade is engine.Rate's grade of a puzzle on the player scale: the level
// is the hardest step of the path the hints teach. A puzzle logic cannot
// finish is beyond every level.
func Grade(grid engine.Grid) (score float64, level engine.Level) {
	if g, err := engine.Rate(grid); err == nil {
		return g.Score, g.Level
	}
	return 10, engine.LevelExtreme
}

// GradeStore is the part of the store GradePasted uses.
type GradeStore interface {
	PuzzleByGrid(ctx context.Context, g engine.Grid) (store.Puzzle, error)
	SavePuzzle(ctx context.Context, p store.Puzzle) (store.Puzzle, error)
	GradeIfUngraded(ctx context.Context, id int64, score float64, level engine.Level) (bool, error)
}

// GradePasted grades a pasted puzzle and records its grade: the stored
// puzzle of that grid when it is still not graded, else a new graded
// puzzle (a paste queued for grading before its game was stored). A
// puzzle graded already is left alone, without grading it again. It is
// the handler of the queue's grade-paste jobs; errors about the grid
// itself are final (they wrap ErrBadPaste).
func GradePasted(ctx context.Context, st GradeStore, grid engine.Grid) error {
	p, err := st.PuzzleByGrid(ctx, grid)
	switch {
	case err == nil && !p.Ungraded:
		return nil
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return err
	}
	found := err == nil
	sol := p.Solution
	if !found {
		if sol, err = engine.Solve(grid); err != nil {
			return fmt.Errorf("game: grade paste: %w: %w", ErrBadPaste, err)
		}
	}
	score, level := Grade(grid)
	if err := ctx.Err(); err != nil {
		return err // over the budget: the grade is dropped
	}
	if !found {
		saved, err := st.SavePuzzle(ctx, store.Puzzle{Grid: grid, Solution: sol, Score: score, Level: level, Origin: "pasted"})
		if err != nil {
			return fmt.Errorf("game: grade paste: %w", err)
		}
		if !saved.Ungraded {
			return nil
		}
		p = saved // saved ungraded by the paste's game meanwhile
	}
	if _, err := st.GradeIfUngraded(ctx, p.ID, score, level); err != nil {
		return fmt.Errorf("game: grade paste: %w", err)
	}
	return nil
}

// ErrBadPaste means a grid queued for grading has no single solution.
var ErrBadPaste = errors.New("a pasted grid that is no puzzle")
