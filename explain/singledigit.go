package explain

import (
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// The single-digit patterns: Skyscraper, 2-String Kite and Turbot Fish
// (two conjugate pairs joined by a weak link), Empty Rectangle (a box's
// places for a digit on one row and one column, and a conjugate pair), and
// colouring (the conjugate pairs of a digit in two alternating colours).

// sdCommonUnit is the first unit (a row, then a column, then a box) that
// holds both cells, or -1.
func sdCommonUnit(a, b int) int {
	for k := 0; k < 3; k++ {
		if engine.CellUnits[a][k] == engine.CellUnits[b][k] {
			return engine.CellUnits[a][k]
		}
	}
	return -1
}

// reasonSingleDigitChain words x1 = y1 - y2 = x2 on one digit, in every
// language: two conjugate pairs whose inner ends see each other.
func reasonSingleDigitChain(l *l10n.Lang, s engine.Step, reveal bool) []string {
	if len(s.Links) != 3 {
		return nil
	}
	d := s.Links[0].From.Digit
	x1, y1 := s.Links[0].From.Cell, s.Links[0].To.Cell
	y2, x2 := s.Links[2].From.Cell, s.Links[2].To.Cell
	hs := houses(s, engine.RoleUnit)
	u1, u2 := sdCommonUnit(x1, y1), sdCommonUnit(y2, x2)
	if len(hs) == 2 {
		u1, u2 = hs[0], hs[1]
	}
	n := engine.CellName
	args := []any{"Digit", d, "X1", n(x1), "Y1", n(y1), "Y2", n(y2), "X2", n(x2), "U1", unitL(l, u1), "U2", unitL(l, u2),
		"U", unitL(l, sdCommonUnit(y1, y2))}
	lines := []string{l.T("sd.chain_1", args...), "  " + l.T("sd.chain_2", args...), "  " + l.T("sd.chain_3", args...)}
	if reveal {
		lines = append(lines, "  "+l.T("sd.chain_result", args...))
	}
	return lines
}

// reasonEmptyRectangle words an Empty Rectangle from its links, in every
// language: q = p (the pair outside the box), p - near (the box's cells on
// p's line), near = far (the box's digit is on one of its two lines).
func reasonEmptyRectangle(l *l10n.Lang, s engine.Step, reveal bool) []string {
	box, link := houses(s, engine.RoleERBox), houses(s, engine.RoleUnit)
	if len(s.Links) != 3 || len(box) != 1 || len(link) != 1 {
		return nil
	}
	d := s.Links[0].From.Digit
	q, p := s.Links[0].From.Cell, s.Links[0].To.Cell
	near := sdNode(s.Links[2].From, s.Links[2].FromGroup)
	far := sdNode(s.Links[2].To, s.Links[2].ToGroup)
	// The box's two lines: the one through p and the other one; and the
	// line through q that crosses the far line at the target.
	var nearLine, farLine, qLine int
	if link[0] >= engine.FirstCol && link[0] < engine.FirstBox { // a column pair
		nearLine = engine.FirstRow + engine.RowOf(p)
		farLine = engine.FirstCol + engine.ColOf(far[0])
		qLine = engine.FirstRow + engine.RowOf(q)
	} else {
		nearLine = engine.FirstCol + engine.ColOf(p)
		farLine = engine.FirstRow + engine.RowOf(far[0])
		qLine = engine.FirstCol + engine.ColOf(q)
	}
	boxCells := sdSorted(append(append([]int(nil), near...), far...))
	n := engine.CellName
	farNames := make([]string, len(far))
	for i, c := range far {
		farNames[i] = n(c)
	}
	args := []any{"Digit", d, "Box", unitL(l, box[0]), "Near", unitL(l, nearLine), "Far", unitL(l, farLine),
		"Cells", cellsL(l, boxCells), "Link", unitL(l, link[0]), "P", n(p), "Q", n(q), "FarCells", l.OrList(farNames),
		"QLine", unitL(l, qLine)}
	third := "sd.er_3_one"
	if len(far) > 1 {
		third = "sd.er_3_many"
	}
	lines := []string{l.T("sd.er_1", args...), "  " + l.T("sd.er_2", args...), "  " + l.T(third, args...)}
	if reveal {
		lines = append(lines, "  "+l.T("sd.er_result", args...))
	}
	return lines
}

// sdNode lists a link end's cells: its group, or its one cell.
func sdNode(c engine.Candidate, group []int) []int {
	if len(group) > 0 {
		return group
	}
	return []int{c.Cell}
}

// sdSorted returns the cells in cell order, without repeats.
func sdSorted(cs []int) []int {
	var seen [engine.NumCells]bool
	for _, c := range cs {
		seen[c] = true
	}
	out := cs[:0]
	for c := range seen {
		if seen[c] {
			out = append(out, c)
		}
	}
	return out
}

// sdColour is one colour of a colouring: its letter and cells.
type sdColour struct {
	name  string
	cells []int
}

// sdColours reads the colours of a colouring's pattern: A and B for the
// first chain (group 0), C and D for a second (group 1).
func sdColours(s engine.Step) [2][2]sdColour {
	out := [2][2]sdColour{{{name: "A"}, {name: "B"}}, {{name: "C"}, {name: "D"}}}
	for _, p := range s.Pattern {
		k := -1
		switch p.Role {
		case engine.RoleColourA:
			k = 0
		case engine.RoleColourB:
			k = 1
		}
		if k >= 0 && p.Group >= 0 && p.Group < 2 {
			out[p.Group][k].cells = append(out[p.Group][k].cells, p.Cell)
		}
	}
	return out
}

// sdPairs words the conjugate pairs of a colouring as lines of at most
// about 200 bytes: "r1c1-r1c5 (row 1)".
func sdPairs(l *l10n.Lang, s engine.Step) []string {
	var parts []string
	for _, k := range s.Links {
		u := -1
		for _, h := range s.Houses {
			if sdInUnit(h.Unit, k.From.Cell) && sdInUnit(h.Unit, k.To.Cell) {
				u = h.Unit
				break
			}
		}
		if u < 0 {
			u = sdCommonUnit(k.From.Cell, k.To.Cell)
		}
		parts = append(parts, l.T("col.pair", "A", engine.CellName(k.From.Cell), "B", engine.CellName(k.To.Cell), "Unit", unitL(l, u)))
	}
	return sdChunk("  "+l.T("col.pairs_head"), "  ", parts, l.T("result.sep"), l.T("col.pairs_end"))
}

// sdChunk joins parts into lines that stay well under MaxLine: the first
// line starts with first, the others with next; the last ends with end.
func sdChunk(first, next string, parts []string, sep, end string) []string {
	const budget = 200
	var lines []string
	cur := first
	empty := true
	for _, p := range parts {
		if !empty && len(cur)+len(sep)+len(p) > budget {
			lines = append(lines, cur+sep[:len(strings.TrimRight(sep, " "))])
			cur, empty = next, true
		}
		if !empty {
			cur += sep
		}
		cur += p
		empty = false
	}
	return append(lines, cur+end)
}

func sdInUnit(u, c int) bool {
	for _, x := range engine.CellUnits[c] {
		if x == u {
			return true
		}
	}
	return false
}

// sdSeeing finds a cell of a that sees a cell of b (and the unit they
// share); ok is false when none does.
func sdSeeing(a, b []int) (x, y, unit int, ok bool) {
	for _, x := range a {
		for _, y := range b {
			if x != y && engine.SeesCell(x, y) {
				return x, y, sdCommonUnit(x, y), true
			}
		}
	}
	return 0, 0, 0, false
}

// reasonColouring words a colouring in every language: the conjugate
// pairs, the two colours, and what clashes.
func reasonColouring(l *l10n.Lang, s engine.Step, reveal bool) []string {
	if len(s.Links) == 0 {
		return nil
	}
	d := s.Links[0].From.Digit
	cs := sdColours(s)
	var elim []int
	for _, p := range s.Pattern {
		if p.Role == engine.RoleEliminated {
			elim = append(elim, p.Cell)
		}
	}
	colourLine := func(prefix string, a, b sdColour) []string {
		line := "  " + prefix + l.T("col.colours", "A", a.name, "ACells", cellsL(l, a.cells), "B", b.name, "BCells", cellsL(l, b.cells))
		if len(line) <= MaxLine {
			return []string{line}
		}
		// A big chain: a line per colour, broken after a comma if need be.
		first := wingWrap("  " + prefix + l.T("col.colour_first", "A", a.name, "ACells", cellsL(l, a.cells)))
		return append(first, wingWrap("  "+l.T("col.colour_second", "B", b.name, "BCells", cellsL(l, b.cells)))...)
	}
	var lines []string
	if s.Technique == engine.TechMultiColouring {
		lines = append(lines, l.T("col.head_multi", "Digit", d))
		lines = append(lines, sdPairs(l, s)...)
		lines = append(lines, colourLine(l.T("col.first_chain"), cs[0][0], cs[0][1])...)
		lines = append(lines, colourLine(l.T("col.second_chain"), cs[1][0], cs[1][1])...)
	} else {
		lines = append(lines, l.T("col.head", "Digit", d))
		lines = append(lines, sdPairs(l, s)...)
		lines = append(lines, colourLine("", cs[0][0], cs[0][1])...)
	}
	switch {
	case s.Technique == engine.TechSimpleColouring && s.Variant == "wrap":
		for k := 0; k < 2; k++ {
			c := cs[0][k]
			x, y, u, ok := sdSeeing(c.cells, c.cells)
			if !ok {
				continue
			}
			lines = append(lines, "  "+l.T("col.wrap", "X", engine.CellName(x), "Y", engine.CellName(y), "C", c.name, "Unit", unitL(l, u), "Digit", d))
			if reveal {
				lines = append(lines, "  "+l.T("col.wrap_result", "C", c.name, "Other", cs[0][1-k].name, "Digit", d))
			}
			break
		}
	case s.Technique == engine.TechSimpleColouring:
		if reveal {
			lines = append(lines, "  "+l.T("col.trap_result", "A", cs[0][0].name, "B", cs[0][1].name, "Digit", d))
		}
	case s.Variant == "type-2":
		// The first chain's colour that the step removes sees both
		// colours of the second chain.
		for k := 0; k < 2; k++ {
			c := cs[0][k]
			if !sdAllIn(c.cells, elim) {
				continue
			}
			var sees []string
			for _, o := range cs[1] {
				if x, y, u, ok := sdSeeing(c.cells, o.cells); ok {
					sees = append(sees, l.T("col.sees", "X", engine.CellName(x), "Y", engine.CellName(y), "O", o.name, "Unit", unitL(l, u)))
				}
			}
			lines = append(lines, "  "+l.T("col.type2", "C", c.name, "Sees", strings.Join(sees, l.T("col.and_sep"))))
			lines = append(lines, "  "+l.T("col.type2_either", "C1", cs[1][0].name, "C2", cs[1][1].name, "C", c.name, "Digit", d))
			if reveal {
				lines = append(lines, "  "+l.T("col.type2_result", "C", c.name, "Digit", d))
			}
			break
		}
	default: // Multi-Colouring type 1
		var opposite []string
		for a := 0; a < 2; a++ {
			for b := 0; b < 2; b++ {
				x, y, u, ok := sdSeeing(cs[0][a].cells, cs[1][b].cells)
				na, nb := cs[0][1-a], cs[1][1-b]
				if !ok || !sdSeesBoth(elim, na.cells, nb.cells) {
					continue
				}
				lines = append(lines, "  "+l.T("col.type1", "X", engine.CellName(x), "A", cs[0][a].name, "Y", engine.CellName(y),
					"B", cs[1][b].name, "Unit", unitL(l, u), "Digit", d, "NA", na.name, "NB", nb.name))
				opposite = append(opposite, l.T("col.cell_pair", "NA", na.name, "NB", nb.name))
			}
		}
		if reveal && len(opposite) > 0 {
			lines = append(lines, "  "+l.T("col.type1_result", "Pairs", strings.Join(opposite, l.T("col.or_both_sep")), "Digit", d))
		}
	}
	return lines
}

// sdAllIn reports whether a has cells and every one is in b.
func sdAllIn(a, b []int) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return len(a) > 0
}

// sdSeesBoth reports whether some cell of cs, outside a and b, sees a
// cell of a and a cell of b.
func sdSeesBoth(cs, a, b []int) bool {
	sees := func(c int, set []int) bool {
		if slices.Contains(set, c) {
			return false
		}
		for _, x := range set {
			if engine.SeesCell(c, x) {
				return true
			}
		}
		return false
	}
	for _, c := range cs {
		if sees(c, a) && sees(c, b) {
			return true
		}
	}
	return false
}
