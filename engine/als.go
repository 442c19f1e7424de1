package engine

import (
	"iter"
	"math/bits"
)

// als is an almost locked set: n cells of one unit holding n+1 digits.
type als struct {
	cells  cellSet
	unit   int
	digits Digits
	byDig  [10]cellSet // the cells of the set holding each digit
	seen   [10]cellSet // the cells that see every cell of byDig
	size   int
}

// findALS lists the almost locked sets of the board, each cell set once.
func findALS(b *Board) []als {
	var out []als
	seen := map[cellSet]bool{}
	for u := 0; u < NumUnits; u++ {
		var empty []int
		for _, c := range UnitCells[u] {
			if b.Cands[c] != 0 {
				empty = append(empty, c)
			}
		}
		n := len(empty)
		// unions[sub]: the digits of the subset sub of empty, each from
		// the subset without its lowest cell
		var unions [1 << 9]Digits
		for sub := 1; sub < 1<<n; sub++ {
			unions[sub] = unions[sub&(sub-1)] | b.Cands[empty[bits.TrailingZeros(uint(sub))]]
			k := bits.OnesCount(uint(sub))
			if k >= n || unions[sub].Count() != k+1 {
				continue
			}
			ds := unions[sub]
			var m cellSet
			for i := 0; i < n; i++ {
				if sub&(1<<i) != 0 {
					m.add(empty[i])
				}
			}
			if seen[m] {
				continue
			}
			seen[m] = true
			a := als{cells: m, unit: u, digits: ds, size: k}
			for i := 0; i < n; i++ {
				if sub&(1<<i) != 0 {
					for x := b.Cands[empty[i]]; x != 0; x &= x - 1 {
						a.byDig[x.First()].add(empty[i])
					}
				}
			}
			for x := ds; x != 0; x &= x - 1 {
				a.seen[x.First()] = commonPeers(a.byDig[x.First()])
			}
			out = append(out, a)
		}
	}
	return out
}

// alsXZ: two almost locked sets A and B share a digit X whose every
// candidate in A sees every candidate in B (a restricted common), so X is
// true in at most one of them and the other becomes a locked set. Any
// other common digit Z is then true in A or in B, and every candidate of Z
// that sees all the Z's of both is false. With two restricted commons
// (doubly linked), both sets are locked: X's are removed from cells that
// see all of them, and each set's other digits from cells that see all of
// that digit in the set.
type alsXZ struct{}

func (alsXZ) Name() TechniqueID { return chainNameALSXZ }
func (alsXZ) Score() float64    { return scoreALSXZ }

// Find returns the step of the two smallest sets (fewest cells in all).
func (t alsXZ) Find(b *Board) (Step, bool) {
	var best Step
	bestSize := 1 << 30
	t.each(b, func(s Step, size int) bool {
		if size < bestSize {
			best, bestSize = s, size
		}
		return true
	}, func(size int) bool { return size < bestSize })
	return best, bestSize < 1<<30
}

// All lists every pair of sets that eliminates something.
func (t alsXZ) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		t.each(b, func(s Step, _ int) bool { return yield(s) }, func(int) bool { return true })
	}
}

// each calls f with the step of every pair of sets whose total size
// passes want, until f returns false.
func (alsXZ) each(b *Board, f func(Step, int) bool, want func(size int) bool) {
	sets := findALS(b)
	var cand [10]cellSet // the cells holding each digit
	for c := 0; c < NumCells; c++ {
		for x := b.Cands[c]; x != 0; x &= x - 1 {
			cand[x.First()].add(c)
		}
	}
	for i := range sets {
		for j := i + 1; j < len(sets); j++ {
			a, c := &sets[i], &sets[j]
			if !want(a.size+c.size) || !a.cells.and(c.cells).isEmpty() {
				continue
			}
			common := a.digits & c.digits
			if common.Count() < 2 {
				continue
			}
			var rcc Digits
			for x := common; x != 0; x &= x - 1 {
				d := x.First()
				// every d of A sees every d of B
				if a.byDig[d].andNot(c.seen[d]).isEmpty() {
					rcc = rcc.With(d)
				}
			}
			if rcc == 0 || !alsXZAny(a, c, rcc, &cand) {
				continue
			}
			if s, ok := alsXZStep(b, a, c, rcc); ok && !f(s, a.size+c.size) {
				return
			}
		}
	}
}

// alsXZAny is a quick check that a pair of sets eliminates something,
// before the step is written.
func alsXZAny(a, c *als, rcc Digits, cand *[10]cellSet) bool {
	union := a.cells.or(c.cells)
	double := rcc.Count() >= 2
	for z := a.digits & c.digits; z != 0; z &= z - 1 {
		d := z.First()
		if double != rcc.Has(d) {
			continue
		}
		if !a.seen[d].and(c.seen[d]).and(cand[d]).andNot(union).isEmpty() {
			return true
		}
	}
	if double {
		for _, s := range [2]*als{a, c} {
			for z := s.digits &^ rcc; z != 0; z &= z - 1 {
				d := z.First()
				if !s.seen[d].and(cand[d]).andNot(union).isEmpty() {
					return true
				}
			}
		}
	}
	return false
}

func alsXZStep(b *Board, a, c *als, rcc Digits) (Step, bool) {
	union := a.cells.or(c.cells)
	var elims []Candidate
	seen := map[Candidate]bool{}
	elim := func(d uint8, seenAll cellSet) {
		victims := seenAll.andNot(union)
		for _, v := range victims.cells(nil) {
			cd := Candidate{Cell: v, Digit: d}
			if b.Cands[v].Has(d) && !seen[cd] {
				seen[cd] = true
				elims = append(elims, cd)
			}
		}
	}
	common := a.digits & c.digits
	x := rcc.First()
	double := rcc.Count() >= 2
	for z := common; z != 0; z &= z - 1 {
		d := z.First()
		if d == x && !double {
			continue
		}
		if double && !rcc.Has(d) {
			continue
		}
		elim(d, a.seen[d].and(c.seen[d]))
	}
	if double {
		for _, s := range []*als{a, c} {
			for z := s.digits &^ rcc; z != 0; z &= z - 1 {
				d := z.First()
				elim(d, s.seen[d])
			}
		}
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	sortCands(elims)
	st := Step{Technique: chainNameALSXZ, Score: scoreALSXZ, Eliminations: elims, Units: []int{a.unit, c.unit}}
	// Digits: the restricted common digits (X) and, for one X, the
	// common digits Z that eliminate; the links say which are X.
	st.Digits = rcc
	if !double {
		for _, e := range elims {
			st.Digits = st.Digits.With(e.Digit)
		}
	}
	if double {
		st.Variant = VariantDouble
	}
	st.Houses = []House{{Unit: a.unit, Role: RoleALS}, {Unit: c.unit, Role: RoleALS}}
	for gi, set := range [2]*als{a, c} {
		for _, cell := range set.cells.cells(nil) {
			st.Cells = append(st.Cells, cell)
			st.Pattern = append(st.Pattern, PatternCell{Cell: cell, Digits: b.Cands[cell], Role: RoleALS, Group: gi})
			for y := b.Cands[cell]; y != 0; y &= y - 1 {
				st.Proof = append(st.Proof, Candidate{Cell: cell, Digit: y.First()})
			}
		}
	}
	// One weak link per restricted common digit: every X of the first set
	// sees every X of the second.
	for y := rcc; y != 0; y &= y - 1 {
		d := y.First()
		l := Link{From: Candidate{Cell: a.byDig[d].first(), Digit: d}, To: Candidate{Cell: c.byDig[d].first(), Digit: d}}
		if ca := a.byDig[d].cells(nil); len(ca) > 1 {
			l.FromGroup = ca
		}
		if cc := c.byDig[d].cells(nil); len(cc) > 1 {
			l.ToGroup = cc
		}
		st.Links = append(st.Links, l)
	}
	for _, e := range elims {
		st.Pattern = append(st.Pattern, PatternCell{Cell: e.Cell, Digits: DigitSet(e.Digit), Role: RoleEliminated})
	}
	return st, true
}
