package engine

import (
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// The teaching path takes some techniques first in almost no published
// puzzle: a Dynamic Forcing Chain (+) only where every dynamic chain is
// much longer, a Template Delete only where every net rates above 9.4.
// A hill climb over puzzles (techlib climb) finds such puzzles
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

// Climb is one hill climb towards a puzzle whose teaching path takes
// Technique first: where it stands, how near that is, and its random
// source, so that it can stop after any round and go on later, in
// another process (the technique-climb job keeps it in the store between
// rounds) with the very moves it would have made unstopped. StartClimb
// begins one; Round takes a step.
type Climb struct {
	// Technique is what the climb looks for.
	Technique TechniqueID
	// Puzzle is the puzzle it stands at, one solution (the start's).
	Puzzle Grid
	// Start is the start's source ("sxrated_9.1.txt:30") and Moves the
	// moves made since ("~r2c5>r3c5~r2c6>r5c6"): Start+Moves names Puzzle.
	Start, Moves string
	// Seed seeds the moves, with Start.
	Seed uint64
	// StartGap is TechniqueGap at the start, Gap at Puzzle (shortOfTop
	// where the path takes the technique above its level).
	StartGap, Gap float64
	// Rounds counts the rounds taken, Idle those since the last one that
	// came nearer, Rated the puzzles rated, the start included.
	Rounds, Idle, Rated int
	// Arrived reports that the path of Puzzle takes the technique and the
	// library keeps it: the climb is over. A Gap of 0 alone does not say
	// so: a tie with the path's own step is 0 too, and one move from it
	// may arrive.
	Arrived bool

	sol Grid
	rng *rand.PCG
}

// shortOfTop is the gap of a puzzle whose path takes the technique but
// then needs a step above its level, so the library cannot keep it: nearer
// than a path whose step rates below the technique's (by 0.1 at least),
// not as near as a tie (0), from which one move may lead to a puzzle the
// library keeps.
const shortOfTop = 0.05

// StartClimb starts a climb at g, named source, towards t, its moves
// drawn from seed and source. When g's path already takes t and the
// library keeps it (climbFinds), the entries are returned and there is
// nothing to climb. Errors are TechniqueGap's.
func StartClimb(g Grid, t TechniqueID, source string, seed uint64) (*Climb, []LibraryEntry, error) {
	sol, err := Solve(g)
	if err != nil {
		return nil, nil, fmt.Errorf("climb %s: %w", source, err)
	}
	gap, taken, err := TechniqueGap(g, t)
	if err != nil {
		return nil, nil, fmt.Errorf("climb %s: %w", source, err)
	}
	h := fnv.New64a()
	h.Write([]byte(source))
	c := &Climb{Technique: t, Puzzle: g, Start: source, Seed: seed, StartGap: gap, Gap: gap, Rated: 1,
		sol: sol, rng: rand.NewPCG(seed, h.Sum64())}
	if taken {
		es, err := climbFinds(g, t, source)
		if len(es) > 0 || err != nil {
			c.Arrived = len(es) > 0
			return c, es, err
		}
		c.Gap = shortOfTop
	}
	return c, nil, nil
}

// Over reports whether the climb has arrived, taken rounds rounds, or
// patience rounds without coming nearer.
func (c *Climb) Over(patience, rounds int) bool {
	return c.Arrived || c.Rounds >= rounds || c.Idle >= patience
}

// Round rates width random neighbours of the puzzle (RandomMovedGiven)
// and moves to the nearest, sideways too, unless all are farther. When
// one's path takes the technique and the library keeps it, its entries
// are returned (Arrived, Gap 0, and Moves names it).
func (c *Climb) Round(width int) ([]LibraryEntry, error) {
	r := rand.New(c.rng)
	type next struct {
		move string
		grid Grid
		gap  float64
	}
	var pick *next
	for range width {
		move, h, ok := RandomMovedGiven(c.Puzzle, c.sol, r, 50)
		if !ok {
			continue
		}
		hg, ht, err := TechniqueGap(h, c.Technique)
		c.Rated++
		if err != nil {
			return nil, fmt.Errorf("climb %s~%s: %w", c.Source(), move, err)
		}
		if ht {
			src := c.Source() + "~" + move
			es, err := climbFinds(h, c.Technique, src)
			if len(es) > 0 || err != nil {
				c.Puzzle, c.Moves, c.Gap, c.Arrived = h, c.Moves+"~"+move, 0, len(es) > 0
				c.Rounds++
				return es, err
			}
			hg = shortOfTop
		}
		if pick == nil || hg < pick.gap {
			pick = &next{move: move, grid: h, gap: hg}
		}
	}
	c.Rounds++
	if pick == nil || pick.gap > c.Gap {
		c.Idle++
		return nil, nil
	}
	if pick.gap < c.Gap {
		c.Idle = 0
	} else {
		c.Idle++
	}
	c.Puzzle, c.Gap, c.Moves = pick.grid, pick.gap, c.Moves+"~"+pick.move
	return nil, nil
}

// Source names the puzzle the climb stands at: the start's source and
// the moves.
func (c *Climb) Source() string { return c.Start + c.Moves }

// Note is the climb's account, for a "# climb" line or a log: the start,
// the seed, the gap at the start and now, the rounds, the puzzles rated
// and result.
func (c *Climb) Note(result string) string {
	return fmt.Sprintf("climb %s seed %d: gap %s -> %s in %d rounds, %d rated: %s",
		c.Start, c.Seed, fmtGap(c.StartGap), fmtGap(c.Gap), c.Rounds, c.Rated, result)
}

// fmtGap prints a gap, "none" for a path on which the technique never
// applies.
func fmtGap(g float64) string {
	if math.IsInf(g, 1) {
		return "none"
	}
	return strconv.FormatFloat(g, 'f', 2, 64)
}

// climbFinds is what a climb keeps of h, a puzzle whose path takes t:
// LibraryFinds' entry of t, with those of techniques the shipped library
// has no puzzle of (a climb to a Template Delete may pass a Template
// Set); nil when LibraryFinds keeps none of t (a later step above its
// level).
func climbFinds(h Grid, t TechniqueID, src string) ([]LibraryEntry, error) {
	finds, err := LibraryFinds(h, LevelExtreme, src)
	var keep []LibraryEntry
	for _, e := range finds {
		if e.Technique == t || !Servable(e.Technique) {
			keep = append(keep, e)
		}
	}
	if !slices.ContainsFunc(keep, func(e LibraryEntry) bool { return e.Technique == t }) {
		return nil, err
	}
	return keep, err
}

// String saves the climb as one line, tab-separated: TECHNIQUE PUZZLE
// START MOVES SEED STARTGAP GAP ROUNDS IDLE RATED ARRIVED (true or false)
// RANDOM (the random source's state in hex), read back by ParseClimb.
func (c *Climb) String() string {
	state, _ := c.rng.MarshalBinary() // a PCG's marshalling cannot fail
	gap := func(g float64) string { return strconv.FormatFloat(g, 'g', -1, 64) }
	return strings.Join([]string{string(c.Technique), c.Puzzle.String(), c.Start, c.Moves,
		strconv.FormatUint(c.Seed, 10), gap(c.StartGap), gap(c.Gap), strconv.Itoa(c.Rounds),
		strconv.Itoa(c.Idle), strconv.Itoa(c.Rated), strconv.FormatBool(c.Arrived), hex.EncodeToString(state)}, "\t")
}

// ParseClimb reads a line of Climb.String. The puzzle must have one
// solution (a climb only moves between such puzzles).
func ParseClimb(line string) (*Climb, error) {
	f := strings.Split(line, "\t")
	if len(f) != 12 {
		return nil, fmt.Errorf("climb: want 12 tab-separated fields (TECHNIQUE PUZZLE START MOVES SEED STARTGAP GAP ROUNDS IDLE RATED ARRIVED RANDOM), got %d", len(f))
	}
	c := &Climb{Start: f[2], Moves: f[3], rng: &rand.PCG{}}
	var err error
	if c.Technique, err = ParseTechnique(f[0]); err != nil {
		return nil, fmt.Errorf("climb: %w", err)
	}
	if c.Puzzle, err = Parse(f[1]); err != nil {
		return nil, fmt.Errorf("climb: puzzle: %w", err)
	}
	if c.Start == "" || strings.ContainsAny(c.Start+c.Moves, "\n\r") {
		return nil, errors.New("climb: an empty start, or a line break in its source")
	}
	if c.Seed, err = strconv.ParseUint(f[4], 10, 64); err != nil {
		return nil, fmt.Errorf("climb: seed %q: not a number", f[4])
	}
	for i, p := range []*float64{&c.StartGap, &c.Gap} {
		if *p, err = strconv.ParseFloat(f[5+i], 64); err != nil || math.IsNaN(*p) || *p < 0 {
			return nil, fmt.Errorf("climb: gap %q: not a distance", f[5+i])
		}
	}
	for i, p := range []*int{&c.Rounds, &c.Idle, &c.Rated} {
		if *p, err = strconv.Atoi(f[7+i]); err != nil || *p < 0 {
			return nil, fmt.Errorf("climb: count %q: not a count", f[7+i])
		}
	}
	switch f[10] {
	case "true", "false":
		c.Arrived = f[10] == "true"
	default:
		return nil, fmt.Errorf("climb: arrived %q: not true or false", f[10])
	}
	state, err := hex.DecodeString(f[11])
	if err != nil {
		return nil, fmt.Errorf("climb: random state: %w", err)
	}
	if err := c.rng.UnmarshalBinary(state); err != nil {
		return nil, fmt.Errorf("climb: random state: %w", err)
	}
	if c.sol, err = Solve(c.Puzzle); err != nil {
		return nil, fmt.Errorf("climb: puzzle: %w", err)
	}
	return c, nil
}
