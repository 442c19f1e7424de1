package engine

import (
	"flag"
	"testing"
)

var teachSweep = flag.Int("teachsweep", 0, "generate this many puzzles per level in TestTeachingSinglesFirst (default: a CI-sized sample)")

// isSingle reports whether a technique is a full house or a single.
func isSingle(name TechniqueID) bool {
	return name == "Full House" || name == "Hidden Single" || name == "Naked Single"
}

// singleOnBoard reports whether a full house or a single can be found in b.
func singleOnBoard(b *Board) bool {
	for _, t := range []Technique{fullHouse{}, hiddenSingle{box: true}, hiddenSingle{}, nakedSingle{}} {
		if s, ok := t.Find(b); ok && s.HasEffect() {
			return true
		}
	}
	return false
}

// smallerStep finds, for a step of an intersection, a subset or a pattern
// up to expert, a step of the same technique and rating with fewer cells
// and links in b; the teaching order never leaves one.
func smallerStep(b *Board, s Step) (Step, bool) {
	tech, ok := TechniqueNamed(s.Technique)
	if !ok || tierOf(tech) < tierIntersections || tierOf(tech) > tierPatterns {
		return Step{}, false
	}
	for _, x := range AllSteps(tech, b) {
		if x.Score == s.Score && x.HasEffect() && stepSize(x) < stepSize(s) {
			return x, true
		}
	}
	return Step{}, false
}

// TestTeachingSinglesFirst walks the teaching path of generated puzzles of
// every level and counts the steps that teach something else while a full
// house or a single is on the board: there must be none. Among the steps
// of one technique, the one with the fewest cells and links is taught
// (smallerStep). A larger sweep:
//
//	go test ./engine -run TestTeachingSinglesFirst -v -args -teachsweep 50
func TestTeachingSinglesFirst(t *testing.T) {
	count := 2
	if *teachSweep > 0 {
		count = *teachSweep
	}
	total, steps := 0, 0
	for _, lv := range Levels {
		bad := 0
		for seed := uint64(1); seed <= uint64(count); seed++ {
			lp, err := GenerateLevel(LevelOptions{Level: lv, Seed: 2000 + seed})
			if err != nil {
				t.Fatalf("%v seed %d: %v", lv, seed, err)
			}
			path, err := SolvePath(lp.Puzzle)
			if err != nil {
				t.Fatalf("%s: %v", lp.Puzzle, err)
			}
			b := NewBoard(lp.Puzzle)
			for i, s := range path.Steps {
				steps++
				if !isSingle(s.Technique) && singleOnBoard(&b) {
					bad++
					if bad <= 3 {
						t.Errorf("%v %s step %d: %s (%.1f) taught while a single is on the board", lv, lp.Puzzle, i+1, s.Technique, s.Score)
					}
				}
				if x, ok := smallerStep(&b, s); ok {
					t.Errorf("%v %s step %d: %s of %d cells and links taught where one of %d was on the board", lv, lp.Puzzle, i+1, s.Technique, stepSize(s), stepSize(x))
				}
				b.Apply(s)
			}
		}
		t.Logf("%v, %d puzzles: %d steps taught while a single was on the board", lv, count, bad)
		total += bad
	}
	t.Logf("all levels: %d of %d steps taught while a single was on the board", total, steps)
}
