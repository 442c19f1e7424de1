package explain

import (
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// Avoidable rectangles: a deadly pattern among cells that are not givens.
// The texts say which corners were filled in (by the player or the path)
// and why that matters: only digits that are not givens could swap.
// Level 2 of type 1 names the fourth corner but never the digit it loses.

// reasonAvoidable words both types from the pattern: the corners in
// order, filled ones (engine.RoleSolved, with their digit) and empty ones
// (engine.RoleCorner, with the digit the cross would give them), and type
// 2's extra digit (engine.RoleExtra).
func reasonAvoidable(l *l10n.Lang, s engine.Step, reveal bool) []string {
	var corners, empty []int
	var filled []string
	need := map[int]engine.Digits{}
	var extra engine.Digits
	for _, p := range s.Pattern {
		switch p.Role {
		case engine.RoleSolved:
			corners = append(corners, p.Cell)
			filled = append(filled, l.T("ar.cell", "Cell", engine.CellName(p.Cell), "Digit", digitsL(l, p.Digits)))
		case engine.RoleCorner:
			corners = append(corners, p.Cell)
			empty = append(empty, p.Cell)
			need[p.Cell] = p.Digits
		case engine.RoleExtra:
			extra |= p.Digits
		}
	}
	if len(corners) != 4 || len(empty) == 0 {
		return nil
	}
	out := []string{
		l.T("ar.rect", "Corners", cellsL(l, corners), "Filled", l.List(filled)),
		"  " + l.T("ar.swap", "Pair", pairWords(l, s)),
	}
	switch {
	case s.Technique == engine.TechAvoidableRectangleType1 && len(empty) == 1:
		args := []any{"Empty", engine.CellName(empty[0]), "X", elimDigit(s)}
		if reveal {
			return append(out, "  "+l.T("ar.ar1_result", args...))
		}
		return append(out, "  "+l.T("ar.ar1", args...))
	case s.Technique == engine.TechAvoidableRectangleType2 && len(empty) == 2 && extra.Count() == 1:
		a, b := empty[0], empty[1]
		args := []any{"A", engine.CellName(a), "DA", digitsL(l, need[a]), "B", engine.CellName(b),
			"DB", digitsL(l, need[b]), "X", digitsL(l, extra), "Odd", cellsL(l, empty), "OrOdd", l.OrList(uqNames(empty))}
		return append(out, "  "+l.T("ar.ar2", args...), "  "+l.T("ar.ar2_so", args...))
	}
	return out
}
