package cli

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
)

// techlibIllustrate walks puzzles' teaching paths and appends, for each
// wanted technique that applies somewhere on a path, its best position
// there (engine.IllustrationFinds) to --out, with a "# done SOURCE" line
// after each puzzle, resumable like techlib scan. `techlib build
// --illustrations` then ranks them into engine/pooldata/illustrations.txt.
func techlibIllustrate(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("techlib illustrate", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	out := fs.String("out", "", "`FILE` the finds are appended to (required); its done sources are skipped")
	wantText := fs.String("want", "", "comma-separated `TECHNIQUES` to illustrate (required)")
	libText := fs.String("library", "", "comma-separated `TECHNIQUES`: also walk the shipped library's puzzles of these (their sources), before the FILEs")
	digFrom := fs.Uint64("dig-seed", 0, "dig minimal puzzles from this `SEED` on (engine.MineGrid), after the FILEs")
	digCount := fs.Int("dig-count", 0, "how many puzzles to dig")
	digGivens := fs.Int("dig-givens", 0, "dig to this many givens (engine.Generate) rather than to a minimal puzzle")
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles walked in parallel")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot techlib illustrate --out FILE --want TECHNIQUES [--library TECHNIQUES] [--dig-seed S --dig-count N [--dig-givens N]] [-j N] [PUZZLE-FILE...]")
		fmt.Fprintln(fs.Output(), "Appends illustrations (library lines whose STEP is a position where the technique applies but the path takes another step).")
		fs.PrintDefaults()
	}
	files, code, ok := parseFlagsInterspersed(env, fs, args)
	if !ok {
		return code
	}
	want, err := wantedTechniques(*wantText)
	if err != nil {
		fmt.Fprintf(env.stderr, "techlib illustrate: --want: %v\n", err)
		return exitUsage
	}
	if len(want) == 0 || *out == "" || *jobs < 1 || *digCount < 0 {
		fmt.Fprintln(env.stderr, "techlib illustrate: need --out, --want, -j >= 1 and --dig-count >= 0")
		return exitUsage
	}
	lib, err := wantedTechniques(*libText)
	if err != nil {
		fmt.Fprintf(env.stderr, "techlib illustrate: --library: %v\n", err)
		return exitUsage
	}
	feed := func(ctx context.Context, items chan<- scanItem, done map[string]bool) error {
		send := func(it scanItem) bool { return offer(ctx, items, done, it) }
		if !sendLibraryPuzzles([]*engine.TechniqueLibrary{engine.DefaultTechniqueLibrary()}, lib, send) {
			return nil
		}
		return scanInputs(ctx, items, done, files, nil, nil, *digFrom, *digCount, *digGivens)
	}
	return scanToFile(ctx, env, "techlib illustrate", *out, *jobs, 20, feed, func(it scanItem) ([]engine.LibraryEntry, string, error) {
		finds, err := engine.IllustrationFinds(it.grid, want, it.source)
		return finds, "", err
	})
}

// sendLibraryPuzzles sends the puzzles of the libraries' entries of the
// techniques (libraries in turn, catalogue order, each puzzle once, under
// its source); false when send stops (its context ended). illustrate walks
// the shipped library's, climb starts from the library's and the
// illustrations'.
func sendLibraryPuzzles(libs []*engine.TechniqueLibrary, techs map[engine.TechniqueID]bool, send func(scanItem) bool) bool {
	seen := map[string]bool{}
	for _, lib := range libs {
		for _, t := range engine.TechniqueIDs() {
			if !techs[t] {
				continue
			}
			for _, e := range lib.Entries(t) {
				if seen[e.Canon()] {
					continue
				}
				seen[e.Canon()] = true
				if !send(scanItem{source: e.Source, grid: e.Puzzle}) {
					return false
				}
			}
		}
	}
	return true
}

// buildIllustrations ranks each technique's illustrations
// (engine.LibraryEntry.Rank: the path's own step as hard as can be, then
// a template no single-digit pattern mirrors, then the smallest step) and
// keeps the best per ones from different puzzles, none of a puzzle the
// library holds for the technique (a lesson shows those already), then
// up to practice more, the best of those whose puzzle grades within the
// technique's level: training serves them first (engine.TrainingPuzzle),
// so a player practising a medium technique does not get an extreme
// puzzle, where the lessons' best illustrations lie.
func buildIllustrations(by map[engine.TechniqueID][]engine.LibraryEntry, per, practice int) (map[engine.TechniqueID][]engine.LibraryEntry, error) {
	out := map[engine.TechniqueID][]engine.LibraryEntry{}
	for t, es := range by {
		inLib := map[string]bool{}
		for _, e := range engine.DefaultTechniqueLibrary().Entries(t) {
			inLib[e.Canon()] = true
		}
		if len(inLib) >= engine.LessonPositions {
			continue // its lesson's positions all come from the library
		}
		type ranked struct {
			e engine.LibraryEntry
			r engine.IllustrationRank
		}
		var rs []ranked
		for _, e := range es {
			if inLib[e.Canon()] {
				continue
			}
			r, ok := e.Rank()
			if !ok {
				return nil, fmt.Errorf("%s %s (%s): the technique finds nothing at step %d", t, e.Puzzle, e.Source, e.StepIndex)
			}
			rs = append(rs, ranked{e, r})
		}
		// By rank, canonical key for equals (unique per technique: the
		// entries were deduplicated by it): the same files build the
		// same file.
		slices.SortFunc(rs, func(a, b ranked) int {
			switch {
			case a.r.Better(b.r):
				return -1
			case b.r.Better(a.r):
				return 1
			}
			return strings.Compare(a.e.Canon(), b.e.Canon())
		})
		for _, r := range rs[:min(len(rs), per)] {
			out[t] = append(out[t], r.e)
		}
		more := 0
		for _, r := range rs[min(len(rs), per):] {
			if more == practice {
				break
			}
			if r.e.WithinLevel() {
				out[t] = append(out[t], r.e)
				more++
			}
		}
	}
	return out, nil
}
