package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// runDaily prints the daily of a date and level as "PUZZLE LEVEL SCORE"
// and, with -o, writes the image a guild gets: the same seed, generator,
// title and drawing as the scheduler's post.
func runDaily(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("daily", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	date := fs.String("date", "", "the daily's `YYYY-MM-DD` date (default: today in --tz)")
	level := fs.String("level", engine.DefaultLevel.String(), "`LEVEL`: easy, medium, hard, expert, master or extreme")
	tz := fs.String("tz", "Local", "IANA time `ZONE` whose today is the default date")
	out := fs.String("o", "", "write the daily's PNG, exactly as posted, to `FILE`")
	dsn := fs.String("db", "", "read the daily stored in this database (`DSN`: SQLite path or postgres:// URL) when it has one")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot daily [--date YYYY-MM-DD] [--level L] [--tz ZONE] [-o FILE] [--db DSN]")
		fmt.Fprintln(fs.Output(), "Prints the daily puzzle of a date and level as PUZZLE LEVEL SCORE. Every process")
		fmt.Fprintln(fs.Output(), "computes the same puzzle from the date and level, so this is what guilds get.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlagsOnly(env, fs, args); !ok {
		return code
	}
	lv, err := engine.ParseLevel(*level)
	if err != nil {
		fmt.Fprintf(env.stderr, "daily: --level: %v\n", err)
		return exitUsage
	}
	var day store.Day
	if *date == "" {
		loc, err := time.LoadLocation(*tz)
		if err != nil {
			fmt.Fprintf(env.stderr, "daily: --tz %q: not an IANA time zone such as Europe/Paris\n", *tz)
			return exitUsage
		}
		day = store.DayOf(time.Now(), loc)
	} else if day, err = store.ParseDay(*date); err != nil {
		fmt.Fprintf(env.stderr, "daily: --date: %v\n", err)
		return exitUsage
	}

	p, err := dailyPuzzle(ctx, *dsn, day, lv)
	if err != nil {
		fmt.Fprintf(env.stdout, "error: %v\n", err)
		return exitError
	}
	fmt.Fprintf(env.stdout, "%s %s %.1f\n", p.Grid, p.Level, p.Score)
	if *out == "" {
		return exitOK
	}
	img, err := daily.PNG(p, day, lv)
	if err == nil {
		err = os.WriteFile(*out, img, 0o644)
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "daily: -o: %v\n", err)
		return exitError
	}
	return exitOK
}

// dailyPuzzle is the stored daily when dsn names a database holding one,
// and otherwise the daily computed from the date and level.
func dailyPuzzle(ctx context.Context, dsn string, day store.Day, level engine.Level) (store.Puzzle, error) {
	if dsn != "" {
		st, err := store.Open(ctx, dsn)
		if err != nil {
			return store.Puzzle{}, err
		}
		defer st.Close()
		p, err := st.Daily(ctx, day, level)
		if err == nil {
			return p, nil
		}
		if !errors.Is(err, store.ErrNotFound) {
			return store.Puzzle{}, err
		}
	}
	return daily.Generate(ctx, daily.EngineGenerator, day, level)
}
