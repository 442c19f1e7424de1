package cli

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/app"
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
// technique it reached, if any, and its note (engine.Climb.Note): the gap
// at the start and at the end, the rounds, how many puzzles it rated, and
// the puzzle it ended at.
func (c climber) climb(ctx context.Context, source string, g engine.Grid) ([]engine.LibraryEntry, string, error) {
	cl, es, err := engine.StartClimb(g, c.technique, source, c.seed)
	if err != nil {
		return nil, "", err
	}
	if len(es) > 0 {
		return es, cl.Note("taken at the start"), nil
	}
	for !cl.Over(c.patience, c.rounds) {
		if ctx.Err() != nil {
			return nil, cl.Note("stopped"), nil
		}
		es, err := cl.Round(c.width)
		if err != nil {
			return nil, cl.Note("failed"), err
		}
		if len(es) > 0 {
			return es, cl.Note("taken, " + cl.Source()), nil
		}
	}
	// The nearest puzzle reached, so that a later climb can go on from
	// it (a puzzle file of these ends, with another --seed).
	return nil, cl.Note("not taken, ends at " + cl.Puzzle.String() + " " + cl.Source()), nil
}

// techlibClimbs shows where the technique-climb job's climbs stand, from
// the bot's database (one row per technique no puzzle trains yet): for
// an operator who wants to see them move, or to go on from one with
// techlib climb (its puzzle and source, like a "# climb" line's end).
func techlibClimbs(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("techlib climbs", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	dsn := fs.String("db", "", "the bot's database (`DSN`: SQLite path or postgres:// URL); default $SUDOKUBOT_DB, else sudokubot.db")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot techlib climbs [--db DSN]")
		fmt.Fprintln(fs.Output(), "Shows where the background climbs towards the techniques no puzzle trains yet stand.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlagsOnly(env, fs, args); !ok {
		return code
	}
	st, code := openBotStore(ctx, env, "techlib climbs", *dsn)
	if st == nil {
		return code
	}
	defer st.Close()
	saved, err := st.LibraryClimbs(ctx)
	if err != nil {
		fmt.Fprintf(env.stderr, "techlib climbs: %s\n", app.ScrubMessage(err.Error()))
		return exitError
	}
	if len(saved) == 0 {
		fmt.Fprintln(env.stdout, "No climb saved yet: the bot's technique-climb job saves one a round (every 15 s while it serves), the techniques in turn.")
		return exitOK
	}
	for _, s := range saved {
		c, err := engine.ParseClimb(s.State)
		if err != nil {
			fmt.Fprintf(env.stdout, "%s: the saved climb does not read (%v); the next round starts it anew\n", s.Technique, err)
			continue
		}
		fmt.Fprintf(env.stdout, "%s: %s (saved %s)\n", s.Technique,
			c.Note("at "+c.Puzzle.String()+" "+c.Source()), s.Updated.UTC().Format("2006-01-02 15:04:05 UTC"))
	}
	return exitOK
}
