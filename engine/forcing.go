package engine

import (
	"math/bits"
	"sync"
)

// forcingChains is Sudoku Explainer's family of multiple and dynamic
// forcing chains. Every candidate is assumed true (and, for dynamic chains,
// false) and the consequences are propagated; a conclusion follows when
//   - an assumption leads to a contradiction (some candidate both true
//     and false): the assumption is wrong;
//   - both states of a candidate lead to the same literal (double);
//   - every candidate of a cell leads to the same literal (cell forcing);
//   - every place of a digit in a unit leads to the same literal (region
//     forcing).
//
// Static chains use the links of the current pencil marks; dynamic chains
// also remove every candidate turned off, so that singles appear as the
// chain goes (forcing nets). Level 1 adds locked candidates, naked and
// hidden pairs and X-Wings inside the chain (SE's "Dynamic Forcing Chains
// (+)").
type forcingChains struct {
	name          TechniqueID
	score         float64
	rules         chainRules
	dynamic       bool
	level         int
	contradiction bool // assumptions that lead to a contradiction
	double        bool // both states of a candidate agree
	multiple      bool // cell and region forcing
	minBranches   int  // cells/regions with fewer branches are left to simpler chains
}

func (t forcingChains) Name() TechniqueID { return t.name }
func (t forcingChains) Score() float64    { return t.score }

const (
	fcContradiction = iota
	fcDouble
	fcCell
	fcRegion
)

// fcHint is a conclusion before its proof is written out.
type fcHint struct {
	kind   int
	target int   // the literal concluded
	starts []int // the hypotheses of the branches
	cell   int   // fcCell: the cell
	unit   int   // fcRegion: the unit
	digit  uint8 // fcRegion: the digit
	proxy  int   // a cheap estimate of the proof's size
}

// fcScratch holds the per-start results of one search; it is pooled so a
// search does not allocate megabytes each time.
type fcScratch struct {
	slot   [chainNumLits]int32
	sets   []chainSet // per slot: on set, off set
	depth  []uint8    // per slot: 1 + depth of every literal derived (0 = not)
	failed []bool
}

var fcPool = sync.Pool{New: func() any { return new(fcScratch) }}

func (t forcingChains) newProp(b *Board) *chainProp {
	p := newChainProp(b)
	p.rules = t.rules
	p.dynamic = t.dynamic
	p.level = t.level
	p.ignoreConflicts = !t.dynamic
	return p
}

func (t forcingChains) Find(b *Board) (Step, bool) {
	p := t.newProp(b)
	sc := fcPool.Get().(*fcScratch)
	defer fcPool.Put(sc)
	hints := t.propagate(p, sc, t.starts(b))
	if t.double {
		hints = t.doubleHints(b, sc, hints)
	}
	if t.multiple {
		hints = t.multipleHints(b, p, sc, hints)
	}
	if len(hints) == 0 {
		return Step{}, false
	}
	return t.best(b, p, hints)
}

// starts lists the hypotheses: every candidate on, and for dynamic chains
// that look for contradictions or double forcing also off.
func (t forcingChains) starts(b *Board) []int {
	var starts []int
	for cell := 0; cell < NumCells; cell++ {
		for x := b.Cands[cell]; x != 0; x &= x - 1 {
			ci := chainCand(cell, x.First())
			starts = append(starts, chainLit(ci, true))
			if t.dynamic && (t.contradiction || t.double) {
				starts = append(starts, chainLit(ci, false))
			}
		}
	}
	return starts
}

// propagate runs every start, keeps its on and off sets and the depth of
// each literal derived in sc, and returns the contradictions found.
func (t forcingChains) propagate(p *chainProp, sc *fcScratch, starts []int) []fcHint {
	nslots := len(starts)
	if cap(sc.sets) < 2*nslots {
		sc.sets = make([]chainSet, 2*nslots)
		sc.depth = make([]uint8, nslots*chainNumLits)
		sc.failed = make([]bool, nslots)
	}
	sc.sets = sc.sets[:2*nslots]
	sc.depth = sc.depth[:nslots*chainNumLits]
	sc.failed = sc.failed[:nslots]
	for i := range sc.slot {
		sc.slot[i] = -1
	}
	var hints []fcHint
	for i, st := range starts {
		sc.slot[st] = int32(i)
		ok := p.run(st)
		sc.sets[2*i], sc.sets[2*i+1] = p.on, p.off
		sc.failed[i] = !ok
		dep := sc.depth[i*chainNumLits : (i+1)*chainNumLits]
		clear(dep)
		for _, l := range p.derived {
			d := p.depth[l] + 1
			if d > 255 {
				d = 255
			}
			dep[l] = uint8(d)
		}
		if !ok && t.contradiction && p.failed {
			hints = append(hints, fcHint{kind: fcContradiction, target: st ^ 1, starts: []int{st},
				proxy: int(p.depth[p.conflict[0]]) + int(p.depth[p.conflict[1]])})
		}
	}
	return hints
}

// depthOf is 1 + the depth at which start derived lit (0: it did not).
func (sc *fcScratch) depthOf(start, lit int) int {
	return int(sc.depth[int(sc.slot[start])*chainNumLits+lit])
}

// common appends to hints the conclusions common to every branch that
// still make progress on b.
func (sc *fcScratch) common(b *Board, hints []fcHint, kind int, branch []int, cell, unit int, digit uint8) []fcHint {
	var on, off chainSet
	for i, st := range branch {
		s := int(sc.slot[st])
		if i == 0 {
			on, off = sc.sets[2*s], sc.sets[2*s+1]
		} else {
			on.and(&sc.sets[2*s])
			off.and(&sc.sets[2*s+1])
		}
	}
	add := func(lit int) {
		if !b.Cands[chainLitCell(lit)].Has(chainLitDigit(lit)) {
			return // not useful
		}
		for _, st := range branch {
			if lit == st {
				return // a hypothesis is not a conclusion
			}
		}
		h := fcHint{kind: kind, target: lit, starts: branch, cell: cell, unit: unit, digit: digit}
		for _, st := range branch {
			h.proxy += sc.depthOf(st, lit)
		}
		hints = append(hints, h)
	}
	on.forEach(func(ci int) { add(chainLit(ci, true)) })
	off.forEach(func(ci int) { add(chainLit(ci, false)) })
	return hints
}

// doubleHints appends what both states of a candidate agree on.
func (t forcingChains) doubleHints(b *Board, sc *fcScratch, hints []fcHint) []fcHint {
	for cell := 0; cell < NumCells; cell++ {
		if b.Cands[cell].Count() < 3 {
			continue // a bivalue cell's two states are its cell forcing
		}
		for x := b.Cands[cell]; x != 0; x &= x - 1 {
			ci := chainCand(cell, x.First())
			on, off := chainLit(ci, true), chainLit(ci, false)
			if sc.failed[sc.slot[on]] || sc.failed[sc.slot[off]] {
				continue
			}
			hints = sc.common(b, hints, fcDouble, []int{on, off}, cell, -1, 0)
		}
	}
	return hints
}

// multipleHints appends what every candidate of a cell (cell forcing) or
// every place of a digit in a unit (region forcing) agrees on.
func (t forcingChains) multipleHints(b *Board, p *chainProp, sc *fcScratch, hints []fcHint) []fcHint {
	for cell := 0; cell < NumCells; cell++ {
		n := b.Cands[cell].Count()
		if n < t.minBranches {
			continue
		}
		var branch []int
		for x := b.Cands[cell]; x != 0; x &= x - 1 {
			branch = append(branch, chainLit(chainCand(cell, x.First()), true))
		}
		hints = sc.common(b, hints, fcCell, branch, cell, -1, 0)
	}
	for u := 0; u < NumUnits; u++ {
		for d := uint8(1); d <= 9; d++ {
			if bits.OnesCount16(p.origPos[u][d]) < t.minBranches {
				continue
			}
			var branch []int
			for _, c := range UnitCells[u] {
				if b.Cands[c].Has(d) {
					branch = append(branch, chainLit(chainCand(c, d), true))
				}
			}
			hints = sc.common(b, hints, fcRegion, branch, -1, u, d)
		}
	}
	return hints
}

// best writes out the step of the best hint: the few cheapest by estimate
// get their exact size; the smallest proof wins, then the first found.
func (t forcingChains) best(b *Board, p *chainProp, hints []fcHint) (Step, bool) {
	order := make([]int, len(hints))
	for i := range order {
		order[i] = i
	}
	sortInts(order, func(a, c int) bool { return hints[a].proxy < hints[c].proxy })
	if len(order) > 6 {
		order = order[:6]
	}
	bestI, bestN := -1, 1<<30
	for _, i := range order {
		if n := t.complexity(p, hints[i]); n < bestN {
			bestI, bestN = i, n
		}
	}
	return t.step(b, p, hints[bestI], bestN), true
}

// complexity counts the literals of every branch's proof, as SE's hints
// count their ancestors.
func (t forcingChains) complexity(p *chainProp, h fcHint) int {
	n := 0
	for _, st := range h.starts {
		p.run(st)
		if h.kind == fcContradiction {
			n += len(p.ancestors(p.conflict[0])) + len(p.ancestors(p.conflict[1]))
		} else {
			n += len(p.ancestors(h.target))
		}
	}
	return n
}

// The variants of a forcing chain step (Step.Variant).
const (
	// VariantContradiction: one assumption leads to a contradiction.
	VariantContradiction = "contradiction"
	// VariantDouble: a candidate true and false lead to the same literal.
	VariantDouble = "double"
	// VariantCell: every candidate of a cell leads to the same literal.
	VariantCell = "cell"
	// VariantRegion: every place of a digit in a unit leads to the same
	// literal.
	VariantRegion = "region"
	// VariantNested: an assumption refuted by a proof by cases.
	VariantNested = "nested"
)

func (t forcingChains) step(b *Board, p *chainProp, h fcHint, complexity int) Step {
	s := Step{Technique: t.name, Score: chainScore(t.score, complexity)}
	tc := chainCandOf(h.target)
	if chainLitOn(h.target) {
		s.Placements = []Candidate{tc}
	} else {
		s.Eliminations = []Candidate{tc}
	}
	switch h.kind {
	case fcContradiction:
		st := h.starts[0]
		p.run(st)
		on, off := p.conflict[0], p.conflict[1]
		br := p.branch(st, on, off)
		br.Contradiction = &Contradiction{Kind: ContradictionBoth, Cell: chainLitCell(on), Unit: -1, Digit: chainLitDigit(on)}
		s.Branches = []Branch{br}
		s.Variant = VariantContradiction
		s.Digits = DigitSet(chainLitDigit(st))
		p.chainProofOf(&s, on, off)
	case fcDouble:
		s.Variant = VariantDouble
		s.Digits = DigitSet(chainLitDigit(h.starts[0]))
		t.branches(&s, p, h)
	case fcCell:
		s.Variant = VariantCell
		s.Digits = b.Cands[h.cell]
		t.branches(&s, p, h)
	case fcRegion:
		s.Variant = VariantRegion
		s.Digits = DigitSet(h.digit)
		s.Houses = []House{{Unit: h.unit, Role: RoleAssumption}}
		s.Units = append(s.Units, h.unit)
		t.branches(&s, p, h)
	}
	forcingPattern(&s, b)
	return s
}

// branches writes each branch's proof of the target and merges the
// branches that read the same.
func (t forcingChains) branches(s *Step, p *chainProp, h fcHint) {
	for _, st := range h.starts {
		p.run(st)
		s.Branches = append(s.Branches, p.branch(st, h.target))
		p.chainProofOf(s, h.target)
	}
	s.Branches = mergeBranches(s.Branches)
}

// forcingPattern fills what a forcing chain step shows beside its
// branches: the assumptions (RoleAssumption, Group the branch), the
// literals each branch derives (RoleOn, RoleOff, Group the branch; nested
// cases take the next groups in order), the links of the position among
// them, and the result. A contradiction refutes its own assumption, so the
// assumption's digit is left to the result entry. Houses default to the box
// of the first assumption, where a player starts.
func forcingPattern(s *Step, b *Board) {
	refuted := s.Variant == VariantContradiction || s.Variant == VariantNested
	group := 0
	var walk func(brs []Branch, top bool)
	walk = func(brs []Branch, top bool) {
		for _, br := range brs {
			g := group
			group++
			for _, a := range append([]Lit{br.Assume}, br.Also...) {
				pc := PatternCell{Cell: a.Cell, Digits: DigitSet(a.Digit), Role: RoleAssumption, Group: g}
				if top && refuted {
					pc.Digits = 0
				}
				s.Pattern = append(s.Pattern, pc)
			}
			var on, off [NumCells]Digits
			var order []int
			for _, im := range br.Steps {
				c := im.Lit.Cell
				if on[c] == 0 && off[c] == 0 {
					order = append(order, c)
				}
				if im.Lit.On {
					on[c] |= DigitSet(im.Lit.Digit)
				} else {
					off[c] |= DigitSet(im.Lit.Digit)
				}
			}
			for _, c := range order {
				if on[c] != 0 {
					s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: on[c], Role: RoleOn, Group: g})
				}
				if off[c] != 0 {
					s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: off[c], Role: RoleOff, Group: g})
				}
			}
			walk(br.Sub, false)
		}
	}
	walk(s.Branches, true)
	for _, c := range s.Placements {
		s.Pattern = append(s.Pattern, PatternCell{Cell: c.Cell, Digits: DigitSet(c.Digit), Role: RolePlaced})
	}
	for _, c := range s.Eliminations {
		s.Pattern = append(s.Pattern, PatternCell{Cell: c.Cell, Digits: DigitSet(c.Digit), Role: RoleEliminated})
	}
	if len(s.Houses) == 0 && len(s.Branches) > 0 {
		s.Houses = []House{{Unit: CellUnits[s.Branches[0].Assume.Cell][2], Role: RoleAssumption}}
	}
	if len(s.Units) == 0 {
		s.Units = []int{s.Houses[0].Unit}
	}
	s.Links = branchLinks(b, s.Branches)
}

// mergeBranches merges branches that read the same: the same implications
// for the same reasons, each from the same literals or from its own
// branch's assumption ("if r1c1 or r1c2 is 4, r1c7 is not 4").
func mergeBranches(brs []Branch) []Branch {
	out := brs[:0]
next:
	for _, br := range brs {
		for i := range out {
			if sameBranch(&out[i], &br) {
				out[i].Also = append(out[i].Also, br.Assume)
				continue next
			}
		}
		out = append(out, br)
	}
	return out
}

func sameLit(a, b Lit) bool {
	return a.Cell == b.Cell && a.Digit == b.Digit && a.On == b.On && len(a.Group) == 0 && len(b.Group) == 0
}

func sameBranch(a, b *Branch) bool {
	if len(a.Steps) != len(b.Steps) || a.Contradiction != nil || b.Contradiction != nil || len(a.Sub) > 0 || len(b.Sub) > 0 {
		return false
	}
	for k := range a.Steps {
		x, y := &a.Steps[k], &b.Steps[k]
		if !sameLit(x.Lit, y.Lit) || x.Reason != y.Reason || x.Unit != y.Unit || x.Technique != y.Technique || len(x.From) != len(y.From) {
			return false
		}
		for i := range x.From {
			if !sameLit(x.From[i], y.From[i]) && !(sameLit(x.From[i], a.Assume) && sameLit(y.From[i], b.Assume)) {
				return false
			}
		}
		if x.Reason == ReasonPattern {
			return false // a pattern's cells and units differ in ways not worth comparing
		}
	}
	return true
}
