package explain

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// The uniqueness family: unique rectangles, the hidden rectangle, unique
// loops and the bivalue universal grave (BUG). All of them rest on one
// fact a player may not know: a puzzle with one solution never lets a set
// of cells end up where two digits could swap places. The texts say that
// fact in plain words each time they use it.
//
// Level 2 must not name a result, and here the result often sits in the
// pattern itself (the fourth corner of a type 1 rectangle, the roof of a
// type 4). So a clause that names such a cell never carries a digit: the
// pattern's digits are said in a clause of their own.

// uqPattern is a uniqueness step's pattern read back: the deadly
// pattern's cells in order, the extra candidates of those that have some,
// the cells of a naked subset with their candidates, and the houses the
// reasoning works in.
type uqPattern struct {
	corners []int
	extra   map[int]engine.Digits
	subset  []int
	subDigs map[int]engine.Digits
	units   []int
}

func readUnique(s engine.Step) uqPattern {
	p := uqPattern{extra: map[int]engine.Digits{}, subDigs: map[int]engine.Digits{}}
	for _, pc := range s.Pattern {
		switch pc.Role {
		case engine.RoleCorner:
			p.corners = append(p.corners, pc.Cell)
		case engine.RoleExtra:
			p.extra[pc.Cell] |= pc.Digits
		case engine.RoleSubset:
			p.subset = append(p.subset, pc.Cell)
			p.subDigs[pc.Cell] |= pc.Digits
		}
	}
	p.units = houses(s, engine.RoleUnit)
	return p
}

// plain and odd split the pattern's cells into those holding only the
// pattern's digits and those with other candidates.
func (p uqPattern) plain() []int { return p.split(false) }
func (p uqPattern) odd() []int   { return p.split(true) }

func (p uqPattern) split(odd bool) []int {
	var out []int
	for _, c := range p.corners {
		if (p.extra[c] != 0) == odd {
			out = append(out, c)
		}
	}
	return out
}

// extras is the union of the odd cells' extra candidates.
func (p uqPattern) extras() engine.Digits {
	var ds engine.Digits
	for _, c := range p.corners {
		ds |= p.extra[c]
	}
	return ds
}

// elimDigit is the digit a step removes (the type 4 forms and the hidden
// rectangle remove one digit, the pattern's other one).
func elimDigit(s engine.Step) uint8 {
	if len(s.Eliminations) == 0 {
		return 0
	}
	return s.Eliminations[0].Digit
}

// pairWords writes a deadly pair as "2 and 9".
func pairWords(l *l10n.Lang, s engine.Step) string { return digitsL(l, s.Digits) }

// hold says that cells hold only the pattern's digits, with the right verb.
func hold(l *l10n.Lang, cs []int, s engine.Step) string {
	id := "uq.hold_many"
	if len(cs) == 1 {
		id = "uq.hold_one"
	}
	return l.T(id, "Cells", cellsL(l, cs), "Pair", pairWords(l, s))
}

// candList writes a cell's candidates as "3, 7" for a parenthesis.
func candList(ds engine.Digits) string {
	return strings.Join(digitStrings(ds), ", ")
}

// numberWord is a small count as a word of the language ("three").
func numberWord(l *l10n.Lang, n int) string {
	id := fmt.Sprintf("num.%d", n)
	if w := l.T(id); w != id {
		return w
	}
	return fmt.Sprint(n)
}

// digitCountWord is a small count of digits as a word: "num.digits.N",
// since a language may count digits in another gender than cells
// (Portuguese "duas casas para dois dígitos").
func digitCountWord(l *l10n.Lang, n int) string {
	id := fmt.Sprintf("num.digits.%d", n)
	if w := l.T(id); w != id {
		return w
	}
	return fmt.Sprint(n)
}

// allOf says "both of them" or "all of them".
func allOf(l *l10n.Lang, n int) string {
	if n == 2 {
		return l.T("uq.both_of_them")
	}
	return l.T("uq.all_of_them")
}

// subsetLine words a naked subset made of the odd cells taken as one cell
// (holding one of held's digits) and the step's subset cells: which cells,
// which digits, and that the digits leave the rest of the unit. It names
// the subset's cells with their candidates; the results lie outside it.
func subsetLine(l *l10n.Lang, p uqPattern, odd []int, held engine.Digits) string {
	all := held
	parts := make([]string, len(p.subset))
	for i, c := range p.subset {
		all |= p.subDigs[c]
		parts[i] = l.T("ape.cand", "Cell", engine.CellName(c), "Digits", candList(p.subDigs[c]))
	}
	kind := "uq.kind_other"
	if n := all.Count(); n >= 2 && n <= 4 {
		kind = fmt.Sprintf("uq.kind_%d", n)
	}
	return l.T("uq.subset", "Odd", cellsL(l, odd), "OrOdd", l.OrList(uqNames(odd)), "Held", orDigitsL(l, held), "Parts", l.List(parts), "Kind", l.T(kind),
		"Where", unitsL(l, p.units), "NCells", numberWord(l, len(p.subset)+1), "NDigits", digitCountWord(l, all.Count()), "All", digitsL(l, all))
}

// theirUnit names the unit a type 4 works in.
func theirUnit(l *l10n.Lang, p uqPattern) l10n.Forms {
	if len(p.units) > 0 {
		return unitL(l, p.units[0])
	}
	return l.Noun("uq.their_unit", l10n.KindHouse)
}

// reasonRectangle words the four unique rectangle types, in every
// language.
func reasonRectangle(l *l10n.Lang, s engine.Step, reveal bool) []string {
	p := readUnique(s)
	plain, odd := p.plain(), p.odd()
	pair := pairWords(l, s)
	out := []string{l.T("uq.rect", "Corners", cellsL(l, p.corners), "Pair", pair)}
	switch s.Technique {
	case engine.TechUniqueRectangleType1:
		if len(odd) != 1 {
			break
		}
		id := "uq.ur1"
		if reveal {
			id = "uq.ur1_result"
		}
		out = append(out, "  "+l.T(id, "Hold", hold(l, plain, s), "Odd", cellsL(l, odd), "OrOdd", l.OrList(uqNames(odd))))
	case engine.TechUniqueRectangleType2:
		args := []any{"Hold", hold(l, plain, s), "Odd", cellsL(l, odd), "OrOdd", l.OrList(uqNames(odd)), "X", digitsL(l, p.extras())}
		out = append(out, "  "+l.T("uq.ur2", args...), "  "+l.T("uq.ur2_so", args...))
	case engine.TechUniqueRectangleType3:
		x := p.extras()
		out = append(out, "  "+l.T("uq.ur3", "Hold", hold(l, plain, s), "Odd", cellsL(l, odd), "OrOdd", l.OrList(uqNames(odd)), "X", orDigitsL(l, x)),
			"  "+subsetLine(l, p, odd, x))
	case engine.TechUniqueRectangleType5:
		args := []any{"Hold", hold(l, plain, s), "Odd", cellsL(l, odd), "OrOdd", l.OrList(uqNames(odd)), "X", digitsL(l, p.extras()), "Two", len(odd) == 2}
		out = append(out, "  "+l.T("uq.ur5", args...), "  "+l.T("uq.ur5_so", args...))
	case engine.TechUniqueRectangleType6:
		x := elimDigit(s)
		args := []any{"Hold", hold(l, plain, s), "Units", unitsL(l, p.units), "X", x, "Plain", cellsL(l, plain),
			"Odd", cellsL(l, odd), "OrOdd", l.OrList(uqNames(odd)), "Pair", pairWords(l, s)}
		out = append(out, "  "+l.T("uq.ur6", args...))
		if reveal {
			out = append(out, "  "+l.T("uq.ur6_result", args...))
		} else {
			out = append(out, "  "+l.T("uq.ur6_either", args...))
		}
	case engine.TechUniqueRectangleType4:
		y := elimDigit(s)
		x := s.Digits.Without(y).First()
		args := []any{"Hold", hold(l, plain, s), "Unit", theirUnit(l, p), "X", x, "Y", y, "Odd", cellsL(l, odd), "OrOdd", l.OrList(uqNames(odd)),
			"Either", l.OrList(uqNames(odd)), "Plain", cellsL(l, plain), "Pair", pair}
		out = append(out, "  "+l.T("uq.ur4", args...))
		if reveal {
			out = append(out, "  "+l.T("uq.ur4_result", args...))
		} else {
			out = append(out, "  "+l.T("uq.ur4_either", args...))
		}
	}
	return out
}

// uqNames names cells one by one.
func uqNames(cs []int) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = engine.CellName(c)
	}
	return out
}

// reasonHiddenRectangle words a hidden rectangle, in every language: the
// pattern lists the bivalue corner first, then the corner in the opposite
// corner's row, the one in its column, and the opposite corner last.
func reasonHiddenRectangle(l *l10n.Lang, s engine.Step, reveal bool) []string {
	p := readUnique(s)
	if len(p.corners) != 4 {
		return nil
	}
	c, rowMate, colMate, opp := p.corners[0], p.corners[1], p.corners[2], p.corners[3]
	y := elimDigit(s)
	x := s.Digits.Without(y).First()
	n := engine.CellName
	args := []any{"Hold", hold(l, []int{c}, s), "Others", cellsL(l, []int{rowMate, colMate, opp}),
		"Row", unitL(l, engine.CellUnits[opp][0]), "Col", unitL(l, engine.CellUnits[opp][1]), "X", x, "Y", y,
		"RowCells", cellsL(l, []int{rowMate, opp}), "ColCells", cellsL(l, []int{colMate, opp}),
		"Opp", n(opp), "RowMate", n(rowMate), "ColMate", n(colMate), "C", n(c), "Pair", pairWords(l, s)}
	out := []string{l.T("uq.hr", args...)}
	if len(s.Links) == 2 {
		out = append(out, "  "+l.T("uq.hr_links", args...))
	} else {
		out = append(out, "  "+l.T("uq.hr_corners", args...))
	}
	if reveal {
		out = append(out, "  "+l.T("uq.hr_result", args...))
	} else {
		out = append(out, "  "+l.T("uq.hr_either", args...))
	}
	return append(out, "  "+l.T("uq.deadly"))
}

// reasonLoop words the four unique loop types, in every language; the
// pattern lists the loop's cells in loop order.
func reasonLoop(l *l10n.Lang, s engine.Step, reveal bool) []string {
	p := readUnique(s)
	odd := p.odd()
	pair := pairWords(l, s)
	out := []string{l.T("uq.loop", "Cells", cellsL(l, p.corners)), "  " + l.T("uq.loop_alt", "Pair", pair)}
	others := l.T("uq.loop_others", "Pair", pair)
	switch s.Technique {
	case engine.TechUniqueLoopType1:
		id := "uq.ul1"
		if reveal {
			id = "uq.ul1_result"
		}
		out = append(out, "  "+l.T(id, "Odd", cellsL(l, odd), "OrOdd", l.OrList(uqNames(odd)), "Others", others))
	case engine.TechUniqueLoopType2:
		out = append(out, "  "+l.T("uq.ul2", "Two", len(odd) == 2, "Odd", cellsL(l, odd), "OrOdd", l.OrList(uqNames(odd)), "X", digitsL(l, p.extras()), "Others", others, "AllOf", allOf(l, len(odd))))
	case engine.TechUniqueLoopType3:
		x := p.extras()
		out = append(out, "  "+l.T("uq.ul3", "Two", len(odd) == 2, "Odd", cellsL(l, odd), "OrOdd", l.OrList(uqNames(odd)), "Others", others, "X", orDigitsL(l, x)),
			"  "+subsetLine(l, p, odd, x))
	case engine.TechUniqueLoopType4:
		y := elimDigit(s)
		x := s.Digits.Without(y).First()
		args := []any{"Odd", cellsL(l, odd), "OrOdd", l.OrList(uqNames(odd)), "Others", others, "Unit", theirUnit(l, p), "X", x, "Y", y,
			"Either", l.OrList(uqNames(odd)), "Pair", pair}
		out = append(out, "  "+l.T("uq.ul4", args...))
		if reveal {
			out = append(out, "  "+l.T("uq.ul4_result", args...))
		} else {
			out = append(out, "  "+l.T("uq.ul4_either", args...))
		}
	}
	return out
}

// reasonBUGPlusOne words BUG+1, in every language: the pattern holds the
// one cell with three candidates and, as its extra digit, the digit with
// three places.
func reasonBUGPlusOne(l *l10n.Lang, s engine.Step, reveal bool) []string {
	p := readUnique(s)
	var cell int
	var e engine.Digits
	for c, ds := range p.extra {
		cell, e = c, ds
	}
	if e == 0 {
		return nil
	}
	u := engine.CellUnits[cell]
	args := []any{"Cell", engine.CellName(cell), "E", digitsL(l, e), "Units", unitsL(l, []int{u[0], u[1], u[2]})}
	out := []string{l.T("uq.bug1", args...), "  " + l.T("uq.bug1_without", args...)}
	if reveal {
		return append(out, "  "+l.T("uq.bug1_result", args...))
	}
	return append(out, "  "+l.T("uq.bug1_keep", args...))
}

// reasonBUG words BUG types 2-4, in every language: the pattern holds
// the bug cells (the cells with more than two candidates) with their
// extra ("bug") digits.
func reasonBUG(l *l10n.Lang, s engine.Step, reveal bool) []string {
	p := readUnique(s)
	var bug []int
	var parts []string
	same := true
	var first engine.Digits
	for _, pc := range s.Pattern {
		if pc.Role == engine.RoleExtra {
			if len(bug) == 0 {
				first = pc.Digits
			}
			same = same && pc.Digits == first
			bug = append(bug, pc.Cell)
			parts = append(parts, l.T("ape.cand", "Cell", engine.CellName(pc.Cell), "Digits", candList(pc.Digits)))
		}
	}
	// Each cell's own digits in brackets, so that no clause joins a cell
	// with another cell's digit (BUG type 4 removes digits from these
	// cells).
	without := l.T("uq.without_extras", "Parts", l.List(parts))
	if same && first.Count() == 1 {
		without = l.T("uq.without_same", "E", digitsL(l, first), "Cells", cellsL(l, bug))
	}
	out := []string{l.T("uq.bug", "Without", without)}
	switch s.Technique {
	case engine.TechBUGType2:
		out = append(out, "  "+l.T("uq.bug2", "Bug", cellsL(l, bug), "OrBug", l.OrList(uqNames(bug)), "X", digitsL(l, s.Digits), "AllOf", allOf(l, len(bug))))
	case engine.TechBUGType3:
		out = append(out, "  "+l.T("uq.bug3", "Two", len(bug) == 2, "Bug", cellsL(l, bug), "OrBug", l.OrList(uqNames(bug)), "X", orDigitsL(l, s.Digits)),
			"  "+subsetLine(l, p, bug, s.Digits))
	case engine.TechBUGType4:
		if len(s.Links) == 0 || len(bug) != 2 {
			break
		}
		x := s.Links[0].From.Digit
		args := []any{"Bug", cellsL(l, bug), "OrBug", l.OrList(uqNames(bug)), "Unit", theirUnit(l, p), "X", x}
		out = append(out, "  "+l.T("uq.bug4", args...), "  "+l.T("uq.bug4_unit", args...))
		if reveal {
			out = append(out, "  "+l.T("uq.bug4_result", args...))
		}
	}
	return out
}
