package explain

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// The wings (XY-, XYZ-, W- and WXYZ-Wing: a few cells with few candidates
// that force a digit into one of their pincers) and Aligned Pair and
// Triple Exclusion (the combinations of two or three cells' digits that
// would leave a cell they all see without a candidate).

// wingCand is a pattern cell with its candidates.
type wingCand struct {
	cell   int
	digits engine.Digits
}

// wingCells lists the pattern's cells with a role, with their digits, in
// pattern order.
func wingCells(s engine.Step, role engine.Role) []wingCand {
	var out []wingCand
	for _, p := range s.Pattern {
		if p.Role == role {
			out = append(out, wingCand{p.Cell, p.Digits})
		}
	}
	return out
}

// reasonWing words the four wings from their pivot and pincers, in
// every language.
func reasonWing(l *l10n.Lang, s engine.Step, reveal bool) []string {
	z := s.Digits.First()
	pivots, pincers := wingCells(s, engine.RolePivot), wingCells(s, engine.RolePincer)
	n := engine.CellName
	switch s.Technique {
	case engine.TechXYWing, engine.TechXYZWing:
		if len(pivots) != 1 || len(pincers) != 2 {
			return nil
		}
		p, a, c := pivots[0], pincers[0], pincers[1]
		x, y := a.digits.Without(z).First(), c.digits.Without(z).First()
		lines := []string{l.T("wing.pivot", "Pivot", n(p.cell), "PivotDigits", orDigitsL(l, p.digits),
			"A", n(a.cell), "ADigits", orDigitsL(l, a.digits), "C", n(c.cell), "CDigits", orDigitsL(l, c.digits))}
		args := []any{"Pivot", n(p.cell), "A", n(a.cell), "C", n(c.cell), "X", x, "Y", y, "Z", z}
		if s.Technique == engine.TechXYWing {
			lines = append(lines, "  "+l.T("wing.xy_either", args...))
			if reveal {
				lines = append(lines, "  "+l.T("wing.xy_result", args...))
			}
			return lines
		}
		lines = append(lines, "  "+l.T("wing.xyz_either", args...))
		if reveal {
			lines = append(lines, "  "+l.T("wing.xyz_result", args...))
		}
		return lines
	case engine.TechWWing:
		on, off := wingCells(s, engine.RoleOn), wingCells(s, engine.RoleOff)
		link := houses(s, engine.RoleUnit)
		if len(pincers) != 2 || len(on) != 1 || len(off) != 1 || len(link) != 1 {
			return nil
		}
		c1, c2, p, q := pincers[0].cell, pincers[1].cell, off[0].cell, on[0].cell
		x := off[0].digits.First()
		args := []any{"C1", n(c1), "C2", n(c2), "P", n(p), "Q", n(q), "X", x, "Z", z, "Link", unitL(l, link[0]),
			"U1", unitL(l, sdCommonUnit(p, c1)), "U2", unitL(l, sdCommonUnit(q, c2))}
		lines := []string{l.T("wing.w_1", args...), "  " + l.T("wing.w_2", args...), "  " + l.T("wing.w_3", args...)}
		if reveal {
			lines = append(lines, "  "+l.T("wing.w_result", args...))
		}
		return lines
	case engine.TechWXYZWing:
		if len(pivots) != 1 || len(pincers) != 3 {
			return nil
		}
		wing := append(pivots[:1:1], pincers...)
		var union engine.Digits
		for _, w := range wing {
			union |= w.digits
		}
		var rules, zCells []string
		var others engine.Digits
		for _, d := range union.Slice() {
			var where []string
			for _, w := range wing {
				if w.digits.Has(d) {
					where = append(where, n(w.cell))
				}
			}
			if d == z {
				zCells = where
				continue
			}
			others = others.With(d)
			rules = append(rules, l.T("wing.wxyz_rule", "Digit", d, "Cells", strings.Join(where, ", ")))
		}
		lines := []string{
			l.T("wing.wxyz_1", "Pivot", n(wing[0].cell), "Cells", cellsL(l, []int{wing[1].cell, wing[2].cell, wing[3].cell}), "Digits", digitsL(l, union)),
			"  " + l.T("wing.wxyz_2", "Others", digitsL(l, others), "Rules", strings.Join(rules, l.T("result.sep"))),
		}
		if len(zCells) == 1 {
			lines = append(lines, "  "+l.T("wing.wxyz_3_one", "Cell", zCells[0], "Z", z))
		} else {
			lines = append(lines, "  "+l.T("wing.wxyz_3", "Z", z, "Where", l.OrList(zCells)))
		}
		if reveal {
			lines = append(lines, "  "+l.T("wing.wxyz_result", "Z", z))
		}
		return lines
	}
	return nil
}

// wingExclusion is an aligned exclusion's pattern: the base cells and the
// excluders, each with its candidates.
type wingExclusion struct {
	base, excl []wingCand
}

// sees reports whether base cells i and j see each other, and the unit.
func (x wingExclusion) sees(i, j int) (int, bool) {
	a, b := x.base[i].cell, x.base[j].cell
	if !engine.SeesCell(a, b) {
		return -1, false
	}
	return sdCommonUnit(a, b), true
}

// emptied returns the first excluder whose candidates all lie in set, or
// -1: giving the base cells the digits of set would leave it empty.
func (x wingExclusion) emptied(set engine.Digits) int {
	for i, e := range x.excl {
		if e.digits&^set == 0 {
			return i
		}
	}
	return -1
}

// why says why base cells i and j cannot be di and dj together (with
// the other cells' digits in rest), or "" if they can.
func (x wingExclusion) why(l *l10n.Lang, i int, di uint8, j int, dj uint8, rest engine.Digits) string {
	if di == dj {
		if u, ok := x.sees(i, j); ok {
			return l.T("ape.twice", "Unit", unitL(l, u))
		}
	}
	if k := x.emptied(rest.With(di).With(dj)); k >= 0 {
		return l.T("ape.empties", "Cell", engine.CellName(x.excl[k].cell))
	}
	return ""
}

// reasonAlignedExclusion words the rules (one line per excluder and one
// for base cells that see each other) and, with reveal, for each removed
// digit why no combination holds it; in every language.
func reasonAlignedExclusion(l *l10n.Lang, s engine.Step, reveal bool) []string {
	x := wingExclusion{base: wingCells(s, engine.RoleBase), excl: wingCells(s, engine.RoleExcluder)}
	if len(x.base) < 2 || len(x.base) > 3 {
		return nil
	}
	n := engine.CellName
	desc := func(ws []wingCand) string {
		parts := make([]string, len(ws))
		for i, w := range ws {
			parts[i] = l.T("ape.cand", "Cell", n(w.cell), "Digits", orDigitsL(l, w.digits))
		}
		return l.List(parts)
	}
	var baseCells, exclCells []int
	for _, b := range x.base {
		baseCells = append(baseCells, b.cell)
	}
	for _, e := range x.excl {
		exclCells = append(exclCells, e.cell)
	}
	k := len(x.base)
	lines := []string{
		l.T(fmt.Sprintf("ape.see_%d", k), "Base", cellsL(l, baseCells), "Excl", cellsL(l, exclCells)),
		"  " + l.T("ape.cands", "List", desc(x.base)),
	}
	for i := range x.base {
		for j := i + 1; j < len(x.base); j++ {
			if u, ok := x.sees(i, j); ok {
				lines = append(lines, "  "+l.T("ape.share", "A", n(x.base[i].cell), "B", n(x.base[j].cell), "Unit", unitL(l, u)))
			}
		}
	}
	for _, e := range x.excl {
		id := fmt.Sprintf("ape.holds_be_%d", k)
		if k == 3 && e.digits.Count() != 3 {
			id = "ape.holds_both_3"
		}
		lines = append(lines, "  "+l.T(id, "Cell", n(e.cell), "Digits", digitsL(l, e.digits)))
	}
	if !reveal {
		return lines
	}
	for i, b := range x.base {
		for _, p := range s.Pattern {
			if p.Role != engine.RoleEliminated || p.Cell != b.cell {
				continue
			}
			for _, d := range p.Digits.Slice() {
				for _, line := range x.removal(l, i, d) {
					lines = append(lines, wingWrap(line)...)
				}
			}
		}
	}
	return lines
}

// wingWrap breaks a line longer than MaxLine after a comma, continuing
// two spaces deeper, so that a long list of combinations stays readable.
func wingWrap(line string) []string {
	var out []string
	indent := line[:len(line)-len(strings.TrimLeft(line, " "))] + "  "
	for len(line) > MaxLine {
		cut := strings.LastIndex(line[:MaxLine], ", ")
		if cut <= len(indent) {
			break
		}
		out = append(out, line[:cut+1])
		line = indent + line[cut+2:]
	}
	return append(out, line)
}

// removal words why base cell i cannot be d: every digit of the other
// cells fails with it, alone or (for a triple) in pairs.
func (x wingExclusion) removal(l *l10n.Lang, i int, d uint8) []string {
	n := engine.CellName
	var others []int
	for j := range x.base {
		if j != i {
			others = append(others, j)
		}
	}
	// Digits of each other cell that fail with d whatever the third is.
	var alone []aloneFails
	var left [3]engine.Digits
	for _, j := range others {
		var fails []string
		for _, v := range x.base[j].digits.Slice() {
			w := x.why(l, i, d, j, v, 0)
			if w == "" {
				left[j] = left[j].With(v)
				continue
			}
			fails = append(fails, l.T("ape.fail", "What", v, "Why", w))
		}
		if len(fails) > 0 {
			alone = append(alone, aloneFails{n(x.base[j].cell), fails})
		}
	}
	// Each cell's failures are one clause. Alone lists the clauses; a
	// language that chains clauses by the verb's own form (Japanese
	// 「…になれず、…になれません」) takes Clauses, built with Last.
	said := make([]string, len(alone))
	chained := make([]string, len(alone))
	for k, a := range alone {
		args := []any{"Cell", a.cell, "List", l.OrList(a.fails), "Nor", norListL(l, a.fails), "Many", len(a.fails) > 1}
		said[k] = l.T("ape.could_not", append(args, "Last", true)...)
		chained[k] = l.T("ape.could_not", append(args, "Last", k == len(alone)-1)...)
	}
	cell := n(x.base[i].cell)
	head := l.T("ape.if_were", "Cell", cell, "Digit", d, "Alone", l.List(said), "Clauses", strings.Join(chained, ""))
	if len(others) == 1 {
		return []string{"  " + l.T("ape.end", "Text", head)}
	}
	// A triple: the pairs left for the two other cells.
	j, k := others[0], others[1]
	byWhy := map[string][]string{}
	var order []string
	for _, vj := range left[j].Slice() {
		for _, vk := range left[k].Slice() {
			w := x.why(l, j, vj, k, vk, engine.DigitSet(d))
			if w == "" {
				w = "allowed" // never, for a removed digit
			}
			if _, ok := byWhy[w]; !ok {
				order = append(order, w)
			}
			byWhy[w] = append(byWhy[w], l.T("ape.pair", "A", vj, "B", vk))
		}
	}
	if len(order) == 0 {
		return []string{"  " + l.T("ape.end", "Text", head)}
	}
	var pairs []string
	for _, w := range order {
		pairs = append(pairs, l.T("ape.fail", "What", l.OrList(byWhy[w]), "Why", w))
	}
	all := strings.Join(pairs, l.T("list.sep"))
	tail := l.T("ape.left_fails", "J", n(x.base[j].cell), "K", n(x.base[k].cell), "Pairs", all)
	if len(alone) == 0 {
		return []string{"  " + l.T("ape.every_pair", "Cell", cell, "Digit", d, "J", n(x.base[j].cell), "K", n(x.base[k].cell), "Pairs", all)}
	}
	if len(head)+2+len(tail) <= MaxLine-22 {
		return []string{"  " + l.T("ape.head_tail", "Head", head, "Tail", tail)}
	}
	return []string{"  " + l.T("ape.head_semicolon", "Head", head), "    " + l.T("ape.end", "Text", tail)}
}

// aloneFails is one cell of an aligned exclusion with the values that
// fail with the tried digit whatever the other cells hold.
type aloneFails struct {
	cell  string
	fails []string
}
