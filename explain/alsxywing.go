package explain

import (
	"slices"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// ALS-XY-Wing: two almost locked sets, each joined to a third (the
// pivot) by a restricted common digit; one of the two is then locked.

// reasonALSXYWing words the wing from its three sets (groups 0 and 1 the
// wings, 2 the pivot) and its two links (A-C on X, C-B on Y).
func reasonALSXYWing(l *l10n.Lang, s engine.Step, reveal bool) []string {
	var cells [3][]int
	var ds [3]engine.Digits
	for _, p := range s.Pattern {
		if p.Role == engine.RoleALS && p.Group >= 0 && p.Group < 3 {
			cells[p.Group] = append(cells[p.Group], p.Cell)
			ds[p.Group] |= p.Digits
		}
	}
	if len(cells[0]) == 0 || len(cells[1]) == 0 || len(cells[2]) == 0 || len(s.Links) != 2 || s.Digits == 0 {
		return nil
	}
	x, y := s.Links[0].From.Digit, s.Links[1].From.Digit
	set := func(i int) string {
		return l.T("alsxy.set", "Cells", cellsL(l, cells[i]), "Digits", digitsL(l, ds[i]))
	}
	args := []any{"A", set(0), "B", set(1), "C", set(2), "X", x, "Y", y, "Z", digitsL(l, s.Digits), "One", s.Digits.Count() == 1, "Many", s.Digits.Count() > 1}
	lines := append([]string{l.T("alsxy.sets", args...)}, overlapLines(l, []string{"A", "B", "C"}, cells[:])...)
	lines = append(lines,
		"  "+l.T("alsxy.links", args...),
		"  "+l.T("alsxy.pivot", args...),
		"  "+l.T("alsxy.locked", args...),
	)
	if reveal {
		lines = append(lines, "  "+l.T("alsxy.result", args...))
	}
	return lines
}

// overlapLines points out the sets that share cells, a pair a line. That
// is sound (each set's count of digits and cells holds on its own), but a
// player who reads "set" as "apart" would think the step wrong.
func overlapLines(l *l10n.Lang, names []string, cells [][]int) []string {
	var lines []string
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			var shared []int
			for _, c := range cells[i] {
				if slices.Contains(cells[j], c) {
					shared = append(shared, c)
				}
			}
			if len(shared) > 0 {
				lines = append(lines, "  "+l.T("als.overlap", "A", names[i], "B", names[j], "Cells", cellsL(l, shared)))
			}
		}
	}
	return lines
}
