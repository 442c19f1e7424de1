package engine

import (
	"fmt"
	"math/rand/v2"
)

// Transform is an equivalence transformation of Sudoku: it maps every
// valid grid to a valid grid, a puzzle with one solution to a puzzle with
// one solution, and keeps the logical difficulty, because it only renames
// digits and reorders the rows and columns in ways the rules cannot tell
// apart. The puzzle pool serves each stored puzzle through a fresh random
// Transform, so copies look new while their grade stays known.
//
// Apply reads it as: new row r (in band r/3, position r%3) is old row
// Bands[r/3]*3 + Rows[r/3][r%3]; columns likewise with Stacks and Cols;
// digit d becomes Digits[d-1]; then, when Transpose is set, rows and
// columns swap. The zero Transform is not valid; start from Identity or
// RandomTransform.
type Transform struct {
	Digits    [9]uint8    // a permutation of 1-9
	Bands     [3]uint8    // a permutation of 0-2
	Stacks    [3]uint8    // a permutation of 0-2
	Rows      [3][3]uint8 // per new band, a permutation of 0-2
	Cols      [3][3]uint8 // per new stack, a permutation of 0-2
	Transpose bool
}

// Identity returns the transformation that changes nothing.
func Identity() Transform {
	id3 := [3]uint8{0, 1, 2}
	return Transform{
		Digits: [9]uint8{1, 2, 3, 4, 5, 6, 7, 8, 9},
		Bands:  id3, Stacks: id3,
		Rows: [3][3]uint8{id3, id3, id3},
		Cols: [3][3]uint8{id3, id3, id3},
	}
}

// RandomTransform draws each part independently and uniformly from r:
// one of the 9!·6⁸·2 transformations (some of which coincide on a given
// grid, when the grid has automorphisms).
func RandomTransform(r *rand.Rand) Transform {
	t := Identity()
	shuffle := func(p []uint8) {
		r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	}
	shuffle(t.Digits[:])
	shuffle(t.Bands[:])
	shuffle(t.Stacks[:])
	for i := range 3 {
		shuffle(t.Rows[i][:])
		shuffle(t.Cols[i][:])
	}
	t.Transpose = r.IntN(2) == 1
	return t
}

// Validate reports an error when a part of t is not a permutation, since
// Apply would then not be an equivalence.
func (t Transform) Validate() error {
	perm := func(what string, p []uint8, lo uint8) error {
		var seen uint16
		for _, v := range p {
			if v < lo || int(v) >= int(lo)+len(p) || seen&(1<<v) != 0 {
				return fmt.Errorf("transform: %s %v is not a permutation of %d-%d", what, p, lo, int(lo)+len(p)-1)
			}
			seen |= 1 << v
		}
		return nil
	}
	if err := perm("digits", t.Digits[:], 1); err != nil {
		return err
	}
	if err := perm("bands", t.Bands[:], 0); err != nil {
		return err
	}
	if err := perm("stacks", t.Stacks[:], 0); err != nil {
		return err
	}
	for i := range 3 {
		if err := perm(fmt.Sprintf("rows of band %d", i+1), t.Rows[i][:], 0); err != nil {
			return err
		}
		if err := perm(fmt.Sprintf("columns of stack %d", i+1), t.Cols[i][:], 0); err != nil {
			return err
		}
	}
	return nil
}

// Source returns the cell of the original grid that lands on cell, so
// callers can carry cell-based data (progress, highlights) across.
func (t Transform) Source(cell int) int {
	r, c := RowOf(cell), ColOf(cell)
	if t.Transpose {
		r, c = c, r
	}
	or := int(t.Bands[r/3]%3)*3 + int(t.Rows[r/3][r%3]%3)
	oc := int(t.Stacks[c/3]%3)*3 + int(t.Cols[c/3][c%3]%3)
	return CellAt(or, oc)
}

// Apply returns the transformed grid; empty cells stay empty. A t that
// fails Validate gives a grid that is not equivalent, never a panic.
func (t Transform) Apply(g Grid) Grid {
	var out Grid
	for cell := range out {
		d := g[t.Source(cell)]
		if d >= 1 && d <= 9 {
			out[cell] = t.Digits[d-1]
		}
	}
	return out
}
