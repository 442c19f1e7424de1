package engine

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// This file is the stochastic method, kept beside the exact solvers as a
// selectable alternative (solve --method anneal) and for comparison:
// simulated annealing over grids whose boxes each hold 1-9 once, lowering
// the number of digits missing from rows and columns (Lewis, "Metaheuristics
// can solve sudoku puzzles", 2007). It finds a solution or gives up; it
// never proves that a puzzle has no solution or only one.

// ErrNotFound means a search that proves nothing ran out of budget without
// finding a solution. The puzzle may still have one.
var ErrNotFound = errors.New("not found")

// AnnealOptions are the settings of SolveAnneal. The zero value uses seed
// 0 and the default budget.
type AnnealOptions struct {
	// Seed fixes the random moves, so a run can be repeated exactly.
	Seed uint64
	// MaxSteps is the budget in proposed moves; 0 means DefaultAnnealSteps.
	MaxSteps int
}

// DefaultAnnealSteps is the default budget of SolveAnneal: about a second
// on one core; it solves typical puzzles, a minority of the hardest.
const DefaultAnnealSteps = 10_000_000

// SolveAnneal looks for a solution of g by simulated annealing. It returns
// a *ConflictError (wrapping ErrInvalid) for conflicting givens, and
// ErrNotFound when the budget runs out. A returned grid is a solution, but
// not necessarily the only one.
func SolveAnneal(g Grid, opts AnnealOptions) (Grid, error) {
	if err := g.Validate(); err != nil {
		return Grid{}, err
	}
	steps := opts.MaxSteps
	if steps <= 0 {
		steps = DefaultAnnealSteps
	}
	a := newAnnealer(g, rand.New(rand.NewPCG(opts.Seed, seedStream)))
	if a == nil {
		// A box cannot be completed with its missing digits: impossible
		// once the givens are valid, but never worth a panic.
		return Grid{}, fmt.Errorf("%w: anneal could not fill the boxes", ErrNotFound)
	}
	if sol, ok := a.run(steps); ok {
		return sol, nil
	}
	return Grid{}, ErrNotFound
}

type annealer struct {
	r      *rand.Rand
	g      Grid
	free   [9][]int // free (non-given) cells of each box
	boxes  []int    // boxes with at least two free cells
	rowCnt [9][10]uint8
	colCnt [9][10]uint8
	cost   int // digits missing from rows plus digits missing from columns
}

// newAnnealer fills every box's free cells with its missing digits in
// random order, so that boxes always obey the rules.
func newAnnealer(g Grid, r *rand.Rand) *annealer {
	a := &annealer{r: r, g: g}
	for b := range 9 {
		var have Digits
		for _, c := range UnitCells[FirstBox+b] {
			if g[c] != 0 {
				have = have.With(g[c])
			} else {
				a.free[b] = append(a.free[b], c)
			}
		}
		missing := (AllDigits &^ have).Slice()
		if len(missing) != len(a.free[b]) {
			return nil
		}
		r.Shuffle(len(missing), func(i, j int) { missing[i], missing[j] = missing[j], missing[i] })
		for i, c := range a.free[b] {
			a.g[c] = missing[i]
		}
		if len(a.free[b]) >= 2 {
			a.boxes = append(a.boxes, b)
		}
	}
	for c, d := range a.g {
		a.rowCnt[RowOf(c)][d]++
		a.colCnt[ColOf(c)][d]++
	}
	for i := range 9 {
		for d := 1; d <= 9; d++ {
			if a.rowCnt[i][d] == 0 {
				a.cost++
			}
			if a.colCnt[i][d] == 0 {
				a.cost++
			}
		}
	}
	return a
}

// lineDelta is the change in missing digits of one line (counts cnt) when
// digit out leaves it and digit in enters.
func lineDelta(cnt *[10]uint8, out, in uint8) int {
	d := 0
	if cnt[out] == 1 {
		d++
	}
	if cnt[in] == 0 {
		d--
	}
	return d
}

// delta is the cost change of swapping cells x and y of one box.
func (a *annealer) delta(x, y int) int {
	dx, dy := a.g[x], a.g[y]
	rx, ry, cx, cy := RowOf(x), RowOf(y), ColOf(x), ColOf(y)
	d := 0
	if rx != ry {
		d += lineDelta(&a.rowCnt[rx], dx, dy) + lineDelta(&a.rowCnt[ry], dy, dx)
	}
	if cx != cy {
		d += lineDelta(&a.colCnt[cx], dx, dy) + lineDelta(&a.colCnt[cy], dy, dx)
	}
	return d
}

func (a *annealer) swap(x, y int) {
	dx, dy := a.g[x], a.g[y]
	rx, ry, cx, cy := RowOf(x), RowOf(y), ColOf(x), ColOf(y)
	a.rowCnt[rx][dx]--
	a.rowCnt[rx][dy]++
	a.rowCnt[ry][dy]--
	a.rowCnt[ry][dx]++
	a.colCnt[cx][dx]--
	a.colCnt[cx][dy]++
	a.colCnt[cy][dy]--
	a.colCnt[cy][dx]++
	a.g[x], a.g[y] = dy, dx
}

// move draws a random swap of two free cells in one box. The first cell
// is redrawn up to three times until its digit clashes in its row or
// column: moving a cell that breaks no rule rarely helps, and measured,
// the bias solves several times as many hard puzzles.
func (a *annealer) move() (int, int) {
	f := a.free[a.boxes[a.r.IntN(len(a.boxes))]]
	i := a.r.IntN(len(f))
	for range 3 {
		x := f[i]
		if a.rowCnt[RowOf(x)][a.g[x]] > 1 || a.colCnt[ColOf(x)][a.g[x]] > 1 {
			break
		}
		i = a.r.IntN(len(f))
	}
	j := a.r.IntN(len(f) - 1)
	if j >= i {
		j++
	}
	return f[i], f[j]
}

// annealFloor is the lowest temperature: cooling stops there rather than
// freezing, so the search keeps escaping the near-solutions (two or three
// digits missing) where a frozen anneal gets stuck. Measured on hard
// puzzles it beat both a plain geometric schedule with reheats and a
// fixed temperature.
const annealFloor = 0.4

// run anneals for at most steps moves. The starting temperature is the
// spread of cost changes of random moves; it cools by 1% per chain of
// moves down to annealFloor.
func (a *annealer) run(steps int) (Grid, bool) {
	if a.cost == 0 {
		return a.g, true
	}
	if len(a.boxes) == 0 {
		return Grid{}, false
	}
	var sum, sumSq float64
	const samples = 200
	for range samples {
		x, y := a.move()
		d := float64(a.delta(x, y))
		sum += d
		sumSq += d * d
	}
	t := math.Sqrt(max(sumSq/samples-(sum/samples)*(sum/samples), 0.01))
	nFree := 0
	for _, f := range a.free {
		nFree += len(f)
	}
	chain := max(nFree*nFree/4, 100)
	for step := 0; step < steps; {
		for range chain {
			step++
			x, y := a.move()
			d := a.delta(x, y)
			if d <= 0 || a.r.Float64() < math.Exp(-float64(d)/t) {
				a.swap(x, y)
				a.cost += d
				if a.cost == 0 {
					return a.g, true
				}
			}
		}
		t = max(t*0.99, annealFloor)
	}
	return Grid{}, false
}
