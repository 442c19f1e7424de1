package engine

import (
	"math/bits"
	"math/rand/v2"
	"sync"
)

// Solve returns the unique solution of g. It returns an error wrapping
// ErrInvalid (a *ConflictError) when the givens conflict, ErrNoSolution
// when none exists and ErrMultipleSolutions when more than one does.
func Solve(g Grid) (Grid, error) {
	if err := g.Validate(); err != nil {
		return Grid{}, err
	}
	var sol Grid
	return uniqueSolution(countBands(&g, 2, &sol, nil), sol)
}

// uniqueSolution turns a count of solutions (stopped at 2) and the first
// one found into Solve's answer.
func uniqueSolution(n int, sol Grid) (Grid, error) {
	switch n {
	case 0:
		return Grid{}, ErrNoSolution
	case 1:
		return sol, nil
	default:
		return Grid{}, ErrMultipleSolutions
	}
}

// CountSolutions counts the solutions of g, stopping at limit (limit 2
// answers "is it unique?"). Conflicting givens count as 0 solutions, and a
// limit below 1 counts nothing.
func CountSolutions(g Grid, limit int) int {
	if limit < 1 || g.Validate() != nil {
		return 0
	}
	return countBands(&g, limit, nil, nil)
}

// The fast solver keeps, for every digit, the cells where it can still go
// as three 27-bit band masks (JCZSolve's layout): bit r*9+c of band b is
// cell (3b+r, c). Within a band a digit occupies one cell per row and one
// per box, so the rows and boxes it uses form a permutation of three; a
// 512-entry table turns "which mini-rows still have the digit" into the
// union of the permutations that fit, which applies box/line interactions
// and hidden singles in rows and boxes in a few operations. Columns cross
// bands and are handled when a digit is placed, and by a column check.
// Naked singles come from counting candidates per cell with two masks
// (seen once, seen twice) over the nine digits of a band.

const bandAll = 1<<27 - 1

// The fast solver's tables: miniRows maps a 9-bit row to the 3-bit set of
// its non-empty mini-rows; permMask maps the 9-bit set of non-empty
// mini-rows of a digit in a band (bit r*3+k: row r, box k) to the cells
// that lie in some permutation of mini-rows, i.e. where the digit may
// still go; bandPeers is the row, box and in-band column of a band
// position, without the position itself; bandCol is the in-band column of
// a band position (three bits).
var miniRows, permMask, bandPeers, bandCol = bandTables()

func bandTables() (miniRows, permMask [512]uint32, bandPeers, bandCol [27]uint32) {
	for x := range 512 {
		for k := range 3 {
			if x>>(3*k)&7 != 0 {
				miniRows[x] |= 1 << k
			}
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for s := range 512 {
		var m uint32
		for _, p := range perms {
			if s>>p[0]&1 != 0 && s>>(3+p[1])&1 != 0 && s>>(6+p[2])&1 != 0 {
				for r := range 3 {
					m |= 7 << (r*9 + 3*p[r])
				}
			}
		}
		permMask[s] = m
	}
	for p := range 27 {
		r, c := p/9, p%9
		var m uint32
		for q := range 27 {
			qr, qc := q/9, q%9
			if q != p && (qr == r || qc == c || qc/3 == c/3) {
				m |= 1 << q
			}
		}
		bandPeers[p] = m
		bandCol[p] = 1<<c | 1<<(c+9) | 1<<(c+18)
	}
	return miniRows, permMask, bandPeers, bandCol
}

// bandState is one position of the fast search. It is copied on every
// guess, so it stays small (about 230 bytes) and holds no pointers.
type bandState struct {
	f        [27]uint32 // candidates of digit d in band b at f[d*3+b]
	seen     [27]uint32 // f as last propagated, to skip unchanged entries
	unsolved [3]uint32  // cells not yet placed, per band
}

// load sets up the position of g; it reports false when a given is not a
// candidate any more, which only conflicting givens cause.
func (s *bandState) load(g *Grid) bool {
	for i := range s.f {
		s.f[i] = bandAll
		s.seen[i] = 0
	}
	s.unsolved = [3]uint32{bandAll, bandAll, bandAll}
	for cell, d := range g {
		if d == 0 {
			continue
		}
		b, p := cell/27, uint(cell%27)
		i := int(d-1)*3 + b
		if s.f[i]&(1<<p) == 0 {
			return false
		}
		s.place(i, p)
	}
	return true
}

// place puts digit i/3 at position p of band i%3, which must be a
// candidate there, and removes it from every peer.
func (s *bandState) place(i int, p uint) {
	b := i % 3
	bit := uint32(1) << p
	for d := b; d < 27; d += 3 {
		s.f[d] &^= bit
	}
	base := i - b
	col := bandCol[p]
	s.f[base] &^= col
	s.f[base+1] &^= col
	s.f[base+2] &^= col
	s.f[i] = s.f[i]&^bandPeers[p] | bit
	s.unsolved[b] &^= bit
}

// propagate applies singles and box/line interactions until nothing
// changes. It reports false on a contradiction.
func (s *bandState) propagate() bool {
	for {
		for again := true; again; {
			again = false
			for i := range 27 {
				a := s.f[i]
				if a == s.seen[i] {
					continue
				}
				again = true
				a &= permMask[miniRows[a&0x1FF]|miniRows[a>>9&0x1FF]<<3|miniRows[a>>18]<<6]
				if a == 0 {
					return false
				}
				s.f[i] = a
				s.seen[i] = a
				// A row left with one cell places the digit there. (The
				// permutation filter keeps single rows in distinct boxes,
				// so one placement cannot clear another's cell; the f
				// check guards that reasoning.)
				u := s.unsolved[i%3]
				for r := uint(0); r < 27; r += 9 {
					x := a >> r & 0x1FF
					if x&(x-1) == 0 && x<<r&u&s.f[i] != 0 {
						s.place(i, uint(bits.TrailingZeros32(x))+r)
					}
				}
			}
			// Every column needs every digit somewhere. (Hidden singles in
			// columns are not looked for: measured, they cost more time
			// than the guesses they save.)
			for d := 0; d < 27; d += 3 {
				a := s.f[d] | s.f[d+1] | s.f[d+2]
				if (a|a>>9|a>>18)&0x1FF != 0x1FF {
					return false
				}
			}
		}
		// Naked singles.
		placed := false
		for b := range 3 {
			u := s.unsolved[b]
			if u == 0 {
				continue
			}
			var r1, r2 uint32
			for d := b; d < 27; d += 3 {
				x := s.f[d]
				r2 |= r1 & x
				r1 |= x
			}
			if u&^r1 != 0 {
				return false
			}
			for singles := u &^ r2; singles != 0; singles &= singles - 1 {
				p := uint(bits.TrailingZeros32(singles))
				bit := uint32(1) << p
				if s.unsolved[b]&bit == 0 {
					continue
				}
				d := b
				for d < 27 && s.f[d]&bit == 0 {
					d += 3
				}
				if d >= 27 {
					return false
				}
				s.place(d, p)
				placed = true
			}
		}
		if !placed {
			return true
		}
	}
}

// solved reports whether every cell is placed.
func (s *bandState) solved() bool {
	return s.unsolved[0]|s.unsolved[1]|s.unsolved[2] == 0
}

// grid writes the placed digits into g.
func (s *bandState) grid(g *Grid) {
	for i, a := range s.f {
		base := i % 3 * 27
		d := uint8(i/3 + 1)
		for ; a != 0; a &= a - 1 {
			g[base+bits.TrailingZeros32(a)] = d
		}
	}
}

// guessCell picks the cell to branch on: the first cell with two
// candidates, or else the first with the fewest, since a bivalue guess
// halves the work most often. It returns the band, the position and the
// candidates as a 9-bit mask of digit indices (bit 0 is digit 1).
func (s *bandState) guessCell() (b int, p uint, ds uint32) {
	bestB, bestP, bestN := -1, uint(0), 10
	for b := range 3 {
		u := s.unsolved[b]
		if u == 0 {
			continue
		}
		var r1, r2, r3 uint32
		for d := b; d < 27; d += 3 {
			x := s.f[d]
			r3 |= r2 & x
			r2 |= r1 & x
			r1 |= x
		}
		if two := u & r2 &^ r3; two != 0 {
			bestB, bestP, bestN = b, uint(bits.TrailingZeros32(two)), 2
			break
		}
		if bestN > 3 {
			for x := u; x != 0; x &= x - 1 {
				p := uint(bits.TrailingZeros32(x))
				n := 0
				for d := b; d < 27; d += 3 {
					n += int(s.f[d] >> p & 1)
				}
				if n < bestN {
					bestB, bestP, bestN = b, p, n
				}
			}
		}
	}
	for d := range 9 {
		if s.f[d*3+bestB]>>bestP&1 != 0 {
			ds |= 1 << d
		}
	}
	return bestB, bestP, ds
}

// bandSearch counts solutions below a position, up to limit. Positions
// live in stack, one per guess depth (a guess places a cell, so 81 deep at
// most), and searches are pooled, so the search allocates nothing.
type bandSearch struct {
	limit int
	count int
	first *Grid      // receives the first solution, when not nil
	rng   *rand.Rand // when not nil, candidates are tried in random order
	stack [NumCells + 1]bandState
}

var searchPool = sync.Pool{New: func() any { return new(bandSearch) }}

// run searches below stack[depth].
func (x *bandSearch) run(depth int) {
	s := &x.stack[depth]
	for {
		if !s.propagate() {
			return
		}
		if s.solved() {
			if x.count == 0 && x.first != nil {
				s.grid(x.first)
			}
			x.count++
			return
		}
		b, p, ds := s.guessCell()
		// Try every candidate but the last on a copy; the last one is
		// tried in place, which saves a copy per guess.
		for ds&(ds-1) != 0 {
			d := bits.TrailingZeros32(ds)
			if x.rng != nil {
				d = int(x.pick(ds))
			}
			ds &^= 1 << d
			c := &x.stack[depth+1]
			*c = *s
			c.place(d*3+b, p)
			x.run(depth + 1)
			if x.count >= x.limit {
				return
			}
		}
		s.place(bits.TrailingZeros32(ds)*3+b, p)
	}
}

// pick chooses a random member of the set ds.
func (x *bandSearch) pick(ds uint32) uint {
	k := x.rng.IntN(bits.OnesCount32(ds))
	for ; k > 0; k-- {
		ds &= ds - 1
	}
	return uint(bits.TrailingZeros32(ds))
}

// countBands counts the solutions of g up to limit with the band solver,
// writing the first into first when it is not nil. The givens must not
// conflict (Validate them first); rng, when not nil, randomises the order
// in which guesses are tried.
func countBands(g *Grid, limit int, first *Grid, rng *rand.Rand) int {
	x := searchPool.Get().(*bandSearch)
	defer searchPool.Put(x)
	x.limit, x.count, x.first, x.rng = limit, 0, first, rng
	if !x.stack[0].load(g) {
		return 0
	}
	x.run(0)
	x.first, x.rng = nil, nil
	return x.count
}
