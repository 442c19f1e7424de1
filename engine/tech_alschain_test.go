package engine

import (
	"slices"
	"testing"
)

// The cost of ALS-XY-Chain and Death Blossom, as the path would pay it:
// Find on the csp_rules position benchChainFind uses, and Find on every
// sxbank_diabolical position where the pattern techniques are stuck.

func BenchmarkFindALSXYChain(b *testing.B) {
	benchChainFind(b, alsXYChain{maxSets: pathALSChainMaxSets})
}

func BenchmarkFindALSXYChainUnbounded(b *testing.B) { benchChainFind(b, alsXYChain{}) }

func BenchmarkFindDeathBlossom(b *testing.B) {
	benchChainFind(b, pathDeathBlossom)
}

func BenchmarkFindDeathBlossomUnbounded(b *testing.B) { benchChainFind(b, deathBlossom{}) }

func BenchmarkFindALSXYChainStuck(b *testing.B) {
	benchFindStuck(b, alsXYChain{maxSets: pathALSChainMaxSets}, "sxbank_diabolical.txt", 200)
}

func BenchmarkFindDeathBlossomStuck(b *testing.B) {
	benchFindStuck(b, pathDeathBlossom, "sxbank_diabolical.txt", 200)
}

// TestALSChainReachFilter checks that the bounded search's filter loses
// nothing: with and without it, the same results, on the library's
// ALS-XY-Chain cases and on stuck positions of csp_rules puzzles.
func TestALSChainReachFilter(t *testing.T) {
	t.Parallel() // pure: the engine keeps no state between calls
	var boards []Board
	for _, c := range loadReglib(t) {
		if c.code == "0903" || c.code == "0904" {
			boards = append(boards, c.board)
		}
	}
	recs := loadShared(t, "csp_rules_ser_examples.txt")
	for _, r := range recs[len(recs)-8:] {
		boards = append(boards, chainStuckBoard(t, MustParse(r.puzzle)))
	}
	for _, max := range []int{4, 5, 6} {
		total := 0
		for i := range boards {
			keys := func(tech alsXYChain) []string {
				var out []string
				for s := range tech.All(&boards[i]) {
					out = append(out, s.String())
				}
				slices.Sort(out)
				return out
			}
			got, want := keys(alsXYChain{maxSets: max}), keys(alsXYChain{maxSets: max, exhaustive: true})
			if !slices.Equal(got, want) {
				t.Errorf("board %d, max %d sets: filtered %d results, exhaustive %d", i, max, len(got), len(want))
			}
			total += len(want)
		}
		if total == 0 {
			t.Errorf("max %d sets: no chain in any position: the test checks nothing", max)
		}
	}
}

// TestALSChainsSound checks ALS-XY-Chains and Death Blossoms at the
// positions of the solving paths of sxbank_diabolical and csp_rules
// puzzles against the solution, and for shape: the path's forms (Find)
// at every position, every step of the library's forms (All, Death
// Blossom's stem bounded: unbounded, early positions take too long) at
// every 24th. A sample by default; -sweep takes 12 and 3 puzzles and
// every sixth position.
func TestALSChainsSound(t *testing.T) {
	t.Parallel() // pure: the engine keeps no state between calls
	nDiabolical, nCSP, stride := 3, 1, 24
	if *sweep {
		nDiabolical, nCSP, stride = 12, 3, 6
	}
	find := []Technique{alsXYChain{maxSets: pathALSChainMaxSets}, pathDeathBlossom}
	all := []Technique{alsXYChain{}, deathBlossom{maxStem: 3}}
	var puzzles []string
	for _, r := range loadShared(t, "sxbank_diabolical.txt")[:nDiabolical] {
		puzzles = append(puzzles, r.puzzle)
	}
	for _, r := range loadShared(t, "csp_rules_ser_examples.txt")[:nCSP] {
		puzzles = append(puzzles, r.puzzle)
	}
	counts := map[string]int{}
	check := func(pz string, b *Board, tech Technique, s Step, sol Grid) {
		counts[string(tech.Name())]++
		if err := checkStep(s, sol); err != nil {
			t.Fatalf("%s: %v", pz, err)
		}
		if why := checkStepShape(b, tech, s); why != "" {
			t.Fatalf("%s: %s", pz, why)
		}
	}
	for _, pz := range puzzles {
		g := MustParse(pz)
		p, err := SolvePath(g)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBoard(g)
		for i, st := range p.Steps {
			for _, tech := range find {
				if s, ok := tech.Find(&b); ok {
					check(pz, &b, tech, s, p.Solution)
				}
			}
			if i%stride == 0 {
				for _, tech := range all {
					for _, s := range AllSteps(tech, &b) {
						check(pz, &b, tech, s, p.Solution)
					}
				}
			}
			b.Apply(st)
		}
	}
	for _, name := range []string{string(TechALSXYChain), string(TechDeathBlossom)} {
		if counts[name] == 0 {
			t.Errorf("%s: no step checked", name)
		}
	}
	t.Logf("steps checked: %v", counts)
}
