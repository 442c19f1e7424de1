package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// The teaching path takes some techniques first in almost no published
// puzzle: a Dynamic Forcing Chain (+) only where every dynamic chain is
// much longer, a Finned Franken X-Wing only where every chain rates 7.3
// or more. A hill climb over puzzles (techlib climb) finds such puzzles
// by moving one given at a time towards a path that takes the technique;
// TechniqueGap is the height it climbs down and RandomMovedGiven its
// step.

// gapPerTier is what TechniqueGap adds for each teaching tier between the
// path's own step and the technique's tier: more than any rating
// difference inside a tier (ratings run from 1.0 to about 11), so a
// position one tier nearer is always nearer.
const gapPerTier = 10

// TechniqueGap walks g's teaching path (every level) and says how near it
// comes to taking technique t first: at each position where t finds a
// step with an effect (IllustrationStep) but the path takes another step
// s, the distance is gapPerTier per teaching tier between s's and t's,
// plus how much t's step rates above s (the path takes the lowest rated
// step of the first tier that has one, and of equal ratings the one
// earlier in the catalogue). The gap is the smallest distance of the
// path; taken reports that the path takes t itself (gap 0 then), and a
// path on which t never applies has gap +Inf. Only positions whose own
// step is at most two tiers before t's are looked at: the others are
// twenty points away, and looking costs. Errors are Solve's and
// ErrUnsound.
func TechniqueGap(g Grid, t TechniqueID) (gap float64, taken bool, err error) {
	sol, err := Solve(g)
	if err != nil {
		return 0, false, fmt.Errorf("gap: %w", err)
	}
	tech, ok := TechniqueNamed(t)
	if !ok {
		return 0, false, fmt.Errorf("gap: unknown technique %q", t)
	}
	tt := int(tierOf(tech))
	gap = math.Inf(1)
	b := NewBoard(g)
	for !b.Solved() {
		s, ok := teachingStep(&b, true, LevelExtreme)
		if !ok {
			break
		}
		if err := checkStep(s, sol); err != nil {
			return 0, false, fmt.Errorf("gap: %w", err)
		}
		if s.Technique == t {
			return 0, true, nil
		}
		if st := int(tierOf(techniqueOf(s.Technique))); st >= tt-2 {
			if x, ok := IllustrationStep(&b, t); ok {
				gap = min(gap, float64(gapPerTier*max(tt-st, 0))+max(x.Score-s.Score, 0))
			}
		}
		b.Apply(s)
	}
	return gap, false, nil
}

// RandomMovedGiven is one random neighbour of g, whose solution is sol:
// a given moved to an empty cell that takes the solution's digit there,
// keeping exactly one solution, with its move as MovedGivens names it
// ("r7c8>r9c2"). It tries up to tries moves drawn from r and reports
// false when none keeps one solution.
func RandomMovedGiven(g, sol Grid, r *rand.Rand, tries int) (string, Grid, bool) {
	var givens, empty []int
	for c, d := range g {
		if d != 0 {
			givens = append(givens, c)
		} else {
			empty = append(empty, c)
		}
	}
	if len(givens) == 0 || len(empty) == 0 {
		return "", Grid{}, false
	}
	for range tries {
		from, to := givens[r.IntN(len(givens))], empty[r.IntN(len(empty))]
		h := g
		h[from], h[to] = 0, sol[to]
		if CountSolutions(h, 2) == 1 {
			return CellName(from) + ">" + CellName(to), h, true
		}
	}
	return "", Grid{}, false
}
