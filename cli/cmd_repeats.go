package cli

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// runRepeats is `sudokubot repeats`: it makes --days dailies at every
// level from --from on, as the publisher does (daily.Source over a
// store), then checks them independently of the store's unique key:
// it recomputes every daily's canonical form and counts repeats across
// all days and levels, and reports each level's variety (the largest
// share one deciding technique takes, the fewest techniques in a week)
// and the CPU time the level took.
func runRepeats(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("repeats", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	days := fs.Int("days", 1095, "days of dailies to make")
	fromText := fs.String("from", "2027-01-01", "first `DATE`")
	levelsText := fs.String("levels", "easy,medium,hard,expert,master,extreme", "comma-separated `LEVELS`")
	dsn := fs.String("db", "", "store to make them in (default: a new SQLite file in a temporary directory)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot repeats [--days N] [--from DATE] [--levels L,...] [--db DSN]")
		fs.PrintDefaults()
	}
	if code, ok := parseFlagsOnly(env, fs, args); !ok {
		return code
	}
	from, err := store.ParseDay(*fromText)
	if err != nil || *days < 1 {
		fmt.Fprintln(env.stderr, "repeats: --from must be YYYY-MM-DD, --days at least 1")
		return exitUsage
	}
	var levels []engine.Level
	for _, name := range strings.Split(*levelsText, ",") {
		lv, err := engine.ParseLevel(strings.TrimSpace(name))
		if err != nil {
			fmt.Fprintf(env.stderr, "repeats: --levels: %v\n", err)
			return exitUsage
		}
		levels = append(levels, lv)
	}
	if *dsn == "" {
		dir, err := os.MkdirTemp("", "sudokubot-repeats")
		if err != nil {
			fmt.Fprintf(env.stderr, "repeats: %v\n", err)
			return exitError
		}
		defer os.RemoveAll(dir)
		*dsn = filepath.Join(dir, "repeats.db")
	}
	st, err := store.Open(ctx, *dsn)
	if err != nil {
		fmt.Fprintf(env.stderr, "repeats: %v\n", err)
		return exitError
	}
	defer st.Close()
	src := daily.NewSource(st, daily.EngineGenerator)

	// One level after another, so each level's CPU time is the process's
	// (the generation runs on daily.Source's goroutines, not this one).
	cpu := make([]time.Duration, len(levels))
	wall := make([]time.Duration, len(levels))
	errs := make([]error, len(levels))
	for i, lv := range levels {
		c0, w0 := processCPU(), time.Now()
		for d := range *days {
			if _, err := src.Get(ctx, from.AddDays(d), lv); err != nil {
				errs[i] = err
				break
			}
		}
		cpu[i], wall[i] = processCPU()-c0, time.Since(w0)
	}
	code := exitOK
	seen := map[string]string{}
	repeats := 0
	fmt.Fprintln(env.stdout, "# level days wall-s cpu-s cpu-s/daily max-technique-share fewest-techniques-in-a-week  deciding techniques")
	for i, lv := range levels {
		if errs[i] != nil {
			fmt.Fprintf(env.stdout, "error: %s: %v\n", lv, errs[i])
			code = exitError
			continue
		}
		var techs []string
		count := map[string]int{}
		for d := range *days {
			day := from.AddDays(d)
			p, err := st.Daily(ctx, day, lv)
			if err != nil {
				fmt.Fprintf(env.stdout, "error: %s %s: %v\n", day, lv, err)
				return exitError
			}
			key := engine.CanonicalKey(p.Grid)
			if first, ok := seen[key]; ok {
				repeats++
				fmt.Fprintf(env.stdout, "repeat: %s %s is %s\n", day, lv, first)
			} else {
				seen[key] = day.String() + " " + lv.String()
			}
			techs = append(techs, p.Techniques)
			count[p.Techniques]++
		}
		top := 0
		for _, n := range count {
			top = max(top, n)
		}
		fewest := 0
		for d := 0; d+7 <= len(techs); d++ {
			week := map[string]bool{}
			for _, t := range techs[d : d+7] {
				week[t] = true
			}
			if fewest == 0 || len(week) < fewest {
				fewest = len(week)
			}
		}
		fmt.Fprintf(env.stdout, "%s %d %.1f %.1f %.3f %.0f%% %d  %s\n", lv, *days, wall[i].Seconds(), cpu[i].Seconds(), cpu[i].Seconds()/float64(*days),
			100*float64(top)/float64(*days), fewest, techSummary(count))
	}
	fmt.Fprintf(env.stdout, "repeats up to symmetry across %d dailies: %d\n", len(seen)+repeats, repeats)
	if repeats > 0 {
		code = exitError
	}
	return code
}
