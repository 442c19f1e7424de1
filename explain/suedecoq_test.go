package explain

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// pendingStep walks a puzzle's solving path and returns the first step of
// a pending technique (engine.Pending) found along it, with its position.
func pendingStep(t *testing.T, puzzle, name string) (engine.Board, engine.Step) {
	t.Helper()
	var tech engine.Technique
	for _, x := range engine.Pending() {
		if x.Name() == name {
			tech = x
		}
	}
	if tech == nil {
		t.Fatalf("%s is not pending", name)
	}
	g := engine.MustParse(puzzle)
	p, err := engine.SolvePath(g)
	if err != nil {
		t.Fatal(err)
	}
	b := engine.NewBoard(g)
	for _, s := range p.Steps {
		if steps := engine.AllSteps(tech, &b); len(steps) > 0 {
			return b, steps[0]
		}
		b.Apply(s)
	}
	t.Fatalf("no %s along the path of %s", name, puzzle)
	return b, engine.Step{}
}

// TestPendingTechniqueWords words a real Sue de Coq and ALS-XY-Wing
// (found along sxbank paths) in every language: the invariants, and that
// level 2 gives the pattern's reasoning but no result.
func TestPendingTechniqueWords(t *testing.T) {
	for _, tc := range []struct {
		name, puzzle string
		want         []string
	}{
		{"Sue de Coq", "900200006003080000006905320008000102050070030204000600069508700000040200800003005",
			[]string{"Sue de Coq: Where", "(only", "share no digit", "exactly one of them"}},
		{"ALS-XY-Wing", "870506023060218040000000000030401060900000001018000350100000004000704000003020600",
			[]string{"and the pivot C =", "A lacks", "is in A or in B"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, s := pendingStep(t, tc.puzzle, tc.name)
			if _, ok := Technique(nil, s.Technique); !ok {
				t.Fatalf("%s has no words", s.Technique)
			}
			for _, err := range checkStep(&b, s) {
				t.Error(err)
			}
			for _, locale := range l10n.DiscordLocales() {
				for _, err := range checkLanguage(l10n.For(locale), s) {
					t.Errorf("%s: %v", locale, err)
				}
			}
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
