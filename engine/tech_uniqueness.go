package engine

import (
	"fmt"
	"iter"
	"math/bits"
)

// The uniqueness techniques assume the puzzle has exactly one solution. A
// "deadly pattern" is four empty cells on two rows, two columns and two
// boxes holding only the digits a and b: swapping a and b would give a
// second solution, so the solution never fills the rectangle with a and b
// alone. That holds whatever the pencil marks say, so corners that lack a
// candidate (HoDoKu's "missing candidates") are fine.

// rect is a candidate deadly pattern: cells in the order r1c1, r1c2, r2c1,
// r2c2 of its rows and columns, and its digits a < b.
type rect struct {
	cells [4]int
	a, b  uint8
}

func (r rect) pair() Digits { return DigitSet(r.a, r.b) }

// eachRect calls fn for every rectangle of empty cells in two boxes with
// a corner holding exactly two candidates a and b (every pattern here needs
// one), where each corner may still hold a or b. Each rectangle and pair is
// visited once: from its first such corner.
func eachRect(b *Board, fn func(r rect) bool) {
	for a := 0; a < NumCells; a++ {
		p := b.Cands[a]
		if p.Count() != 2 {
			continue
		}
		ra, ca := RowOf(a), ColOf(a)
		for r2 := 0; r2 < 9; r2++ {
			if r2 == ra {
				continue
			}
			sameBand := ra/3 == r2/3
			for c2 := 0; c2 < 9; c2++ {
				if c2 == ca || sameBand == (ca/3 == c2/3) {
					continue
				}
				r1, c1, rr, cc := min(ra, r2), min(ca, c2), max(ra, r2), max(ca, c2)
				cells := [4]int{CellAt(r1, c1), CellAt(r1, cc), CellAt(rr, c1), CellAt(rr, cc)}
				ok := true
				for _, c := range cells {
					if b.Grid[c] != 0 || b.Cands[c]&p == 0 || (c < a && b.Cands[c] == p) {
						ok = false // filled, useless, or visited from c
						break
					}
				}
				if ok && !fn(rect{cells, p.First(), p.Without(p.First()).First()}) {
					return
				}
			}
		}
	}
}

// floorRoof splits the corners into floor cells (only a and b) and roof
// cells (something else too).
func (r rect) floorRoof(b *Board) (floor, roof []int) {
	for _, c := range r.cells {
		if b.Cands[c]&^r.pair() == 0 {
			floor = append(floor, c)
		} else {
			roof = append(roof, c)
		}
	}
	return floor, roof
}

func rectProof(b *Board, r rect) []Candidate {
	var out []Candidate
	for _, c := range r.cells {
		for _, d := range (b.Cands[c] & r.pair()).Slice() {
			out = append(out, Candidate{c, d})
		}
	}
	return out
}

func rectUnits(r rect) []int {
	return []int{CellUnits[r.cells[0]][0], CellUnits[r.cells[3]][0], CellUnits[r.cells[0]][1], CellUnits[r.cells[3]][1]}
}

// uniqueRectangle finds unique rectangles of one type:
//   - Type 1: three corners hold only a and b, so the fourth is neither.
//   - Type 2: two corners hold only a and b, the other two (in one row or
//     column) only a, b and c: one of them is c, so cells seeing both
//     lose c.
//   - Type 3: as type 2 but the extra digits of the two roof cells form,
//     with other cells of their unit, a naked subset.
//   - Type 4: as type 2, with a confined to the two roof cells in their
//     unit: one is a, so neither can be b.
//   - Type 5: two diagonal corners or three hold only a, b and c: one of
//     them is c, so cells seeing all of them lose c.
//   - Type 6: two diagonal corners hold only a and b, and a's only places
//     in the rectangle's two rows (or two columns) are its corners: a is
//     then in the two floor cells or in the two others; in the others, the
//     rectangle would be deadly, so they are not a.
type uniqueRectangle struct{ kind int }

func (t uniqueRectangle) Name() TechniqueID {
	return TechniqueID(fmt.Sprintf("Unique Rectangle Type %d", t.kind))
}

func (t uniqueRectangle) Score() float64 {
	switch t.kind {
	case 1:
		return scoreURType1
	case 2:
		return scoreURType2
	case 3:
		return scoreURType3
	case 5, 6:
		return scoreURType56
	}
	return scoreURType4
}

func (uniqueRectangle) AssumesUnique() {}

// Find returns the lowest-rated instance (type 3 rates by subset size).
func (t uniqueRectangle) Find(b *Board) (Step, bool) {
	return lowest(t.All(b), t.Score())
}

func (t uniqueRectangle) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		eachRect(b, func(r rect) bool {
			floor, roof := r.floorRoof(b)
			switch {
			case t.kind == 1 && len(floor) == 3:
				d := roof[0]
				var elims []Candidate
				for _, x := range (b.Cands[d] & r.pair()).Slice() {
					elims = append(elims, Candidate{d, x})
				}
				return yield(t.step(b, r, elims, t.Score(), nil, nil))
			case t.kind == 5 && (len(floor) == 1 || len(floor) == 2 && !SeesCell(roof[0], roof[1])):
				return t.type5(b, ix, r, roof, yield)
			case t.kind == 6 && len(floor) == 2 && !SeesCell(floor[0], floor[1]):
				return t.type6(b, ix, r, roof, yield)
			case t.kind >= 2 && t.kind <= 4 && len(floor) == 2:
				if !SeesCell(roof[0], roof[1]) {
					return true
				}
				var roofSet cellSet
				roofSet.add(roof[0])
				roofSet.add(roof[1])
				extra := (b.Cands[roof[0]] | b.Cands[roof[1]]) &^ r.pair()
				switch t.kind {
				case 2:
					if extra.Count() != 1 || !b.Cands[roof[0]].Has(extra.First()) || !b.Cands[roof[1]].Has(extra.First()) {
						return true
					}
					c := extra.First()
					elim := ix.where[c].and(commonPeers(roofSet))
					if elim.isEmpty() {
						return true
					}
					return yield(t.step(b, r, elimsOf(elim, c), t.Score(), nil, nil))
				case 3:
					if extra.Count() < 2 {
						return true
					}
					for _, u := range sharedUnits(roofSet) {
						if !t.type3(b, r, roof, roofSet, extra, u, yield) {
							return false
						}
					}
				case 4:
					for _, u := range sharedUnits(roofSet) {
						for _, pr := range [2][2]uint8{{r.a, r.b}, {r.b, r.a}} {
							x, y := pr[0], pr[1]
							// x must have exactly the two roof cells in u: a
							// strong link, so one of them is x.
							in := ix.where[x].and(unitSet[u])
							if in != roofSet {
								continue
							}
							var elims []Candidate
							for _, c := range roof {
								if b.Cands[c].Has(y) {
									elims = append(elims, Candidate{c, y})
								}
							}
							if len(elims) == 0 {
								continue
							}
							s := t.step(b, r, elims, t.Score(), []int{u}, nil)
							s.Links = []Link{{From: Candidate{roof[0], x}, To: Candidate{roof[1], x}, Strong: true}}
							if !yield(s) {
								return false
							}
						}
					}
				}
			}
			return true
		})
	}
}

// type5: the roof cells (two diagonal ones, or three) hold one extra
// digit c between them, and each holds it: one of them is c, so a cell
// that sees every one of them is not c.
func (t uniqueRectangle) type5(b *Board, ix *boardIndex, r rect, roof []int, yield func(Step) bool) bool {
	extra := Digits(0)
	var roofSet cellSet
	for _, c := range roof {
		extra |= b.Cands[c] &^ r.pair()
		roofSet.add(c)
	}
	if extra.Count() != 1 {
		return true
	}
	c := extra.First()
	elim := ix.where[c].and(commonPeers(roofSet)).andNot(roofSet)
	if elim.isEmpty() {
		return true
	}
	return yield(t.step(b, r, elimsOf(elim, c), t.Score(), nil, nil))
}

// type6: with two diagonal floor cells, a pair digit x not yet placed in
// either row (or column) of the rectangle whose only places there are
// its corners is in the floor cells or in the two roof cells; in the
// roof cells the rectangle would hold only the pair, so the roof cells
// lose x.
func (t uniqueRectangle) type6(b *Board, ix *boardIndex, r rect, roof []int, yield func(Step) bool) bool {
	corners := cellSet{}
	for _, c := range r.cells {
		corners.add(c)
	}
	for _, x := range []uint8{r.a, r.b} {
		for k := 0; k < 2; k++ { // rows, then columns
			u1, u2 := CellUnits[r.cells[0]][k], CellUnits[r.cells[3]][k]
			in := ix.where[x].and(unitSet[u1].or(unitSet[u2]))
			if !in.subsetOf(corners) || in.and(unitSet[u1]).isEmpty() || in.and(unitSet[u2]).isEmpty() {
				// x must still be to place in both units: one already
				// holding it (a corner that lost x to it) leaves the
				// other unit's x free of the rectangle's either-or.
				continue
			}
			var elims []Candidate
			for _, c := range roof {
				if b.Cands[c].Has(x) {
					elims = append(elims, Candidate{c, x})
				}
			}
			if len(elims) == 0 {
				continue
			}
			s := t.step(b, r, elims, t.Score(), []int{u1, u2}, nil)
			if !yield(s) {
				return false
			}
		}
	}
	return true
}

// type3 looks in unit u for cells that with the roof's extra digits make
// a naked subset: k cells plus the roof holding k+1 digits.
func (t uniqueRectangle) type3(b *Board, r rect, roof []int, roofSet cellSet, extra Digits, u int, yield func(Step) bool) bool {
	var others [9]int
	n := 0
	for _, c := range UnitCells[u] {
		if b.Grid[c] == 0 && !roofSet.has(c) {
			others[n] = c
			n++
		}
	}
	for k := 1; k <= 3 && k < n; k++ {
		ok := forCombos2(n, k, func(idx []int) bool {
			union := extra
			var chosen cellSet
			for _, i := range idx {
				union |= b.Cands[others[i]]
				chosen.add(others[i])
			}
			if union.Count() != k+1 {
				return true
			}
			// The subset locks its digits in every unit it lies in.
			units := sharedUnits(roofSet.or(chosen))
			if units[0] != u {
				return true // found from an earlier unit already
			}
			var area cellSet
			for _, v := range units {
				area = area.or(unitSet[v])
			}
			var elims []Candidate
			var buf [NumCells]int
			for _, c := range area.andNot(chosen).andNot(roofSet).cells(buf[:0]) {
				for _, d := range (b.Cands[c] & union).Slice() {
					elims = append(elims, Candidate{c, d})
				}
			}
			if len(elims) == 0 {
				return true
			}
			cs := chosen.cells(nil)
			s := t.step(b, r, elims, roundScore(t.Score()+0.1*float64(k-1)), units, cs)
			s.Cells = append(s.Cells, cs...)
			s.Units = append(s.Units, units...)
			return yield(s)
		})
		if !ok {
			return false
		}
	}
	return true
}

// step builds a unique rectangle's step: the corners with the pair's
// digits and their extra candidates, the units the reasoning works in
// (type 3's subset, type 4's strong link) and the result.
func (t uniqueRectangle) step(b *Board, r rect, elims []Candidate, score float64, units, subset []int) Step {
	s := Step{
		Technique:    t.Name(),
		Score:        score,
		Eliminations: elims,
		Cells:        append([]int(nil), r.cells[:]...),
		Units:        rectUnits(r),
		Proof:        rectProof(b, r),
		Digits:       r.pair(),
		Pattern:      uqPattern(b, r.cells[:], r.pair(), subset, elims),
		Variant:      fmt.Sprintf("type-%d", t.kind),
	}
	for _, u := range units {
		s.Houses = append(s.Houses, House{Unit: u, Role: RoleUnit})
	}
	return s
}

// uqPattern lists a deadly pattern's cells: each with the pattern's digits
// it holds (RoleCorner), then those holding more with their extra
// candidates (RoleExtra), then the cells of a naked subset the extra
// digits form (RoleSubset), then the eliminations (RoleEliminated).
func uqPattern(b *Board, cells []int, pair Digits, subset []int, elims []Candidate) []PatternCell {
	out := make([]PatternCell, 0, 2*len(cells)+len(subset)+len(elims))
	for _, c := range cells {
		out = append(out, PatternCell{Cell: c, Digits: b.Cands[c] & pair, Role: RoleCorner})
	}
	for _, c := range cells {
		if ex := b.Cands[c] &^ pair; ex != 0 {
			out = append(out, PatternCell{Cell: c, Digits: ex, Role: RoleExtra})
		}
	}
	for _, c := range subset {
		out = append(out, PatternCell{Cell: c, Digits: b.Cands[c], Role: RoleSubset})
	}
	return uqAppendResult(out, elims)
}

// uqAppendResult appends the eliminations to a pattern, one entry per
// cell in order of first appearance.
func uqAppendResult(out []PatternCell, elims []Candidate) []PatternCell {
	start := len(out)
	for _, e := range elims {
		found := false
		for i := start; i < len(out); i++ {
			if out[i].Cell == e.Cell {
				out[i].Digits = out[i].Digits.With(e.Digit)
				found = true
				break
			}
		}
		if !found {
			out = append(out, PatternCell{Cell: e.Cell, Digits: DigitSet(e.Digit), Role: RoleEliminated})
		}
	}
	return out
}

// hiddenRectangle: a corner holding only a and b, and in the opposite
// corner's row and column a is confined to the rectangle. If the opposite
// corner were b, both its row and column partners would be a, the first
// corner b, and the rectangle deadly: so it is not b.
type hiddenRectangle struct{}

func (hiddenRectangle) Name() TechniqueID { return TechHiddenRectangle }
func (hiddenRectangle) Score() float64    { return scoreHiddenRectangle }
func (hiddenRectangle) AssumesUnique()    {}
func (t hiddenRectangle) Find(b *Board) (Step, bool) {
	return first(t.All(b))
}

func (t hiddenRectangle) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		eachRect(b, func(r rect) bool {
			for i, c := range r.cells {
				if b.Cands[c]&^r.pair() != 0 {
					continue
				}
				opp := r.cells[3-i]
				rowMate, colMate := r.cells[i^1], r.cells[i^2] // share opp's column / row
				if RowOf(rowMate) != RowOf(opp) {
					rowMate, colMate = colMate, rowMate
				}
				for _, pr := range [2][2]uint8{{r.a, r.b}, {r.b, r.a}} {
					x, y := pr[0], pr[1]
					if !b.Cands[opp].Has(y) {
						continue
					}
					var pairRow, pairCol cellSet
					pairRow.add(opp)
					pairRow.add(rowMate)
					pairCol.add(opp)
					pairCol.add(colMate)
					inRow := ix.where[x].and(unitSet[CellUnits[opp][0]])
					inCol := ix.where[x].and(unitSet[CellUnits[opp][1]])
					if inRow.isEmpty() || inCol.isEmpty() || !inRow.subsetOf(pairRow) || !inCol.subsetOf(pairCol) {
						continue
					}
					elims := []Candidate{{opp, y}}
					s := Step{
						Technique:    t.Name(),
						Score:        t.Score(),
						Eliminations: elims,
						Cells:        append([]int(nil), r.cells[:]...),
						Units:        []int{CellUnits[opp][0], CellUnits[opp][1]},
						Proof:        rectProof(b, r),
						Digits:       r.pair(),
						// The bivalue corner first, the opposite corner last.
						Pattern: uqPattern(b, []int{c, rowMate, colMate, opp}, r.pair(), nil, elims),
						Houses:  []House{{CellUnits[opp][0], RoleUnit}, {CellUnits[opp][1], RoleUnit}},
					}
					// x's places in opp's row and column: links when
					// there are two (one alone is a single, found first).
					for _, mate := range []int{rowMate, colMate} {
						if b.Cands[opp].Has(x) && b.Cands[mate].Has(x) {
							s.Links = append(s.Links, Link{From: Candidate{opp, x}, To: Candidate{mate, x}, Strong: true})
						}
					}
					if !yield(s) {
						return false
					}
				}
			}
			return true
		})
	}
}

// bugPlusOne: every empty cell holds two candidates but one, which holds
// three, and every digit appears twice in each unit it is missing from,
// except one digit of that cell. Without that digit the grid would be a
// bivalue universal grave, which has no or several solutions; so that cell
// takes that digit and its other candidates go.
type bugPlusOne struct{}

func (bugPlusOne) Name() TechniqueID { return TechBUGPlus1 }
func (bugPlusOne) Score() float64    { return scoreBUG }
func (bugPlusOne) AssumesUnique()    {}
func (t bugPlusOne) Find(b *Board) (Step, bool) {
	return first(t.All(b))
}

func (t bugPlusOne) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		odd := -1
		for c := 0; c < NumCells; c++ {
			switch k := b.Cands[c].Count(); {
			case b.Grid[c] != 0 || k == 2:
			case k == 3 && odd < 0:
				odd = c
			default:
				return
			}
		}
		if odd < 0 {
			return
		}
		extra := uint8(0)
		for _, d := range b.Cands[odd].Slice() {
			three := 0
			for _, u := range CellUnits[odd] {
				if bits.OnesCount16(ix.pos[u][d]) == 3 {
					three++
				}
			}
			if three == 3 {
				if extra != 0 {
					return
				}
				extra = d
			}
		}
		if extra == 0 {
			return
		}
		// Every other unit and digit must appear exactly twice (or never).
		for u := 0; u < NumUnits; u++ {
			for d := uint8(1); d <= 9; d++ {
				n := bits.OnesCount16(ix.pos[u][d])
				if d == extra && unitSet[u].has(odd) {
					n--
				}
				if n != 0 && n != 2 {
					return
				}
			}
		}
		var elims []Candidate
		for _, d := range b.Cands[odd].Without(extra).Slice() {
			elims = append(elims, Candidate{odd, d})
		}
		units := CellUnits[odd]
		s := Step{
			Technique:    t.Name(),
			Score:        t.Score(),
			Eliminations: elims,
			Cells:        []int{odd},
			Units:        []int{units[0], units[1], units[2]},
			Proof:        []Candidate{{odd, extra}},
			Digits:       DigitSet(extra),
			Pattern:      uqAppendResult([]PatternCell{{Cell: odd, Digits: DigitSet(extra), Role: RoleExtra}}, elims),
			Houses:       []House{{units[0], RoleUnit}, {units[1], RoleUnit}, {units[2], RoleUnit}},
		}
		yield(s)
	}
}
