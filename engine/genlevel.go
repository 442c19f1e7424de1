package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// ErrLevelNotReached means GenerateLevel used up its attempts without a
// puzzle of the requested level (only possible with DigOnly, with a
// symmetry the pool lacks, or with a tiny Attempts).
var ErrLevelNotReached = errors.New("level not reached")

// LevelOptions says what GenerateLevel should make. The zero value (apart
// from Level) is a sensible default: seed 0, no symmetry, the shipped pool.
type LevelOptions struct {
	// Level is the level the puzzle must re-rate to.
	Level Level
	// Seed makes the result reproducible: the same options always give
	// the same puzzle.
	Seed uint64
	// Symmetry of the givens. Pooled puzzles keep theirs, so a symmetric
	// request is served only from pool entries with that symmetry (with a
	// digit relabelling, which keeps it) or by digging.
	Symmetry Symmetry
	// Pool serves the levels that digging hits rarely (hard and above);
	// nil means the pool shipped with the engine (DefaultPool).
	Pool *Pool
	// DigOnly makes every puzzle fresh: no pool. Mining uses it.
	DigOnly bool
	// Attempts is how many fresh puzzles to dig and grade for hard and
	// above before serving from the pool (or, with DigOnly or without
	// pool entries, before giving up). 0 means the level's default; a
	// negative value means none: serve from the pool straight away.
	Attempts int
	// Stop, when set, is asked before each dig attempt: true ends the
	// generation with ErrStopped. A caller's cancellation reaches the
	// engine this way, without a context in a package that has no I/O.
	Stop func() bool
}

// ErrStopped is GenerateLevel's error when LevelOptions.Stop said stop.
var ErrStopped = errors.New("generation stopped")

// stopped reports whether opts asks the generation to stop.
func (opts LevelOptions) stopped() bool { return opts.Stop != nil && opts.Stop() }

// LevelPuzzle is a generated puzzle with its solution and grade.
type LevelPuzzle struct {
	Puzzle   Grid
	Solution Grid
	Grade    Grade
	// Pooled is true when the puzzle is a transformed copy of a pool
	// entry rather than freshly dug.
	Pooled bool
	// Family is the highest TechniqueLevel among the teaching path's
	// steps: what KeepsPromise checks besides the grade.
	Family Level
}

// Default dig attempts for the pooled levels before the pool serves. An
// attempt digs a minimal puzzle and walks its teaching path up to the
// level (0.2 ms for most, up to tens of ms for one that needs chains).
// Measured over 400 random minimal puzzles, 8% are hard (1.5% hard with a
// subset or a fish), 24% expert, 16% master and 1.5% extreme. These keep
// almost every hard, expert and master puzzle fresh; extreme ones are
// served from the pool about 2 times in 3, the price of keeping the
// worst case (40 misses, then the pool) near 0.2 s of CPU, well under the
// 1 s target even on a slower machine (BenchmarkGenerateLevel).
var defaultAttempts = map[Level]int{
	LevelHard: 150, LevelExpert: 30, LevelMaster: 30, LevelExtreme: 40,
}

// digOnlyAttempts bounds DigOnly requests that give no Attempts.
const digOnlyAttempts = 2000

// GenerateLevel makes a puzzle whose grade (Rate, the player scale) has the
// requested level and that keeps the level's promise (KeepsPromise): the
// hardest step of its teaching path is one of the level's techniques. Easy puzzles are dug from a random full grid,
// keeping only removals that leave the puzzle solvable by hidden singles,
// and stop early with plenty of givens; medium puzzles are dug to minimal
// under singles (which caps them at naked singles) until one needs more
// than hidden singles. Harder levels dig minimal puzzles and grade them
// for a few attempts, then come from the pool through a random
// equivalence transformation. Half of the hard puzzles must need a subset
// or a fish (hardVariety), so that hard is not mostly pointing. The level
// is part of the seed: one seed gives unrelated grids at different levels.
// Every returned puzzle has been re-rated, so its Grade is exact.
func GenerateLevel(opts LevelOptions) (LevelPuzzle, error) {
	if opts.Symmetry < 0 || int(opts.Symmetry) >= len(symGroups) {
		return LevelPuzzle{}, fmt.Errorf("generate: %w: %d", ErrUnknownSymmetry, int(opts.Symmetry))
	}
	if opts.Level < LevelEasy || opts.Level > LevelExtreme {
		return LevelPuzzle{}, fmt.Errorf("generate: %w: %v", ErrUnknownLevel, opts.Level)
	}
	r := levelSeedRand(opts.Seed, opts.Level)
	switch opts.Level {
	case LevelEasy:
		return digEasy(r, opts.Symmetry)
	case LevelMedium:
		return digMedium(r, opts)
	}
	want := levelTarget(r, opts.Level)
	attempts := opts.Attempts
	pool := opts.Pool
	if pool == nil {
		pool = DefaultPool()
	}
	var entries []PoolEntry
	if !opts.DigOnly {
		for _, e := range pool.Entries(opts.Level, opts.Symmetry) {
			// A pool line keeps only its grade; the family of its path is
			// checked when the served copy is re-rated.
			if want(e.Grade, TechniqueLevel(e.Grade.Hardest, e.Grade.Score)) {
				entries = append(entries, e)
			}
		}
	}
	if attempts == 0 {
		attempts = defaultAttempts[opts.Level]
		if len(entries) == 0 {
			attempts = digOnlyAttempts
		}
	}
	for range max(attempts, 0) {
		if opts.stopped() {
			return LevelPuzzle{}, fmt.Errorf("generate %v: %w", opts.Level, ErrStopped)
		}
		if lp, ok := digAtLevel(r, opts.Symmetry, opts.Level, want); ok {
			return lp, nil
		}
	}
	if len(entries) == 0 {
		return LevelPuzzle{}, fmt.Errorf("generate %v: %w after %d attempts", opts.Level, ErrLevelNotReached, max(attempts, 0))
	}
	return servePool(r, entries, opts, want)
}

// hardVariety is the share of hard requests that must need a subset or a
// fish: left alone, three hard puzzles in four need nothing beyond
// pointing and claiming.
const hardVariety = 0.5

// target says whether a graded puzzle is what a request asked for, from
// its grade and the highest technique family on its teaching path.
type target func(g Grade, family Level) bool

// levelTarget draws what a request for a level must meet (KeepsPromise),
// and for hard, half of the time, a subset or a fish as the hardest step.
func levelTarget(r *rand.Rand, level Level) target {
	if level == LevelHard && r.Float64() < hardVariety {
		return func(g Grade, family Level) bool { return KeepsPromise(level, g, family) && NeedsSubsetOrFish(g) }
	}
	return func(g Grade, family Level) bool { return KeepsPromise(level, g, family) }
}

// KeepsPromise reports whether a puzzle with this player grade, whose
// teaching path's hardest technique family is family (the highest
// TechniqueLevel of its steps), is what a generated puzzle of the level
// promises: its score in the level's band, no step of a family above the
// level's and, below extreme, a hardest step of the level's own family.
// So an expert puzzle is not decided by a Hidden Triple (4.0, a hard
// technique rated in expert's band), and a master puzzle needs a chain,
// ALS or exclusion and never a forcing chain (a Nishio at 7.5 would rate
// master). An extreme puzzle needs a step of 8.0 or more: a forcing
// chain, or a chain as hard.
func KeepsPromise(level Level, g Grade, family Level) bool {
	if g.Level != level || family > level {
		return false
	}
	if level == LevelExtreme || level < LevelHard {
		return true
	}
	return TechniqueLevel(g.Hardest, g.Score) == level
}

// NeedsSubsetOrFish reports whether a hard grade's hardest step is a naked
// or hidden subset or a basic fish rather than pointing or claiming.
func NeedsSubsetOrFish(g Grade) bool {
	switch g.Hardest {
	case TechNakedPair, TechHiddenPair, TechNakedTriple, TechHiddenTriple, TechXWing, TechSwordfish:
		return true
	}
	return false
}

// poolTries bounds the pool entries servePool re-rates for one puzzle, so
// that a pool left stale by a catalogue change costs an error, not minutes.
const poolTries = 32

// servePool picks pool entries in a seeded order and serves the first
// whose transformed copy re-rates to the level. Re-rating makes the grade
// exact even if the catalogue changed since the pool was mined.
func servePool(r *rand.Rand, entries []PoolEntry, opts LevelOptions, want target) (LevelPuzzle, error) {
	order := r.Perm(len(entries))
	if len(order) > poolTries {
		order = order[:poolTries]
	}
	for _, i := range order {
		g := disguise(r, entries[i].Puzzle, opts.Symmetry)
		lp, err := gradeLevelPuzzle(g, opts.Level)
		if err != nil || !want(lp.Grade, lp.Family) {
			continue
		}
		lp.Pooled = true
		return lp, nil
	}
	return LevelPuzzle{}, fmt.Errorf("generate %v: %w: none of %d pool entries re-rates to it; mine the pool again", opts.Level, ErrLevelNotReached, len(order))
}

// relabel permutes the digits, the one transformation that keeps every
// symmetry of the givens.
func relabel(r *rand.Rand, g Grid) Grid {
	var perm [10]uint8
	for i, p := range r.Perm(9) {
		perm[i+1] = uint8(p + 1)
	}
	for c, d := range g {
		g[c] = perm[d]
	}
	return g
}

// Mine digs one minimal puzzle from the seed and grades it: the unit of
// work of pool mining. The same seed and symmetry always give the same
// puzzle, so a pool line's seed documents where it came from.
func Mine(seed uint64, sym Symmetry) (LevelPuzzle, error) {
	if sym < 0 || int(sym) >= len(symGroups) {
		return LevelPuzzle{}, fmt.Errorf("mine: %w: %d", ErrUnknownSymmetry, int(sym))
	}
	r := levelRand(seed)
	g := DigMinimal(r, RandomSolution(r), sym)
	return gradeLevelPuzzle(g, LevelExtreme)
}

// MineGrid is the minimal puzzle Mine digs from the seed (without
// symmetry), ungraded: the technique library's miner walks it itself.
func MineGrid(seed uint64) Grid {
	r := levelRand(seed)
	return DigMinimal(r, RandomSolution(r), SymNone)
}

// levelRand is the source of randomness of Mine: PCG seeded from the seed
// only, so that a pool line's seed reproduces its puzzle.
func levelRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x5eed1e7e1))
}

// levelSeedRand is GenerateLevel's source of randomness: PCG seeded from
// the seed and the level, so the same options give the same puzzle
// everywhere and one seed gives unrelated grids at different levels.
func levelSeedRand(seed uint64, level Level) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x5eed1e7e1+uint64(level+1)*0x9e3779b97f4a7c15))
}

// gradeLevelPuzzle grades g on the player scale, giving up (with
// ErrLevelNotReached) once the teaching path needs a step above maxLevel.
func gradeLevelPuzzle(g Grid, maxLevel Level) (LevelPuzzle, error) {
	t, err := rateTeaching(g, maxLevel)
	if err != nil {
		return LevelPuzzle{}, fmt.Errorf("grade %s: %w", g, err)
	}
	if !t.solved {
		if maxLevel < LevelExtreme {
			return LevelPuzzle{}, fmt.Errorf("grade %s: %w: harder than %v", g, ErrLevelNotReached, maxLevel)
		}
		return LevelPuzzle{}, fmt.Errorf("grade %s: %w", g, ErrNotLogical)
	}
	return LevelPuzzle{Puzzle: g, Solution: t.solution, Grade: t.grade, Family: t.family}, nil
}

// digAtLevel digs one minimal puzzle and keeps it if its grade is wanted.
func digAtLevel(r *rand.Rand, sym Symmetry, level Level, want target) (LevelPuzzle, bool) {
	g := DigMinimal(r, RandomSolution(r), sym)
	lp, err := gradeLevelPuzzle(g, level)
	return lp, err == nil && want(lp.Grade, lp.Family)
}

// Easy puzzles keep between easyMinGivens and easyMinGivens+easySpread-1
// givens: digging stops there, because an easy puzzle that is minimal
// reads as a hard one to a beginner even if hidden singles solve it.
const (
	easyMinGivens = 32
	easySpread    = 5
)

func digEasy(r *rand.Rand, sym Symmetry) (LevelPuzzle, error) {
	sol := RandomSolution(r)
	stop := easyMinGivens + r.IntN(easySpread)
	g := dig(r, sol, sym, stop, func(g *Grid) bool { return singlesSolve(g, false) })
	lp, err := gradeLevelPuzzle(g, LevelExtreme)
	if err != nil {
		return LevelPuzzle{}, err
	}
	if lp.Grade.Level != LevelEasy {
		// Unreachable with a sound catalogue: hidden singles rate at most
		// 1.5. Reported rather than hidden.
		return LevelPuzzle{}, fmt.Errorf("generate easy: %w: dug puzzle %s rates %v", ErrLevelNotReached, g, lp.Grade)
	}
	return lp, nil
}

// mediumAttempts bounds the retries when a singles-minimal puzzle still
// needs hidden singles only (rare: most need a naked single).
const mediumAttempts = 50

func digMedium(r *rand.Rand, opts LevelOptions) (LevelPuzzle, error) {
	attempts := opts.Attempts
	if attempts <= 0 {
		attempts = mediumAttempts
	}
	for range attempts {
		if opts.stopped() {
			return LevelPuzzle{}, fmt.Errorf("generate medium: %w", ErrStopped)
		}
		sol := RandomSolution(r)
		g := dig(r, sol, opts.Symmetry, 0, func(g *Grid) bool { return singlesSolve(g, true) })
		lp, err := gradeLevelPuzzle(g, LevelExtreme)
		if err != nil {
			return LevelPuzzle{}, err
		}
		if lp.Grade.Level == LevelMedium {
			return lp, nil
		}
	}
	return LevelPuzzle{}, fmt.Errorf("generate medium: %w after %d attempts", ErrLevelNotReached, attempts)
}

// dig removes the symmetry's groups of cells from sol in random order,
// keeping each removal that ok accepts, until no group is left or the
// givens are down to stop. Removing whole groups keeps the symmetry.
func dig(r *rand.Rand, sol Grid, sym Symmetry, stop int, ok func(*Grid) bool) Grid {
	groups := sym.Groups()
	g := sol
	count := NumCells
	for _, i := range r.Perm(len(groups)) {
		if count <= stop {
			break
		}
		o := groups[i]
		for _, c := range o {
			g[c] = 0
		}
		if ok(&g) {
			count -= len(o)
			continue
		}
		for _, c := range o {
			g[c] = sol[c]
		}
	}
	return g
}

// singlesSolve reports whether full houses and hidden singles (and, when
// naked is set, naked singles) solve g. Success implies a unique solution
// and a Sudoku Explainer rating of at most 1.5 (at most 2.3 with naked).
func singlesSolve(g *Grid, naked bool) bool {
	b := NewBoard(*g)
	for {
		progress := false
		for u := 0; u < NumUnits; u++ {
			var placed, once, twice Digits
			for _, c := range UnitCells[u] {
				placed = placed.With(b.Grid[c])
				cs := b.Cands[c]
				twice |= once & cs
				once |= cs
			}
			placed = placed.Without(0)
			if (placed|once)&AllDigits != AllDigits {
				return false // a digit has no place left in this unit
			}
			single := once &^ twice
			if single == 0 {
				continue
			}
			for _, c := range UnitCells[u] {
				if hit := b.Cands[c] & single; hit != 0 {
					if hit.Count() > 1 {
						return false // one cell is the only place for two digits
					}
					b.Place(c, hit.First())
					progress = true
				}
			}
		}
		if naked {
			for c := 0; c < NumCells; c++ {
				if b.Grid[c] != 0 {
					continue
				}
				switch b.Cands[c].Count() {
				case 0:
					return false
				case 1:
					b.Place(c, b.Cands[c].First())
					progress = true
				}
			}
		}
		if !progress {
			return b.Solved()
		}
	}
}

// disguise is a pool puzzle made new to the eye: any symmetry transform
// when the caller asked for none, else only a relabelling of the digits,
// which keeps the givens' symmetry.
func disguise(r *rand.Rand, g Grid, sym Symmetry) Grid {
	if sym == SymNone {
		return RandomTransform(r).Apply(g)
	}
	return relabel(r, g)
}
