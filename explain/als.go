package explain

import (
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// The ALS family: two almost locked sets (n cells of one unit holding
// n+1 digits between them) joined by a restricted common digit X, and
// what that proves about their other common digits Z.

// alsSet is one almost locked set of a step: its cells, their digits
// (each cell's and all together) and its unit.
type alsSet struct {
	cells  []int
	byCell map[int]engine.Digits
	digits engine.Digits
	unit   int
}

// alsSets reads the step's first two sets (group 0 and 1) off its
// pattern and houses; a set the step lacks is empty, with unit -1.
func alsSets(s engine.Step) [2]alsSet {
	var sets [2]alsSet
	for i := range sets {
		sets[i] = alsSet{byCell: map[int]engine.Digits{}, unit: -1}
	}
	copy(sets[:], alsGroupSets(s))
	return sets
}

// places lists the set's cells that hold d.
func (a alsSet) places(d uint8) []int {
	var out []int
	for _, c := range a.cells {
		if a.byCell[c].Has(d) {
			out = append(out, c)
		}
	}
	return out
}

// describe words a set: "r4c9 and r8c9 in column 9 hold only 1, 2 and 3".
func (a alsSet) describe(l *l10n.Lang) string {
	id := "als.set_many"
	if len(a.cells) == 1 {
		id = "als.set_one"
	}
	if a.unit >= 0 {
		id += "_in"
	}
	where := l10n.Forms{}
	if a.unit >= 0 {
		where = unitL(l, a.unit)
	}
	return l.T(id, "Cells", cellsL(l, a.cells), "Unit", where, "Digits", digitsL(l, a.digits))
}

// alsSits says where a digit sits in both sets: "in A at r8c9, in B at
// r7c1 and r8c3".
func alsSits(l *l10n.Lang, sets [2]alsSet, d uint8) string {
	return l.T("als.sits", "A", cellsL(l, sets[0].places(d)), "B", cellsL(l, sets[1].places(d)))
}

// reasonALSXZ words ALS-XZ in every language.
func reasonALSXZ(l *l10n.Lang, s engine.Step, reveal bool) []string {
	sets := alsSets(s)
	if len(sets[0].cells) == 0 || len(sets[1].cells) == 0 {
		return nil
	}
	var x engine.Digits
	for _, k := range s.Links {
		x = x.With(k.From.Digit)
	}
	common := sets[0].digits & sets[1].digits
	lines := []string{
		l.T("als.head", "Common", digitsL(l, common)),
		"  A: " + sentence(sets[0].describe(l)),
		"  B: " + sentence(sets[1].describe(l)),
	}
	xs := x.Slice()
	for _, d := range xs {
		see := "als.see_others"
		if len(sets[0].places(d))+len(sets[1].places(d)) == 2 {
			see = "als.see_two"
		}
		lines = append(lines, "  "+l.T("als.rcc", "Digit", d, "Sits", alsSits(l, sets, d), "See", l.T(see)))
	}
	if s.Variant == engine.VariantDouble || len(xs) > 1 {
		lines = append(lines, "  "+l.T("als.double", "X", digitsL(l, x)))
		if reveal {
			lines = append(lines, "  "+l.T("als.double_result", "X", digitsL(l, x)))
		}
		return lines
	}
	zs := (common &^ x)
	if s.Digits != 0 {
		zs &= s.Digits
	}
	lead := "als.locked_many"
	if zs.Count() == 1 {
		lead = "als.locked_one"
	}
	if zs.Count() == 1 {
		z := zs.First()
		lines = append(lines, "  "+l.T(lead+"_sits", "X", xs[0], "Z", digitsL(l, zs), "Digit", z, "Sits", alsSits(l, sets, z)))
	} else {
		// One line per Z: several of them would make one line too long.
		lines = append(lines, "  "+l.T(lead, "X", xs[0], "Z", digitsL(l, zs)))
		for _, z := range zs.Slice() {
			lines = append(lines, "    "+l.T("als.z_sits", "Digit", z, "Sits", alsSits(l, sets, z)))
		}
	}
	if reveal {
		lines = append(lines, "  "+l.T("als.result", "Z", orDigitsL(l, zs), "One", zs.Count() == 1, "Many", zs.Count() > 1))
	}
	return lines
}
