package stepjson

import (
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// TestStepAtLevelOneCaseFromElsewhere: a step with one case whose
// assumption is not its result (a Kraken fish with one fin) keeps the
// assumption's digit at level 2; a refutation (one case that removes its
// own assumption) hides it.
func TestStepAtLevelOneCaseFromElsewhere(t *testing.T) {
	fin := engine.Lit{Cell: 10, Digit: 2, On: true}
	mid := engine.Lit{Cell: 74, Digit: 2}
	target := engine.Candidate{Cell: 76, Digit: 2}
	br := engine.Branch{Assume: fin, Steps: []engine.Implication{
		{Lit: mid, Reason: engine.ReasonSameUnit, From: []engine.Lit{fin}},
		{Lit: engine.Lit{Cell: 76, Digit: 2}, Reason: engine.ReasonSameUnit, From: []engine.Lit{mid}},
	}}
	s := engine.Step{Technique: "Kraken Fish", Eliminations: []engine.Candidate{target}, Branches: []engine.Branch{br}}
	got := AtLevel(s, 2).Branches[0]
	if got.Assume.Digit != 2 || len(got.Steps) != 1 {
		t.Errorf("Kraken fish at level 2: assumption %+v, %d steps; want the fin with its digit and the chain cut before the result", got.Assume, len(got.Steps))
	}
	s.Eliminations = []engine.Candidate{{Cell: fin.Cell, Digit: fin.Digit}}
	if got := AtLevel(s, 2).Branches[0]; got.Assume.Digit != 0 {
		t.Errorf("refutation at level 2: assumption %+v keeps its digit", got.Assume)
	}
}
