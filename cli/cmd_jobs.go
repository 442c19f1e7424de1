package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sudokubot/sudokubot/app"
	"github.com/sudokubot/sudokubot/store"
)

// runJobs is `sudokubot jobs [list|retry|drop] ...`: the durable job
// queue for an operator. list shows the queued jobs (--dead: the dead
// ones only) with their state, attempts, age and last error; retry makes
// jobs (by id, or every dead one) ready now with fresh attempts; drop
// deletes them. A job a worker runs is left alone. The queue is the
// bot's database, shared by every replica: no bot needs restarting.
func runJobs(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("jobs", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	dead := fs.Bool("dead", false, "only dead jobs (those that failed every attempt); with retry or drop: every dead job")
	kind := fs.String("kind", "", "only jobs of this `KIND` (grade-paste, make-daily, bank-refill, ...)")
	limit := fs.Int("limit", 100, "list at most `N` jobs")
	dsn := fs.String("db", "", "the bot's database (`DSN`: SQLite path or postgres:// URL); default $SUDOKUBOT_DB, else sudokubot.db")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot jobs [list] [--dead] [--kind KIND] [--limit N] [--db DSN]")
		fmt.Fprintln(fs.Output(), "       sudokubot jobs retry|drop (ID... | --dead [--kind KIND]) [--db DSN]")
		fmt.Fprintln(fs.Output(), "Lists the job queue, or makes jobs ready again (retry) or deletes them (drop).")
		fs.PrintDefaults()
	}
	rest, code, ok := parseFlagsInterspersed(env, fs, args)
	if !ok {
		return code
	}
	action := "list"
	if len(rest) > 0 {
		action, rest = rest[0], rest[1:]
	}
	var ids []int64
	for _, a := range rest {
		id, err := strconv.ParseInt(a, 10, 64)
		if err != nil || id <= 0 {
			fmt.Fprintf(env.stderr, "jobs: %q is not a job id (a number that jobs list shows)\n", a)
			return exitUsage
		}
		ids = append(ids, id)
	}
	switch {
	case action != "list" && action != "retry" && action != "drop":
		fmt.Fprintf(env.stderr, "jobs: want the action list, retry or drop, got %q\n", action)
		fs.Usage()
		return exitUsage
	case action == "list" && len(ids) > 0:
		fmt.Fprintln(env.stderr, "jobs: list takes no ids (filter with --dead and --kind)")
		return exitUsage
	case action != "list" && (len(ids) > 0) == *dead:
		fmt.Fprintf(env.stderr, "jobs: %s wants job ids, or --dead for every dead job (not both)\n", action)
		return exitUsage
	case *limit <= 0:
		fmt.Fprintln(env.stderr, "jobs: --limit wants a positive number")
		return exitUsage
	}
	st, code := openBotStore(ctx, env, "jobs", *dsn)
	if st == nil {
		return code
	}
	defer st.Close()
	now := time.Now()
	if action == "list" {
		return listJobs(ctx, env, st, store.JobFilter{Kind: *kind, Dead: *dead, Limit: *limit}, now)
	}
	if *dead {
		list, err := st.ListJobs(ctx, store.JobFilter{Kind: *kind, Dead: true, Limit: 100000})
		if err != nil {
			fmt.Fprintf(env.stderr, "error: %s\n", app.ScrubMessage(err.Error()))
			return exitError
		}
		if len(list) == 0 {
			fmt.Fprintln(env.stdout, "no dead jobs")
			return exitOK
		}
		for _, j := range list {
			ids = append(ids, j.ID)
		}
	}
	op, done := st.RetryJob, "ready to run again"
	if action == "drop" {
		op, done = st.DropJob, "dropped"
	}
	code = exitOK
	for _, id := range ids {
		err := op(ctx, id, now)
		switch {
		case err == nil:
			fmt.Fprintf(env.stdout, "job %d %s\n", id, done)
		case errors.Is(err, store.ErrNotFound):
			fmt.Fprintf(env.stderr, "job %d: no such job (done, or dropped)\n", id)
			code = exitError
		case errors.Is(err, store.ErrJobRunning):
			fmt.Fprintf(env.stderr, "job %d: a worker is running it; left alone\n", id)
			code = exitError
		default:
			fmt.Fprintf(env.stderr, "job %d: error: %s\n", id, app.ScrubMessage(err.Error()))
			code = exitError
		}
	}
	return code
}

// listJobs prints the jobs the filter selects as a table, oldest first.
func listJobs(ctx context.Context, env *cliEnv, st *store.Store, f store.JobFilter, now time.Time) int {
	list, err := st.ListJobs(ctx, f)
	if err != nil {
		fmt.Fprintf(env.stderr, "error: %s\n", app.ScrubMessage(err.Error()))
		return exitError
	}
	if len(list) == 0 {
		what := "jobs"
		if f.Dead {
			what = "dead jobs"
		}
		if f.Kind != "" {
			what += " of kind " + f.Kind
		}
		fmt.Fprintf(env.stdout, "no %s\n", what)
		return exitOK
	}
	tw := tabwriter.NewWriter(env.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tKIND\tSTATE\tATTEMPTS\tAGE\tKEY\tLAST ERROR")
	for _, j := range list {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d/%d\t%s\t%s\t%s\n", j.ID, j.Kind, jobState(j, now), j.Attempts, j.MaxAttempts,
			now.Sub(j.CreatedAt).Round(time.Second), shorten(j.Key, 24), shorten(app.ScrubMessage(j.LastError), 80))
	}
	tw.Flush()
	if len(list) == f.Limit {
		fmt.Fprintf(env.stdout, "(the first %d; --limit shows more)\n", f.Limit)
	}
	return exitOK
}

// jobState words where a job stands at now.
func jobState(j store.Job, now time.Time) string {
	switch {
	case j.Dead:
		return "dead"
	case j.LeaseUntil.After(now):
		return "running"
	case j.RunAfter.After(now):
		return "retry in " + j.RunAfter.Sub(now).Round(time.Second).String()
	}
	return "waiting"
}

// shorten cuts s to n runes, marking the cut; "-" for nothing.
func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "-"
	}
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// openBotStore opens the bot's database named by --db, $SUDOKUBOT_DB or
// the default, for an operator's command. A SQLite file that does not
// exist is refused rather than made: a mistyped --db must not look like
// an empty database. It returns nil and the exit status on failure, having
// said why (never the DSN's password).
func openBotStore(ctx context.Context, env *cliEnv, cmd, dsn string) (*store.Store, int) {
	db := dsn
	if db == "" {
		db = env.getenv("SUDOKUBOT_DB")
	}
	if db == "" {
		db = app.Default().DB
	}
	if plainPath(db) {
		if _, err := os.Stat(db); errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(env.stderr, "%s: no database at %s: give the bot's database with --db or $SUDOKUBOT_DB (the bot makes it on its first start)\n", cmd, app.Shown(db))
			return nil, exitUsage
		}
	}
	st, err := store.Open(ctx, db)
	if err != nil {
		fmt.Fprintf(env.stderr, "error: opening the database %s: %s\n", app.Shown(db), app.ScrubMessage(err.Error()))
		return nil, exitError
	}
	return st, exitOK
}
