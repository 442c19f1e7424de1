package engine

import (
	"math"
	"math/rand/v2"
	"regexp"
	"testing"
)

// TestTechniqueGap: a library puzzle's path takes its technique (gap 0);
// an illustration's path does not, and its gap is at most the distance
// at the illustration's own position; a path the technique never
// applies on is infinitely far; bad input is an error, not a panic.
func TestTechniqueGap(t *testing.T) {
	plus := DefaultTechniqueLibrary().Entries(TechDynamicForcingChainPlus)
	if len(plus) == 0 {
		t.Fatal("no Dynamic Forcing Chain (+) in the library")
	}
	if gap, taken, err := TechniqueGap(plus[0].Puzzle, TechDynamicForcingChainPlus); err != nil || !taken || gap != 0 {
		t.Errorf("library (+) puzzle: gap %v taken %v err %v, want 0 true nil", gap, taken, err)
	}
	for _, id := range []TechniqueID{TechMutantSwordfish, TechFinnedFrankenXWing, TechTemplateDelete} {
		e := DefaultIllustrations().Entries(id)[0]
		gap, taken, err := TechniqueGap(e.Puzzle, id)
		if err != nil || taken {
			t.Fatalf("%s illustration: taken %v err %v", id, taken, err)
		}
		rank, ok := e.Rank()
		if !ok {
			t.Fatalf("%s illustration: no rank", id)
		}
		b := e.Position()
		x, _ := IllustrationStep(&b, id)
		tt := int(tierOf(techniqueOf(id)))
		at := float64(gapPerTier*(tt-rank.PathTier)) + max(x.Score-rank.PathScore, 0)
		if !(gap > 0 && gap <= at+1e-9) {
			t.Errorf("%s illustration: gap %v, want in (0, %v] (the distance at its own position)", id, gap, at)
		}
	}
	easy := MustParse("050703060007000800000816000000030000005000100730040086906000204840572093000409000")
	if gap, taken, err := TechniqueGap(easy, TechXWing); err != nil || taken || !math.IsInf(gap, 1) {
		t.Errorf("a singles puzzle towards X-Wing: gap %v taken %v err %v, want +Inf false nil", gap, taken, err)
	}
	if _, _, err := TechniqueGap(easy, "No Such Technique"); err == nil {
		t.Error("unknown technique: no error")
	}
	var empty Grid
	if _, _, err := TechniqueGap(empty, TechXWing); err == nil {
		t.Error("a grid of many solutions: no error")
	}
}

// TestRandomMovedGiven: every neighbour moves one given to an empty cell
// with the solution's digit, names the move, and keeps exactly one
// solution, the same one.
func TestRandomMovedGiven(t *testing.T) {
	g := DefaultTechniqueLibrary().Entries(TechDynamicForcingChainPlus)[0].Puzzle
	sol, err := Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`^(r[1-9]c[1-9])>(r[1-9]c[1-9])$`)
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		move, h, ok := RandomMovedGiven(g, sol, r, 50)
		if !ok {
			t.Fatal("no neighbour in 50 tries")
		}
		m := name.FindStringSubmatch(move)
		if m == nil {
			t.Fatalf("move %q", move)
		}
		var from, to int = -1, -1
		for c := range g {
			switch {
			case g[c] != 0 && h[c] == 0:
				from = c
			case g[c] == 0 && h[c] != 0:
				to = c
			case g[c] != h[c]:
				t.Fatalf("%s changed r%dc%d", move, c/9+1, c%9+1)
			}
		}
		if from < 0 || to < 0 || CellName(from) != m[1] || CellName(to) != m[2] || h[to] != sol[to] {
			t.Fatalf("%s: moved %d to %d", move, from, to)
		}
		if hs, err := Solve(h); err != nil || hs != sol {
			t.Fatalf("%s: solution %v err %v", move, hs, err)
		}
	}
	var full Grid
	if _, _, ok := RandomMovedGiven(sol, sol, r, 5); ok {
		t.Error("a full grid has no empty cell to move to")
	}
	if _, _, ok := RandomMovedGiven(full, sol, r, 5); ok {
		t.Error("an empty grid has no given to move")
	}
}
