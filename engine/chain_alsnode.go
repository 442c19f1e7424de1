package engine

// Almost locked sets as nodes of the path's grouped chains. A set of n
// cells of one unit holding n+1 digits is one node per digit: "d is in
// the set" (on) or "d is nowhere in it" (off). When d is nowhere in it,
// the other n digits fill its n cells: each of them is in the set (the
// set's strong link, entry off to exit on), and a cell that sees all of
// a digit's places in the set cannot hold it. HoDoKu's chains (the
// technique's All, chain_loops.go) always passed through them; the
// path's propagation (Find) did not, and took a net where a chain
// through a set rated 7.0-7.3 was there (TestGroupedAICPathMisses).
// HoDoKu's ALS forcing (a cell outside the set that sees all but one of
// its digits locked there holds that one) is left out: the hint's words
// for a set's link say what the set holds, not which digits such a cell
// loses, so a player could not follow the step.
// Node numbers follow the groups: chainNumNodes + k, for the k-th (set,
// digit) pair.

// chainALSMaxLits bounds the literals of a propagation with sets: they
// are int16 in its queue and parents.
const chainALSMaxLits = 1<<15 - 1

// chainALS is the board's sets, numbered as nodes.
type chainALS struct {
	sets []als
	node [][10]int32 // the node of (set, digit), -1 when the set lacks it
	set  []int32     // by k: the set
	dig  []uint8     // by k: the digit
	// seenBy[ci] lists the entry nodes (set, digit of ci) whose every
	// place the candidate ci sees, outside the set.
	seenBy [chainNumCands][]int32
	// byDigit[d] lists every node of digit d.
	byDigit [10][]int32
	// places[d] is the cells holding d; crossing[gi][d] the places of d
	// in crossing gi.
	places   [10]cellSet
	crossing [54][10]cellSet
	// exits[k]: the nodes (crossings and other sets' entries) that the
	// k-th node turns off when on; crossingExits[gi][d]: the entries that
	// crossing gi's d turns off. Links computed once per board, not per
	// propagation.
	exits         [][]int32
	crossingExits [54][10][]int32
}

// newChainALS numbers the board's sets of two to loopMaxALSSize cells
// (one cell is a bivalue cell, a plain node), in findALS's order, as
// many as the literals allow.
func newChainALS(b *Board) *chainALS {
	x := &chainALS{}
	for c := 0; c < NumCells; c++ {
		for ds := b.Cands[c]; ds != 0; ds &= ds - 1 {
			x.places[ds.First()].add(c)
		}
	}
	for gi, g := range chainGroups {
		for _, c := range g.cells {
			for ds := b.Cands[c]; ds != 0; ds &= ds - 1 {
				x.crossing[gi][ds.First()].add(c)
			}
		}
	}
	for _, a := range findALS(b) {
		if a.size < 2 || a.size > loopMaxALSSize {
			continue
		}
		if chainNumLits+2*(len(x.dig)+a.digits.Count()) > chainALSMaxLits {
			continue // a smaller set later may still fit
		}
		si := int32(len(x.sets))
		x.sets = append(x.sets, a)
		var ids [10]int32
		for i := range ids {
			ids[i] = -1
		}
		for ds := a.digits; ds != 0; ds &= ds - 1 {
			d := ds.First()
			node := int32(chainNumNodes + len(x.dig))
			ids[d] = node
			x.set = append(x.set, si)
			x.dig = append(x.dig, d)
			x.byDigit[d] = append(x.byDigit[d], node)
			seen := a.seen[d].andNot(a.cells).and(x.places[d])
			for c := seen.first(); c >= 0; c = seen.first() {
				seen = seen.andNot(cellBit(c))
				ci := chainCand(c, d)
				x.seenBy[ci] = append(x.seenBy[ci], node)
			}
		}
		x.node = append(x.node, ids)
	}
	x.link()
	return x
}

// link fills exits and crossingExits.
func (x *chainALS) link() {
	x.exits = make([][]int32, len(x.dig))
	for k := range x.dig {
		a, z := &x.sets[x.set[k]], x.dig[k]
		seen := a.seen[z].andNot(a.cells)
		for gi := range chainGroups {
			if m := x.crossing[gi][z]; m.count() >= 2 && m.subsetOf(seen) {
				x.exits[k] = append(x.exits[k], int32(chainGroupNode(gi, z)))
			}
		}
		x.exits[k] = x.entriesIn(x.exits[k], z, seen, int32(chainNumNodes+k))
	}
	for gi := range chainGroups {
		for d := uint8(1); d <= 9; d++ {
			if m := x.crossing[gi][d]; m.count() >= 2 {
				x.crossingExits[gi][d] = x.entriesIn(nil, d, commonPeers(m), -1)
			}
		}
	}
}

// entriesIn appends to out the entry nodes of d whose every place lies
// in seen, self aside.
func (x *chainALS) entriesIn(out []int32, d uint8, seen cellSet, self int32) []int32 {
	for _, node := range x.byDigit[d] {
		if node != self && x.sets[x.set[node-chainNumNodes]].byDig[d].subsetOf(seen) {
			out = append(out, node)
		}
	}
	return out
}

// lits is how many literals a propagation over these sets needs.
func (x *chainALS) lits() int { return chainNumLits + 2*len(x.dig) }

func chainIsALS(node int) bool { return node >= chainNumNodes }

// alsOf returns the set and digit of an ALS node.
func (x *chainALS) alsOf(node int) (*als, uint8) {
	k := node - chainNumNodes
	return &x.sets[x.set[k]], x.dig[k]
}

// alsOff derives what follows from "d is nowhere in the set": every other
// digit of it is in it.
func (p *chainProp) alsOff(lit int, depth uint16) bool {
	a, d := p.als.alsOf(lit >> 1)
	si := p.als.set[lit>>1-chainNumNodes]
	for ds := a.digits.Without(d); ds != 0; ds &= ds - 1 {
		z := ds.First()
		if !p.setFrom(chainLit(int(p.als.node[si][z]), true), causeALS, -1, lit, depth+1) {
			return false
		}
	}
	return true
}

// alsOn turns off z wherever it sees every place of z in the set: the
// candidates, the crossings and the other sets' entries.
func (p *chainProp) alsOn(lit int) bool {
	k := lit>>1 - chainNumNodes
	a, z := &p.als.sets[p.als.set[k]], p.als.dig[k]
	dep := p.depth[lit] + 1
	cands := a.seen[z].andNot(a.cells).and(p.als.places[z])
	for c := cands.first(); c >= 0; c = cands.first() {
		cands = cands.andNot(cellBit(c))
		if !p.setFrom(chainLit(chainCand(c, z), false), causePeerOn, lit, lit, dep) {
			return false
		}
	}
	return p.offAll(lit, p.als.exits[k], dep)
}

// offAll turns off every node of nodes, after the on literal lit.
func (p *chainProp) offAll(lit int, nodes []int32, dep uint16) bool {
	for _, node := range nodes {
		if !p.setFrom(chainLit(int(node), false), causePeerOn, lit, lit, dep) {
			return false
		}
	}
	return true
}
