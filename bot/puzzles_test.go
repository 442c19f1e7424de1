package bot

import (
	"context"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/schedule"
)

func TestEnginePuzzles(t *testing.T) {
	ctx := context.Background()
	var e EnginePuzzles
	p, err := e.New(ctx, PuzzleRequest{Level: "medium", Symmetry: "rotational", Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	if p.Level != "medium" || engine.CountSolutions(p.Grid, 2) != 1 {
		t.Fatalf("new medium puzzle: %+v", p)
	}
	if sol, err := engine.Solve(p.Grid); err != nil || sol != p.Solution {
		t.Fatalf("solution does not match: %v", err)
	}
	a, err := e.Daily(ctx, "2026-11-22", "easy")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := e.Daily(ctx, "2026-11-22", "easy")
	if a.Grid != b.Grid || a.Level != "easy" {
		t.Fatalf("daily not deterministic or not easy: %v %v %s", a.Grid, b.Grid, a.Level)
	}
	// The bot and the publisher seed a date's daily the same way.
	want, err := schedule.DailySeed("2026-11-22", "easy")
	if err != nil || DailySeed("2026-11-22", "easy") != want {
		t.Fatalf("DailySeed differs from schedule.DailySeed: %d vs %d (%v)", DailySeed("2026-11-22", "easy"), want, err)
	}
	if _, err := e.New(ctx, PuzzleRequest{Level: "impossible"}); err == nil {
		t.Fatal("unknown level accepted")
	}
}
