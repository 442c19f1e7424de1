package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// mineCPU is `mine --cpu`: for each level, count fresh puzzles made as
// the dailies and the bank make them (engine.GenerateLevel with
// DigOnly), one at a time, each timed in CPU seconds of its thread. It
// prints one line per level: LEVEL N MEDIAN P95 MAX, and the deciding
// techniques seen.
func mineCPU(ctx context.Context, env *cliEnv, levels string, count int, seed uint64, sym engine.Symmetry) int {
	fmt.Fprintln(env.stdout, "# level puzzles cpu-median-s cpu-p95-s cpu-max-s  deciding techniques")
	for _, name := range strings.Split(levels, ",") {
		lv, err := engine.ParseLevel(strings.TrimSpace(name))
		if err != nil {
			fmt.Fprintf(env.stderr, "mine: --levels: %v\n", err)
			return exitUsage
		}
		var times []time.Duration
		techs := map[string]int{}
		for i := range count {
			if err := ctx.Err(); err != nil {
				fmt.Fprintf(env.stderr, "mine: %v\n", err)
				return exitError
			}
			var lp engine.LevelPuzzle
			var gerr error
			d := threadCPU(func() {
				lp, gerr = engine.GenerateLevel(engine.LevelOptions{Level: lv, Seed: seed + uint64(i), Symmetry: sym, DigOnly: true})
			})
			if gerr != nil {
				fmt.Fprintf(env.stdout, "error: %s seed %d: %v\n", lv, seed+uint64(i), gerr)
				continue
			}
			times = append(times, d)
			techs[lp.Grade.Hardest.String()]++
		}
		if len(times) == 0 {
			continue
		}
		slices.Sort(times)
		q := func(p float64) float64 { return times[min(len(times)-1, int(p*float64(len(times))))].Seconds() }
		fmt.Fprintf(env.stdout, "%s %d %.3f %.3f %.3f  %s\n", lv, len(times), q(0.5), q(0.95), times[len(times)-1].Seconds(), techSummary(techs))
	}
	return exitOK
}

// techSummary lists techniques by count, most first: "ALS-XZ 12, XY-Chain 3".
func techSummary(techs map[string]int) string {
	names := make([]string, 0, len(techs))
	for t := range techs {
		names = append(names, t)
	}
	slices.SortFunc(names, func(a, b string) int {
		if techs[a] != techs[b] {
			return techs[b] - techs[a]
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s %d", n, techs[n])
	}
	return strings.Join(parts, ", ")
}
