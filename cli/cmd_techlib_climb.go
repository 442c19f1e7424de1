package cli

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
)

// techlibClimb looks for puzzles whose teaching path takes a technique the
// published puzzles never give it (engine/pooldata/TECHNIQUES.md, "How it
// was made"): from each start it moves one given at a time, each round to
// the best of --width random neighbours (engine.RandomMovedGiven) by
// engine.TechniqueGap, sideways too, until the path takes the technique
// or --patience rounds bring nothing nearer. A find is kept only when
// engine.LibraryFinds keeps it (the whole path within the technique's
// level), under the start's source and its moves
// ("sxrated_9.1.txt:140~r2c5>r3c5~r2c6>r5c6"); every climb is recorded as
// a "# climb" line, and the file resumes like techlib scan's (a start is
// done for one --seed; another seed climbs it again by other moves).
func techlibClimb(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("techlib climb", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	out := fs.String("out", "", "`FILE` the finds and climbs are appended to (required); its done starts are skipped")
	techText := fs.String("technique", "", "the `TECHNIQUE` to climb towards (required)")
	seed := fs.Uint64("seed", 1, "`SEED` of the random moves; a start is climbed once per seed")
	width := fs.Int("width", 6, "random neighbours rated a round")
	patience := fs.Int("patience", 12, "rounds without coming nearer before a climb gives up")
	rounds := fs.Int("rounds", 80, "rounds a climb takes at most")
	noStarts := fs.Bool("no-starts", false, "climb from the FILEs only, not from the technique's shipped library puzzles and illustrations")
	jobs := fs.Int("j", runtime.NumCPU(), "climbs in parallel")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot techlib climb --out FILE --technique T [--seed S] [--width N] [--patience N] [--rounds N] [--no-starts] [-j N] [PUZZLE-FILE...]")
		fmt.Fprintln(fs.Output(), "Climbs from the technique's library puzzles and illustrations, then the FILEs' puzzles, to puzzles whose path takes it; appends library lines.")
		fs.PrintDefaults()
	}
	files, code, ok := parseFlagsInterspersed(env, fs, args)
	if !ok {
		return code
	}
	t, found := engine.LookupTechnique(*techText)
	if *techText != "" && !found {
		fmt.Fprintf(env.stderr, "techlib climb: --technique: unknown technique %q\n", *techText)
		return exitUsage
	}
	if !found || *out == "" || *jobs < 1 || *width < 1 || *patience < 1 || *rounds < 1 {
		fmt.Fprintln(env.stderr, "techlib climb: need --out, --technique, and -j, --width, --patience and --rounds >= 1")
		return exitUsage
	}
	if why, never := engine.NeverFirst(t); never {
		fmt.Fprintf(env.stderr, "techlib climb: %s is never the solving path's first step: wherever it applies, %s applies too and comes first (engine.NeverFirst), so there is nothing to climb to\n", t, orTechniques(why))
		return exitUsage
	}
	at := "@" + strconv.FormatUint(*seed, 10)
	feed := func(ctx context.Context, items chan<- scanItem, done map[string]bool) error {
		send := func(it scanItem) bool {
			it.source += at
			return offer(ctx, items, done, it)
		}
		starts := []*engine.TechniqueLibrary{engine.DefaultTechniqueLibrary(), engine.DefaultIllustrations()}
		if !*noStarts && !sendLibraryPuzzles(starts, map[engine.TechniqueID]bool{t: true}, send) {
			return nil
		}
		for _, name := range files {
			if err := readPuzzleFile(name, send); err != nil {
				return err
			}
		}
		return nil
	}
	c := climber{technique: t, width: *width, patience: *patience, rounds: *rounds, seed: *seed}
	return scanToFile(ctx, env, "techlib climb", *out, *jobs, 10, feed, func(it scanItem) ([]engine.LibraryEntry, string, error) {
		return c.climb(ctx, strings.TrimSuffix(it.source, at), it.grid)
	})
}

// climber is one technique's climb settings.
type climber struct {
	technique               engine.TechniqueID
	width, patience, rounds int
	seed                    uint64
}

// climb climbs from g (named source) and returns the library entry of the
// technique it reached, if any, and its note: the gap at the start and at
// the end, the rounds, how many puzzles it rated, and the puzzle it
// ended at.
func (c climber) climb(ctx context.Context, source string, g engine.Grid) ([]engine.LibraryEntry, string, error) {
	sol, err := engine.Solve(g)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", source, err)
	}
	gap, taken, err := engine.TechniqueGap(g, c.technique)
	if err != nil {
		return nil, "", err
	}
	r := rand.New(rand.NewPCG(c.seed, hashSource(source)))
	start, moves, rated, idle, round := gap, "", 1, 0, 0
	note := func(result string) string {
		return fmt.Sprintf("climb %s seed %d: gap %s -> %s in %d rounds, %d rated: %s",
			source, c.seed, fmtGap(start), fmtGap(gap), round, rated, result)
	}
	// best is the entry the path gives at a taken puzzle, with the finds
	// of techniques the shipped library has no puzzle of (a climb to a
	// Template Delete may pass a Template Set); nil when LibraryFinds
	// keeps none of the technique (a later step above its level), which
	// leaves the climb going from just short of the top (shortOfTop).
	best := func(h engine.Grid, src string) ([]engine.LibraryEntry, error) {
		finds, err := engine.LibraryFinds(h, engine.LevelExtreme, src)
		var keep []engine.LibraryEntry
		for _, e := range finds {
			if e.Technique == c.technique || !engine.Servable(e.Technique) {
				keep = append(keep, e)
			}
		}
		if !slices.ContainsFunc(keep, func(e engine.LibraryEntry) bool { return e.Technique == c.technique }) {
			return nil, err
		}
		return keep, err
	}
	if taken {
		if es, err := best(g, source); len(es) > 0 || err != nil {
			return es, note("taken at the start"), err
		}
		gap = shortOfTop
	}
	for ; round < c.rounds && idle < c.patience; round++ {
		if ctx.Err() != nil {
			return nil, note("stopped"), nil
		}
		type next struct {
			move string
			grid engine.Grid
			gap  float64
		}
		var pick *next
		for range c.width {
			move, h, ok := engine.RandomMovedGiven(g, sol, r, 50)
			if !ok {
				continue
			}
			hg, ht, err := engine.TechniqueGap(h, c.technique)
			rated++
			if err != nil {
				return nil, note("failed"), fmt.Errorf("%s~%s: %w", source+moves, move, err)
			}
			if ht {
				src := source + moves + "~" + move
				es, err := best(h, src)
				if len(es) > 0 || err != nil {
					gap = 0
					round++
					return es, note("taken, " + src), err
				}
				hg = shortOfTop
			}
			if pick == nil || hg < pick.gap {
				pick = &next{move: move, grid: h, gap: hg}
			}
		}
		if pick == nil || pick.gap > gap {
			idle++
			continue
		}
		if pick.gap < gap {
			idle = 0
		} else {
			idle++
		}
		g, gap, moves = pick.grid, pick.gap, moves+"~"+pick.move
	}
	// The nearest puzzle reached, so that a later climb can go on from
	// it (a puzzle file of these ends, with another --seed).
	return nil, note("not taken, ends at " + g.String() + " " + source + moves), nil
}

// shortOfTop is the gap of a puzzle whose path takes the technique but
// then needs a step above its level, so the library cannot keep it: nearer
// than a path whose step rates below the technique's (by 0.1 at least),
// not as near as a tie (0), from which one move may lead to a puzzle the
// library keeps.
const shortOfTop = 0.05

// fmtGap prints a gap, "none" for a path on which the technique never
// applies.
func fmtGap(g float64) string {
	if math.IsInf(g, 1) {
		return "none"
	}
	return strconv.FormatFloat(g, 'f', 2, 64)
}
