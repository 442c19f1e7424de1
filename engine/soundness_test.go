package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// soundnessFiles are the shared puzzle sets whose whole logical path is
// checked step by step against the brute-force solution.
var soundnessFiles = []string{
	"sxbank_easy.txt", "sxbank_medium.txt", "sxbank_hard.txt", "sxbank_diabolical.txt",
	"sxbank_hardest_se8.8plus.txt",
	"cbg000_easy.txt", "cbg000_medium.txt", "cbg000_hard.txt", "cbg000_diabolical.txt",
	"cbg000_first500_natural.txt",
	"csp_rules_ser_examples.txt",
}

// soundnessStride is the CI sample: every n-th puzzle of each file (the
// full sweep runs with -sweep).
const soundnessStride = 25

// checkPathSound replays a path and fails on any step that places a wrong
// digit, removes the solution's digit, does nothing, or acts on a
// candidate that is not there. SolvePath checks the first two itself (it
// returns ErrUnsound); the replay keeps the test honest if that changes.
func checkPathSound(g Grid, p Path) error {
	b := NewBoard(g)
	for i, s := range p.Steps {
		if err := checkStep(s, p.Solution); err != nil {
			return fmt.Errorf("step %d: %w", i+1, err)
		}
		if !s.HasEffect() || len(s.Pattern) == 0 || s.Technique == "" {
			return fmt.Errorf("step %d (%s) is empty or has no pattern: %v", i+1, s.Technique, s)
		}
		// Every step highlights cells and candidates; a pattern step also
		// names its units (a chain shows its links instead).
		if len(s.Cells) == 0 || len(s.Proof) == 0 || len(s.Units) == 0 && len(s.Links) == 0 {
			return fmt.Errorf("step %d (%s) has nothing to highlight: %d cells, %d units, %d proof candidates",
				i+1, s.Technique, len(s.Cells), len(s.Units), len(s.Proof))
		}
		for _, pl := range s.Placements {
			if !b.Cands[pl.Cell].Has(pl.Digit) {
				return fmt.Errorf("step %d (%s) places %v, not a candidate", i+1, s.Technique, pl)
			}
		}
		for _, e := range s.Eliminations {
			if !b.Cands[e.Cell].Has(e.Digit) {
				return fmt.Errorf("step %d (%s) removes %v, not a candidate", i+1, s.Technique, e)
			}
		}
		b.Apply(s)
	}
	if b.Grid != p.Final.Grid {
		return errors.New("replayed grid differs from the path's final grid")
	}
	if p.Solved && b.Grid != p.Solution {
		return errors.New("path claims solved but the grid is not the solution")
	}
	return nil
}

// TestSoundness solves each sampled puzzle twice, with the whole catalogue
// and with the pattern techniques alone (no chains), checks both paths step
// by step, and logs the share of each file that each solves.
func TestSoundness(t *testing.T) {
	t.Parallel() // pure: the engine keeps no state between calls
	start := time.Now()
	var report strings.Builder
	patterns := sortTechniques(patternTechniques())
	fmt.Fprintf(&report, "\n%-30s %7s %8s %8s %9s\n", "file", "checked", "patterns", "all", "time")
	for _, name := range soundnessFiles {
		recs := loadShared(t, name)
		fileStart := time.Now()
		checked, solved, byPatterns := 0, 0, 0
		for i, r := range recs {
			if !*sweep && i%soundnessStride != 0 {
				continue
			}
			g, err := Parse(r.puzzle)
			if err != nil {
				t.Fatalf("%s line %d: %v", name, r.line, err)
			}
			p, err := SolvePath(g)
			if err != nil {
				t.Errorf("%s line %d: %v", name, r.line, err)
				continue
			}
			if err := checkPathSound(g, p); err != nil {
				t.Errorf("%s line %d: %v", name, r.line, err)
			}
			checked++
			if p.Solved {
				solved++
			}
			pp, err := SolvePathWith(g, PathOptions{Techniques: patterns})
			if err != nil {
				t.Errorf("%s line %d (patterns only): %v", name, r.line, err)
			} else if err := checkPathSound(g, pp); err != nil {
				t.Errorf("%s line %d (patterns only): %v", name, r.line, err)
			}
			if pp.Solved {
				byPatterns++
			}
		}
		share := func(n int) float64 { return 100 * float64(n) / float64(max(checked, 1)) }
		fmt.Fprintf(&report, "%-30s %7d %7.1f%% %7.1f%% %9s\n", name, checked, share(byPatterns), share(solved),
			time.Since(fileStart).Round(time.Millisecond))
	}
	fmt.Fprintf(&report, "total time %v", time.Since(start).Round(time.Millisecond))
	t.Log(report.String())
}
