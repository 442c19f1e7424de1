package engine

import (
	"iter"
	"math/bits"
)

// RoleRuledOut marks a cell of a hidden single's unit that lost the
// single's digit to an earlier step rather than to a digit it sees: no
// blocker explains it, the pencil marks do. Its Digits are empty, since
// the cell no longer has the digit to circle.
const RoleRuledOut Role = "ruled-out"

// fullHouse: the last empty cell of a unit takes the one digit missing there.
type fullHouse struct{}

func (fullHouse) Name() TechniqueID            { return TechFullHouse }
func (fullHouse) Score() float64               { return scoreFullHouse }
func (t fullHouse) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t fullHouse) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		for _, u := range singleUnitOrder {
			empty := ix.empty.and(unitSet[u])
			if empty.count() != 1 {
				continue
			}
			c := empty.first()
			if b.Cands[c].Count() != 1 {
				continue
			}
			d := b.Cands[c].First()
			s := Step{
				Technique:  t.Name(),
				Score:      t.Score(),
				Placements: []Candidate{{c, d}},
				Cells:      []int{c},
				Units:      []int{u},
				Proof:      []Candidate{{c, d}},
				Digits:     DigitSet(d),
				Pattern:    []PatternCell{{Cell: c, Digits: DigitSet(d), Role: RolePlaced}},
				Houses:     []House{{Unit: u, Role: RoleUnit}},
			}
			if !yield(s) {
				return
			}
		}
	}
}

// singleUnitOrder is the order the singles scan units in: boxes, then rows,
// then columns, which is how people scan a grid.
var singleUnitOrder = func() []int {
	var out []int
	for u := FirstBox; u < NumUnits; u++ {
		out = append(out, u)
	}
	for u := 0; u < FirstBox; u++ {
		out = append(out, u)
	}
	return out
}()

// hiddenSingle: a digit that has only one place left in a unit goes there.
// SE rates it lower in a box (1.2) than in a row or column (1.5), so the
// two are separate techniques.
type hiddenSingle struct{ box bool }

func (hiddenSingle) Name() TechniqueID { return TechHiddenSingle }
func (t hiddenSingle) Score() float64 {
	if t.box {
		return scoreHiddenSingleBox
	}
	return scoreHiddenSingleLine
}
func (t hiddenSingle) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t hiddenSingle) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		lo, hi := 0, FirstBox
		if t.box {
			lo, hi = FirstBox, NumUnits
		}
		for u := lo; u < hi; u++ {
			for d := uint8(1); d <= 9; d++ {
				p := ix.pos[u][d]
				if p == 0 || p&(p-1) != 0 {
					continue
				}
				c := UnitCells[u][bits.TrailingZeros16(p)]
				if !yield(hiddenSingleStep(b, t.Name(), t.Score(), u, c, d)) {
					return
				}
			}
		}
	}
}

func hiddenSingleStep(b *Board, name TechniqueID, score float64, u, c int, d uint8) Step {
	pattern := []PatternCell{{Cell: c, Digits: DigitSet(d), Role: RolePlaced}}
	return Step{
		Technique:  name,
		Score:      score,
		Placements: []Candidate{{c, d}},
		Cells:      []int{c},
		Units:      []int{u},
		Proof:      []Candidate{{c, d}},
		Digits:     DigitSet(d),
		Pattern:    append(pattern, singleBlockers(b, u, c, d)...),
		Houses:     []House{{Unit: u, Role: RoleUnit}},
	}
}

// singleBlockers lists the cells holding d that rule d out of the other
// empty cells of unit u (all but c), chosen greedily so that few are
// needed: a picture draws a line from each into the unit. A cell that lost
// d to an earlier step rather than to a placed d has no blocker.
func singleBlockers(b *Board, u, c int, d uint8) []PatternCell {
	var open cellSet // the other empty cells of u, still to rule out
	for _, x := range UnitCells[u] {
		if x != c && b.Grid[x] == 0 {
			open.add(x)
		}
	}
	var buf [9]int // a digit is placed at most nine times
	holders := buf[:0]
	for x := 0; x < NumCells && len(holders) < len(buf); x++ {
		if b.Grid[x] == d && !peerSet[x].and(open).isEmpty() {
			holders = append(holders, x)
		}
	}
	var out []PatternCell
	for !open.isEmpty() {
		best, bestN := -1, 0
		for _, x := range holders {
			if n := peerSet[x].and(open).count(); n > bestN {
				best, bestN = x, n
			}
		}
		if best < 0 {
			break
		}
		open = open.andNot(peerSet[best])
		out = append(out, PatternCell{Cell: best, Digits: DigitSet(d), Role: RoleBlocker})
	}
	for _, x := range open.cells(buf[:0]) {
		out = append(out, PatternCell{Cell: x, Role: RoleRuledOut})
	}
	return out
}

// nakedSingle: a cell with one candidate left takes it.
type nakedSingle struct{}

func (nakedSingle) Name() TechniqueID            { return TechNakedSingle }
func (nakedSingle) Score() float64               { return scoreNakedSingle }
func (t nakedSingle) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t nakedSingle) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		for c := 0; c < NumCells; c++ {
			cs := b.Cands[c]
			if b.Grid[c] != 0 || cs == 0 || cs&(cs-1) != 0 {
				continue
			}
			d := cs.First()
			s := Step{
				Technique:  t.Name(),
				Score:      t.Score(),
				Placements: []Candidate{{c, d}},
				Cells:      []int{c},
				Units:      []int{CellUnits[c][0], CellUnits[c][1], CellUnits[c][2]},
				Proof:      []Candidate{{c, d}},
				Digits:     DigitSet(d),
				Pattern:    nakedSingleBlockers(b, c, d),
				// The box only: naming the row and column too would point
				// at the cell itself at level 1.
				Houses: []House{{Unit: CellUnits[c][2], Role: RoleUnit}},
			}
			if !yield(s) {
				return
			}
		}
	}
}

// nakedSingleBlockers is a naked single's pattern: the placed digit, then
// for each other digit one cell of c's row, column or box that holds it (a
// digit an earlier step removed from c may have none). Cells of the box
// come first, then the row, then the column.
func nakedSingleBlockers(b *Board, c int, d uint8) []PatternCell {
	out := []PatternCell{{Cell: c, Digits: DigitSet(d), Role: RolePlaced}}
	var found Digits
	for _, u := range [3]int{CellUnits[c][2], CellUnits[c][0], CellUnits[c][1]} {
		for _, x := range UnitCells[u] {
			if g := b.Grid[x]; g != 0 && g != d && !found.Has(g) {
				found = found.With(g)
				out = append(out, PatternCell{Cell: x, Digits: DigitSet(g), Role: RoleBlocker})
			}
		}
	}
	return out
}
