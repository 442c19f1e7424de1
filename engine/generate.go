package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Symmetry is the pattern the givens of a generated puzzle keep: cells
// are removed in groups that the symmetry maps onto each other.
type Symmetry int

// The symmetries of the generator. Horizontal mirrors the top half onto
// the bottom (row r and row 10-r), vertical the left onto the right,
// diagonal swaps r and c (the main diagonal r1c1-r9c9), anti-diagonal
// mirrors across r1c9-r9c1.
const (
	SymNone Symmetry = iota
	SymRotational
	SymRotational90
	SymHorizontal
	SymVertical
	SymDiagonal
	SymAntiDiagonal
	numSymmetries
)

var symNames = [numSymmetries]string{"none", "rotational", "rotational90", "horizontal", "vertical", "diagonal", "antidiagonal"}

// String returns the name ParseSymmetry reads.
func (s Symmetry) String() string {
	if s < 0 || s >= numSymmetries {
		return fmt.Sprintf("Symmetry(%d)", int(s))
	}
	return symNames[s]
}

// SymmetryNames returns every symmetry's name, "none" first, for option
// lists.
func SymmetryNames() []string { return append([]string(nil), symNames[:]...) }

// ErrUnknownSymmetry is returned, wrapped, for a symmetry name or value
// the generator does not know.
var ErrUnknownSymmetry = errors.New("unknown symmetry")

// ParseSymmetry reads a symmetry name: none, rotational (180°),
// rotational90, horizontal, vertical, diagonal or antidiagonal.
func ParseSymmetry(name string) (Symmetry, error) {
	for i, n := range symNames {
		if n == name {
			return Symmetry(i), nil
		}
	}
	return 0, fmt.Errorf("%w %q (want one of none, rotational, rotational90, horizontal, vertical, diagonal, antidiagonal)", ErrUnknownSymmetry, name)
}

// symMaps is the cell map that generates each symmetry's group.
var symMaps = [numSymmetries]func(r, c int) (int, int){
	SymNone:         func(r, c int) (int, int) { return r, c },
	SymRotational:   func(r, c int) (int, int) { return 8 - r, 8 - c },
	SymRotational90: func(r, c int) (int, int) { return c, 8 - r },
	SymHorizontal:   func(r, c int) (int, int) { return 8 - r, c },
	SymVertical:     func(r, c int) (int, int) { return r, 8 - c },
	SymDiagonal:     func(r, c int) (int, int) { return c, r },
	SymAntiDiagonal: func(r, c int) (int, int) { return 8 - c, 8 - r },
}

// symGroups lists, per symmetry, the orbits of cells (ordered by their
// first cell): the groups removed together.
var symGroups = symmetryGroups()

func symmetryGroups() (symGroups [numSymmetries][][]int) {
	for s, f := range symMaps {
		seen := [NumCells]bool{}
		for cell := range NumCells {
			if seen[cell] {
				continue
			}
			var orbit []int
			for c := cell; !seen[c]; {
				seen[c] = true
				orbit = append(orbit, c)
				r, col := f(RowOf(c), ColOf(c))
				c = CellAt(r, col)
			}
			symGroups[s] = append(symGroups[s], orbit)
		}
	}
	return symGroups
}

// Groups returns the groups of cells the symmetry maps onto each other;
// a symmetric puzzle fills each group whole or leaves it whole empty.
func (s Symmetry) Groups() [][]int {
	if s < 0 || s >= numSymmetries {
		return nil
	}
	out := make([][]int, len(symGroups[s]))
	for i, g := range symGroups[s] {
		out[i] = append([]int(nil), g...)
	}
	return out
}

// Holds reports whether the filled cells of g follow the symmetry.
func (s Symmetry) Holds(g Grid) bool {
	if s < 0 || s >= numSymmetries {
		return false
	}
	for _, grp := range symGroups[s] {
		for _, c := range grp[1:] {
			if (g[c] == 0) != (g[grp[0]] == 0) {
				return false
			}
		}
	}
	return true
}

// GenerateOptions are the settings of Generate. The zero value asks for
// a minimal puzzle without symmetry from seed 0.
type GenerateOptions struct {
	// Seed fixes the puzzle: the same options give the same puzzle on
	// every machine.
	Seed uint64
	// Symmetry of the givens.
	Symmetry Symmetry
	// Givens stops digging at this many givens (17-81); 0 digs until no
	// group can be removed, which gives a minimal puzzle.
	Givens int
}

// Generated is a generated puzzle with its unique solution.
type Generated struct {
	Puzzle, Solution Grid
}

// ErrGivensNotReached means the generator gave up on an exact givens
// target: digging stops at minimal puzzles, which rarely have as few as 20
// givens and never fewer than 17, and a symmetry allows only some counts.
var ErrGivensNotReached = errors.New("givens target not reached")

// generateTries bounds the full grids Generate digs for a givens target.
const generateTries = 200

// seedStream is the PCG stream of the generator, fixed so a seed means
// the same puzzle in every version that keeps this constant.
const seedStream = 0x5eed50d0c0b07

// Generate makes a puzzle with a unique solution from the options: a
// random full grid from the seed, then cells removed in symmetric groups
// in random order, each removal kept only when the solution stays unique,
// until Givens is reached or nothing more can go. When a givens target is
// missed it starts again from the next full grid of the same random
// stream, up to 200 grids, then returns an error wrapping
// ErrGivensNotReached.
func Generate(opts GenerateOptions) (Generated, error) {
	if opts.Symmetry < 0 || opts.Symmetry >= numSymmetries {
		return Generated{}, fmt.Errorf("%w: %d", ErrUnknownSymmetry, int(opts.Symmetry))
	}
	if opts.Givens != 0 {
		if opts.Givens < 17 || opts.Givens > NumCells {
			return Generated{}, fmt.Errorf("%w: %d givens asked, a unique puzzle has 17 to 81", ErrGivensNotReached, opts.Givens)
		}
		if !reachable(symGroups[opts.Symmetry], NumCells-opts.Givens) {
			return Generated{}, fmt.Errorf("%w: %s symmetry cannot leave exactly %d givens", ErrGivensNotReached, opts.Symmetry, opts.Givens)
		}
	}
	r := rand.New(rand.NewPCG(opts.Seed, seedStream))
	for range generateTries {
		sol := RandomSolution(r)
		d := NewDigger(r, sol, opts.Symmetry)
		for {
			if _, ok := d.Remove(opts.Givens); !ok {
				break
			}
		}
		p := d.Puzzle()
		if opts.Givens == 0 || p.Count() == opts.Givens {
			return Generated{Puzzle: p, Solution: sol}, nil
		}
	}
	return Generated{}, fmt.Errorf("%w: no puzzle with %d givens in %d tries", ErrGivensNotReached, opts.Givens, generateTries)
}

// reachable reports whether some groups add up to exactly n cells.
func reachable(groups [][]int, n int) bool {
	can := make([]bool, n+1)
	can[0] = true
	for _, g := range groups {
		for s := n; s >= len(g); s-- {
			can[s] = can[s] || can[s-len(g)]
		}
	}
	return can[n]
}

// RandomSolution returns a full valid grid drawn from r: the fast solver
// run on an empty grid, trying candidates in random order. Every grid can
// come out, though not all with the same probability.
func RandomSolution(r *rand.Rand) Grid {
	var empty, sol Grid
	countBands(&empty, 1, &sol, r)
	return sol
}

// DeriveSeed mixes a base seed and an index into an independent seed
// (SplitMix64), so puzzle i of a batch can be regenerated on its own.
func DeriveSeed(seed uint64, i uint64) uint64 {
	z := seed + (i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Digger removes givens from a full grid step by step, in symmetric
// groups taken in a random order, keeping the solution unique. It is the
// low-level half of Generate, for callers that decide when to stop (for
// example after grading each step).
type Digger struct {
	puzzle Grid
	groups [][]int
	next   int
}

// NewDigger starts digging from the full grid sol (which must be a
// valid full grid) with groups of the symmetry sym shuffled by r. An
// unknown symmetry digs with none.
func NewDigger(r *rand.Rand, sol Grid, sym Symmetry) *Digger {
	if sym < 0 || sym >= numSymmetries {
		sym = SymNone
	}
	groups := append([][]int(nil), symGroups[sym]...)
	r.Shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
	return &Digger{puzzle: sol, groups: groups}
}

// Remove empties the next group in the order whose removal keeps the
// solution unique and leaves at least minGivens givens, and returns its
// cells; ok is false when no such group is left. A group that cannot go
// now never can later (fewer givens never restore uniqueness), so each is
// tested once; a group passed over only for minGivens stays for a later
// call with a lower floor. When Remove(0) reports false the puzzle is
// minimal for the symmetry.
func (d *Digger) Remove(minGivens int) (cells []int, ok bool) {
	count := d.puzzle.Count()
	for i := d.next; i < len(d.groups); i++ {
		g := d.groups[i]
		if count-len(g) < minGivens {
			continue
		}
		// Either way the group is settled: move it out of the queue.
		d.groups[i], d.groups[d.next] = d.groups[d.next], g
		d.next++
		p := d.puzzle
		for _, c := range g {
			p[c] = 0
		}
		if countBands(&p, 2, nil, nil) == 1 {
			d.puzzle = p
			return g, true
		}
	}
	return nil, false
}

// Puzzle returns the givens left so far.
func (d *Digger) Puzzle() Grid { return d.puzzle }

// DigMinimal digs sol down to a minimal puzzle with the symmetry.
func DigMinimal(r *rand.Rand, sol Grid, sym Symmetry) Grid {
	d := NewDigger(r, sol, sym)
	for {
		if _, ok := d.Remove(0); !ok {
			return d.Puzzle()
		}
	}
}
