package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
)

// The basic family: singles, intersections (pointing and claiming) and
// naked and hidden subsets, with SE's "direct" forms that stop at the
// single they leave. Their reasoning fits a line or two; a level-2 text
// names the unit and the digit of a hidden single but never its cell, and
// the cell of a naked single but never its digit.

func init() {
	register(reasonSingle,
		About{Technique: "Full House", Plain: "Full House",
			Definition: "When a row, column or box has only one empty cell left, that cell takes the one digit the unit is missing."},
		About{Technique: "Hidden Single", Plain: "Hidden Single",
			Definition: "When a digit has only one place left in a row, column or box, it goes there."},
		About{Technique: "Naked Single", Plain: "Naked Single",
			Definition: "When a cell has only one candidate left, that digit goes there."},
	)
	register(reasonIntersection,
		About{Technique: "Pointing", Plain: "Pointing pair or triple",
			Definition: "When a digit's only places in a box all lie in one row or column, it can be removed from the rest of that row or column."},
		About{Technique: "Claiming", Plain: "Box-line reduction",
			Definition: "When a digit's only places in a row or column all lie in one box, it can be removed from the rest of that box."},
		About{Technique: "Direct Pointing", Plain: "Pointing, then a single",
			Definition: "When a digit's only places in a box all lie in one row or column, the rest of that line loses it, which leaves the digit a single place in another box."},
		About{Technique: "Direct Claiming", Plain: "Box-line reduction, then a single",
			Definition: "When a digit's only places in a row or column all lie in one box, the rest of that box loses it, which leaves the digit a single place in another row or column."},
	)
	register(reasonNakedSubset,
		About{Technique: "Naked Pair", Plain: "Naked Pair",
			Definition: "When two cells of a unit hold only the same two digits, those digits can be removed from the unit's other cells."},
		About{Technique: "Naked Triple", Plain: "Naked Triple",
			Definition: "When three cells of a unit hold only three digits between them, those digits can be removed from the unit's other cells."},
		About{Technique: "Naked Quad", Plain: "Naked Quad",
			Definition: "When four cells of a unit hold only four digits between them, those digits can be removed from the unit's other cells."},
	)
	register(reasonHiddenSubset,
		About{Technique: "Hidden Pair", Plain: "Hidden Pair",
			Definition: "When two digits can only go in the same two cells of a unit, every other digit can be removed from those cells."},
		About{Technique: "Hidden Triple", Plain: "Hidden Triple",
			Definition: "When three digits can only go in the same three cells of a unit, every other digit can be removed from those cells."},
		About{Technique: "Hidden Quad", Plain: "Hidden Quad",
			Definition: "When four digits can only go in the same four cells of a unit, every other digit can be removed from those cells."},
		About{Technique: "Direct Hidden Pair", Plain: "Hidden pair, then a single",
			Definition: "When two digits can only go in the same two cells of a unit, those cells hold no other digit, which can leave another digit a single place in the unit."},
		About{Technique: "Direct Hidden Triple", Plain: "Hidden triple, then a single",
			Definition: "When three digits can only go in the same three cells of a unit, those cells hold no other digit, which can leave another digit a single place in the unit."},
	)
}

// basicCount writes a small count as a word: "two cells", "three rows".
func basicCount(n int) string {
	if n >= 0 && n < 10 {
		return [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}[n]
	}
	return fmt.Sprint(n)
}

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
func reasonSingle(s engine.Step, reveal bool) []string {
	d := basicDigit(s)
	u := basicFirstHouse(s, engine.RoleUnit)
	placed := patternCells(s, engine.RolePlaced)
	switch {
	case s.Technique == "Full House" && len(placed) == 1 && u >= 0:
		un := engine.UnitName(u)
		return []string{fmt.Sprintf("%s is the only empty cell left in %s, so it takes the one digit %s is missing.",
			engine.CellName(placed[0]), un, un)}
	case s.Technique == "Hidden Single" && u >= 0 && d != 0:
		return []string{hiddenSingleWhy(s, u, d)}
	case s.Technique == "Naked Single" && len(placed) == 1 && d != 0:
		return []string{nakedSingleWhy(s, placed[0], d)}
	}
	return nil
}

// hiddenSingleWhy says why d has one place left in unit u without naming
// the place: the digits that block the other empty cells, and the cells
// that lost d earlier.
func hiddenSingleWhy(s engine.Step, u int, d uint8) string {
	un := engine.UnitName(u)
	blockers := patternCells(s, engine.RoleBlocker)
	ruled := patternCells(s, engine.RoleRuledOut)
	head := fmt.Sprintf("In %s, %d has only one place left", un, d)
	seen := fmt.Sprintf("the %d in %s", d, cells(blockers))
	if len(blockers) > 1 {
		seen = fmt.Sprintf("one of the %ds in %s", d, cells(blockers))
	}
	switch {
	case len(blockers) == 0 && len(ruled) == 0:
		return head + "."
	case len(ruled) == 0:
		return fmt.Sprintf("%s: every other empty cell of %s sees %s.", head, un, seen)
	case len(blockers) == 0:
		return fmt.Sprintf("%s: earlier steps removed %d from its other empty cells (%s).", head, d, cells(ruled))
	}
	return fmt.Sprintf("%s: its other empty cells see %s, except %s, which lost %d to an earlier step.",
		head, seen, cells(ruled), d)
}

// nakedSingleWhy says why cell c has one candidate left without naming
// it: the digits its row, column and box already hold, and the ones
// earlier steps removed.
func nakedSingleWhy(s engine.Step, c int, d uint8) string {
	bs := basicPattern(s, engine.RoleBlocker)
	slices.SortFunc(bs, func(a, b engine.PatternCell) int { return int(a.Digits.First()) - int(b.Digits.First()) })
	var held engine.Digits
	parts := make([]string, len(bs))
	for i, b := range bs {
		held |= b.Digits
		parts[i] = fmt.Sprintf("%d in %s", b.Digits.First(), engine.CellName(b.Cell))
	}
	gone := engine.Digits(0)
	for x := uint8(1); x <= 9; x++ {
		if x != d && !held.Has(x) {
			gone = gone.With(x)
		}
	}
	head := fmt.Sprintf("%s has only one candidate left", engine.CellName(c))
	switch {
	case len(parts) == 0:
		return fmt.Sprintf("%s: earlier steps removed %s from it.", head, digits(gone))
	case gone == 0:
		return fmt.Sprintf("%s: its row, column and box hold %s.", head, join(parts))
	}
	return fmt.Sprintf("%s: its row, column and box hold %s, and earlier steps removed %s from it.",
		head, join(parts), digits(gone))
}

// reasonIntersection words pointing and claiming, and their direct forms
// that end in the single the removal leaves.
func reasonIntersection(s engine.Step, reveal bool) []string {
	d := basicDigit(s)
	base := basicFirstHouse(s, engine.RoleBase)
	cover := basicFirstHouse(s, engine.RoleCover)
	cs := patternCells(s, engine.RoleBase)
	if d == 0 || base < 0 || cover < 0 || len(cs) == 0 {
		return nil
	}
	bn, cn := engine.UnitName(base), engine.UnitName(cover)
	all := "both"
	if len(cs) > 2 {
		all = "all"
	}
	line := fmt.Sprintf("In %s, %d can only go in %s, %s in %s, so %s gets its %d from %s and %d can go nowhere else in %s.",
		bn, d, cells(cs), all, cn, cn, d, bn, d, cn)
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
	sn := engine.UnitName(single)
	if len(off) == 0 {
		return []string{line, fmt.Sprintf("  That leaves %d a single place in %s.", d, sn)}
	}
	return []string{line, fmt.Sprintf("  That takes %d out of %s, which leaves %d a single place in %s.",
		d, cells(off), d, sn)}
}

// reasonNakedSubset words a naked pair, triple or quad.
func reasonNakedSubset(s engine.Step, reveal bool) []string {
	cs := patternCells(s, engine.RoleSubset)
	us := houses(s, engine.RoleUnit)
	if len(cs) == 0 || len(us) == 0 || s.Digits == 0 {
		return nil
	}
	n := basicCount(len(cs))
	where := make([]string, len(us))
	for i, u := range us {
		where[i] = engine.UnitName(u)
	}
	either := "either"
	if len(cs) > 2 {
		either = "any of them"
	}
	return []string{fmt.Sprintf("%s hold only %s between them, so these %s cells take those %s digits, and no other cell of %s can hold %s.",
		cells(cs), digits(s.Digits), n, n, strings.Join(where, " or "), either)}
}

// reasonHiddenSubset words a hidden pair, triple or quad, and the direct
// forms that end in the single the set leaves in its unit.
func reasonHiddenSubset(s engine.Step, reveal bool) []string {
	cs := patternCells(s, engine.RoleSubset)
	u := basicFirstHouse(s, engine.RoleUnit)
	if len(cs) == 0 || u < 0 || s.Digits == 0 {
		return nil
	}
	n := basicCount(len(cs))
	un := engine.UnitName(u)
	line := fmt.Sprintf("In %s, %s can only go in %s, so these %s cells hold those %s digits and no other.",
		un, digits(s.Digits), cells(cs), n, n)
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
	if len(off) == 0 {
		return []string{line, fmt.Sprintf("  That leaves %d a single place in %s.", e, un)}
	}
	return []string{line, fmt.Sprintf("  That takes %d out of %s, which leaves %d a single place in %s.",
		e, cells(off), e, un)}
}
