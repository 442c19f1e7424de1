package engine

import (
	"fmt"
	"iter"
	"math/bits"
	"slices"
)

// A bivalue universal grave (BUG) is a position where every empty cell
// holds two candidates and every digit can go in exactly two places in
// each unit it is missing from: such a position has no or several
// solutions. A "BUG+n" position becomes one when a few bug cells lose
// their extra "bug" digits, so in a unique puzzle at least one bug cell
// takes one of its bug digits. BUG+1 (tech_uniqueness.go) is the case of a
// single bug cell; the types here, from Sudoku Explainer 1.2.1
// (BivalueUniversalGrave.java), handle several:
//   - Type 2: every bug cell has the same single bug digit, so cells seeing
//     every bug cell cannot hold it.
//   - Type 3: the bug cells share a unit and, taken together as one cell
//     holding their bug digits, form a naked subset with other cells of
//     that unit.
//   - Type 4: two bug cells share a unit and both hold a non-bug digit x,
//     which then has only those two places in the unit: one cell is x, so
//     the other takes its bug digit, and neither keeps its fourth digit.

// bugPattern is a BUG+n position as Sudoku Explainer finds it.
type bugPattern struct {
	cells  []int            // bug cells, in the order found
	set    cellSet          // the same cells
	values [NumCells]Digits // bug digits of each bug cell
	all    Digits           // every bug digit
	common cellSet          // cells (filled or not) seeing every bug cell
	units  []int            // units where a bug digit has neither 0 nor 2 places
}

// bugUnitOrder is SE's region order: boxes, rows, columns.
var bugUnitOrder = func() []int {
	var out []int
	for _, first := range []int{FirstBox, FirstRow, FirstCol} {
		for i := 0; i < 9; i++ {
			out = append(out, first+i)
		}
	}
	return out
}()

// findBUG looks for a BUG+n pattern: in every unit, a digit with neither
// zero nor two places is a bug digit of the one place that has three or
// more candidates; without the bug digits the position must be a BUG.
func findBUG(b *Board) (bugPattern, bool) {
	var p bugPattern
	ix := b.index()
	temp := b.Cands
	for _, u := range bugUnitOrder {
		for d := uint8(1); d <= 9; d++ {
			pos := ix.pos[u][d]
			if n := bits.OnesCount16(pos); n == 0 || n == 2 {
				continue
			}
			bug, nbug := -1, 0
			for x := pos; x != 0; x &= x - 1 {
				c := UnitCells[u][bits.TrailingZeros16(x)]
				if b.Cands[c].Count() >= 3 {
					bug = c
					nbug++
				}
			}
			switch nbug {
			case 0:
				return p, false // too many places, but only bivalue cells
			case 1:
				if !p.set.has(bug) {
					p.set.add(bug)
					p.cells = append(p.cells, bug)
				}
				if !slices.Contains(p.units, u) {
					p.units = append(p.units, u)
				}
				p.values[bug] = p.values[bug].With(d)
				p.all = p.all.With(d)
				temp[bug] = temp[bug].Without(d)
			}
		}
	}
	if len(p.cells) == 0 {
		return p, false
	}
	for c := 0; c < NumCells; c++ {
		if b.Grid[c] == 0 && temp[c].Count() != 2 {
			return p, false
		}
	}
	for u := 0; u < NumUnits; u++ {
		var count [10]int
		for _, c := range UnitCells[u] {
			for ds := temp[c]; ds != 0; ds &= ds - 1 {
				count[bits.TrailingZeros16(uint16(ds))]++
			}
		}
		for _, n := range count {
			if n != 0 && n != 2 {
				return p, false
			}
		}
	}
	p.common = allCells
	for _, c := range p.cells {
		p.common = p.common.and(peerSet[c])
	}
	p.common = p.common.andNot(p.set)
	if len(p.cells) > 1 && p.all.Count() > 1 && p.common.isEmpty() {
		return p, false
	}
	return p, true
}

// bugType is BUG type 2, 3 or 4.
type bugType struct{ kind int }

func (t bugType) Name() TechniqueID { return TechniqueID(fmt.Sprintf("BUG Type %d", t.kind)) }

func (t bugType) Score() float64 {
	switch t.kind {
	case 2:
		return scoreBUGType2
	case 3:
		return scoreBUGType3
	}
	return scoreBUGType4
}

func (bugType) AssumesUnique() {}

// Find returns the lowest-rated instance (type 3 rates by subset size).
func (t bugType) Find(b *Board) (Step, bool) {
	// Type 3 can rate below the base score: look at every step.
	return lowest(t.All(b), 0)
}

func (t bugType) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		p, ok := findBUG(b)
		if !ok || len(p.cells) < 2 {
			return
		}
		switch {
		case p.all.Count() == 1:
			if t.kind == 2 {
				t.type2(b, &p, yield)
			} else if t.kind == 4 && len(p.cells) == 2 {
				t.type4(b, &p, yield)
			}
		case !p.common.isEmpty():
			if t.kind == 4 && len(p.cells) == 2 {
				t.type4(b, &p, yield)
			} else if t.kind == 3 {
				t.type3(b, &p, yield)
			}
		}
	}
}

func (p *bugPattern) proof() []Candidate {
	var out []Candidate
	for _, c := range p.cells {
		for _, d := range p.values[c].Slice() {
			out = append(out, Candidate{c, d})
		}
	}
	return out
}

// step builds a BUG step: the bug cells with their bug digits
// (RoleExtra), the cells of a naked subset (RoleSubset), the unit the
// reasoning works in and the result.
func (t bugType) step(b *Board, p *bugPattern, elims []Candidate, score float64, units, subset []int) Step {
	s := Step{
		Technique:    t.Name(),
		Score:        score,
		Eliminations: elims,
		Cells:        append([]int(nil), p.cells...),
		Proof:        p.proof(),
		Digits:       p.all,
		Variant:      fmt.Sprintf("type-%d", t.kind),
	}
	for _, u := range units {
		s.Houses = append(s.Houses, House{Unit: u, Role: RoleUnit})
	}
	for _, u := range p.units {
		if !slices.Contains(units, u) {
			units = append(units, u)
		}
	}
	s.Units = units
	pattern := make([]PatternCell, 0, len(p.cells)+len(subset)+len(elims))
	for _, c := range p.cells {
		pattern = append(pattern, PatternCell{Cell: c, Digits: p.values[c], Role: RoleExtra})
	}
	for _, c := range subset {
		pattern = append(pattern, PatternCell{Cell: c, Digits: b.Cands[c], Role: RoleSubset})
	}
	s.Pattern = uqAppendResult(pattern, elims)
	return s
}

func (t bugType) type2(b *Board, p *bugPattern, yield func(Step) bool) {
	d := p.all.First()
	elim := b.index().where[d].and(p.common)
	if elim.isEmpty() {
		return
	}
	yield(t.step(b, p, elimsOf(elim, d), t.Score(), nil, nil))
}

func (t bugType) type4(b *Board, p *bugPattern, yield func(Step) bool) {
	c1, c2 := p.cells[0], p.cells[1]
	common := b.Cands[c1] & b.Cands[c2] &^ p.all
	if common.Count() != 1 {
		return
	}
	units := sharedUnits(p.set)
	if len(units) == 0 {
		return
	}
	x := common.First()
	var elims []Candidate
	for _, c := range p.cells {
		for _, d := range (b.Cands[c] &^ p.values[c]).Without(x).Slice() {
			elims = append(elims, Candidate{c, d})
		}
	}
	if len(elims) == 0 {
		return
	}
	// Without the bug digits x has two places in every unit it is
	// missing from; it is no bug digit, so c1 and c2 are its only places
	// in u: a strong link.
	s := t.step(b, p, elims, t.Score(), units[:1], nil)
	s.Links = []Link{{From: Candidate{c1, x}, To: Candidate{c2, x}, Strong: true}}
	yield(s)
}

func (t bugType) type3(b *Board, p *bugPattern, yield func(Step) bool) {
	for _, u := range sharedUnits(p.set) {
		var others []int
		for _, c := range UnitCells[u] {
			if b.Grid[c] == 0 && !p.set.has(c) {
				others = append(others, c)
			}
		}
		for degree := 2; degree <= 6; degree++ {
			if len(others) < degree {
				break
			}
			ok := forCombos2(len(others), degree-1, func(idx []int) bool {
				var union Digits
				var chosen cellSet
				for _, i := range idx {
					union |= b.Cands[others[i]]
					chosen.add(others[i])
				}
				if union.Count() != degree || p.all&^union != 0 {
					return true
				}
				elims := outsideSubset(b, others, chosen, union)
				if len(elims) == 0 {
					return true
				}
				cs := chosen.cells(nil)
				s := t.step(b, p, elims, roundScore(scoreBUGType2+0.1*float64(degree-1)), []int{u}, cs)
				s.Cells = append(s.Cells, cs...)
				return yield(s)
			})
			if !ok {
				return
			}
		}
	}
}

// outsideSubset lists the candidates of union in the cells of others that
// are not chosen: what a naked subset of the chosen cells (with a
// pattern's extra cells standing in for one of its cells) removes from
// the rest of its unit. BUG type 3 and unique loop type 3 share it.
func outsideSubset(b *Board, others []int, chosen cellSet, union Digits) []Candidate {
	var elims []Candidate
	for _, c := range others {
		if chosen.has(c) {
			continue
		}
		for _, d := range (b.Cands[c] & union).Slice() {
			elims = append(elims, Candidate{c, d})
		}
	}
	return elims
}
