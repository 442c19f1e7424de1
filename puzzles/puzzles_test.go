package puzzles

import (
	"context"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

func TestEnginePuzzles(t *testing.T) {
	ctx := context.Background()
	var e Engine
	p, err := e.New(ctx, Request{Level: engine.LevelMedium, Symmetry: "rotational", Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	if p.Level != engine.LevelMedium || engine.CountSolutions(p.Grid, 2) != 1 {
		t.Fatalf("new medium puzzle: %+v", p)
	}
	if sol, err := engine.Solve(p.Grid); err != nil || sol != p.Solution {
		t.Fatalf("solution does not match: %v", err)
	}
	if _, err := e.New(ctx, Request{Level: engine.Level(len(engine.Levels))}); err == nil {
		t.Fatal("unknown level accepted")
	}
}
