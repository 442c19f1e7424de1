package engine

// Board is a position for the logical solver: the filled cells and the
// pencil marks (candidates) of the empty ones. A filled cell has no
// candidates. The zero Board is an empty grid with no candidates; use
// NewBoard.
type Board struct {
	Grid  Grid
	Cands [NumCells]Digits
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

// Place puts d in cell and removes d from the candidates of its peers.
func (b *Board) Place(cell int, d uint8) {
	b.Grid[cell] = d
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
