package engine

import (
	"math/bits"
	"slices"
)

// Grouped nodes: the places of a digit where a box and a line cross (two
// or three cells) act as one node of a chain. "On" means the digit is in
// one of them, "off" in none. Group nodes are numbered after the 729
// candidates: node = chainNumCands + (box*6+k)*9 + digit-1, with k the
// line as in chainBoxLines (rows 0-2, columns 3-5 of the box).
const (
	chainNumGroups = 9 * 6 * 9
	chainNumNodes  = chainNumCands + chainNumGroups
)

// chainGroup describes one box-line crossing.
type chainGroup struct {
	box, line int
	cells     [3]int
	inBox     uint16 // the crossing's places in the box
	inLine    uint16 // the crossing's places in the line
}

// chainGroups lists the 54 crossings, box by box (rows, then columns).
var chainGroups = func() (t [54]chainGroup) {
	for b := 0; b < 9; b++ {
		br, bc := b/3, b%3
		for k := 0; k < 6; k++ {
			g := chainGroup{box: FirstBox + b}
			for j := 0; j < 3; j++ {
				var r, c int
				if k < 3 {
					r, c = br*3+k, bc*3+j
				} else {
					r, c = br*3+j, bc*3+k-3
				}
				g.cells[j] = CellAt(r, c)
			}
			if k < 3 {
				g.line = FirstRow + br*3 + k
				g.inLine = 7 << (bc * 3)
				g.inBox = 7 << (k * 3)
			} else {
				g.line = FirstCol + bc*3 + k - 3
				g.inLine = 7 << (br * 3)
				g.inBox = 1<<(k-3) | 1<<(k) | 1<<(k+3)
			}
			t[b*6+k] = g
		}
	}
	return t
}()

// chainSeenGroups[c] lists the crossings whose every cell c sees, c not
// among them: the other two crossings of c's row and of c's column, and
// the two rows and two columns of c's box that miss c.
var chainSeenGroups = func() (t [NumCells][8]int) {
	for c := 0; c < NumCells; c++ {
		n := 0
		for gi, g := range chainGroups {
			in, all := false, true
			for _, x := range g.cells {
				if x == c {
					in = true
				}
				if !SeesCell(c, x) {
					all = false
				}
			}
			if !in && all {
				t[c][n] = gi
				n++
			}
		}
	}
	return t
}()

func chainGroupNode(gi int, d uint8) int { return chainNumCands + gi*9 + int(d) - 1 }
func chainIsGroup(node int) bool         { return node >= chainNumCands }
func chainGroupIndex(node int) int       { return (node - chainNumCands) / 9 }

// groupCells returns the cells of a group node that hold its digit on the
// board.
func (p *chainProp) groupCells(node int) []int {
	g := &chainGroups[chainGroupIndex(node)]
	d := uint8((node-chainNumCands)%9) + 1
	var out []int
	for _, c := range g.cells {
		if p.b.Cands[c].Has(d) {
			out = append(out, c)
		}
	}
	return out
}

// groupValid reports whether a crossing holds d in two or more cells (one
// cell is a plain candidate).
func (p *chainProp) groupValid(gi int, d uint8) bool {
	g := &chainGroups[gi]
	return bits.OnesCount16(p.origPos[g.line][d]&g.inLine) >= 2
}

// groupIn returns the crossing of unit u that holds all the places of
// mask (two or more), or -1.
func groupIn(u int, mask uint16) int {
	if bits.OnesCount16(mask) < 2 {
		return -1
	}
	first := UnitCells[u][bits.TrailingZeros16(mask)]
	for _, gi := range chainCellCrossings[first] {
		g := &chainGroups[gi]
		var in uint16
		switch u {
		case g.line:
			in = g.inLine
		case g.box:
			in = g.inBox
		default:
			continue
		}
		if mask&^in == 0 {
			return gi
		}
	}
	return -1
}

// chainCellCrossings[c] lists the two crossings c belongs to (its row's
// and its column's, within its box).
var chainCellCrossings = func() (t [NumCells][2]int) {
	for c := 0; c < NumCells; c++ {
		n := 0
		for gi, g := range chainGroups {
			for _, x := range g.cells {
				if x == c {
					t[c][n] = gi
					n++
				}
			}
		}
	}
	return t
}()

// groupOff derives what follows from "no d in group gi": in its line and
// its box, a single place left turns on, or a single crossing.
func (p *chainProp) groupOff(lit, gi int, d uint8, depth uint16) bool {
	g := &chainGroups[gi]
	for _, side := range [2]struct {
		u  int
		in uint16
	}{{g.line, g.inLine}, {g.box, g.inBox}} {
		rem := p.origPos[side.u][d] &^ side.in
		if !p.unitRest(lit, side.u, d, rem, depth) {
			return false
		}
	}
	return true
}

// unitRest turns on what is left for d in unit u (places rem): one cell,
// or one crossing of two or three cells.
func (p *chainProp) unitRest(trigger, u int, d uint8, rem uint16, depth uint16) bool {
	switch {
	case bits.OnesCount16(rem) == 1:
		o := UnitCells[u][bits.TrailingZeros16(rem)]
		return p.setFrom(chainLit(chainCand(o, d), true), causeHidden, u, trigger, depth+1)
	case p.groups:
		if gi := groupIn(u, rem); gi >= 0 {
			return p.setFrom(chainLit(chainGroupNode(gi, d), true), causeHidden, u, trigger, depth+1)
		}
	}
	return true
}

// groupOn turns off d wherever it sees the whole group, and the groups it
// sees whole.
func (p *chainProp) groupOn(lit, gi int, d uint8) bool {
	g := &chainGroups[gi]
	dep := p.depth[lit] + 1
	for _, side := range [2]struct {
		u  int
		in uint16
	}{{g.line, g.inLine}, {g.box, g.inBox}} {
		for m := p.origPos[side.u][d] &^ side.in; m != 0; m &= m - 1 {
			o := UnitCells[side.u][bits.TrailingZeros16(m)]
			if !p.setFrom(chainLit(chainCand(o, d), false), causePeerOn, lit, lit, dep) {
				return false
			}
		}
	}
	// Crossings on the same line in other boxes, and parallel crossings in
	// the same box, share no cell with this one and see all of it. A
	// perpendicular crossing of the same box shares one cell: when that
	// cell does not hold d, their places are apart, in one box, and the
	// two groups exclude each other too (the link a Finned Mutant X-Wing's
	// chain needs, TestGroupedAICFindsGroupLink).
	for hi, h := range chainGroups {
		if hi == gi || !p.groupValid(hi, d) {
			continue
		}
		if h.line == g.line || h.box == g.box && ((h.line < FirstCol) == (g.line < FirstCol) || p.apart(g, &h, d)) {
			if !p.setFrom(chainLit(chainGroupNode(hi, d), false), causePeerOn, lit, lit, dep) {
				return false
			}
		}
	}
	if p.als == nil {
		return true
	}
	return p.offAll(lit, p.als.crossingExits[gi][d], dep)
}

// apart reports whether two perpendicular crossings of one box have no
// place of d in common: the one cell they share does not hold it.
func (p *chainProp) apart(g, h *chainGroup, d uint8) bool {
	for _, c := range g.cells {
		if slices.Contains(h.cells[:], c) {
			return !p.b.Cands[c].Has(d)
		}
	}
	return true
}

// nodeCands returns the candidates a node stands for.
func (p *chainProp) nodeCands(node int) []Candidate {
	if chainIsALS(node) {
		a, d := p.als.alsOf(node)
		var out []Candidate
		for _, c := range a.byDig[d].cells(nil) {
			out = append(out, Candidate{Cell: c, Digit: d})
		}
		return out
	}
	if !chainIsGroup(node) {
		return []Candidate{{Cell: node / 9, Digit: uint8(node%9) + 1}}
	}
	d := uint8((node-chainNumCands)%9) + 1
	var out []Candidate
	for _, c := range p.groupCells(node) {
		out = append(out, Candidate{Cell: c, Digit: d})
	}
	return out
}

// nodesWeak reports whether two nodes cannot both be true: every
// candidate of one excludes every candidate of the other (and they share
// none).
func (p *chainProp) nodesWeak(x, y []Candidate) bool {
	for _, a := range x {
		for _, b := range y {
			if !weakLinked(a, b) {
				return false
			}
		}
	}
	return true
}
