package engine

import (
	"flag"
	"slices"
	"testing"
)

var proofLen = flag.Bool("prooflen", false, "measure the proofs of every path of the shared hardest sets")

// implications counts the implications of a proof by cases, nested cases
// included.
func implications(bs []Branch) int {
	n := 0
	for _, b := range bs {
		for _, im := range b.Steps {
			if im.Reason != ReasonAssumed {
				n++
			}
		}
		n += implications(b.Sub)
	}
	return n
}

// TestProofLengths walks the teaching path of every puzzle of the shared
// hardest sets and reports how long its proofs are: the implications of
// each net (a forcing chain) and the links of each chain, median and
// longest, and the share of the steps beyond expert that are nets:
//
//	go test ./engine -run TestProofLengths -v -args -prooflen
func TestProofLengths(t *testing.T) {
	if !*proofLen {
		t.Skip("run with -args -prooflen")
	}
	var nets, chains []int
	steps := 0
	for _, name := range []string{"q2_hardest_top300.txt", "csp_rules_ser_examples.txt", "sxbank_hardest_se8.8plus.txt"} {
		for _, p := range readRated(t, name) {
			path, err := SolvePath(p.grid)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, p.line, err)
			}
			for _, s := range path.Steps {
				switch {
				case len(s.Branches) > 0:
					nets = append(nets, implications(s.Branches))
				case len(s.Links) > 0 && TechniqueLevel(s.Technique, s.Score) >= LevelMaster:
					chains = append(chains, len(s.Links))
				default:
					if TechniqueLevel(s.Technique, s.Score) < LevelMaster {
						continue
					}
				}
				steps++
			}
		}
	}
	report := func(what string, xs []int) {
		if len(xs) == 0 {
			t.Logf("%s: none", what)
			return
		}
		slices.Sort(xs)
		t.Logf("%s: %d, median %d, longest %d", what, len(xs), xs[len(xs)/2], xs[len(xs)-1])
	}
	report("nets (implications)", nets)
	report("chains (links)", chains)
	t.Logf("%d of %d steps beyond expert are nets (%.1f%%)", len(nets), steps, 100*float64(len(nets))/float64(max(steps, 1)))
}
