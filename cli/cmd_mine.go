package cli

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/sudokubot/sudokubot/engine"
)

// mined is the result of one seed.
type mined struct {
	seed uint64
	lp   engine.LevelPuzzle
	err  error
}

// mineBucket is what a mined puzzle counts towards: its level, and for
// hard whether it needs a subset or a fish. GenerateLevel asks for hard
// puzzles of both kinds (engine.NeedsSubsetOrFish), and random minimal
// puzzles are mostly of the pointing kind, so the pool keeps half of each.
type mineBucket struct {
	level  engine.Level
	subset bool
}

// bucketOf returns the bucket of a mined puzzle, or false when the puzzle
// cannot serve its level because it breaks the level's promise
// (engine.KeepsPromise: a master decided by a Nishio forcing chain, say).
func bucketOf(lp engine.LevelPuzzle) (mineBucket, bool) {
	g := lp.Grade
	if !engine.KeepsPromise(g.Level, g, lp.Family) {
		return mineBucket{}, false
	}
	return mineBucket{level: g.Level, subset: g.Level == engine.LevelHard && engine.NeedsSubsetOrFish(g)}, true
}

// runMine digs one minimal puzzle per seed from --seed on, grades it on the
// player scale, and prints it as a pool line when its level still needs
// puzzles, until every requested level has --count lines (for hard, half
// needing a subset or a fish and half not) or --limit seeds are spent.
// Output is in seed order whatever -j, so a run is reproducible.
func runMine(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("mine", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	levelsText := fs.String("levels", "hard,expert,master,extreme", "comma-separated `LEVELS` to collect")
	count := fs.Int("count", 10, "puzzles to collect per level")
	seed := fs.Uint64("seed", 1, "first seed")
	limit := fs.Int("limit", 100000, "seeds to try at most")
	symText := fs.String("symmetry", "none", "symmetry of the givens")
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles dug in parallel")
	cpu := fs.Bool("cpu", false, "instead of pool lines, report the CPU seconds one fresh puzzle of each level costs (median, p95 over --count puzzles)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot mine [--levels L,...] [--count N] [--seed S] [--limit N] [--symmetry SYM] [-j N] [--cpu]")
		fmt.Fprintln(fs.Output(), "Prints pool lines: PUZZLE LEVEL SCORE SYMMETRY SEED HARDEST (see engine/pooldata/README.md).")
		fs.PrintDefaults()
	}
	if code, ok := parseFlagsOnly(env, fs, args); !ok {
		return code
	}
	if *count < 1 || *limit < 1 || *jobs < 1 {
		fmt.Fprintln(env.stderr, "mine: --count, --limit and -j must be at least 1")
		return exitUsage
	}
	sym, err := engine.ParseSymmetry(*symText)
	if err != nil {
		fmt.Fprintf(env.stderr, "mine: --symmetry: %v\n", err)
		return exitUsage
	}
	need, remaining, err := mineNeeds(*levelsText, *count)
	if err != nil {
		fmt.Fprintf(env.stderr, "mine: --levels: %v\n", err)
		return exitUsage
	}
	if *cpu {
		return mineCPU(ctx, env, *levelsText, *count, *seed, sym)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := mineSeeds(ctx, *seed, *limit, *jobs, sym)

	// Reorder results by seed so the output does not depend on timing.
	pending := map[uint64]mined{}
	next := *seed
	code := exitOK
	for m := range results {
		pending[m.seed] = m
		for {
			m, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if remaining == 0 {
				continue
			}
			if m.err != nil {
				fmt.Fprintf(env.stdout, "error: seed %d: %v\n", m.seed, m.err)
				code = exitError
				continue
			}
			bk, ok := bucketOf(m.lp)
			if !ok || need[bk] == 0 {
				continue
			}
			need[bk]--
			remaining--
			e := engine.PoolEntry{Puzzle: m.lp.Puzzle, Grade: m.lp.Grade, Symmetry: sym.String(), Seed: m.seed}
			fmt.Fprintln(env.stdout, e)
			if remaining == 0 {
				cancel()
			}
		}
	}
	if remaining > 0 && ctx.Err() == nil {
		fmt.Fprintf(env.stderr, "mine: %d puzzles still missing after %d seeds\n", remaining, *limit)
		return exitError
	}
	if err := context.Cause(ctx); err != nil && remaining > 0 {
		fmt.Fprintf(env.stderr, "mine: %v\n", err)
		return exitError
	}
	return code
}

// mineNeeds reads --levels into how many puzzles each bucket still needs
// (hard is split between subset puzzles and the rest) and their total.
func mineNeeds(levels string, count int) (map[mineBucket]int, int, error) {
	need := map[mineBucket]int{}
	for _, name := range strings.Split(levels, ",") {
		lv, err := engine.ParseLevel(strings.TrimSpace(name))
		if err != nil {
			return nil, 0, err
		}
		if lv == engine.LevelHard {
			need[mineBucket{level: lv, subset: true}] = (count + 1) / 2
			need[mineBucket{level: lv}] = count / 2
			continue
		}
		need[mineBucket{level: lv}] = count
	}
	total := 0
	for _, n := range need {
		total += n
	}
	return need, total, nil
}

// mineSeeds mines seeds first, first+1, ... (limit of them) on jobs
// goroutines and sends each result, in no particular order, until ctx
// ends; the channel closes when all are done.
func mineSeeds(ctx context.Context, first uint64, limit, jobs int, sym engine.Symmetry) <-chan mined {
	seeds := make(chan uint64)
	results := make(chan mined)
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			for s := range seeds {
				lp, err := engine.Mine(s, sym)
				select {
				case results <- mined{seed: s, lp: lp, err: err}:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() {
		defer close(seeds)
		for i := range uint64(limit) {
			select {
			case seeds <- first + i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	return results
}

// generateLevelLine makes puzzle i of a `generate --level` run and formats
// it as the CLI contract's "PUZZLE LEVEL SCORE" line. It is the hook for
// cmd_generate.go: call it with engine.DeriveSeed(seed, i) when --level
// is given.
func generateLevelLine(level engine.Level, seed uint64, sym engine.Symmetry) (string, error) {
	lp, err := engine.GenerateLevel(engine.LevelOptions{Level: level, Seed: seed, Symmetry: sym})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s %s %.1f", lp.Puzzle, lp.Grade.Level, lp.Grade.Score), nil
}
