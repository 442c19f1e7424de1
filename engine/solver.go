package engine

// Solve returns the unique solution of g. It returns an error wrapping
// ErrInvalid (a *ConflictError) when the givens conflict, ErrNoSolution
// when none exists and ErrMultipleSolutions when more than one does.
func Solve(g Grid) (Grid, error) {
	if err := g.Validate(); err != nil {
		return Grid{}, err
	}
	var sol Grid
	switch n := countFrom(g, 2, &sol); n {
	case 0:
		return Grid{}, ErrNoSolution
	case 1:
		return sol, nil
	default:
		return Grid{}, ErrMultipleSolutions
	}
}

// CountSolutions counts the solutions of g, stopping at limit (limit 2
// answers "is it unique?"). Conflicting givens count as 0 solutions.
func CountSolutions(g Grid, limit int) int {
	if g.Validate() != nil {
		return 0
	}
	var sol Grid
	return countFrom(g, limit, &sol)
}

// countFrom is a plain backtracking counter with minimum-remaining-values
// branching.
func countFrom(g Grid, limit int, first *Grid) int {
	best, bestCands := -1, Digits(0)
	for c := 0; c < NumCells; c++ {
		if g[c] != 0 {
			continue
		}
		used := Digits(0)
		for _, p := range Peers[c] {
			used = used.With(g[p])
		}
		cands := AllDigits &^ used
		if cands == 0 {
			return 0
		}
		if best < 0 || cands.Count() < bestCands.Count() {
			best, bestCands = c, cands
		}
	}
	if best < 0 {
		if first != nil {
			*first = g
		}
		return 1
	}
	n := 0
	for _, d := range bestCands.Slice() {
		g[best] = d
		var f *Grid
		if n == 0 {
			f = first
		}
		n += countFrom(g, limit-n, f)
		if n >= limit {
			return n
		}
	}
	return n
}
