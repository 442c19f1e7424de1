package explain

import (
	"fmt"

	"github.com/sudokubot/sudokubot/engine"
)

// The ALS family: two almost locked sets (n cells of one unit holding
// n+1 digits between them) joined by a restricted common digit X, and
// what that proves about their other common digits Z.

func init() {
	register(reasonALSXZ,
		About{Technique: "ALS-XZ"},
	)
}

// alsSet is one almost locked set of a step: its cells, their digits
// (each cell's and all together) and its unit.
type alsSet struct {
	cells  []int
	byCell map[int]engine.Digits
	digits engine.Digits
	unit   int
}

// alsSets reads the step's two sets off its pattern (group 0 and 1) and
// houses.
func alsSets(s engine.Step) [2]alsSet {
	var sets [2]alsSet
	for i := range sets {
		sets[i].byCell = map[int]engine.Digits{}
		sets[i].unit = -1
	}
	for _, p := range s.Pattern {
		if p.Role != engine.RoleALS || p.Group < 0 || p.Group > 1 {
			continue
		}
		a := &sets[p.Group]
		if _, ok := a.byCell[p.Cell]; !ok {
			a.cells = append(a.cells, p.Cell)
		}
		a.byCell[p.Cell] |= p.Digits
		a.digits |= p.Digits
	}
	for i, u := range houses(s, engine.RoleALS) {
		if i < 2 {
			sets[i].unit = u
		}
	}
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
func (a alsSet) describe() string {
	where := ""
	if a.unit >= 0 {
		where = " in " + engine.UnitName(a.unit)
	}
	verb := "hold"
	if len(a.cells) == 1 {
		verb = "holds"
	}
	return fmt.Sprintf("%s%s %s only %s", cells(a.cells), where, verb, digits(a.digits))
}

// sits says where a digit sits in both sets: "in A at r8c9, in B at r7c1
// and r8c3".
func alsSits(sets [2]alsSet, d uint8) string {
	return fmt.Sprintf("in A at %s, in B at %s", cells(sets[0].places(d)), cells(sets[1].places(d)))
}

func reasonALSXZ(s engine.Step, reveal bool) []string {
	sets := alsSets(s)
	if len(sets[0].cells) == 0 || len(sets[1].cells) == 0 {
		return nil
	}
	var x engine.Digits
	for _, l := range s.Links {
		x = x.With(l.From.Digit)
	}
	common := sets[0].digits & sets[1].digits
	lines := []string{
		fmt.Sprintf("Two almost locked sets, each with one digit more than cells, share %s.", digits(common)),
		"  A: " + sentence(sets[0].describe()),
		"  B: " + sentence(sets[1].describe()),
	}
	xs := x.Slice()
	for _, d := range xs {
		see := "each of those cells sees the others"
		if len(sets[0].places(d))+len(sets[1].places(d)) == 2 {
			see = "the two cells see each other"
		}
		lines = append(lines, fmt.Sprintf("  %d sits %s, and %s, so at most one set holds %d.", d, alsSits(sets, d), see, d))
	}
	if s.Variant == engine.VariantDouble || len(xs) > 1 {
		lines = append(lines, fmt.Sprintf("  A set can do without only one of its digits, so both sets are locked: each of %s is in exactly one set, and every other digit of a set is in that set.", digits(x)))
		if reveal {
			lines = append(lines, "  So a cell that sees all the places of one of those digits in a set (or of "+digits(x)+" in both) cannot hold it.")
		}
		return lines
	}
	zs := (common &^ x)
	if s.Digits != 0 {
		zs &= s.Digits
	}
	lead := fmt.Sprintf("  The set without %d is locked (its cells hold exactly its other digits), so %s in one of the two sets", xs[0], alsEach(zs))
	if zs.Count() == 1 {
		z := zs.First()
		lines = append(lines, fmt.Sprintf("%s: %d sits %s.", lead, z, alsSits(sets, z)))
	} else {
		// One line per Z: several of them would make one line too long.
		lines = append(lines, lead+".")
		for _, z := range zs.Slice() {
			lines = append(lines, fmt.Sprintf("    %d sits %s.", z, alsSits(sets, z)))
		}
	}
	if reveal {
		lines = append(lines, fmt.Sprintf("  So a cell that sees every place of %s in both sets cannot hold it.", orDigits(zs)))
	}
	return lines
}

// alsEach writes "1 is" or "1 and 7 are each".
func alsEach(zs engine.Digits) string {
	if zs.Count() == 1 {
		return digits(zs) + " is"
	}
	return digits(zs) + " are each"
}
