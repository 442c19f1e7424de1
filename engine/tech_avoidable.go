package engine

import (
	"fmt"
	"iter"
	"math/bits"
)

// Avoidable rectangles are deadly patterns made of cells that are not
// givens. If four cells on two rows, two columns and two boxes, none of
// them a given, held a and b crosswise, swapping a and b in them would
// leave every given in place and give the puzzle a second solution. So on
// a puzzle with one solution, once three such corners are filled (by the
// player or the solver) as a, b and a, the fourth is not b. The argument
// needs to know which filled cells are givens (Board.IsGiven).

// RoleSolved marks a filled cell that is not a given (a digit the player
// or the solver put there) that a pattern reasons about: an avoidable
// rectangle's filled corners. Its Digits are the cell's digit.
const RoleSolved Role = "solved"

// avoidableRectangle finds avoidable rectangles of one type (HoDoKu's
// definitions):
//   - Type 1: three corners are filled, none a given, two diagonal ones
//     with a and the third with b: the fourth corner is not b.
//   - Type 2: two corners in one row or column are filled with a and b,
//     neither a given; each of the two empty corners holds only the digit
//     the deadly pattern gives it (b beneath a, a beneath b) and one extra
//     digit x, the same in both: one of them is x, so every cell that sees
//     both is not x.
type avoidableRectangle struct{ kind int }

func (t avoidableRectangle) Name() TechniqueID {
	return TechniqueID(fmt.Sprintf("Avoidable Rectangle Type %d", t.kind))
}

func (avoidableRectangle) Score() float64 { return scoreAvoidableRectangle }
func (avoidableRectangle) AssumesUnique() {}

func (t avoidableRectangle) Find(b *Board) (Step, bool) { return first(t.All(b)) }

// All lists every instance, rectangle by rectangle in cell order.
func (t avoidableRectangle) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		if b.placed.isEmpty() {
			return
		}
		ix := b.index()
		want := 3 // filled corners: type 1 three, type 2 two
		if t.kind == 2 {
			want = 2
		}
		eachAvoidableRect(b, want, func(cells [4]int) bool {
			if t.kind == 1 {
				return t.type1(b, cells, yield)
			}
			// Type 2's filled corners share a row or a column.
			var filled []int
			for _, c := range cells {
				if b.Grid[c] != 0 {
					filled = append(filled, c)
				}
			}
			if !SeesCell(filled[0], filled[1]) {
				return true
			}
			return t.type2(b, ix, cells, yield)
		})
	}
}

// eachAvoidableRect calls fn with every rectangle on two rows, two columns
// and two boxes that has no given corner and exactly n filled ones,
// corners in the order r1c1, r1c2, r2c1, r2c2, so that corners i and 3-i
// are diagonal. Rows are matched by bit masks of their columns, so that
// the rectangles with a given are never looked at.
func eachAvoidableRect(b *Board, n int, fn func(cells [4]int) bool) {
	var free, filled [9]uint16 // per row: columns not a given; columns filled (not given)
	for c := 0; c < NumCells; c++ {
		switch {
		case b.Grid[c] == 0:
			free[RowOf(c)] |= 1 << ColOf(c)
		case b.placed.has(c):
			free[RowOf(c)] |= 1 << ColOf(c)
			filled[RowOf(c)] |= 1 << ColOf(c)
		}
	}
	for r1 := 0; r1 < 9; r1++ {
		for r2 := r1 + 1; r2 < 9; r2++ {
			both := free[r1] & free[r2]
			if bits.OnesCount16(both) < 2 || (filled[r1]|filled[r2])&both == 0 {
				continue
			}
			sameBand := r1/3 == r2/3
			for x := both; x != 0; x &= x - 1 {
				c1 := bits.TrailingZeros16(x)
				for y := x & (x - 1); y != 0; y &= y - 1 {
					c2 := bits.TrailingZeros16(y)
					if sameBand == (c1/3 == c2/3) {
						continue // one box or four
					}
					cols := uint16(1)<<c1 | uint16(1)<<c2
					if bits.OnesCount16(filled[r1]&cols)+bits.OnesCount16(filled[r2]&cols) != n {
						continue
					}
					if !fn([4]int{CellAt(r1, c1), CellAt(r1, c2), CellAt(r2, c1), CellAt(r2, c2)}) {
						return
					}
				}
			}
		}
	}
}

// deadlyDigits reads from the filled corners the digit each diagonal
// would hold in the deadly pattern: diag[0] for corners 0 and 3, diag[1]
// for corners 1 and 2 (0 when no corner of it is filled). ok is false
// when two filled corners of a diagonal differ or both diagonals agree.
func deadlyDigits(b *Board, cells [4]int) (diag [2]uint8, ok bool) {
	for i, c := range cells {
		d := b.Grid[c]
		if d == 0 {
			continue
		}
		k := diagOf(i)
		if diag[k] != 0 && diag[k] != d {
			return diag, false
		}
		diag[k] = d
	}
	return diag, diag[0] != diag[1]
}

// diagOf is the diagonal of corner i: 0 for corners 0 and 3, 1 for 1 and 2.
func diagOf(i int) int {
	if i == 1 || i == 2 {
		return 1
	}
	return 0
}

func (t avoidableRectangle) type1(b *Board, cells [4]int, yield func(Step) bool) bool {
	diag, ok := deadlyDigits(b, cells)
	if !ok || diag[0] == 0 || diag[1] == 0 {
		return true
	}
	for i, c := range cells {
		if b.Grid[c] != 0 {
			continue
		}
		x := diag[diagOf(i)]
		if !b.Cands[c].Has(x) {
			return true
		}
		return yield(t.step(b, cells, DigitSet(diag[0], diag[1]), 0, []Candidate{{c, x}}))
	}
	return true
}

func (t avoidableRectangle) type2(b *Board, ix *boardIndex, cells [4]int, yield func(Step) bool) bool {
	diag, ok := deadlyDigits(b, cells)
	if !ok {
		return true
	}
	var roof cellSet
	extra := Digits(0)
	for i, c := range cells {
		if b.Grid[c] != 0 {
			continue
		}
		need := diag[diagOf(i)]
		cs := b.Cands[c]
		if cs.Count() != 2 || !cs.Has(need) {
			return true
		}
		x := cs.Without(need)
		if extra != 0 && x != extra {
			return true
		}
		extra = x
		roof.add(c)
	}
	x := extra.First()
	elim := ix.where[x].and(commonPeers(roof)).andNot(roof)
	if elim.isEmpty() {
		return true
	}
	return yield(t.step(b, cells, DigitSet(diag[0], diag[1]), x, elimsOf(elim, x)))
}

// step builds an avoidable rectangle's step: the filled corners
// (RoleSolved, with their digit), the empty corners with the pattern's
// digits they hold (RoleCorner) and, for type 2, the extra digit
// (RoleExtra), then the result.
func (t avoidableRectangle) step(b *Board, cells [4]int, pair Digits, extra uint8, elims []Candidate) Step {
	s := Step{
		Technique:    t.Name(),
		Score:        t.Score(),
		Eliminations: elims,
		Cells:        append([]int(nil), cells[:]...),
		Units:        []int{CellUnits[cells[0]][0], CellUnits[cells[3]][0], CellUnits[cells[0]][1], CellUnits[cells[3]][1]},
		Digits:       pair,
		Variant:      fmt.Sprintf("type-%d", t.kind),
	}
	var pattern []PatternCell
	for _, c := range cells {
		if d := b.Grid[c]; d != 0 {
			pattern = append(pattern, PatternCell{Cell: c, Digits: DigitSet(d), Role: RoleSolved})
		} else {
			// Type 1's empty corner holds only the digit it loses: it is
			// drawn as a corner without a ringed digit, so that level 2
			// does not show the result.
			ds := b.Cands[c] & pair
			// The proof (candidates, so empty cells only) is every
			// pattern digit the empty corners hold, as for a unique
			// rectangle.
			for _, d := range ds.Slice() {
				s.Proof = append(s.Proof, Candidate{c, d})
			}
			for _, e := range elims {
				if e.Cell == c {
					ds = ds.Without(e.Digit)
				}
			}
			pattern = append(pattern, PatternCell{Cell: c, Digits: ds, Role: RoleCorner})
		}
	}
	if extra != 0 {
		for _, c := range cells {
			if b.Grid[c] == 0 {
				pattern = append(pattern, PatternCell{Cell: c, Digits: DigitSet(extra), Role: RoleExtra})
			}
		}
	}
	s.Pattern = uqAppendResult(pattern, elims)
	return s
}
