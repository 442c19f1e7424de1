package engine

import (
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
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
	// The first Dynamic Forcing Chain (+) puzzle the climb found
	// (sxrated_9.1.txt:140~r2c5>r3c5~r2c6>r5c6), as the climb met it.
	g := MustParse("2..5...........1....1.436...56.7...14....5..69...8.57...89..3....423.........4..8")
	sol, err := Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`^(r[1-9]c[1-9])>(r[1-9]c[1-9])$`)
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		move, h, ok := RandomMovedGiven(g, sol, r, 200)
		if !ok {
			t.Fatal("no neighbour in 200 tries")
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

// TestFamiliesFirst: a lesson takes one entry of each family (the source
// before the first "~") before a second of any, in file order otherwise,
// so the Dynamic Forcing Chain (+) lesson, whose 40 puzzles come from
// three climbs, shows one position of each.
func TestFamiliesFirst(t *testing.T) {
	var es []LibraryEntry
	for _, src := range []string{"a~1", "a~2", "b:1", "a~3", "c~1~2", "b:1~x", "d:4"} {
		es = append(es, LibraryEntry{Source: src})
	}
	var got []string
	for _, e := range familiesFirst(es) {
		got = append(got, e.Source)
	}
	want := []string{"a~1", "b:1", "c~1~2", "d:4", "a~2", "a~3", "b:1~x"}
	if !slices.Equal(got, want) {
		t.Errorf("familiesFirst: %v, want %v", got, want)
	}

	roots := map[string]string{}
	for _, e := range DefaultTechniqueLibrary().Entries(TechDynamicForcingChainPlus) {
		roots[e.Canon()] = e.Family()
	}
	seen := map[string]bool{}
	for _, tp := range TechniqueExamples(TechDynamicForcingChainPlus, 3) {
		r := roots[CanonicalKey(tp.Puzzle)]
		if r == "" || seen[r] {
			t.Errorf("(+) lesson: example from family %q twice or from none", r)
		}
		seen[r] = true
	}
}
