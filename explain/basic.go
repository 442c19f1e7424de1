package explain

import (
	"fmt"
	"slices"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// The basic family: singles, intersections (pointing and claiming) and
// naked and hidden subsets, with SE's "direct" forms that stop at the
// single they leave. Their reasoning fits a line or two; a level-2 text
// names the unit and the digit of a hidden single but never its cell, and
// the cell of a naked single but never its digit.

// basicDigit is the only digit of a step's Digits, 0 when it has none.
func basicDigit(s engine.Step) uint8 {
	if s.Digits == 0 {
		return 0
	}
	return s.Digits.First()
}

// basicFirstHouse is the first unit with a role, -1 if none.
func basicFirstHouse(s engine.Step, role engine.Role) int {
	if us := houses(s, role); len(us) > 0 {
		return us[0]
	}
	return -1
}

// basicInUnit reports whether cell c lies in unit u.
func basicInUnit(u, c int) bool {
	return u >= 0 && slices.Contains(engine.UnitCells[u][:], c)
}

// basicPattern is the pattern's entries with a role, in order.
func basicPattern(s engine.Step, role engine.Role) []engine.PatternCell {
	var out []engine.PatternCell
	for _, p := range s.Pattern {
		if p.Role == role {
			out = append(out, p)
		}
	}
	return out
}

// reasonSingle words a full house, a hidden single or a naked single. The
// result is never in the words, even with reveal: the Result line says it.
func reasonSingle(l *l10n.Lang, s engine.Step, reveal bool) []string {
	d := basicDigit(s)
	u := basicFirstHouse(s, engine.RoleUnit)
	placed := patternCells(s, engine.RolePlaced)
	switch {
	case s.Technique == engine.TechFullHouse && len(placed) == 1 && u >= 0:
		return []string{l.T("basic.full_house", "Cell", engine.CellName(placed[0]), "Unit", unitL(l, u))}
	case s.Technique == engine.TechHiddenSingle && u >= 0 && d != 0:
		return []string{hiddenSingleWhy(l, s, u, d)}
	case s.Technique == engine.TechNakedSingle && len(placed) == 1 && d != 0:
		return []string{nakedSingleWhy(l, s, placed[0], d)}
	}
	return nil
}

// hiddenSingleWhy says why d has one place left in unit u without naming
// the place: the digits that block the other empty cells, and the cells
// that lost d earlier.
func hiddenSingleWhy(l *l10n.Lang, s engine.Step, u int, d uint8) string {
	un := unitL(l, u)
	blockers := patternCells(s, engine.RoleBlocker)
	ruled := patternCells(s, engine.RoleRuledOut)
	seen := l.T("basic.seen_one", "Digit", d, "Cells", cellsL(l, blockers))
	if len(blockers) > 1 {
		// Each other cell sees the digit in one of the blockers: the
		// languages say "A, B or C", never "one of A, B and C".
		names := make([]string, len(blockers))
		for i, c := range blockers {
			names[i] = engine.CellName(c)
		}
		seen = l.T("basic.seen_many", "Digit", d, "Cells", cellsL(l, blockers), "OrCells", l.OrList(names))
	}
	switch {
	case len(blockers) == 0 && len(ruled) == 0:
		return l.T("basic.hs", "Unit", un, "Digit", d)
	case len(ruled) == 0:
		return l.T("basic.hs_seen", "Unit", un, "Digit", d, "Seen", seen)
	case len(blockers) == 0:
		return l.T("basic.hs_ruled", "Unit", un, "Digit", d, "Ruled", cellsL(l, ruled))
	}
	// Many: the relative clause after two or more ruled-out cells takes
	// a plural verb ("qui ont perdu", "que perdieron").
	return l.T("basic.hs_both", "Unit", un, "Digit", d, "Seen", seen, "Ruled", cellsL(l, ruled), "Many", len(ruled) > 1)
}

// nakedSingleWhy says why cell c has one candidate left without naming
// it: the digits its row, column and box already hold, and the ones
// earlier steps removed.
func nakedSingleWhy(l *l10n.Lang, s engine.Step, c int, d uint8) string {
	bs := basicPattern(s, engine.RoleBlocker)
	slices.SortFunc(bs, func(a, b engine.PatternCell) int { return int(a.Digits.First()) - int(b.Digits.First()) })
	var held engine.Digits
	parts := make([]string, len(bs))
	for i, b := range bs {
		held |= b.Digits
		parts[i] = l.T("basic.held", "Digit", b.Digits.First(), "Cell", engine.CellName(b.Cell))
	}
	gone := engine.Digits(0)
	for x := uint8(1); x <= 9; x++ {
		if x != d && !held.Has(x) {
			gone = gone.With(x)
		}
	}
	cell := engine.CellName(c)
	switch {
	case len(parts) == 0:
		return l.T("basic.ns_removed", "Cell", cell, "Gone", digitsL(l, gone))
	case gone == 0:
		return l.T("basic.ns_held", "Cell", cell, "Held", l.List(parts))
	}
	return l.T("basic.ns_both", "Cell", cell, "Held", l.List(parts), "Gone", digitsL(l, gone))
}

// reasonIntersection words pointing and claiming, and their direct forms
// that end in the single the removal leaves.
func reasonIntersection(l *l10n.Lang, s engine.Step, reveal bool) []string {
	d := basicDigit(s)
	base := basicFirstHouse(s, engine.RoleBase)
	cover := basicFirstHouse(s, engine.RoleCover)
	cs := patternCells(s, engine.RoleBase)
	if d == 0 || base < 0 || cover < 0 || len(cs) == 0 {
		return nil
	}
	id := "basic.intersection_two"
	if len(cs) > 2 {
		id = "basic.intersection_more"
	}
	line := l.T(id, "Base", unitL(l, base), "Digit", d, "Cells", cellsL(l, cs), "Cover", unitL(l, cover))
	if s.Variant != "direct" {
		return []string{line}
	}
	single := basicFirstHouse(s, engine.RoleUnit)
	if single < 0 {
		return []string{line}
	}
	var off []int
	for _, c := range patternCells(s, engine.RoleOff) {
		if basicInUnit(single, c) {
			off = append(off, c)
		}
	}
	return []string{line, "  " + directSingle(l, d, off, single)}
}

// directSingle is the second line of a direct form: the single the
// removal leaves in a unit.
func directSingle(l *l10n.Lang, d uint8, off []int, u int) string {
	if len(off) == 0 {
		return l.T("basic.direct_single", "Digit", d, "Unit", unitL(l, u))
	}
	return l.T("basic.direct_takes", "Digit", d, "Cells", cellsL(l, off), "Unit", unitL(l, u))
}

// reasonNakedSubset words a naked pair, triple or quad.
func reasonNakedSubset(l *l10n.Lang, s engine.Step, reveal bool) []string {
	cs := patternCells(s, engine.RoleSubset)
	us := houses(s, engine.RoleUnit)
	if len(cs) < 2 || len(cs) > 4 || len(us) == 0 || s.Digits == 0 {
		return nil
	}
	where := make([]l10n.Forms, len(us))
	for i, u := range us {
		where[i] = unitL(l, u)
	}
	return []string{l.T(fmt.Sprintf("basic.naked_%d", len(cs)), "Cells", cellsL(l, cs), "Digits", digitsL(l, s.Digits),
		"Units", l10n.JoinForms(where, l.T("list.sep"), l.T("list.or")),
		// The same houses joined by "and", for a language that says "no
		// other cell of row 4 and box 6" (Japanese 「4行目とブロック6」).
		"AllUnits", l10n.JoinForms(where, l.T("list.sep"), l.T("list.last")))}
}

// reasonHiddenSubset words a hidden pair, triple or quad, and the direct
// forms that end in the single the set leaves in its unit.
func reasonHiddenSubset(l *l10n.Lang, s engine.Step, reveal bool) []string {
	cs := patternCells(s, engine.RoleSubset)
	u := basicFirstHouse(s, engine.RoleUnit)
	if len(cs) < 2 || len(cs) > 4 || u < 0 || s.Digits == 0 {
		return nil
	}
	line := l.T(fmt.Sprintf("basic.hidden_%d", len(cs)), "Unit", unitL(l, u), "Digits", digitsL(l, s.Digits), "Cells", cellsL(l, cs))
	if s.Variant != "direct" {
		return []string{line}
	}
	placed := basicPattern(s, engine.RolePlaced)
	if len(placed) != 1 {
		return []string{line}
	}
	e := placed[0].Digits.First()
	var off []int
	for _, p := range basicPattern(s, engine.RoleOff) {
		if p.Digits.Has(e) {
			off = append(off, p.Cell)
		}
	}
	return []string{line, "  " + directSingle(l, e, off, u)}
}
