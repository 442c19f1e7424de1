package explain

import (
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// ALS-XY-Chain and Death Blossom: almost locked sets that lock one
// another in turn. A chain walks from its first set to its last, each
// set locked by the one before; a blossom has a stem cell whose every
// digit locks one petal.

// alsGroupSets reads a step's almost locked sets off its pattern (group
// i is set i) and its ALS houses (in the same order).
func alsGroupSets(s engine.Step) []alsSet {
	var sets []alsSet
	for _, p := range s.Pattern {
		if p.Role != engine.RoleALS || p.Group < 0 || p.Group > 80 {
			continue
		}
		for len(sets) <= p.Group {
			sets = append(sets, alsSet{byCell: map[int]engine.Digits{}, unit: -1})
		}
		a := &sets[p.Group]
		if _, ok := a.byCell[p.Cell]; !ok {
			a.cells = append(a.cells, p.Cell)
		}
		a.byCell[p.Cell] |= p.Digits
		a.digits |= p.Digits
	}
	for i, u := range houses(s, engine.RoleALS) {
		if i < len(sets) {
			sets[i].unit = u
		}
	}
	for _, a := range sets {
		if len(a.cells) == 0 {
			return nil
		}
	}
	return sets
}

// setName is the letter of the i-th set: A, B, C, ...
func setName(i int) string { return string(rune('A' + i%26)) }

// reasonALSChain words an ALS-XY-Chain: the sets, the restricted common
// joining each to the next (the weak links, in order), then the walk
// from "the first set holds no Z" to "the last set holds Z".
func reasonALSChain(l *l10n.Lang, s engine.Step, reveal bool) []string {
	sets := alsGroupSets(s)
	var xs []uint8
	for _, k := range s.Links {
		if !k.Strong {
			xs = append(xs, k.From.Digit)
		}
	}
	if len(sets) < 2 || len(xs) != len(sets)-1 || s.Digits == 0 {
		return nil
	}
	first, last := setName(0), setName(len(sets)-1)
	lines := []string{l.T("alsc.head", "N", len(sets))}
	names, cells := make([]string, len(sets)), make([][]int, len(sets))
	for i, a := range sets {
		lines = append(lines, "  "+l.T("alsc.set", "Name", setName(i), "Set", a.describe(l)))
		names[i], cells[i] = setName(i), a.cells
	}
	lines = append(lines, overlapLines(l, names, cells)...)
	for i, x := range xs {
		lines = append(lines, "  "+l.T("alsc.link", "From", setName(i), "To", setName(i+1), "X", x))
	}
	z := digitsL(l, s.Digits)
	if s.Digits.Count() > 1 {
		lines = append(lines, "  "+l.T("alsc.z_many", "Two", s.Digits.Count() == 2, "OrZs", orDigitsL(l, s.Digits)))
		z = "Z"
	}
	lines = append(lines, "  "+l.T("alsc.suppose", "A", first, "Z", z, "X", xs[0]))
	for i := 1; i < len(xs); i++ {
		// Turn varies the words that lead each set in: no language says
		// "then" at every line of a sequence.
		lines = append(lines, "  "+l.T("alsc.then", "Set", setName(i), "X", xs[i-1], "Y", xs[i], "Turn", (i-1)%connectorTurns))
	}
	lines = append(lines, "  "+l.T("alsc.then", "Set", last, "X", xs[len(xs)-1], "Y", z, "Turn", (len(xs)-1)%connectorTurns))
	if s.Digits.Count() > 1 {
		lines = append(lines, "  "+l.T("alsc.either_many", "Two", s.Digits.Count() == 2, "A", first, "B", last, "Zs", digitsL(l, s.Digits)))
	} else {
		lines = append(lines, "  "+l.T("alsc.either", "A", first, "B", last, "Z", z))
	}
	if reveal {
		lines = append(lines, "  "+l.T("alsc.result", "A", first, "B", last, "Z", orDigitsL(l, s.Digits), "One", s.Digits.Count() == 1, "Many", s.Digits.Count() > 1))
	}
	return lines
}

// reasonDeathBlossom words a Death Blossom: the stem (the pivot), one
// petal per stem digit (group i is the petal of the stem's i-th digit),
// why a petal is locked, and where Z must be.
func reasonDeathBlossom(l *l10n.Lang, s engine.Step, reveal bool) []string {
	stems := patternCells(s, engine.RolePivot)
	sets := alsGroupSets(s)
	if len(stems) != 1 || s.Digits == 0 {
		return nil
	}
	stem := engine.CellName(stems[0])
	var stemDigits engine.Digits
	for _, p := range s.Pattern {
		if p.Role == engine.RolePivot {
			stemDigits |= p.Digits
		}
	}
	ds := stemDigits.Slice()
	if len(ds) != len(sets) {
		return nil
	}
	lines := []string{l.T("db.stem", "Cell", stem, "Digits", digitsL(l, stemDigits))}
	for i, a := range sets {
		d := ds[i]
		lines = append(lines, "  "+l.T("db.petal", "Digit", d, "Set", a.describe(l), "Places", cellsL(l, a.places(d)), "Cell", stem))
	}
	lines = append(lines, "  "+l.T("db.locked", "Cell", stem))
	if s.Digits.Count() > 1 {
		lines = append(lines, "  "+l.T("db.either_many", "Two", s.Digits.Count() == 2, "Zs", digitsL(l, s.Digits), "TwoPetals", len(sets) == 2))
	} else {
		lines = append(lines, "  "+l.T("db.either", "Z", digitsL(l, s.Digits), "TwoPetals", len(sets) == 2))
	}
	if reveal {
		lines = append(lines, "  "+l.T("db.result", "Z", orDigitsL(l, s.Digits), "One", s.Digits.Count() == 1, "Many", s.Digits.Count() > 1, "TwoPetals", len(sets) == 2))
	}
	return lines
}
