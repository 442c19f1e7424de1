package explain

import (
	"slices"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// Templates: every way to place one digit once in each row, column and
// box that the position allows. The texts say what a template is, which
// cells other digits must take in all of their own templates (what rules
// some templates of this digit out), and what the templates left agree
// on; level 2 does not say which cells.

// reasonTemplate words both techniques from the step: its digit, the
// rows where the digit is still missing (Units), and the other digits'
// cells (engine.RoleTemplateOther, Group the digit).
func reasonTemplate(l *l10n.Lang, s engine.Step, reveal bool) []string {
	if s.Digits.Count() != 1 || len(s.Units) == 0 {
		return nil
	}
	d := s.Digits.First()
	var others [10][]int // by digit
	some := false
	for _, p := range s.Pattern {
		if p.Role == engine.RoleTemplateOther && p.Group >= 1 && p.Group <= 9 {
			others[p.Group] = append(others[p.Group], p.Cell)
			some = true
		}
	}
	var res []int
	isResult := map[int]bool{}
	for _, p := range append(s.Placements, s.Eliminations...) {
		res = append(res, p.Cell)
		isResult[p.Cell] = true
	}
	out := []string{l.T("tpl.what", "D", d, "Rows", unitsL(l, s.Units))}
	if some {
		out = append(out, "  "+l.T("tpl.others", "D", d))
		var unnamed engine.Digits
		for k, cs := range others {
			if !reveal {
				// A cell another digit always takes and that still has
				// the digit as a candidate is a removal: below level 3
				// only the other cells are named.
				cs = slices.DeleteFunc(slices.Clone(cs), func(c int) bool { return isResult[c] })
				if len(cs) == 0 && len(others[k]) > 0 {
					unnamed = unnamed.With(uint8(k))
					continue
				}
			}
			if len(cs) > 0 {
				out = append(out, "    "+l.T("tpl.other", "Digit", k, "Cells", cellsL(l, cs)))
			}
		}
		if unnamed != 0 {
			out = append(out, "    "+l.T("tpl.other_some", "Digits", digitsL(l, unnamed), "Many", unnamed.Count() > 1))
		}
	}
	args := []any{"D", d, "Cells", cellsL(l, res)}
	id := "tpl.del"
	if s.Technique == engine.TechTemplateSet {
		id = "tpl.set"
	}
	if reveal {
		id += "_result"
	}
	return append(out, "  "+l.T(id, args...))
}
