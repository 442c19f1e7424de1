package engine

import "math/bits"

// The chain engine works on literals: a candidate (cell, digit) that is
// either "on" (the cell holds the digit) or "off" (it does not). Candidate
// ci = cell*9 + digit-1 (0..728); literal = ci<<1 | on.
const (
	chainNumCands = NumCells * 9
	chainNumLits  = chainNumNodes * 2 // candidates and group nodes (chain_group.go)
)

func chainCand(cell int, d uint8) int { return cell*9 + int(d) - 1 }
func chainLit(ci int, on bool) int {
	if on {
		return ci<<1 | 1
	}
	return ci << 1
}
func chainLitCell(lit int) int    { return lit >> 1 / 9 }
func chainLitDigit(lit int) uint8 { return uint8(lit>>1%9) + 1 }
func chainLitOn(lit int) bool     { return lit&1 == 1 }

// chainSet is a set of the 729 candidates.
type chainSet [12]uint64

func (s *chainSet) add(ci int) { s[ci>>6] |= 1 << (ci & 63) }
func (s *chainSet) and(o *chainSet) {
	for i := range s {
		s[i] &= o[i]
	}
}

// forEach calls f for every candidate in the set, in increasing order.
func (s *chainSet) forEach(f func(ci int)) {
	for i, w := range s {
		for w != 0 {
			f(i<<6 | bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
}

// chainCellIndex gives the place (0-8) of each cell in its row, column
// and box, as CellUnits lists them. It is computed from coordinates, so it
// does not depend on the order of the package's init functions.
var chainCellIndex = func() (t [NumCells][3]uint8) {
	for c := 0; c < NumCells; c++ {
		t[c] = [3]uint8{uint8(ColOf(c)), uint8(RowOf(c)), uint8(RowOf(c)%3*3 + ColOf(c)%3)}
	}
	return t
}()

// chainRules selects which implications the propagation may use.
type chainRules uint8

const (
	// ruleOnCell: a digit placed turns off the other digits of its cell.
	ruleOnCell chainRules = 1 << iota
	// ruleOnPeer: a digit placed turns off that digit in its peers.
	ruleOnPeer
	// ruleOffCell: the last candidate of a cell turns on (naked single).
	ruleOffCell
	// ruleOffUnit: the last place for a digit in a unit turns on (hidden
	// single).
	ruleOffUnit

	rulesX   = ruleOnPeer | ruleOffUnit
	rulesXY  = ruleOnPeer | ruleOffCell
	rulesAll = ruleOnCell | ruleOnPeer | ruleOffCell | ruleOffUnit
)

// Why a literal was derived.
const (
	causeAssumed  uint8 = iota // the hypothesis
	causeCellOn                // another digit of the cell is on
	causePeerOn                // the same digit is on in a peer
	causeNaked                 // the last candidate left in the cell
	causeHidden                // the last place left in a unit (par = unit)
	causeAdvanced              // an advanced rule (par indexes chainProp.adv)
	causeALS                   // an almost locked set lost another digit
)

// chainProp propagates the consequences of assumptions. It is reused
// across propagations (gen stamps avoid clearing the arrays), so that the
// inner loops never allocate.
type chainProp struct {
	b       *Board
	rules   chainRules
	dynamic bool // a literal turned off leaves the working grid (SE's dynamic chains)
	level   int  // 0: singles only; 1: also locked candidates, pairs and X-Wings
	stopAt  int  // stop when this literal is derived (-1: none)
	// ignoreConflicts keeps going when a literal is derived both ways
	// (static chains follow every implication, like SE's forcing chains);
	// otherwise the first such literal stops the run.
	ignoreConflicts bool
	// groups adds grouped nodes (static chains only).
	groups bool

	origPos [NumUnits][10]uint16 // places (0-8) of each digit in each unit
	work    [NumCells]Digits
	pos     [NumUnits][10]uint16 // origPos in the working grid
	// touched holds, per unit, the digits turned off in it by this run:
	// the advanced rules only look where something changed.
	touched [NumUnits]Digits

	gen uint32
	// Per literal, chainNumLits of them, more with almost locked sets
	// (useALS).
	stamp []uint32
	cause []uint8
	par   []int16
	trig  []int16 // static chains: the one literal a single came from
	depth []uint16
	ord   []int32
	n     int32
	queue []int16
	head  int
	// derived lists every literal of the current run in order.
	derived []int16

	on, off  chainSet
	conflict [2]int // the literal derived both ways: conflict[0] on, [1] off
	failed   bool
	hit      bool // stopAt was derived

	adv []chainAdv

	// als: the board's almost locked sets as nodes (static grouped chains
	// only; nil without).
	als *chainALS
}

func newChainProp(b *Board) *chainProp {
	p := &chainProp{stopAt: -1, queue: make([]int16, 0, chainNumLits), derived: make([]int16, 0, chainNumLits)}
	p.size(chainNumLits)
	p.rebase(b)
	return p
}

// size makes room for n literals, the stamps cleared.
func (p *chainProp) size(n int) {
	p.stamp, p.cause, p.par = make([]uint32, n), make([]uint8, n), make([]int16, n)
	p.trig, p.depth, p.ord = make([]int16, n), make([]uint16, n), make([]int32, n)
	p.gen = 0
}

// useALS lets the propagation pass through the board's almost locked
// sets (chain_alsnode.go).
func (p *chainProp) useALS() {
	p.als = newChainALS(p.b)
	p.size(p.als.lits())
}

// rebase points the propagation at another board.
func (p *chainProp) rebase(b *Board) {
	p.b = b
	p.als = nil
	p.origPos = [NumUnits][10]uint16{}
	for u := 0; u < NumUnits; u++ {
		for i, c := range UnitCells[u] {
			for x := b.Cands[c]; x != 0; x &= x - 1 {
				p.origPos[u][bits.TrailingZeros16(uint16(x))] |= 1 << i
			}
		}
	}
}

func (p *chainProp) reset() {
	p.gen++
	if p.gen == 0 {
		clear(p.stamp)
		p.gen = 1
	}
	p.n = 0
	p.queue = p.queue[:0]
	p.derived = p.derived[:0]
	p.head = 0
	p.on, p.off = chainSet{}, chainSet{}
	p.failed, p.hit = false, false
	p.adv = p.adv[:0]
	if p.dynamic {
		p.work = p.b.Cands
		p.pos = p.origPos
		p.touched = [NumUnits]Digits{}
	}
}

func (p *chainProp) known(lit int) bool { return p.stamp[lit] == p.gen }

// run propagates from the given assumptions. It returns false when a
// literal was derived both on and off (p.conflict) or stopAt was reached.
func (p *chainProp) run(assume ...int) bool {
	p.reset()
	for _, l := range assume {
		if !p.set(l, causeAssumed, -1, 0) {
			return false
		}
	}
	for {
		for p.head < len(p.queue) {
			lit := int(p.queue[p.head])
			p.head++
			if lit&1 == 1 && !p.processOn(lit) {
				return false
			}
		}
		if p.level < 1 || !p.advanced() {
			return !p.failed
		}
		if p.failed || p.hit {
			return false
		}
	}
}

// set derives lit. It returns false when the propagation must stop.
func (p *chainProp) set(lit int, cause uint8, par int, depth uint16) bool {
	return p.setFrom(lit, cause, par, -1, depth)
}

// setFrom derives lit, recording trigger, the literal it follows from in
// a static chain (-1 when par or the cause says it all).
func (p *chainProp) setFrom(lit int, cause uint8, par, trigger int, depth uint16) bool {
	if p.stamp[lit] == p.gen {
		return true
	}
	comp := lit ^ 1
	p.stamp[lit] = p.gen
	p.cause[lit] = cause
	p.par[lit] = int16(par)
	p.trig[lit] = int16(trigger)
	p.depth[lit] = depth
	p.ord[lit] = p.n
	p.n++
	p.derived = append(p.derived, int16(lit))
	if lit == p.stopAt {
		p.hit = true
		return false
	}
	if p.stamp[comp] == p.gen && !p.ignoreConflicts {
		if lit&1 == 1 {
			p.conflict = [2]int{lit, comp}
		} else {
			p.conflict = [2]int{comp, lit}
		}
		p.failed = true
		return false
	}
	ci := lit >> 1
	if chainIsALS(ci) {
		if lit&1 == 1 {
			p.queue = append(p.queue, int16(lit))
			return true
		}
		return p.alsOff(lit, depth)
	}
	if chainIsGroup(ci) {
		if lit&1 == 1 {
			p.queue = append(p.queue, int16(lit))
			return true
		}
		return p.groupOff(lit, chainGroupIndex(ci), uint8((ci-chainNumCands)%9)+1, depth)
	}
	if lit&1 == 1 {
		p.on.add(ci)
		p.queue = append(p.queue, int16(lit))
		return true
	}
	p.off.add(ci)
	cell, d := ci/9, uint8(ci%9)+1
	if p.dynamic {
		if !p.work[cell].Has(d) {
			return true
		}
		p.work[cell] = p.work[cell].Without(d)
		for i, u := range CellUnits[cell] {
			p.pos[u][d] &^= 1 << chainCellIndex[cell][i]
			p.touched[u] |= 1 << d
		}
	}
	if p.rules&ruleOffCell != 0 {
		if p.dynamic {
			if w := p.work[cell]; w.Count() == 1 {
				if !p.set(chainLit(chainCand(cell, w.First()), true), causeNaked, cell, depth+1) {
					return false
				}
			}
		} else if c := p.b.Cands[cell]; c.Count() == 2 {
			if !p.setFrom(chainLit(chainCand(cell, c.Without(d).First()), true), causeNaked, cell, lit, depth+1) {
				return false
			}
		}
	}
	if p.rules&ruleOffUnit != 0 {
		for i, u := range CellUnits[cell] {
			if !p.dynamic {
				if !p.unitRest(lit, u, d, p.origPos[u][d]&^(1<<chainCellIndex[cell][i]), depth) {
					return false
				}
				continue
			}
			if m := p.pos[u][d]; bits.OnesCount16(m) == 1 {
				o := UnitCells[u][bits.TrailingZeros16(m)]
				if !p.set(chainLit(chainCand(o, d), true), causeHidden, u, depth+1) {
					return false
				}
			}
		}
	}
	return true
}

func (p *chainProp) processOn(lit int) bool {
	ci := lit >> 1
	if chainIsALS(ci) {
		return p.alsOn(lit)
	}
	if chainIsGroup(ci) {
		return p.groupOn(lit, chainGroupIndex(ci), uint8((ci-chainNumCands)%9)+1)
	}
	cell, d := ci/9, uint8(ci%9)+1
	dep := p.depth[lit] + 1
	if p.rules&ruleOnCell != 0 {
		for x := p.b.Cands[cell].Without(d); x != 0; x &= x - 1 {
			e := uint8(bits.TrailingZeros16(uint16(x)))
			if !p.set(chainLit(cell*9+int(e)-1, false), causeCellOn, lit, dep) {
				return false
			}
		}
	}
	if p.rules&ruleOnPeer != 0 {
		for _, o := range Peers[cell] {
			if p.b.Cands[o].Has(d) {
				if !p.set(chainLit(o*9+int(d)-1, false), causePeerOn, lit, dep) {
					return false
				}
			}
		}
		if p.groups {
			for _, gi := range chainSeenGroups[cell] {
				if p.groupValid(gi, d) && !p.set(chainLit(chainGroupNode(gi, d), false), causePeerOn, lit, dep) {
					return false
				}
			}
		}
		if p.als != nil {
			for _, node := range p.als.seenBy[ci] {
				if !p.set(chainLit(int(node), false), causePeerOn, lit, dep) {
					return false
				}
			}
		}
	}
	return true
}

// parents appends the literals that lit was derived from.
func (p *chainProp) parents(lit int, out []int) []int {
	if t := p.trig[lit]; t >= 0 {
		return append(out, int(t))
	}
	cell, d := chainLitCell(lit), chainLitDigit(lit)
	switch p.cause[lit] {
	case causeCellOn, causePeerOn:
		out = append(out, int(p.par[lit]))
	case causeNaked:
		for x := p.b.Cands[cell].Without(d); x != 0; x &= x - 1 {
			e := uint8(bits.TrailingZeros16(uint16(x)))
			l := chainLit(chainCand(cell, e), false)
			if p.known(l) && p.ord[l] < p.ord[lit] {
				out = append(out, l)
			}
		}
	case causeHidden:
		for _, o := range UnitCells[p.par[lit]] {
			if o != cell && p.b.Cands[o].Has(d) {
				l := chainLit(chainCand(o, d), false)
				if p.known(l) && p.ord[l] < p.ord[lit] {
					out = append(out, l)
				}
			}
		}
	case causeAdvanced:
		out = append(out, p.adv[p.par[lit]].parents...)
	}
	return out
}

// ancestors returns the literals that lit depends on (itself included),
// in the order they were derived.
func (p *chainProp) ancestors(lits ...int) []int {
	seen := make(map[int]bool)
	var out []int
	stack := append([]int(nil), lits...)
	var buf []int
	for len(stack) > 0 {
		l := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[l] {
			continue
		}
		seen[l] = true
		out = append(out, l)
		buf = p.parents(l, buf[:0])
		stack = append(stack, buf...)
	}
	sortInts(out, func(a, b int) bool { return p.ord[a] < p.ord[b] })
	return out
}

// sortInts is a small insertion sort (the lists are short).
func sortInts(s []int, less func(a, b int) bool) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
