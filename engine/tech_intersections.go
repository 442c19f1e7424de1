package engine

import (
	"iter"
)

// intersection: when a digit's places in one unit all lie in a second unit
// that crosses it, the digit is removed from the rest of the second unit.
// Pointing looks from a box into a row or column; claiming (box/line
// reduction) from a row or column into a box. The direct forms, which SE
// rates lower, count only when the removal leaves a hidden single, which
// the step then places.
type intersection struct {
	claiming bool
	direct   bool
}

func (t intersection) Name() TechniqueID {
	n := TechPointing
	if t.claiming {
		n = TechClaiming
	}
	if t.direct {
		n = "Direct " + n
	}
	return TechniqueID(n)
}

func (t intersection) Score() float64 {
	switch {
	case t.claiming && t.direct:
		return scoreDirectClaiming
	case t.direct:
		return scoreDirectPointing
	case t.claiming:
		return scoreClaiming
	}
	return scorePointing
}

func (t intersection) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t intersection) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		lo, hi := FirstBox, NumUnits
		if t.claiming {
			lo, hi = FirstRow, FirstBox
		}
		for u := lo; u < hi; u++ {
			for d := uint8(1); d <= 9; d++ {
				in := ix.where[d].and(unitSet[u])
				if in.count() < 2 {
					continue
				}
				c0 := in.first()
				for _, v := range crossUnits(u, c0) {
					if !in.subsetOf(unitSet[v]) {
						continue
					}
					elim := ix.where[d].and(unitSet[v]).andNot(unitSet[u])
					if elim.isEmpty() {
						continue
					}
					s, ok := t.step(b, ix, u, v, d, in, elim)
					if ok && !yield(s) {
						return
					}
				}
			}
		}
	}
}

// crossUnits returns the units other than u's kind that hold cell c and
// can cross u in more than one cell: for a box, c's row and column; for a
// row or column, c's box.
func crossUnits(u, c int) []int {
	if u >= FirstBox {
		return []int{CellUnits[c][0], CellUnits[c][1]}
	}
	return []int{CellUnits[c][2]}
}

func (t intersection) step(b *Board, ix *boardIndex, u, v int, d uint8, in, elim cellSet) (Step, bool) {
	var buf [9]int
	cells := in.cells(buf[:0])
	elims := elimsOf(elim, d)
	s := Step{
		Technique:    t.Name(),
		Score:        t.Score(),
		Eliminations: elims,
		Cells:        append([]int(nil), cells...),
		Units:        []int{u, v},
		Proof:        candsOf(in, d),
		Digits:       DigitSet(d),
		// The unit the digit is locked in is the base, the crossing unit
		// that loses it the cover, as in a fish of size one.
		Houses: []House{{Unit: u, Role: RoleBase}, {Unit: v, Role: RoleCover}},
	}
	for _, c := range cells {
		s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: DigitSet(d), Role: RoleBase})
	}
	if t.direct {
		hu, hc, ok := directLockedSingle(ix, u, v, d)
		if !ok {
			return Step{}, false
		}
		// As in SE, the direct form only places the single; the
		// eliminations that lead to it are shown (as candidates the
		// reasoning makes false), not applied.
		s.Eliminations = nil
		s.Placements = []Candidate{{hc, d}}
		s.Units = append(s.Units, hu)
		s.Proof = append(s.Proof, elims...)
		s.Houses = append(s.Houses, House{Unit: hu, Role: RoleUnit})
		s.Pattern = append(s.Pattern, basicCandPattern(elims, RoleOff)...)
		s.Pattern = append(s.Pattern, PatternCell{Cell: hc, Digits: DigitSet(d), Role: RolePlaced})
		s.Variant = "direct"
		return s, true
	}
	s.Pattern = append(s.Pattern, basicCandPattern(elims, RoleEliminated)...)
	return s, true
}

// directLockedSingle reports the hidden single that SE's direct pointing
// and claiming look for: d locked in the intersection of u and v leaves
// only one place for d in another unit of u's kind crossing v.
func directLockedSingle(ix *boardIndex, u, v int, d uint8) (unit, cell int, ok bool) {
	base := u - u%9 // first unit of u's kind
	if u >= FirstBox {
		base = FirstBox
	}
	left := ix.where[d].andNot(unitSet[v])
	for w := base; w < base+9; w++ {
		if w == u || unitSet[w].and(unitSet[v]).isEmpty() {
			continue
		}
		before := ix.where[d].and(unitSet[w])
		if after := left.and(unitSet[w]); before.count() > 1 && after.count() == 1 {
			return w, after.first(), true
		}
	}
	return 0, 0, false
}
