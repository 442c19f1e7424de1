package stepjson

import (
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/pathtest"
	"github.com/sudokubot/sudokubot/l10n"
)

// TestWalkTexts checks that a forcing chain's hint words every case and
// implication it shows for the board's step-by-step walk, in every
// language, and that level 3 shows as many implications as the step has.
func TestWalkTexts(t *testing.T) {
	// csp_rules_ser_examples.txt puzzle 32: its path takes a dynamic
	// forcing chain of several cases after a few chains.
	const puzzle = ".8.4.5....12.3...........6.3....4..7.6.7...5.7...8...9......1......9.2.....3.6..."
	b := pathtest.FirstForcing(t, puzzle)
	h, err := engine.Hint(engine.MustParse(puzzle), b.Grid, engine.WithMarks(b.Cands))
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Step.Branches) < 2 {
		t.Fatalf("the first step is a %s with %d cases, want a forcing chain", h.Step.Technique, len(h.Step.Branches))
	}
	for _, tag := range l10n.Tags() {
		for _, level := range []int{2, 3} {
			js := FromHint(l10n.For(tag), h, level)
			n := 0
			var check func(bs []Branch)
			check = func(bs []Branch) {
				for i, b := range bs {
					if b.Text == "" {
						t.Errorf("%s level %d: case %d has no text", tag, level, i+1)
					}
					for k, im := range b.Steps {
						n++
						if im.Text == "" {
							t.Errorf("%s level %d: case %d step %d (%s) has no text", tag, level, i+1, k+1, im.Reason)
						}
					}
					if b.Contradiction != nil && b.End == "" {
						t.Errorf("%s level %d: case %d ends in a contradiction without words", tag, level, i+1)
					}
					check(b.Sub)
				}
			}
			check(js.Branches)
			if n == 0 {
				t.Errorf("%s level %d: no implication shown", tag, level)
			}
		}
	}
}
