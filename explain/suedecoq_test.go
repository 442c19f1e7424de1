package explain

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// stepAlongPath walks a puzzle's solving path and returns the first step
// of the named technique found along it that keep accepts (nil: any),
// with its position.
func stepAlongPath(t *testing.T, puzzle, name string, keep func(engine.Step) bool) (engine.Board, engine.Step) {
	t.Helper()
	tech, ok := engine.TechniqueNamed(engine.TechniqueID(name))
	if !ok {
		t.Fatalf("no technique %q", name)
	}
	g := engine.MustParse(puzzle)
	p, err := engine.SolvePath(g)
	if err != nil {
		t.Fatal(err)
	}
	b := engine.NewBoard(g)
	for _, s := range p.Steps {
		for _, st := range engine.AllSteps(tech, &b) {
			if keep == nil || keep(st) {
				return b, st
			}
		}
		b.Apply(s)
	}
	t.Fatalf("no %s along the path of %s", name, puzzle)
	return b, engine.Step{}
}

// TestSueDeCoqAndALSXYWingWords words a real Sue de Coq and ALS-XY-Wing
// (found along sxbank paths) in every language: the invariants, and that
// level 2 gives the pattern's reasoning but no result.
func TestSueDeCoqAndALSXYWingWords(t *testing.T) {
	for _, tc := range []struct {
		name, puzzle string
		want         []string
	}{
		{"Sue de Coq", "900200006003080000006905320008000102050070030204000600069508700000040200800003005",
			[]string{"Sue de Coq: Where", "(only", "share no digit", "each go in exactly one of the crossing cells and"}},
		{"ALS-XY-Wing", "870506023060218040000000000030401060900000001018000350100000004000704000003020600",
			[]string{"and the pivot C =", "A lacks", "is in A or in B"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, s := stepAlongPath(t, tc.puzzle, tc.name, nil)
			checkStepWords(t, &b, s)
			h := engine.HintResult{Kind: engine.HintStep, Step: s}
			en := strings.Join(Hint(nil, h, 2), "\n")
			for _, want := range tc.want {
				if !strings.Contains(en, want) {
					t.Errorf("level 2 lacks %q:\n%s", want, en)
				}
			}
			t.Logf("level 3:\n%s", strings.Join(Hint(nil, h, 3), "\n"))
		})
	}
}
