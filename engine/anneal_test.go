package engine

import (
	"errors"
	"path/filepath"
	"testing"
)

func TestSolveAnneal(t *testing.T) {
	recs := loadRecords(t, filepath.Join("testdata", "sxbank_easy.txt"))[:4]
	recs = append(recs, loadRecords(t, filepath.Join("testdata", "sxbank_hard.txt"))[:3]...)
	for _, r := range recs {
		g := MustParse(r.puzzle)
		sol, err := SolveAnneal(g, AnnealOptions{Seed: 1})
		if err != nil {
			t.Fatalf("line %d: %v", r.line, err)
		}
		checkSolution(t, g, sol)
		again, _ := SolveAnneal(g, AnnealOptions{Seed: 1})
		if again != sol {
			t.Fatalf("line %d: same seed, different result", r.line)
		}
	}
}

func TestSolveAnnealErrors(t *testing.T) {
	// Conflicting givens are reported like the exact solvers do.
	bad := MustParse("55" + easyCanon[2:])
	if _, err := SolveAnneal(bad, AnnealOptions{}); !errors.Is(err, ErrInvalid) || err.Error() != "invalid: r1c1 and r1c2 both hold 5" {
		t.Fatalf("conflict: %v", err)
	}
	// No solution: annealing cannot tell, so it runs out of budget.
	recs := loadRecords(t, filepath.Join("testdata", "tdoku_test_puzzles.txt"))
	for _, r := range recs {
		if r.fields[0] != "0" {
			continue
		}
		if _, err := SolveAnneal(MustParse(r.puzzle), AnnealOptions{Seed: 1, MaxSteps: 20_000}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("line %d (no solution): %v", r.line, err)
		}
		break
	}
	// A full grid is its own answer; a grid one cell short is filled.
	sol := MustParse(easySolution)
	if got, err := SolveAnneal(sol, AnnealOptions{}); err != nil || got != sol {
		t.Fatalf("full grid: %s %v", got, err)
	}
	one := sol
	one[40] = 0
	if got, err := SolveAnneal(one, AnnealOptions{}); err != nil || got != sol {
		t.Fatalf("one blank: %s %v", got, err)
	}
	// Multiple solutions: it answers one of them, proving nothing.
	var empty Grid
	if got, err := SolveAnneal(empty, AnnealOptions{Seed: 2}); err != nil || !got.Full() || got.Validate() != nil {
		t.Fatalf("empty grid: %s %v", got, err)
	}
}
