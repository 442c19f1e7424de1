package cli

import (
	"context"
	"fmt"
	"github.com/sudokubot/sudokubot/internal/storeedit"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/store"
)

// TestJobsCommand: list shows every queued job with its state and last
// error (--dead and --kind filter it); retry makes a dead job ready with
// fresh attempts; drop deletes; a job a worker holds is left alone with
// exit 1; bad usage exits 2.
func TestJobsCommand(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "jobs.db")
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Now()
	for _, j := range []store.Job{
		{Kind: "grade-paste", Key: "530070000600195000098000060800060003400803001700020006060000280000419005000080079", MaxAttempts: 1},
		{Kind: "make-daily", Key: "2026-06-01/easy", MaxAttempts: 5},
		{Kind: "bank-refill", Key: "extreme", MaxAttempts: 5},
	} {
		if ok, err := st.EnqueueJob(ctx, j, now.Add(-time.Hour)); !ok || err != nil {
			t.Fatalf("enqueue %s: %v %v", j.Kind, ok, err)
		}
	}
	// The paste's grading dies; the refill is running.
	g, err := st.ClaimJob(ctx, []string{"grade-paste"}, "w1", now, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.FailJob(ctx, g.ID, "w1", "grading: context deadline exceeded\nafter 2m0s", now, false); err != nil {
		t.Fatal(err)
	}
	refill, err := st.ClaimJob(ctx, []string{"bank-refill"}, "w2", now, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, string, int) {
		t.Helper()
		return runGraded(t, "", append([]string{"jobs", "--db", db}, args...)...)
	}

	out, _, code := run()
	t.Logf("sudokubot jobs:\n%s", out)
	if code != 0 || strings.Count(out, "\n") != 4 || !strings.Contains(out, "ID  ") ||
		!strings.Contains(out, "dead") || !strings.Contains(out, "running") || !strings.Contains(out, "waiting") ||
		!strings.Contains(out, "grading: context deadline exceeded after 2m0s") || !strings.Contains(out, "1/1") {
		t.Fatalf("jobs list: exit %d\n%s", code, out)
	}
	out, _, _ = run("list", "--dead")
	if strings.Count(out, "\n") != 2 || !strings.Contains(out, "grade-paste") || strings.Contains(out, "make-daily") {
		t.Errorf("jobs list --dead:\n%s", out)
	}
	if out, _, _ = run("--dead", "--kind", "make-daily"); out != "no dead jobs of kind make-daily\n" {
		t.Errorf("jobs --dead --kind make-daily: %q", out)
	}

	// Retry the dead grading: ready, attempts afresh.
	if out, errOut, code := run("retry", "--dead"); code != 0 || out != fmt.Sprintf("job %d ready to run again\n", g.ID) {
		t.Errorf("jobs retry --dead: exit %d %q %q", code, out, errOut)
	}
	if j, err := storeedit.Job(ctx, st, "grade-paste", g.Key); err != nil || j.Dead || j.Attempts != 0 {
		t.Errorf("after retry: %+v, %v", j, err)
	}
	if out, _, _ = run("list", "--dead"); out != "no dead jobs\n" {
		t.Errorf("after retry, jobs list --dead: %q", out)
	}
	// Drop the running refill: refused; drop the daily by id: gone.
	daily, _ := storeedit.Job(ctx, st, "make-daily", "2026-06-01/easy")
	out, errOut, code := run("drop", fmt.Sprint(refill.ID), fmt.Sprint(daily.ID))
	if code != 1 || !strings.Contains(errOut, fmt.Sprintf("job %d: a worker is running it; left alone", refill.ID)) ||
		out != fmt.Sprintf("job %d dropped\n", daily.ID) {
		t.Errorf("jobs drop: exit %d %q %q", code, out, errOut)
	}
	if _, _, code := run("drop", "424242"); code != 1 {
		t.Errorf("drop of no job: exit %d", code)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"purge"}, `want the action list, retry or drop, got "purge"`},
		{[]string{"retry"}, "retry wants job ids, or --dead"},
		{[]string{"retry", "1", "--dead"}, "(not both)"},
		{[]string{"drop", "x1"}, `"x1" is not a job id`},
		{[]string{"list", "3"}, "list takes no ids"},
	} {
		if _, errOut, code := run(tc.args...); code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("jobs %v: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
	if _, errOut, code := runGraded(t, "", "jobs", "--db", filepath.Join(t.TempDir(), "typo.db")); code != 2 || !strings.Contains(errOut, "no database at") {
		t.Errorf("a mistyped --db: exit %d %q", code, errOut)
	}
}
