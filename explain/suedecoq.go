package explain

import (
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// Sue de Coq: the cells where a box meets a line, with cells of the line
// and cells of the box that share no digit, hold exactly as many digits as
// cells; each digit then goes in exactly one of them.

// reasonSueDeCoq words a Sue de Coq from its pattern: the intersection
// (group 0), the line's cells (group 1) and the box's (group 2).
func reasonSueDeCoq(l *l10n.Lang, s engine.Step, reveal bool) []string {
	var groups [3][]int
	var digits [3]engine.Digits
	for _, p := range s.Pattern {
		if (p.Role == engine.RoleSubset || p.Role == engine.RoleALS) && p.Group >= 0 && p.Group < 3 {
			groups[p.Group] = append(groups[p.Group], p.Cell)
			digits[p.Group] |= p.Digits
		}
	}
	us := houses(s, engine.RoleUnit)
	if len(groups[0]) == 0 || len(groups[1]) == 0 || len(groups[2]) == 0 || len(us) != 2 {
		return nil
	}
	n := len(groups[0]) + len(groups[1]) + len(groups[2])
	all := digits[0] | digits[1] | digits[2]
	args := []any{"Line", unitL(l, us[0]), "Box", unitL(l, us[1]), "I", cellsL(l, groups[0]), "V", digitsL(l, digits[0]),
		"L", cellsL(l, groups[1]), "VL", digitsL(l, digits[1]), "B", cellsL(l, groups[2]), "VB", digitsL(l, digits[2]),
		"N", n, "All", digitsL(l, all), "ManyL", digits[1].Count() > 1, "ManyB", digits[2].Count() > 1}
	// Which cells take which digits, one each, as SudokuWiki tells it:
	// the line group's digits go into it and the crossing, the box
	// group's into it and the crossing, each digit exactly once.
	lines := []string{
		l.T("sdc.inter", args...),
		"  " + l.T("sdc.sides", args...),
		"  " + l.T("sdc.each", args...),
	}
	onlyI := digits[0] &^ digits[1] &^ digits[2]
	if onlyI != 0 {
		lines[2] += l.T("sep.sentence") + l.T("sdc.crossing_only", "VI", digitsL(l, onlyI), "Many", onlyI.Count() > 1)
	}
	if reveal {
		lines = append(lines, "  "+l.T("sdc.result", "Line", unitL(l, us[0]), "Box", unitL(l, us[1]),
			"LineDigits", digitsL(l, digits[1]|onlyI), "BoxDigits", digitsL(l, digits[2]|onlyI),
			"ManyLine", (digits[1]|onlyI).Count() > 1, "ManyBox", (digits[2]|onlyI).Count() > 1))
	}
	return lines
}
