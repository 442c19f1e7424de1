package bot

import (
	"context"
	"fmt"
	"hash/fnv"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// EnginePuzzles makes puzzles with the engine's level generator.
type EnginePuzzles struct {
	// Pool serves the levels digging rarely reaches; nil is the engine's
	// shipped pool.
	Pool *engine.Pool
}

// DailySeed is the generator seed of the daily of a date and level, the
// same in every process, so every shard and replica computes the same
// puzzle without coordinating (the store's SetDaily keeps the first
// anyway).
func DailySeed(day, level string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "sudokubot daily %s %s", day, level)
	return h.Sum64()
}

func (e EnginePuzzles) generate(level, symmetry string, seed uint64, origin string) (store.Puzzle, error) {
	l, err := engine.ParseLevel(level)
	if err != nil {
		return store.Puzzle{}, err
	}
	sym := engine.SymNone
	if symmetry != "" {
		if sym, err = engine.ParseSymmetry(symmetry); err != nil {
			return store.Puzzle{}, err
		}
	}
	lp, err := engine.GenerateLevel(engine.LevelOptions{Level: l, Seed: seed, Symmetry: sym, Pool: e.Pool})
	if err != nil {
		return store.Puzzle{}, err
	}
	return store.Puzzle{
		Grid: lp.Puzzle, Solution: lp.Solution, Score: lp.Grade.Score, Level: lp.Grade.Level.String(),
		Techniques: lp.Grade.Hardest, Origin: origin,
	}, nil
}

// New implements Puzzles.
func (e EnginePuzzles) New(ctx context.Context, req PuzzleRequest) (store.Puzzle, error) {
	return e.generate(req.Level, req.Symmetry, req.Seed, fmt.Sprintf("seed:%d", req.Seed))
}

// Daily implements Puzzles.
func (e EnginePuzzles) Daily(ctx context.Context, day, level string) (store.Puzzle, error) {
	return e.generate(level, "", DailySeed(day, level), "daily:"+day)
}
