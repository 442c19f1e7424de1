package engine

import (
	"fmt"
	"iter"
	"math/bits"
)

// fullHouse: the last empty cell of a unit takes the one digit missing there.
type fullHouse struct{}

func (fullHouse) Name() string                 { return "Full House" }
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
				Text: fmt.Sprintf("%s is the last empty cell in %s, so it must be %d (Full House)",
					CellName(c), UnitName(u), d),
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

func (hiddenSingle) Name() string { return "Hidden Single" }
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
				if !yield(hiddenSingleStep(t.Name(), t.Score(), u, c, d)) {
					return
				}
			}
		}
	}
}

func hiddenSingleStep(name string, score float64, u, c int, d uint8) Step {
	return Step{
		Technique:  name,
		Score:      score,
		Placements: []Candidate{{c, d}},
		Cells:      []int{c},
		Units:      []int{u},
		Proof:      []Candidate{{c, d}},
		Text:       fmt.Sprintf("In %s, %d can only go in %s (Hidden Single)", UnitName(u), d, CellName(c)),
	}
}

// nakedSingle: a cell with one candidate left takes it.
type nakedSingle struct{}

func (nakedSingle) Name() string                 { return "Naked Single" }
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
				Text: fmt.Sprintf("%d is the only candidate left in %s (Naked Single)",
					d, CellName(c)),
			}
			if !yield(s) {
				return
			}
		}
	}
}
