package engine

// nestedForcing is the last resort, so that every valid puzzle is solved by
// logic a player can check: a proof by cases. A candidate is assumed and
// its consequences propagated (singles, locked candidates, pairs and
// X-Wings, as in dynamic forcing chains (+)); if that does not end in a
// contradiction, a cell with few candidates is split into its cases and
// each case is propagated in turn, nested as deep as needed, until every
// case ends in a contradiction. The assumption is then false. This is what
// SE's nested forcing chains do, with the nesting spelled out case by case.
//
// Which candidate to refute is a search decision only: when the position's
// solution is known, candidates that are not in it are tried first (they
// are the ones that can be refuted), bivalue cells first; the proof itself
// never uses the solution.
type nestedForcing struct{}

func (nestedForcing) Name() TechniqueID { return chainNameNested }
func (nestedForcing) Score() float64    { return scoreNestedForcingChain }

const (
	nestedMaxDepth   = 4 // case splits inside one another
	nestedSplitCells = 3 // cells tried for a split at each level
	nestedMaxTries   = 4000
)

// nestNode is one assumption of the proof and what refutes it: a
// contradiction, or a split of a cell whose every case is refuted.
type nestNode struct {
	board    Board
	prop     *chainProp
	assume   int
	split    int // the cell split into cases; -1 for a contradiction
	children []*nestNode
	lits     []int // cached proofLits
}

// nestSearch searches for a proof; it recycles the propagations of the
// assumptions that led nowhere.
type nestSearch struct {
	tries int
	free  []*chainProp
}

func (s *nestSearch) prove(b *Board, assume, depth int) *nestNode {
	s.tries++
	n := &nestNode{board: *b, assume: assume, split: -1}
	var p *chainProp
	if k := len(s.free); k > 0 {
		p = s.free[k-1]
		s.free = s.free[:k-1]
		p.rebase(&n.board)
	} else {
		p = newChainProp(&n.board)
		p.rules, p.dynamic, p.level = rulesAll, true, 1
	}
	n.prop = p
	if !p.run(assume) && p.failed {
		return n
	}
	if depth == 0 || s.tries > nestedMaxTries {
		s.free = append(s.free, p)
		return nil
	}
	child := Board{Grid: b.Grid, Cands: p.work, placed: b.placed}
	for _, cell := range splitCells(&child, nestedSplitCells) {
		var kids []*nestNode
		for x := child.Cands[cell]; x != 0; x &= x - 1 {
			k := s.prove(&child, chainLit(chainCand(cell, x.First()), true), depth-1)
			if k == nil {
				kids = nil
				break
			}
			kids = append(kids, k)
		}
		if kids != nil {
			n.split, n.children = cell, kids
			return n
		}
	}
	s.free = append(s.free, p)
	return nil
}

// splitCells returns up to n cells with the fewest candidates (two or
// more), in cell order among equals.
func splitCells(b *Board, n int) []int {
	var out []int
	for k := 2; k <= 9 && len(out) < n; k++ {
		for c := 0; c < NumCells && len(out) < n; c++ {
			if b.Cands[c].Count() == k {
				out = append(out, c)
			}
		}
	}
	return out
}

// proofLits returns the literals of this node's propagation that its proof
// uses, each after those it follows from.
func (n *nestNode) proofLits() []int {
	if n.lits != nil {
		return n.lits
	}
	p := n.prop
	if n.split < 0 {
		n.lits = p.proofOrder(p.conflict[0], p.conflict[1])
		return n.lits
	}
	need := []int{n.assume}
	need = append(need, n.missing(n.split, 0, nil)...)
	for _, k := range n.children {
		for _, l := range k.proofLits() {
			cell, d := chainLitCell(l), chainLitDigit(l)
			switch k.prop.cause[l] {
			case causeNaked:
				need = append(need, n.missing(cell, 0, &k.board)...)
			case causeHidden:
				for _, o := range UnitCells[k.prop.par[l]] {
					need = append(need, n.missing(o, d, &k.board)...)
				}
			}
		}
	}
	n.lits = p.proofOrder(need...)
	return n.lits
}

// missing lists the literals "cell is not d" this node derived for the
// candidates of cell (all digits when d is 0) that child lacks (or that
// this node's propagation removed, when child is nil).
func (n *nestNode) missing(cell int, d uint8, child *Board) []int {
	var out []int
	have := n.prop.work[cell]
	if child != nil {
		have = child.Cands[cell]
	}
	for x := n.board.Cands[cell] &^ have; x != 0; x &= x - 1 {
		e := x.First()
		if d != 0 && e != d {
			continue
		}
		if l := chainLit(chainCand(cell, e), false); n.prop.known(l) {
			out = append(out, l)
		}
	}
	return out
}

// size counts the literals of the whole proof (SE's complexity).
func (n *nestNode) size() int {
	t := len(n.proofLits())
	for _, k := range n.children {
		t += k.size()
	}
	return t
}

// depth counts the case splits inside one another.
func (n *nestNode) depth() int {
	m := 0
	for _, k := range n.children {
		m = max(m, k.depth()+1)
	}
	return m
}

// branch is the node's proof as a branch: the implications it uses, then
// its contradiction or its cases.
func (n *nestNode) branch() Branch {
	p := n.prop
	br := Branch{Assume: chainLitOf(n.assume)}
	for _, l := range n.proofLits() {
		if p.cause[l] != causeAssumed {
			br.Steps = append(br.Steps, p.implication(l))
		}
	}
	if n.split < 0 {
		on := p.conflict[0]
		br.Contradiction = &Contradiction{Kind: ContradictionBoth, Cell: chainLitCell(on), Unit: -1, Digit: chainLitDigit(on)}
		return br
	}
	for _, k := range n.children {
		br.Sub = append(br.Sub, k.branch())
	}
	return br
}

func (t nestedForcing) Find(b *Board) (Step, bool) {
	order := nestedOrder(b)
	for depth := 0; depth <= nestedMaxDepth; depth++ {
		s := &nestSearch{}
		for _, ci := range order {
			s.tries = 0
			n := s.prove(b, chainLit(ci, true), depth)
			if n == nil {
				continue
			}
			return t.step(n), true
		}
	}
	return Step{}, false
}

// nestedOrder lists the candidates to try to refute: those not in the
// solution first (when the position has a unique solution), fewest
// candidates in the cell first.
func nestedOrder(b *Board) []int {
	sol, err := Solve(b.Grid)
	known := err == nil
	var first, rest []int
	for k := 2; k <= 9; k++ {
		for c := 0; c < NumCells; c++ {
			if b.Cands[c].Count() != k {
				continue
			}
			for x := b.Cands[c]; x != 0; x &= x - 1 {
				d := x.First()
				if known && sol[c] == d {
					rest = append(rest, chainCand(c, d))
				} else {
					first = append(first, chainCand(c, d))
				}
			}
		}
	}
	if known {
		return first // the solution's digits cannot be refuted
	}
	return append(first, rest...)
}

func (t nestedForcing) step(n *nestNode) Step {
	target := n.assume ^ 1
	tc := chainCandOf(target)
	d := n.depth()
	s := Step{
		Technique:    chainNameNested,
		Score:        chainScore(scoreNestedForcingChain+0.5*float64(max(d-1, 0)), n.size()),
		Eliminations: []Candidate{tc},
	}
	s.Variant = VariantNested
	s.Digits = DigitSet(tc.Digit)
	s.Branches = []Branch{n.branch()}
	var walk func(m *nestNode)
	walk = func(m *nestNode) {
		lits := m.proofLits()
		m.prop.chainProofOf(&s, lits...)
		for _, k := range m.children {
			walk(k)
		}
	}
	walk(n)
	forcingPattern(&s, &n.board)
	return s
}
