package stepjson

import (
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// TestAtLevelHidesTemplateDeleteCells: another digit's sure cell where a
// Template Delete removes the step's digit is the result, so level 2
// leaves it out; the other digit's other cells stay.
func TestAtLevelHidesTemplateDeleteCells(t *testing.T) {
	s := engine.Step{Technique: "Template Delete", Digits: engine.DigitSet(4),
		Pattern: []engine.PatternCell{
			{Cell: 10, Digits: engine.DigitSet(4), Role: engine.RoleTemplate},
			{Cell: 30, Digits: engine.DigitSet(9), Role: engine.RoleTemplateOther, Group: 9},
			{Cell: 40, Digits: engine.DigitSet(9), Role: engine.RoleTemplateOther, Group: 9},
			{Cell: 30, Digits: engine.DigitSet(4), Role: engine.RoleEliminated},
		},
		Eliminations: []engine.Candidate{{Cell: 30, Digit: 4}},
	}
	var cells []int
	for _, p := range AtLevel(s, 2).Pattern {
		if p.Role == engine.RoleTemplateOther {
			cells = append(cells, p.Cell)
		}
	}
	if len(cells) != 1 || cells[0] != 40 {
		t.Fatalf("level 2 keeps the other digit's cells %v, want only 40", cells)
	}
	if n := len(AtLevel(s, 3).Pattern); n != len(s.Pattern) {
		t.Fatalf("level 3 has %d pattern entries, want all %d", n, len(s.Pattern))
	}
}
