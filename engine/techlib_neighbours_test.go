package engine

import (
	"fmt"
	"testing"
)

// TestMovedGivens: each neighbour of a library puzzle has one solution,
// the same as the puzzle's, and differs from it by the move it names: the
// given gone from one cell, the solution's digit in another.
func TestMovedGivens(t *testing.T) {
	es := DefaultTechniqueLibrary().Entries(TechXWing)
	if len(es) == 0 {
		t.Fatal("no X-Wing in the library")
	}
	g := es[0].Puzzle
	sol, err := Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{CanonicalKey(g): true}
	n := 0
	for move, h := range MovedGivens(g) {
		if n++; n > 40 {
			break
		}
		var from, to int
		for c := range g {
			switch {
			case g[c] == h[c]:
			case h[c] == 0:
				from = c
			case g[c] == 0 && h[c] == sol[c]:
				to = c
			default:
				t.Fatalf("%s: cell %s changed from %d to %d", move, CellName(c), g[c], h[c])
			}
		}
		if want := fmt.Sprintf("%s>%s", CellName(from), CellName(to)); move != want || h.Count() != g.Count() {
			t.Errorf("move %s, want %s (givens %d, puzzle's %d)", move, want, h.Count(), g.Count())
		}
		if CountSolutions(h, 2) != 1 {
			t.Errorf("%s: not one solution", move)
		}
		if k := CanonicalKey(h); seen[k] {
			t.Errorf("%s: equivalent to the puzzle or an earlier neighbour", move)
		} else {
			seen[k] = true
		}
	}
	if n == 0 {
		t.Error("no neighbour")
	}
}
