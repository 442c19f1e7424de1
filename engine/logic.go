package engine

import (
	"errors"
	"fmt"
	"slices"
	"sync"
)

// ErrUnsound means a technique produced a step that contradicts the
// puzzle's solution: a bug in the technique, never the player's fault.
// SolvePath checks every step against the solution and stops with this
// error rather than explain a wrong deduction.
var ErrUnsound = errors.New("unsound step")

// patternTechniques lists the techniques of this package's tech_*.go files
// in SE order; Catalogue merges them with the chain techniques.
func patternTechniques() []Technique {
	return append([]Technique{
		fullHouse{},
		hiddenSingle{box: true},
		hiddenSingle{box: false},
		intersection{claiming: false, direct: true},
		intersection{claiming: true, direct: true},
		hiddenSubset{size: 2, direct: true},
		nakedSingle{},
		hiddenSubset{size: 3, direct: true},
		intersection{claiming: false},
		intersection{claiming: true},
		nakedSubset{size: 2},
		fish{size: 2},
		hiddenSubset{size: 2},
		nakedSubset{size: 3},
		fish{size: 3},
		hiddenSubset{size: 3},
		singleDigitChain{kind: sdSkyscraper},
		singleDigitChain{kind: sdKite},
		singleDigitChain{kind: sdTurbot},
		emptyRectangle{},
		xyWing{},
		fish{size: 2, finned: true},
		xyzWing{},
		wWing{},
		uniqueRectangle{kind: 1},
		uniqueRectangle{kind: 2},
		uniqueRectangle{kind: 4},
		wxyzWing{},
		uniqueRectangle{kind: 3},
		hiddenRectangle{},
		uniqueLoop{kind: 1},
		uniqueLoop{kind: 2},
		uniqueLoop{kind: 4},
		uniqueLoop{kind: 3},
		fish{size: 3, finned: true},
		nakedSubset{size: 4},
		simpleColouring{},
		fish{size: 4},
		hiddenSubset{size: 4},
		fish{size: 4, finned: true},
		bugPlusOne{},
		bugType{kind: 2},
		bugType{kind: 4},
		multiColouring{},
		bugType{kind: 3},
		alignedExclusion{size: 2},
		alignedExclusion{size: 3},
		uniqueRectangle{kind: 5},
		uniqueRectangle{kind: 6},
		avoidableRectangle{kind: 1},
		avoidableRectangle{kind: 2},
		sueDeCoq{},
		alsXYWing{},
		alsXYChain{maxSets: pathALSChainMaxSets},
		pathDeathBlossom,
		template{set: true},
		template{set: false},
	}, ComplexFish(PathFishSize)...)
}

var (
	catalogueOnce sync.Once
	catalogue     []Technique
)

// OffPath lists the techniques that are built, pass every case of
// HoDoKu's regression library that has them (as given, transposed and
// relabelled) and have their words in every language, but that the
// solving path does not look for, so they decide no grade and no hint:
//   - Franken and Mutant fish of 5 to 7 units: a finned Mutant Squirmbag
//     or Whale costs up to 10 ms a position (BenchmarkFind*), at every
//     step of every hard puzzle, for a pattern no player looks for;
//   - Kraken fish: on csp_rules_ser_examples it would replace forcing
//     chains in 49 of 80 paths but change 1 grade.
//
// With them joined (BenchmarkOffPathCSP), the 80 puzzles of
// csp_rules_ser_examples take 24.6 s instead of 11.7 s, the median puzzle
// 318 ms instead of 145 ms (measured on one core of the quiet 2-core
// development machine).
//
// TechniqueNamed finds them; tests and tools take them from here.
func OffPath() []Technique {
	var out []Technique
	for _, t := range ComplexFish(len(fishNames) - 1) {
		if t.(fish).size > PathFishSize {
			out = append(out, t)
		}
	}
	return append(out, KrakenFish())
}

// TechniqueNamed returns the technique of the catalogue or OffPath with
// that name (Technique.Name, the stable key).
func TechniqueNamed(name TechniqueID) (Technique, bool) {
	for _, t := range slices.Concat(Catalogue(), OffPath()) {
		if t.Name() == name {
			return t, true
		}
	}
	return nil, false
}

// Catalogue returns every technique the logical solver knows, easiest
// first: ordered by base score, ties kept in the order of the pattern list
// followed by the chain list. The slice is shared; do not modify it.
func Catalogue() []Technique {
	catalogueOnce.Do(func() {
		catalogue = sortTechniques(append(patternTechniques(), chainTechniques()...))
	})
	return catalogue
}

// sortTechniques orders techniques by base score, keeping the given order
// among equal scores.
func sortTechniques(ts []Technique) []Technique {
	slices.SortStableFunc(ts, func(a, b Technique) int {
		switch {
		case a.Score() < b.Score():
			return -1
		case a.Score() > b.Score():
			return 1
		}
		return 0
	})
	return ts
}

// NextStep returns the step the hints teach in b: the easiest for a
// person, by the teaching order (teachingTiers): a full house or a single
// whenever there is one, else an intersection, a subset, a fish, wing or
// other pattern, a chain, and a net last; within a tier the step of lowest
// score, ties broken by catalogue order. unique says the position comes
// from a puzzle with exactly one solution, which allows the uniqueness
// techniques. For most positions only the singles are looked at.
func NextStep(b *Board, unique bool) (Step, bool) {
	return teachingStep(b, unique, LevelExtreme)
}

// teachingTier is a group of techniques a person looks for together,
// easiest group first (docs/teaching-order.md gives the sources): singles
// before anything else, then intersections, subsets, the patterns of one
// or a few digits (fish, wings, single-digit patterns, uniqueness,
// colouring: every technique up to expert), chains and almost locked sets
// (master), and the nets and templates of extreme last.
type teachingTier int

const (
	tierSingles teachingTier = iota
	tierIntersections
	tierSubsets
	tierPatterns
	tierChains
	tierNets
	numTiers
)

// tierOf is a technique's teaching tier.
func tierOf(t Technique) teachingTier {
	switch t.Name() {
	case TechFullHouse, TechHiddenSingle, TechNakedSingle:
		return tierSingles
	case TechDirectPointing, TechDirectClaiming, TechPointing, TechClaiming:
		return tierIntersections
	case TechDirectHiddenPair, TechDirectHiddenTriple, TechNakedPair, TechHiddenPair,
		TechNakedTriple, TechHiddenTriple, TechNakedQuad, TechHiddenQuad:
		return tierSubsets
	}
	switch lv := TechniqueLevel(t.Name(), t.Score()); {
	case lv <= LevelExpert:
		return tierPatterns
	case lv == LevelMaster:
		return tierChains
	}
	return tierNets
}

var (
	tiersOnce sync.Once
	tiers     [numTiers][]Technique
	// tierLevels is the lowest TechniqueLevel of each tier: a walk
	// limited to a level stops before a tier that starts above it.
	tierLevels [numTiers]Level
)

// teachingTiers is the catalogue split into its teaching tiers, each in
// catalogue order (by score).
func teachingTiers() *[numTiers][]Technique {
	tiersOnce.Do(func() {
		for i := range tierLevels {
			tierLevels[i] = LevelExtreme
		}
		for _, t := range Catalogue() {
			k := tierOf(t)
			tiers[k] = append(tiers[k], t)
			tierLevels[k] = min(tierLevels[k], TechniqueLevel(t.Name(), t.Score()))
		}
	})
	return &tiers
}

// teachingStep is the step of the first tier that has one, the lowest
// rated of that tier. It gives up (false) before a tier whose techniques
// are all above maxLevel: whatever that tier or a later one finds, the
// walk would stop there.
func teachingStep(b *Board, unique bool, maxLevel Level) (Step, bool) {
	for k, ts := range teachingTiers() {
		if tierLevels[k] > maxLevel {
			break
		}
		if s, t, ok := nextStepBy(b, unique, ts); ok {
			if k >= int(tierIntersections) && k <= int(tierPatterns) {
				// Among the steps of one technique, the one with the
				// fewest cells and links (chains and nets already
				// prefer the shortest through their length bonus).
				s = smallest(b, t, s)
			}
			return s, true
		}
	}
	return Step{}, false
}

func nextStep(b *Board, unique bool, techs []Technique) (Step, bool) {
	s, _, ok := nextStepBy(b, unique, techs)
	return s, ok
}

// nextStepBy is nextStep with the technique that found the step.
func nextStepBy(b *Board, unique bool, techs []Technique) (Step, Technique, bool) {
	var best Step
	var by Technique
	found := false
	for _, t := range techs {
		if found && t.Score() >= best.Score {
			break
		}
		if _, ok := t.(UniquenessTechnique); ok && !unique {
			continue
		}
		s, ok := t.Find(b)
		if !ok || !s.HasEffect() {
			continue
		}
		if !found || s.Score < best.Score {
			best, by, found = s, t, true
		}
	}
	return best, by, found
}

// smallest is, among the steps technique t finds in b with s's rating,
// the one with the fewest cells and links (stepSize), the first of equals;
// s itself when t cannot list its steps.
func smallest(b *Board, t Technique, s Step) Step {
	e, ok := t.(Enumerator)
	if !ok {
		return s
	}
	best, size := s, stepSize(s)
	for x := range e.All(b) {
		if x.Score != s.Score || !x.HasEffect() {
			continue
		}
		if n := stepSize(x); n < size {
			best, size = x, n
		}
	}
	return best
}

// stepSize is how much of the board a step asks a player to look at: the
// cells of its pattern (its result left out) and its links.
func stepSize(s Step) int {
	cells := map[int]bool{}
	for _, p := range s.Pattern {
		if p.Role != RoleEliminated && p.Role != RolePlaced {
			cells[p.Cell] = true
		}
	}
	if len(cells) == 0 {
		for _, c := range s.Cells {
			cells[c] = true
		}
	}
	return len(cells) + len(s.Links)
}

// Path is a logical solution path: the steps, easiest first each time,
// from the puzzle to the solution or to where no known technique applies.
type Path struct {
	// Puzzle is the starting grid and Solution its unique solution.
	Puzzle, Solution Grid
	// Steps are the steps in the order applied.
	Steps []Step
	// Solved reports whether the steps reach the solution.
	Solved bool
	// Final is the position after the last step.
	Final Board
}

// Score is the rating of the hardest step (SE's "ER"), 0 for no steps.
func (p *Path) Score() float64 {
	m := 0.0
	for _, s := range p.Steps {
		m = max(m, s.Score)
	}
	return m
}

// Hardest returns the first step with the path's score.
func (p *Path) Hardest() (Step, bool) {
	sc := p.Score()
	for _, s := range p.Steps {
		if s.Score == sc {
			return s, true
		}
	}
	return Step{}, false
}

// Level is the level band of the path's score.
func (p *Path) Level() Level { return LevelForScore(p.Score()) }

// PathOptions tunes SolvePathWith. The zero value is SolvePath's behaviour.
type PathOptions struct {
	// Techniques replaces the teaching order: each step is the lowest
	// rated of these techniques (keep them sorted by score), as Sudoku
	// Explainer solves; nil means the teaching order over Catalogue()
	// (NextStep).
	Techniques []Technique
	// MaxScore stops the path before the first step rated above it; 0
	// means no limit. Grading uses it to ask "is this puzzle at most X?".
	MaxScore float64
	// MaxSteps bounds the path's length; 0 means no limit.
	MaxSteps int
}

// SolvePath solves g by logic, always applying the step the hints teach
// (NextStep), the teaching path. It first
// checks g with the exact solver and returns its error (wrapping
// ErrInvalid, ErrNoSolution or ErrMultipleSolutions) for a puzzle without
// exactly one solution. A path that gets stuck is returned with Solved
// false and no error.
func SolvePath(g Grid) (Path, error) { return SolvePathWith(g, PathOptions{}) }

// SolvePathWith is SolvePath with options.
func SolvePathWith(g Grid, opt PathOptions) (Path, error) {
	sol, err := Solve(g)
	if err != nil {
		return Path{}, err
	}
	p := Path{Puzzle: g, Solution: sol, Final: NewBoard(g)}
	b := &p.Final
	for !b.Solved() {
		if opt.MaxSteps > 0 && len(p.Steps) >= opt.MaxSteps {
			break
		}
		var s Step
		var ok bool
		if opt.Techniques == nil {
			s, ok = teachingStep(b, true, LevelExtreme)
		} else {
			s, ok = nextStep(b, true, opt.Techniques)
		}
		if !ok || (opt.MaxScore > 0 && s.Score > opt.MaxScore) {
			break
		}
		if err := checkStep(s, sol); err != nil {
			return p, err
		}
		p.Steps = append(p.Steps, s)
		b.Apply(s)
	}
	p.Solved = b.Solved()
	return p, nil
}

// checkStep returns an error wrapping ErrUnsound when s places a digit
// that is not the solution's or removes the solution's digit.
func checkStep(s Step, sol Grid) error {
	for _, pl := range s.Placements {
		if sol[pl.Cell] != pl.Digit {
			return fmt.Errorf("%w: %s places %d in %s, the solution has %d: %v",
				ErrUnsound, s.Technique, pl.Digit, CellName(pl.Cell), sol[pl.Cell], s)
		}
	}
	for _, e := range s.Eliminations {
		if sol[e.Cell] == e.Digit {
			return fmt.Errorf("%w: %s removes %d from %s, the solution's digit: %v",
				ErrUnsound, s.Technique, e.Digit, CellName(e.Cell), s)
		}
	}
	return nil
}
