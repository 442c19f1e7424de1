package engine

import (
	"flag"
	"slices"
	"strings"
	"testing"
)

// gaicMiss is how many puzzles of the hardest set TestGroupedAICPathMisses
// walks (-gaicmiss N; 0 skips it).
var gaicMiss = flag.Int("gaicmiss", 0, "puzzles of the hardest set whose paths TestGroupedAICPathMisses walks")

// TestGroupedAICFindsGroupLink: the path's Grouped AIC (Find, which
// propagates from a candidate) passes between a row's and a column's
// crossing of one box when the cell they share does not hold the digit,
// as the technique's All always did. In this position of one digit
// (every other digit everywhere) r3c7 = r4c7,r5c7 - r6c8,r6c9 = r6c5
// takes 6 out of r3c5; it is the chain a Finned Mutant X-Wing can need
// (NeverFirst), and without the link Find missed it.
func TestGroupedAICFindsGroupLink(t *testing.T) {
	pic := []string{
		"xx.xxx.xx",
		"xxx.xx.xx",
		"xxx.xxx.x",
		"x.xxx.x.x",
		"xxx.xxxxx",
		"....x..xx",
		".x......x",
		"xxxxxx.xx",
		".xxxxx.xx",
	}
	var b Board
	const d = 6
	for r, row := range pic {
		for c, ch := range row {
			cell := CellAt(r, c)
			b.Cands[cell] = AllDigits.Without(d)
			if ch == 'x' {
				b.Cands[cell] |= DigitSet(d)
			}
		}
	}
	target := Candidate{Cell: CellAt(2, 4), Digit: d}
	listed := false
	for _, s := range AllSteps(chainGroupedAIC, &b) {
		for _, e := range s.Eliminations {
			listed = listed || e == target
		}
	}
	if !listed {
		t.Fatal("All no longer lists the grouped chain that takes 6 out of r3c5")
	}
	s, ok := chainGroupedAIC.Find(&b)
	if !ok || !slices.Contains(s.Eliminations, target) {
		t.Fatalf("Find misses the grouped chain that takes 6 out of r3c5 (found %v, %v)", s, ok)
	}
	// r4c7,r5c7 - r6c8,r6c9: a weak link between the two groups, read
	// either way
	col, row := []int{CellAt(3, 6), CellAt(4, 6)}, []int{CellAt(5, 7), CellAt(5, 8)}
	if !slices.ContainsFunc(s.Links, func(l Link) bool {
		return !l.Strong && (slices.Equal(l.FromGroup, col) && slices.Equal(l.ToGroup, row) ||
			slices.Equal(l.FromGroup, row) && slices.Equal(l.ToGroup, col))
	}) {
		t.Errorf("the chain does not pass from r4c7,r5c7 to r6c8,r6c9: %v", s.Links)
	}
	if s, ok := (fish{size: 2, kind: fishMutant, finned: true}).Find(&b); !ok || !strings.Contains(s.String(), "r3c5") {
		t.Fatalf("the position's Finned Mutant X-Wing is gone: %v", s)
	}
}

// TestGroupedAICPathMisses: at each position of the hardest set's paths
// where the path takes a net, the Grouped AIC's All (HoDoKu's chains,
// through cells, box-line groups and almost locked sets) lists no chain
// with an effect that its Find (and so the path) misses, but those
// through HoDoKu's ALS forcing (a cell outside a set that loses all its
// digits but one to it), which Find leaves out (chain_alsnode.go).
func TestGroupedAICPathMisses(t *testing.T) {
	if *gaicMiss == 0 {
		t.Skip("-gaicmiss N walks N puzzles of the hardest set")
	}
	puzzles, nets, missed := 0, 0, 0
	for _, r := range loadShared(t, "sxbank_hardest_se8.8plus.txt") {
		if puzzles == *gaicMiss {
			break
		}
		puzzles++
		g := MustParse(r.puzzle)
		sol, err := Solve(g)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBoard(g)
		for !b.Solved() {
			s, ok := teachingStep(&b, true, LevelExtreme)
			if !ok {
				break
			}
			if tierOf(techniqueOf(s.Technique)) == tierNets {
				nets++
				if _, found := chainGroupedAIC.Find(&b); !found {
					counted := false
					for _, x := range AllSteps(chainGroupedAIC, &b) {
						if !x.HasEffect() {
							continue
						}
						// the chain is sound: what it takes out
						// is not the solution's
						if err := checkStep(x, sol); err != nil {
							t.Fatalf("%s: All's chain is unsound: %v", r.puzzle, err)
						}
						if !slices.ContainsFunc(x.Links, alsForcingLink) {
							t.Errorf("%s: Find misses a chain: %v %v", r.puzzle, x, x.Links)
						}
						if !counted {
							missed++
							counted = true
						}
					}
				}
			}
			b.Apply(s)
		}
	}
	t.Logf("%d puzzles: the path takes a net at %d positions; at %d of them the Grouped AIC's All lists a chain (through an ALS forcing) its Find misses", puzzles, nets, missed)
}

// alsForcingLink reports whether a chain's link is an ALS forcing: out of an
// almost locked set into a candidate outside it.
func alsForcingLink(l Link) bool {
	return len(l.ALS) > 0 && !slices.Contains(l.ALS, l.To.Cell)
}
