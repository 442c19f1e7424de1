package engine

import "math/bits"

// Board is a position for the logical solver: the filled cells and the
// pencil marks (candidates) of the empty ones. A filled cell has no
// candidates. The zero Board is an empty grid with no candidates; use
// NewBoard.
//
// A Board also knows which filled cells are givens: uniqueness arguments
// about cells the solver or the player filled (avoidable rectangles) must
// never treat a given as swappable. A filled cell is a given unless Place
// filled it or NewPosition was told it is an entry; so the zero value, and
// a Board built from a grid alone, count every filled cell as a given,
// which only ever hides such steps, never makes a wrong one.
//
// A Board caches an index of where each digit can go (per unit and per
// digit), rebuilt lazily when Grid or Cands change, so that the many
// techniques asked about one position share the work. Callers may still
// edit Grid and Cands directly. Because of that cache even a search writes
// to the Board, so one Board must not be used by two goroutines at once
// (copies are independent).
type Board struct {
	Grid  Grid
	Cands [NumCells]Digits

	// placed holds the filled cells that are not givens.
	placed cellSet

	ix      boardIndex
	ixGrid  Grid
	ixCands [NumCells]Digits
	ixOK    bool
}

// NewBoard returns the position of g with every candidate that the filled
// cells allow.
func NewBoard(g Grid) Board {
	b := Board{Grid: g}
	for c := 0; c < NumCells; c++ {
		if g[c] != 0 {
			continue
		}
		used := Digits(0)
		for _, p := range Peers[c] {
			used = used.With(g[p])
		}
		b.Cands[c] = AllDigits &^ used
	}
	return b
}

// NewPosition returns the position of a player's progress on puzzle: the
// puzzle's digits are givens, and the digits progress adds in the puzzle's
// empty cells are entries (not givens), as if placed. Progress digits in
// given cells are ignored. Candidates are those the filled cells allow.
func NewPosition(puzzle, progress Grid) Board {
	g := puzzle
	var placed cellSet
	for c, d := range progress {
		if g[c] == 0 && d >= 1 && d <= 9 {
			g[c] = d
			placed.add(c)
		}
	}
	b := NewBoard(g)
	b.placed = placed
	return b
}

// IsGiven reports whether cell is filled with a given: a digit neither
// Place nor NewPosition's progress put there.
func (b *Board) IsGiven(cell int) bool { return b.Grid[cell] != 0 && !b.placed.has(cell) }

// Givens returns the grid of the position's givens alone.
func (b *Board) Givens() Grid {
	var g Grid
	for c, d := range b.Grid {
		if !b.placed.has(c) {
			g[c] = d
		}
	}
	return g
}

// Place puts d in cell, marks it as not a given, and removes d from the
// candidates of its peers.
func (b *Board) Place(cell int, d uint8) {
	b.Grid[cell] = d
	b.placed.add(cell)
	b.Cands[cell] = 0
	for _, p := range Peers[cell] {
		b.Cands[p] = b.Cands[p].Without(d)
	}
}

// Eliminate removes candidate d from cell and reports whether it was there.
func (b *Board) Eliminate(cell int, d uint8) bool {
	had := b.Cands[cell].Has(d)
	b.Cands[cell] = b.Cands[cell].Without(d)
	return had
}

// Apply makes a step's placements and eliminations.
func (b *Board) Apply(s Step) {
	for _, p := range s.Placements {
		b.Place(p.Cell, p.Digit)
	}
	for _, e := range s.Eliminations {
		b.Eliminate(e.Cell, e.Digit)
	}
}

// Solved reports whether every cell is filled.
func (b *Board) Solved() bool { return b.Grid.Full() }

// Broken reports whether the position has an empty cell without candidates
// or a digit that can go nowhere in a unit that lacks it: a position that
// wrong eliminations (never a sound step) have made unsolvable.
func (b *Board) Broken() bool {
	ix := b.index()
	for c := 0; c < NumCells; c++ {
		if b.Grid[c] == 0 && b.Cands[c] == 0 {
			return true
		}
	}
	for u := 0; u < NumUnits; u++ {
		placed := Digits(0)
		for _, c := range UnitCells[u] {
			placed = placed.With(b.Grid[c])
		}
		for d := uint8(1); d <= 9; d++ {
			if !placed.Has(d) && ix.pos[u][d] == 0 {
				return true
			}
		}
	}
	return false
}

// boardIndex is what the pattern techniques look up: for each unit and
// digit the positions (0-8 within UnitCells[u]) where the digit can go, and
// for each digit the set of cells holding it as a candidate.
type boardIndex struct {
	pos   [NumUnits][10]uint16
	where [10]cellSet
	empty cellSet
}

// index returns the board's index, rebuilding it when the position changed.
func (b *Board) index() *boardIndex {
	if b.ixOK && b.ixCands == b.Cands && b.ixGrid == b.Grid {
		return &b.ix
	}
	b.ix = boardIndex{}
	for c := 0; c < NumCells; c++ {
		cs := b.Cands[c]
		if b.Grid[c] == 0 {
			b.ix.empty.add(c)
		}
		for x := uint16(cs); x != 0; x &= x - 1 {
			d := bits.TrailingZeros16(x)
			b.ix.where[d].add(c)
			for k := 0; k < 3; k++ {
				b.ix.pos[CellUnits[c][k]][d] |= 1 << cellUnitPos[c][k]
			}
		}
	}
	b.ixGrid, b.ixCands, b.ixOK = b.Grid, b.Cands, true
	return &b.ix
}

// cellSet is a set of cells 0-80: cells 0-63 in lo, 64-80 in hi.
type cellSet struct{ lo, hi uint64 }

func cellBit(c int) cellSet {
	if c < 64 {
		return cellSet{lo: 1 << c}
	}
	return cellSet{hi: 1 << (c - 64)}
}

func (s *cellSet) add(c int) {
	if c < 64 {
		s.lo |= 1 << c
	} else {
		s.hi |= 1 << (c - 64)
	}
}

func (s cellSet) has(c int) bool {
	if c < 64 {
		return s.lo&(1<<c) != 0
	}
	return s.hi&(1<<(c-64)) != 0
}

func (s cellSet) and(o cellSet) cellSet    { return cellSet{s.lo & o.lo, s.hi & o.hi} }
func (s cellSet) or(o cellSet) cellSet     { return cellSet{s.lo | o.lo, s.hi | o.hi} }
func (s cellSet) andNot(o cellSet) cellSet { return cellSet{s.lo &^ o.lo, s.hi &^ o.hi} }
func (s cellSet) isEmpty() bool            { return s.lo == 0 && s.hi == 0 }
func (s cellSet) count() int               { return bits.OnesCount64(s.lo) + bits.OnesCount64(s.hi) }
func (s cellSet) subsetOf(o cellSet) bool  { return s.andNot(o).isEmpty() }

// first returns the smallest cell, or -1 when the set is empty.
func (s cellSet) first() int {
	if s.lo != 0 {
		return bits.TrailingZeros64(s.lo)
	}
	if s.hi != 0 {
		return 64 + bits.TrailingZeros64(s.hi)
	}
	return -1
}

// cells appends the cells in increasing order to buf.
func (s cellSet) cells(buf []int) []int {
	for x := s.lo; x != 0; x &= x - 1 {
		buf = append(buf, bits.TrailingZeros64(x))
	}
	for x := s.hi; x != 0; x &= x - 1 {
		buf = append(buf, 64+bits.TrailingZeros64(x))
	}
	return buf
}

// Geometry as cell sets, computed from the cell arithmetic alone:
// unitSet and peerSet are each unit's and each cell's peers as sets,
// cellUnitPos a cell's position within its row, column and box.
var unitSet, peerSet, cellUnitPos, allCells = cellGeometry()

func cellGeometry() (unitSet [NumUnits]cellSet, peerSet [NumCells]cellSet, cellUnitPos [NumCells][3]uint8, allCells cellSet) {
	for c := 0; c < NumCells; c++ {
		r, col, bx := RowOf(c), ColOf(c), BoxOf(c)
		unitSet[FirstRow+r].add(c)
		unitSet[FirstCol+col].add(c)
		unitSet[FirstBox+bx].add(c)
		cellUnitPos[c] = [3]uint8{uint8(col), uint8(r), uint8(r%3*3 + col%3)}
		allCells.add(c)
		for o := 0; o < NumCells; o++ {
			if SeesCell(c, o) {
				peerSet[c].add(o)
			}
		}
	}
	return unitSet, peerSet, cellUnitPos, allCells
}

// commonPeers returns the cells that see every cell of s (excluding s).
func commonPeers(s cellSet) cellSet {
	out := allCells
	for x := s.lo; x != 0; x &= x - 1 {
		out = out.and(peerSet[bits.TrailingZeros64(x)])
	}
	for x := s.hi; x != 0; x &= x - 1 {
		out = out.and(peerSet[64+bits.TrailingZeros64(x)])
	}
	return out.andNot(s)
}
