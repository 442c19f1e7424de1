package engine

import (
	"flag"
	"strings"
	"testing"
)

// gaicMiss is how many puzzles of the hardest set TestGroupedAICPathMisses
// walks (-gaicmiss N; 0 skips it).
var gaicMiss = flag.Int("gaicmiss", 0, "puzzles of the hardest set whose paths TestGroupedAICPathMisses walks")

// TestGroupedAICFindMissesGroupLink pins a limit of the path's Grouped
// AIC (engine/pooldata/TECHNIQUES.md, Finned Mutant X-Wing): Find
// propagates from a candidate and misses a chain whose only way on is a
// link between two groups of one box, which All lists. In this position
// of one digit (every other digit everywhere) r3c7 = r4c7,r5c7 -
// r6c8,r6c9 = r6c5 takes 6 out of r3c5. The link Find lacks is the one
// between a row's and a column's crossing of one box whose shared cell
// holds no 6 (groupOn turns off only the parallel crossings). Adding it
// to groupOn (tried: three lines) finds this chain, but the path then
// takes grouped chains where it took the Franken Swordfish, Franken
// Jellyfish and Finned Franken Swordfish of library puzzles (all nine
// Franken Swordfish lost), and 2 of the 46 misses below go: a change of
// the teaching order and the library, for a change of its own. When Find
// learns it, this test fails: the Finned Mutant X-Wing may then have the
// Finned Franken X-Wing's lemma, and paths that took a net may take the
// chain instead.
func TestGroupedAICFindMissesGroupLink(t *testing.T) {
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
	if s, ok := chainGroupedAIC.Find(&b); ok {
		t.Fatalf("Find now finds a grouped chain here (%v): update TECHNIQUES.md (Finned Mutant X-Wing) and this test", s)
	}
	if s, ok := (fish{size: 2, kind: fishMutant, finned: true}).Find(&b); !ok || !strings.Contains(s.String(), "r3c5") {
		t.Fatalf("the position's Finned Mutant X-Wing is gone: %v", s)
	}
}

// TestGroupedAICPathMisses measures how often the limit above matters:
// at each position of the hardest set's paths where the path takes a
// net, whether the Grouped AIC's All lists a chain with an effect that
// its Find (and so the path) does not find.
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
					for _, x := range AllSteps(chainGroupedAIC, &b) {
						if x.HasEffect() {
							// the chain is sound: what it takes out
							// is not the solution's
							if err := checkStep(x, sol); err != nil {
								t.Fatalf("%s: All's chain is unsound: %v", r.puzzle, err)
							}
							missed++
							break
						}
					}
				}
			}
			b.Apply(s)
		}
	}
	t.Logf("%d puzzles: the path takes a net at %d positions; at %d of them the Grouped AIC's All lists a chain its Find misses", puzzles, nets, missed)
}
