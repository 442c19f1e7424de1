package engine

import (
	"iter"
	"math/bits"
)

// nakedSubset: n cells of a unit that together hold only n digits take
// those digits, so the digits leave every other cell of each unit the n
// cells share (a pair in one row and box clears both: HoDoKu's "locked
// pair").
//
// As in SE, the catalogue looks only in units with at least 2n empty
// cells (the complementary hidden set is smaller otherwise); everywhere
// lifts that, for the regression tests of the pattern itself.
type nakedSubset struct {
	size       int
	everywhere bool
}

var subsetNames = [5]string{"", "Single", "Pair", "Triple", "Quad"}

func (t nakedSubset) Name() TechniqueID { return TechniqueID("Naked " + subsetNames[t.size]) }

func (t nakedSubset) Score() float64 {
	switch t.size {
	case 2:
		return scoreNakedPair
	case 3:
		return scoreNakedTriple
	}
	return scoreNakedQuad
}

func (t nakedSubset) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t nakedSubset) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		var cells [9]int
		ix := b.index()
		for u := 0; u < NumUnits; u++ {
			// SE looks for naked sets only where the unit has at least 2n
			// empty cells: otherwise the complementary hidden set is smaller.
			if !t.everywhere && ix.empty.and(unitSet[u]).count() < 2*t.size {
				continue
			}
			n := 0
			for _, c := range UnitCells[u] {
				if k := b.Cands[c].Count(); k >= 2 && k <= t.size {
					cells[n] = c
					n++
				}
			}
			if n < t.size {
				continue
			}
			stop := false
			forCombos(n, t.size, func(idx []int) bool {
				var union Digits
				var set cellSet
				for _, i := range idx {
					union |= b.Cands[cells[i]]
					set.add(cells[i])
				}
				if union.Count() != t.size {
					return true
				}
				shared := sharedUnits(set)
				if shared[0] < u { // seen already from an earlier unit
					return true
				}
				s, ok := t.step(b, set, union, shared)
				if ok && !yield(s) {
					stop = true
					return false
				}
				return true
			})
			if stop {
				return
			}
		}
	}
}

// sharedUnits returns the units holding every cell of set, in unit order.
func sharedUnits(set cellSet) []int {
	var out []int
	c := set.first()
	for _, u := range CellUnits[c] {
		if set.subsetOf(unitSet[u]) {
			out = append(out, u)
		}
	}
	return out
}

func (t nakedSubset) step(b *Board, set cellSet, ds Digits, units []int) (Step, bool) {
	var elims []Candidate
	var area cellSet
	for _, u := range units {
		area = area.or(unitSet[u])
	}
	area = area.andNot(set)
	var buf [NumCells]int
	for _, c := range area.cells(buf[:0]) {
		for _, d := range (b.Cands[c] & ds).Slice() {
			elims = append(elims, Candidate{c, d})
		}
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	cells := set.cells(nil)
	proof := b.candidatesIn(cells)
	s := Step{
		Technique:    t.Name(),
		Score:        t.Score(),
		Eliminations: elims,
		Cells:        cells,
		Units:        units,
		Proof:        proof,
		Digits:       ds,
	}
	for _, c := range cells {
		s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: b.Cands[c], Role: RoleSubset})
	}
	s.Pattern = append(s.Pattern, basicCandPattern(elims, RoleEliminated)...)
	for _, u := range units {
		s.Houses = append(s.Houses, House{Unit: u, Role: RoleUnit})
	}
	if len(units) > 1 {
		// HoDoKu's locked pair or triple: the set clears a line and a box.
		s.Variant = "locked"
	}
	return s, true
}

// basicCandPattern turns candidates into pattern cells with one role,
// one entry per cell with all its digits, in the candidates' cell order.
func basicCandPattern(cands []Candidate, role Role) []PatternCell {
	var out []PatternCell
	for _, x := range cands {
		merged := false
		for i := range out {
			if out[i].Cell == x.Cell {
				out[i].Digits = out[i].Digits.With(x.Digit)
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, PatternCell{Cell: x.Cell, Digits: DigitSet(x.Digit), Role: role})
		}
	}
	return out
}

// hiddenSubset: n digits that can go only in the same n cells of a unit
// fill those cells, so every other candidate leaves them. The direct forms
// (SE's direct hidden pair and triple) count only when a removal leaves a
// hidden single in the same unit, which the step then places. everywhere
// lifts SE's empty-cell condition (see nakedSubset).
type hiddenSubset struct {
	size       int
	direct     bool
	everywhere bool
}

func (t hiddenSubset) Name() TechniqueID {
	n := "Hidden " + subsetNames[t.size]
	if t.direct {
		n = "Direct " + n
	}
	return TechniqueID(n)
}

func (t hiddenSubset) Score() float64 {
	switch {
	case t.size == 2 && t.direct:
		return scoreDirectHiddenPair
	case t.size == 3 && t.direct:
		return scoreDirectHiddenTriple
	case t.size == 2:
		return scoreHiddenPair
	case t.size == 3:
		return scoreHiddenTriple
	}
	return scoreHiddenQuad
}

func (t hiddenSubset) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t hiddenSubset) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		var digits [9]uint8
		for u := 0; u < NumUnits; u++ {
			// SE looks for hidden sets only where the unit has more than
			// 2n empty cells (n for the direct form): otherwise the
			// complementary naked set is no larger.
			empty := ix.empty.and(unitSet[u]).count()
			if !t.everywhere && empty <= 2*t.size && !(t.direct && empty > t.size) {
				continue
			}
			n := 0
			for d := uint8(1); d <= 9; d++ {
				if k := bits.OnesCount16(ix.pos[u][d]); k >= 1 && k <= t.size {
					digits[n] = d
					n++
				}
			}
			if n < t.size {
				continue
			}
			stop := false
			forCombos(n, t.size, func(idx []int) bool {
				var posUnion uint16
				var ds Digits
				for _, i := range idx {
					posUnion |= ix.pos[u][digits[i]]
					ds = ds.With(digits[i])
				}
				if bits.OnesCount16(posUnion) != t.size {
					return true
				}
				s, ok := t.step(b, ix, u, posUnion, ds)
				if ok && !yield(s) {
					stop = true
					return false
				}
				return true
			})
			if stop {
				return
			}
		}
	}
}

func (t hiddenSubset) step(b *Board, ix *boardIndex, u int, pos uint16, ds Digits) (Step, bool) {
	var cells []int
	var elims, proof []Candidate
	for x := pos; x != 0; x &= x - 1 {
		c := UnitCells[u][bits.TrailingZeros16(x)]
		cells = append(cells, c)
		for _, d := range (b.Cands[c] &^ ds).Slice() {
			elims = append(elims, Candidate{c, d})
		}
		for _, d := range (b.Cands[c] & ds).Slice() {
			proof = append(proof, Candidate{c, d})
		}
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	s := Step{
		Technique:    t.Name(),
		Score:        t.Score(),
		Eliminations: elims,
		Cells:        cells,
		Units:        []int{u},
		Proof:        proof,
		Digits:       ds,
		Houses:       []House{{Unit: u, Role: RoleUnit}},
	}
	for _, c := range cells {
		s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: b.Cands[c] & ds, Role: RoleSubset})
	}
	if t.direct {
		// SE's direct hidden set: another digit of the unit is left with
		// one place. Only the single is placed, as in SE; the removals
		// that lead to it are shown as candidates the reasoning makes
		// false.
		for d := uint8(1); d <= 9; d++ {
			p := ix.pos[u][d]
			if ds.Has(d) || bits.OnesCount16(p) < 2 || bits.OnesCount16(p&^pos) != 1 {
				continue
			}
			hc := UnitCells[u][bits.TrailingZeros16(p&^pos)]
			s.Eliminations = nil
			s.Placements = []Candidate{{hc, d}}
			s.Proof = append(s.Proof, elims...)
			s.Pattern = append(s.Pattern, basicCandPattern(elims, RoleOff)...)
			s.Pattern = append(s.Pattern, PatternCell{Cell: hc, Digits: DigitSet(d), Role: RolePlaced})
			s.Variant = "direct"
			return s, true
		}
		return Step{}, false
	}
	s.Pattern = append(s.Pattern, basicCandPattern(elims, RoleEliminated)...)
	return s, true
}

// forCombos calls fn with every k-subset of 0..n-1 in lexicographic order
// until fn returns false. idx is reused between calls.
func forCombos(n, k int, fn func(idx []int) bool) {
	if k > n || k <= 0 {
		return
	}
	var buf [9]int
	idx := buf[:k]
	for i := range idx {
		idx[i] = i
	}
	for {
		if !fn(idx) {
			return
		}
		i := k - 1
		for i >= 0 && idx[i] == n-k+i {
			i--
		}
		if i < 0 {
			return
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
}
