package engine

import (
	"iter"
	"slices"
)

// staticChain finds chains of static implications (the links of the
// current pencil marks, nothing assumed removed) from a candidate back to
// its own negation, the way Sudoku Explainer's forcing chains do, and
// reports them as the alternating inference chain they are: if the chain
// runs "A is not a, so ..., so B is b" then A=a or B=b holds, and every
// candidate that sees both is false. The rules select the family:
// X-Chain (one digit, links in units), XY-Chain (bivalue cells) or AIC
// (both).
type staticChain struct {
	name  TechniqueID
	score float64
	rules chainRules
	// loops: when the chain's two ends cannot both be true, the chain
	// closes into a continuous nice loop, and every link of it eliminates.
	loops bool
	// groups lets the chain pass through grouped nodes: the two or three
	// places of a digit where a box and a line cross.
	groups bool
}

func (t staticChain) Name() TechniqueID { return t.name }
func (t staticChain) Score() float64    { return t.score }

// path returns the literals from the hypothesis to lit, following the one
// parent every literal of a static chain has.
func (p *chainProp) path(lit int) []int {
	var out []int
	var buf []int
	for {
		out = append(out, lit)
		if p.cause[lit] == causeAssumed {
			break
		}
		buf = p.parents(lit, buf[:0])
		if len(buf) == 0 {
			break
		}
		lit = buf[0]
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// weakLinked reports whether two distinct candidates cannot both be true:
// the same cell, or the same digit in cells that see each other.
func weakLinked(x, y Candidate) bool {
	if x == y {
		return false
	}
	return x.Cell == y.Cell || x.Digit == y.Digit && SeesCell(x.Cell, y.Cell)
}

// All lists the chain found from every candidate (HoDoKu's tests look
// for one particular instance).
func (t staticChain) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		p := newChainProp(b)
		p.rules = t.rules
		p.groups = t.groups
		p.ignoreConflicts = true
		for start := range p.selfRefuting(b) {
			if s, ok := t.step(b, p, p.path(start^1)); ok && !yield(s) {
				return
			}
		}
		// Then every chain by its two ends: from "A is not a" to each
		// "B is b" it reaches.
		p.stopAt = -1
		var starts []int
		for cell := 0; cell < NumCells; cell++ {
			for x := b.Cands[cell]; x != 0; x &= x - 1 {
				starts = append(starts, chainLit(chainCand(cell, x.First()), false))
			}
		}
		if t.groups {
			for gi := range chainGroups {
				for d := uint8(1); d <= 9; d++ {
					if p.groupValid(gi, d) {
						starts = append(starts, chainLit(chainGroupNode(gi, d), false))
					}
				}
			}
		}
		for _, start := range starts {
			p.run(start)
			ends := append([]int16(nil), p.derived...)
			for _, l := range ends {
				end := int(l)
				if !chainLitOn(end) || end>>1 <= start>>1 {
					continue
				}
				inner := p.path(end)
				s := Step{Technique: t.name, Score: chainScore(t.score, len(inner)+2)}
				t.chainShape(&s, p, inner)
				if s, ok := t.endStep(b, p, inner, s); ok && !yield(s) {
					return
				}
			}
		}
		if !t.loops {
			return
		}
		// Then HoDoKu's nice loops and AICs, each distinct result once
		// (chain_loops.go); the grouped chains may pass through ALSs.
		g := newLoopGraph(b, t.groups, t.groups)
		done := map[string]bool{}
		if g.endSteps(t, done, yield) {
			g.loopSteps(t, yield)
		}
	}
}

func (t staticChain) Find(b *Board) (Step, bool) {
	p := newChainProp(b)
	p.rules = t.rules
	p.groups = t.groups
	if t.groups {
		p.useALS()
	}
	p.ignoreConflicts = true
	// The shortest chain (the rating's length), then the one through the
	// fewest almost locked sets: of two chains as long, the one of plain
	// cells and crossings is the easier to follow.
	bestN, bestStart := [2]int{1 << 30}, -1
	for start := range p.selfRefuting(b) {
		path := p.path(start ^ 1)
		n := [2]int{len(path), 0}
		for _, l := range path {
			if chainIsALS(l >> 1) {
				n[1]++
			}
		}
		if n[0] < bestN[0] || n[0] == bestN[0] && n[1] < bestN[1] {
			bestN, bestStart = n, start
		}
	}
	if bestStart < 0 {
		return Step{}, false
	}
	p.stopAt = bestStart ^ 1
	p.run(bestStart)
	return t.step(b, p, p.path(bestStart^1))
}

// chainShape records the units of the chain's hidden-single links (the
// cells, candidates and links come with chainData, once the step has a
// result).
func (t staticChain) chainShape(s *Step, p *chainProp, inner []int) {
	for _, l := range inner {
		if p.cause[l] == causeHidden && !containsInt(s.Units, int(p.par[l])) {
			s.Units = append(s.Units, int(p.par[l]))
		}
	}
}

// propNodes turns the literals of a static chain into chain nodes.
func (p *chainProp) propNodes(lits []int) []chainNode {
	out := make([]chainNode, len(lits))
	for i, l := range lits {
		cands := p.nodeCands(l >> 1)
		n := chainNode{d: cands[0].Digit, on: chainLitOn(l)}
		switch {
		case chainIsALS(l >> 1):
			a, _ := p.als.alsOf(l >> 1)
			n.kind, n.als, n.alsUnit = lgALSIn, a.cells.cells(nil), a.unit
			if n.on {
				n.kind = lgALSOut
			}
		case chainIsGroup(l >> 1):
			n.kind = lgGroup
		}
		for _, c := range cands {
			n.cells = append(n.cells, c.Cell)
		}
		out[i] = n
	}
	return out
}

// step turns the chain V, A, ..., B, not-V into a step.
func (t staticChain) step(b *Board, p *chainProp, path []int) (Step, bool) {
	s := Step{Technique: t.name, Score: chainScore(t.score, len(path))}
	inner := path[1 : len(path)-1]
	t.chainShape(&s, p, inner)
	v := chainCandOf(path[0])
	if !chainLitOn(path[0]) {
		// not-V leads to V: V is true, and (as SE and HoDoKu put it) the
		// cell's other candidates go.
		for x := b.Cands[v.Cell].Without(v.Digit); x != 0; x &= x - 1 {
			s.Eliminations = append(s.Eliminations, Candidate{Cell: v.Cell, Digit: x.First()})
		}
		if len(s.Eliminations) == 0 {
			s.Placements = []Candidate{v}
		}
		s.Variant = VariantDiscontinuous
		chainData(b, &s, p.propNodes(path), false)
		return s, true
	}
	if len(inner) >= 2 && slices.Equal(p.nodeCands(inner[0]>>1), p.nodeCands(inner[len(inner)-1]>>1)) {
		// V leads to "d nowhere in these places" and on to "d in one of
		// them" (two sets with the same places of d): read as an AIC, its
		// two ends would be one and the same. Read it from V instead: V
		// refutes itself, a discontinuous loop at V's cell.
		s.Eliminations = []Candidate{v}
		s.Variant = VariantDiscontinuous
		chainData(b, &s, p.propNodes(path), false)
		return s, true
	}
	return t.endStep(b, p, inner, s)
}

// endStep finishes the step of the chain inner, which runs from "A is
// not a" to "B is b": A=a or B=b, so every candidate that sees both goes
// (or, for a loop, every candidate that sees both ends of any link).
func (t staticChain) endStep(b *Board, p *chainProp, inner []int, s Step) (Step, bool) {
	// The chain's nodes, each as the candidates it stands for (a group
	// node stands for several).
	nodes := make([][]Candidate, len(inner))
	for i, l := range inner {
		nodes[i] = p.nodeCands(l >> 1)
	}
	first, last := nodes[0], nodes[len(nodes)-1]
	// Either every link holds both ways (a loop) or only the two ends
	// matter.
	loop := t.loops && len(nodes) >= 4 && p.nodesWeak(last, first)
	var pairs [][2][]Candidate
	if loop {
		for i := range nodes {
			pairs = append(pairs, [2][]Candidate{nodes[i], nodes[(i+1)%len(nodes)]})
		}
	} else {
		pairs = [][2][]Candidate{{first, last}}
	}
	// A loop's nodes stay; a chain's inner nodes may go too, when they
	// see both ends (the ends are true or false as a pair, whatever the
	// chain went through).
	keep := map[Candidate]bool{}
	for i, n := range nodes {
		if loop || i == 0 || i == len(nodes)-1 {
			for _, c := range n {
				keep[c] = true
			}
		}
	}
	seen := map[Candidate]bool{}
	for _, pr := range pairs {
		for cell := 0; cell < NumCells; cell++ {
			for x := b.Cands[cell]; x != 0; x &= x - 1 {
				c := Candidate{Cell: cell, Digit: x.First()}
				if !keep[c] && !seen[c] && p.nodesWeak([]Candidate{c}, pr[0]) && p.nodesWeak([]Candidate{c}, pr[1]) {
					seen[c] = true
					s.Eliminations = append(s.Eliminations, c)
				}
			}
		}
	}
	if loop {
		s.Eliminations = p.loopLocked(b, inner, keep, seen, s.Eliminations)
	}
	if len(s.Eliminations) == 0 {
		return Step{}, false
	}
	sortCands(s.Eliminations)
	s.Variant = VariantAIC
	if loop {
		s.Variant = VariantContinuous
	}
	chainData(b, &s, p.propNodes(inner), loop)
	return s, true
}

// loopLocked appends what a continuous loop's almost locked sets lock: a
// loop that enters a set by d and leaves it by z makes exactly one of d
// and z missing from it, so its other digits are all in it, and a cell
// outside it that sees every place of one of them cannot hold it (as
// HoDoKu's loops take out, chain_loops.go; the level-3 text says so).
func (p *chainProp) loopLocked(b *Board, inner []int, keep, seen map[Candidate]bool, out []Candidate) []Candidate {
	if p.als == nil {
		return out
	}
	for i, in := range inner {
		exit := inner[(i+1)%len(inner)]
		if !chainIsALS(in>>1) || !chainIsALS(exit>>1) || chainLitOn(in) || !chainLitOn(exit) {
			continue
		}
		ki, ko := in>>1-chainNumNodes, exit>>1-chainNumNodes
		if p.als.set[ki] != p.als.set[ko] {
			continue
		}
		a := &p.als.sets[p.als.set[ki]]
		for ds := a.digits.Without(p.als.dig[ki]).Without(p.als.dig[ko]); ds != 0; ds &= ds - 1 {
			w := ds.First()
			cells := a.seen[w].andNot(a.cells).and(p.als.places[w])
			for c := cells.first(); c >= 0; c = cells.first() {
				cells = cells.andNot(cellBit(c))
				if x := (Candidate{Cell: c, Digit: w}); !keep[x] && !seen[x] && b.Cands[c].Has(w) {
					seen[x] = true
					out = append(out, x)
				}
			}
		}
	}
	return out
}

func containsInt(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// The variants of the chain techniques (Step.Variant).
const (
	// VariantAIC: a chain with two ends, one of which is true.
	VariantAIC = "aic"
	// VariantDiscontinuous: a chain that starts and ends in one cell
	// (a discontinuous nice loop): its start's hypothesis refutes itself,
	// or both ends rule out the same candidate.
	VariantDiscontinuous = "discontinuous"
	// VariantContinuous: a chain whose end links back to its start (a
	// continuous nice loop), so that every link holds both ways.
	VariantContinuous = "continuous"
)

// An ALS-XZ whose sets share two restricted common digits has the variant
// VariantDouble (forcing.go).

// The groups of a chain's candidates in Step.Pattern (PatternCell.Group
// of RoleOn and RoleOff entries): the chain's first node, its last node
// and the nodes between. An ALS's cells (RoleALS) are grouped by the
// ALS's order along the chain instead.
const (
	ChainStart = 0
	ChainEnd   = 1
	ChainInner = 2
)

// chainNode is one node of a chain, as the step's data shows it: a
// candidate, a grouped node or an ALS's places of a digit, on (true) or
// off (false) in the reading from the chain's start.
type chainNode struct {
	cells []int
	d     uint8
	on    bool
	kind  uint8 // lgCand, lgGroup, lgALSIn, lgALSOut
	// als and alsUnit are the set's cells and unit, for ALS nodes.
	als     []int
	alsUnit int
}

// chainData fills the structured data of a chain step from its nodes, in
// reading order: the links (strong into an "on" node, weak into an "off"
// one; closed adds the link from the last node back to the first), the
// pattern (each node's candidates on or off, the ALSs' cells, the
// result), the houses (for each strong link between places of one digit,
// in order, the unit they are the only places in; each ALS's unit) and
// the digits. Cells and Proof follow the nodes too.
func chainData(b *Board, s *Step, nodes []chainNode, closed bool) {
	s.Links, s.Pattern, s.Houses, s.Cells, s.Proof = nil, nil, nil, nil, nil
	var alsSeen [][]int
	for i, n := range nodes {
		grp := ChainInner
		switch {
		case i == 0:
			grp = ChainStart
		case i == len(nodes)-1:
			grp = ChainEnd
		}
		role := RoleOff
		if n.on {
			role = RoleOn
		}
		s.Digits = s.Digits.With(n.d)
		for _, c := range n.cells {
			s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: DigitSet(n.d), Role: role, Group: grp})
			s.Proof = append(s.Proof, Candidate{Cell: c, Digit: n.d})
			if !containsInt(s.Cells, c) {
				s.Cells = append(s.Cells, c)
			}
		}
		if n.kind >= lgALSIn {
			known := false
			for _, a := range alsSeen {
				known = known || slicesEqual(a, n.als)
			}
			if !known {
				for _, c := range n.als {
					s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: b.Cands[c], Role: RoleALS, Group: len(alsSeen)})
					if !containsInt(s.Cells, c) {
						s.Cells = append(s.Cells, c)
					}
				}
				alsSeen = append(alsSeen, n.als)
			}
		}
		if i > 0 {
			s.Links = append(s.Links, chainLink(b, s, nodes[i-1], n))
		}
	}
	if closed && len(nodes) > 1 {
		s.Links = append(s.Links, chainLink(b, s, nodes[len(nodes)-1], nodes[0]))
	}
	for _, e := range s.Eliminations {
		s.Pattern = append(s.Pattern, PatternCell{Cell: e.Cell, Digits: DigitSet(e.Digit), Role: RoleEliminated})
	}
	for _, pl := range s.Placements {
		s.Pattern = append(s.Pattern, PatternCell{Cell: pl.Cell, Digits: DigitSet(pl.Digit), Role: RolePlaced})
	}
}

// chainLink is the link from node a to node n, recording the unit of a
// strong link between places of one digit in s.Houses.
func chainLink(b *Board, s *Step, a, n chainNode) Link {
	l := Link{From: Candidate{Cell: a.cells[0], Digit: a.d}, To: Candidate{Cell: n.cells[0], Digit: n.d}, Strong: n.on}
	if a.kind != lgCand && len(a.cells) > 1 {
		l.FromGroup = append([]int(nil), a.cells...)
	}
	if n.kind != lgCand && len(n.cells) > 1 {
		l.ToGroup = append([]int(nil), n.cells...)
	}
	switch {
	case l.Strong && a.kind == lgALSIn:
		l.ALS = append([]int(nil), a.als...)
		if !slicesHasHouse(s.Houses, a.alsUnit, RoleALS) {
			s.Houses = append(s.Houses, House{Unit: a.alsUnit, Role: RoleALS})
		}
	case l.Strong && a.d == n.d:
		s.Houses = append(s.Houses, House{Unit: conjugateUnit(b, append(append([]int(nil), a.cells...), n.cells...), a.d), Role: RoleUnit})
	}
	return l
}

// conjugateUnit returns the unit whose places of d are exactly cells (a
// strong link), the row or column before the box; failing that, a unit
// holding them all.
func conjugateUnit(b *Board, cells []int, d uint8) int {
	fallback := -1
	for k := 0; k < 3; k++ {
		u := CellUnits[cells[0]][k]
		all := true
		for _, c := range cells[1:] {
			all = all && CellUnits[c][k] == u
		}
		if !all {
			continue
		}
		if fallback < 0 {
			fallback = u
		}
		places := 0
		for _, c := range UnitCells[u] {
			if b.Grid[c] == 0 && b.Cands[c].Has(d) {
				if !containsInt(cells, c) {
					places = -1
					break
				}
				places++
			}
		}
		if places == len(cells) {
			return u
		}
	}
	return fallback
}

func slicesHasHouse(hs []House, u int, r Role) bool {
	for _, h := range hs {
		if h.Unit == u && h.Role == r {
			return true
		}
	}
	return false
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// selfRefuting yields, for every candidate of b on and off, each literal
// whose propagation reaches its own negation, with p still holding that
// propagation: the starts of discontinuous nice loops.
func (p *chainProp) selfRefuting(b *Board) iter.Seq[int] {
	return func(yield func(int) bool) {
		for cell := 0; cell < NumCells; cell++ {
			for x := b.Cands[cell]; x != 0; x &= x - 1 {
				ci := chainCand(cell, x.First())
				for _, on := range [2]bool{true, false} {
					start := chainLit(ci, on)
					p.stopAt = start ^ 1
					p.run(start)
					if p.hit && !yield(start) {
						return
					}
				}
			}
		}
	}
}
