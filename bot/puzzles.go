package bot

import (
	"context"
	"fmt"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// EnginePuzzles makes puzzles with the engine's level generator.
type EnginePuzzles struct {
	// Pool serves the levels digging rarely reaches; nil is the engine's
	// shipped pool.
	Pool *engine.Pool
}

func (e EnginePuzzles) generate(l engine.Level, symmetry string, seed uint64, origin string, fresh bool) (store.Puzzle, error) {
	sym := engine.SymNone
	if symmetry != "" {
		var err error
		if sym, err = engine.ParseSymmetry(symmetry); err != nil {
			return store.Puzzle{}, err
		}
	}
	lp, err := engine.GenerateLevel(engine.LevelOptions{Level: l, Seed: seed, Symmetry: sym, Pool: e.Pool, DigOnly: fresh})
	if err != nil {
		return store.Puzzle{}, err
	}
	return store.Puzzle{
		Grid: lp.Puzzle, Solution: lp.Solution, Score: lp.Grade.Score, Level: lp.Grade.Level,
		Techniques: lp.Grade.Hardest.String(), Origin: origin,
	}, nil
}

// New implements Puzzles.
func (e EnginePuzzles) New(ctx context.Context, req PuzzleRequest) (store.Puzzle, error) {
	return e.generate(req.Level, req.Symmetry, req.Seed, fmt.Sprintf("seed:%d", req.Seed), req.Fresh)
}
