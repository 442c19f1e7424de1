package engine

import (
	"iter"
	"math/bits"
)

// Templates. A digit's template is one way to put it once in every row,
// column and box: in an empty grid there are 46,656. Those that fit the
// position (every filled cell of the digit used, every other cell a
// candidate) are found by search, row by row. Every fitting template of
// the digit puts it in some cells (Template Set places it there) and none
// uses some candidates (Template Delete removes them).
//
// As in HoDoKu, the digits' templates also rule each other out: a cell
// that every fitting template of one digit uses holds that digit, so a
// template of another digit through that cell does not fit either. This
// is repeated until nothing more is ruled out.

// RoleTemplate marks a candidate of a template step's digit: a cell where
// the digit may still go, which some of its templates may use.
const RoleTemplate Role = "template"

// RoleTemplateOther marks a cell that another digit (the cell's Digits)
// takes in every one of its own templates, so that the step's digit
// cannot go there: Group is that digit.
const RoleTemplateOther Role = "template-other"

// templateLimit bounds the templates kept for one digit. A position
// reached by logic has far fewer (46,656 is an empty grid's count); past
// it the technique gives up on the position rather than use the memory.
const templateLimit = 50000

// template finds Template Set (set true) or Template Delete steps, one per
// digit, digits in order.
type template struct{ set bool }

func (t template) Name() TechniqueID {
	if t.set {
		return TechTemplateSet
	}
	return TechTemplateDelete
}

func (template) Score() float64 { return scoreTemplate }

func (t template) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t template) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ts, ok := newTemplates(b)
		if !ok {
			return
		}
		ix := b.index()
		for d := uint8(1); d <= 9; d++ {
			var s Step
			if t.set {
				place := ts.every[d].and(ix.empty)
				if place.isEmpty() {
					continue
				}
				s = ts.step(b, t, d, nil)
				var buf [NumCells]int
				for _, c := range place.cells(buf[:0]) {
					s.Placements = append(s.Placements, Candidate{c, d})
				}
				s.Pattern = append(s.Pattern, placedPattern(s.Placements)...)
			} else {
				elim := ix.where[d].andNot(ts.some[d])
				if elim.isEmpty() {
					continue
				}
				s = ts.step(b, t, d, elimsOf(elim, d))
			}
			if !yield(s) {
				return
			}
		}
	}
}

// templates holds, for each digit, the fitting templates and what they
// share: every (cells all of them use) and some (cells any of them uses),
// before (first) and after the digits rule each other out.
type templates struct {
	list        [10][]cellSet
	every, some [10]cellSet
	first       [10]cellSet // some, before other digits' templates are used
}

// newTemplates enumerates every digit's fitting templates and rules out
// those through a cell another digit must take. It reports false for a
// broken position (a digit without a fitting template) or one with too
// many templates.
func newTemplates(b *Board) (*templates, bool) {
	ts := &templates{}
	for d := uint8(1); d <= 9; d++ {
		var rows [9]uint16 // columns allowed per row
		for c := 0; c < NumCells; c++ {
			if b.Grid[c] == d || (b.Grid[c] == 0 && b.Cands[c].Has(d)) {
				rows[RowOf(c)] |= 1 << ColOf(c)
			}
		}
		var list []cellSet
		if !enumTemplates(&rows, 0, 0, 0, cellSet{}, &list) {
			return nil, false
		}
		if len(list) == 0 {
			return nil, false
		}
		ts.list[d] = list
		ts.every[d], ts.some[d] = shared(list)
		ts.first[d] = ts.some[d]
	}
	for changed := true; changed; {
		changed = false
		for d := uint8(1); d <= 9; d++ {
			var taken cellSet // cells other digits must take
			for k := uint8(1); k <= 9; k++ {
				if k != d {
					taken = taken.or(ts.every[k])
				}
			}
			keep := ts.list[d][:0]
			for _, t := range ts.list[d] {
				if t.and(taken).isEmpty() {
					keep = append(keep, t)
				}
			}
			if len(keep) == len(ts.list[d]) {
				continue
			}
			if len(keep) == 0 {
				return nil, false
			}
			changed = true
			ts.list[d] = keep
			ts.every[d], ts.some[d] = shared(keep)
		}
	}
	return ts, true
}

// shared returns the cells every template of list uses and those any uses.
func shared(list []cellSet) (every, some cellSet) {
	every = cellSet{^uint64(0), ^uint64(0)}
	for _, t := range list {
		every, some = every.and(t), some.or(t)
	}
	return every, some
}

// enumTemplates appends to out every placement of one digit in rows r..8,
// one cell per row in the allowed columns, no two in a column or a box,
// and reports false when there are more than templateLimit.
func enumTemplates(rows *[9]uint16, r int, cols, boxes uint16, cur cellSet, out *[]cellSet) bool {
	if r == 9 {
		if len(*out) >= templateLimit {
			return false
		}
		*out = append(*out, cur)
		return true
	}
	for x := rows[r] &^ cols; x != 0; x &= x - 1 {
		c := bits.TrailingZeros16(x)
		box := uint16(1) << (r/3*3 + c/3)
		if boxes&box != 0 {
			continue
		}
		next := cur
		next.add(CellAt(r, c))
		if !enumTemplates(rows, r+1, cols|1<<c, boxes|box, next, out) {
			return false
		}
	}
	return true
}

// step builds a template step for digit d: the rows where d is missing
// (where to look), every candidate of d (RoleTemplate), and the cells
// other digits must take that some template of d used before they ruled
// it out (RoleTemplateOther, Group the other digit), then the result.
func (ts *templates) step(b *Board, t template, d uint8, elims []Candidate) Step {
	ix := b.index()
	s := Step{
		Technique:    t.Name(),
		Score:        t.Score(),
		Eliminations: elims,
		Digits:       DigitSet(d),
	}
	if t.set {
		s.Variant = "set"
	} else {
		s.Variant = "delete"
	}
	var buf [NumCells]int
	for _, c := range ix.where[d].cells(buf[:0]) {
		s.Cells = append(s.Cells, c)
		s.Proof = append(s.Proof, Candidate{c, d})
		s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: DigitSet(d), Role: RoleTemplate})
		if u := CellUnits[c][0]; len(s.Units) == 0 || s.Units[len(s.Units)-1] != u {
			s.Units = append(s.Units, u)
		}
	}
	for k := uint8(1); k <= 9; k++ {
		if k == d {
			continue
		}
		for _, c := range ts.every[k].and(ix.empty).and(ts.first[d]).cells(buf[:0]) {
			s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: DigitSet(k), Role: RoleTemplateOther, Group: int(k)})
		}
	}
	s.Pattern = uqAppendResult(s.Pattern, elims)
	return s
}

// placedPattern lists placements as pattern cells (RolePlaced).
func placedPattern(ps []Candidate) []PatternCell {
	out := make([]PatternCell, len(ps))
	for i, p := range ps {
		out[i] = PatternCell{Cell: p.Cell, Digits: DigitSet(p.Digit), Role: RolePlaced}
	}
	return out
}
