package jobs_test

import (
	"context"
	"errors"
	"github.com/sudokubot/sudokubot/internal/storeedit"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

func openStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), storetest.SQLite(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// start runs r until the test ends.
func start(t *testing.T, r *jobs.Runner) context.CancelFunc {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = r.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return cancel
}

func wait(t *testing.T, ch <-chan struct{}) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatal("the job did not end")
	}
}

func TestRunnerRunsRetriesAndGivesUp(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	r := jobs.New(st, jobs.Options{Backoff: time.Millisecond, Poll: 10 * time.Millisecond})
	var mu sync.Mutex
	got := map[string]int{}
	r.Register("echo", func(ctx context.Context, payload []byte) error {
		mu.Lock()
		defer mu.Unlock()
		got[string(payload)]++
		switch {
		case string(payload) == "flaky" && got["flaky"] < 3:
			return errors.New("not yet")
		case string(payload) == "bad":
			return jobs.Permanent(errors.New("unreadable"))
		case string(payload) == "panic":
			panic("boom")
		}
		return nil
	}, jobs.KindOptions{MaxAttempts: 3})
	var watches []<-chan struct{}
	for _, key := range []string{"ok", "flaky", "bad", "panic"} {
		ch, stop := r.Watch("echo", key)
		defer stop()
		watches = append(watches, ch)
		if ok, err := r.Enqueue(ctx, jobs.Job{Kind: "echo", Key: key, Player: "p", Payload: []byte(key)}); !ok || err != nil {
			t.Fatalf("Enqueue(%s) = %v, %v", key, ok, err)
		}
	}
	if ok, _ := r.Enqueue(ctx, jobs.Job{Kind: "echo", Key: "ok", Payload: []byte("ok")}); ok {
		t.Error("a queued key was queued again")
	}
	start(t, r)
	for _, ch := range watches {
		wait(t, ch)
	}
	mu.Lock()
	defer mu.Unlock()
	if got["ok"] != 1 || got["flaky"] != 3 || got["bad"] != 1 || got["panic"] != 1 {
		t.Errorf("runs = %v, want ok 1, flaky 3, bad 1, panic 1", got)
	}
	for key, dead := range map[string]bool{"ok": false, "flaky": false, "bad": true, "panic": true} {
		j, err := storeedit.Job(ctx, st, "echo", key)
		switch {
		case dead && (err != nil || !j.Dead):
			t.Errorf("%s = %+v, %v; want dead", key, j, err)
		case !dead && !errors.Is(err, store.ErrNotFound):
			t.Errorf("%s = %+v, %v; want done and gone", key, j, err)
		}
	}
}

// TestRunnerWaitsForIdle: no job starts while interactive work is busy.
// On a testing/synctest bubble's clock, so that "no job ran" is checked
// once every goroutine has run as far as it can (a real-time wait could
// pass only because the runner was not scheduled yet).
func TestRunnerWaitsForIdle(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		st := openStore(t)
		var busy atomic.Bool
		busy.Store(true)
		idle := func(ctx context.Context) error {
			for busy.Load() {
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(5 * time.Millisecond):
				}
			}
			return nil
		}
		r := jobs.New(st, jobs.Options{Idle: idle, Poll: 10 * time.Millisecond})
		var ran atomic.Bool
		r.Register("k", func(context.Context, []byte) error { ran.Store(true); return nil }, jobs.KindOptions{})
		ch, stop := r.Watch("k", "1")
		defer stop()
		if _, err := r.Enqueue(context.Background(), jobs.Job{Kind: "k", Key: "1"}); err != nil {
			t.Fatal(err)
		}
		start(t, r)
		time.Sleep(time.Second)
		synctest.Wait()
		if ran.Load() {
			t.Fatal("a job ran while interactive work was busy")
		}
		busy.Store(false)
		wait(t, ch)
	})
}

// TestRunnerReleasesOnStop: a job cut short by a stop is free at once for
// the next process, its attempt not counted.
func TestRunnerReleasesOnStop(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	r := jobs.New(st, jobs.Options{Lease: time.Hour})
	started := make(chan struct{})
	r.Register("slow", func(ctx context.Context, _ []byte) error {
		close(started)
		<-ctx.Done()
		return ctx.Err()
	}, jobs.KindOptions{MaxAttempts: 1})
	if _, err := r.Enqueue(ctx, jobs.Job{Kind: "slow", Key: "1"}); err != nil {
		t.Fatal(err)
	}
	stop := start(t, r)
	wait(t, started)
	stop()
	time.Sleep(50 * time.Millisecond)
	r2 := jobs.New(st, jobs.Options{Lease: time.Hour})
	ran := make(chan struct{})
	r2.Register("slow", func(context.Context, []byte) error { close(ran); return nil }, jobs.KindOptions{MaxAttempts: 1})
	start(t, r2)
	wait(t, ran)
}

func TestCollector(t *testing.T) {
	st := openStore(t)
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	clk := fakeclock.New(now)
	r := jobs.New(st, jobs.Options{Clock: clk})
	r.Register(jobs.GradePaste, func(context.Context, []byte) error { return nil }, jobs.KindOptions{})
	r.Register(jobs.MakeDaily, func(context.Context, []byte) error { return nil }, jobs.KindOptions{})
	for _, k := range []string{"a", "b"} {
		if _, err := r.Enqueue(context.Background(), jobs.Job{Kind: jobs.GradePaste, Key: k}); err != nil {
			t.Fatal(err)
		}
	}
	// A daily's making that failed for good counts as dead.
	if _, err := r.Enqueue(context.Background(), jobs.Job{Kind: jobs.MakeDaily, Key: "2026-11-26/easy"}); err != nil {
		t.Fatal(err)
	}
	j, err := st.ClaimJob(context.Background(), []string{string(jobs.MakeDaily)}, "w", now, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.FailJob(context.Background(), j.ID, "w", "boom", now, true); err != nil {
		t.Fatal(err)
	}
	now = now.Add(90 * time.Second)
	clk.Set(now)
	reg := prometheus.NewRegistry()
	reg.MustRegister(r.Collector())
	want := `
# HELP sudokubot_jobs_oldest_age_seconds Age of the oldest live (waiting or running) job, by kind; 0 when none.
# TYPE sudokubot_jobs_oldest_age_seconds gauge
sudokubot_jobs_oldest_age_seconds{kind="grade-paste"} 90
sudokubot_jobs_oldest_age_seconds{kind="make-daily"} 0
# HELP sudokubot_jobs_queued Jobs in the durable queue, by kind and state (waiting, running, dead).
# TYPE sudokubot_jobs_queued gauge
sudokubot_jobs_queued{kind="grade-paste",state="dead"} 0
sudokubot_jobs_queued{kind="grade-paste",state="running"} 0
sudokubot_jobs_queued{kind="grade-paste",state="waiting"} 2
sudokubot_jobs_queued{kind="make-daily",state="dead"} 1
sudokubot_jobs_queued{kind="make-daily",state="running"} 0
sudokubot_jobs_queued{kind="make-daily",state="waiting"} 0
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "sudokubot_jobs_queued", "sudokubot_jobs_oldest_age_seconds"); err != nil {
		t.Error(err)
	}
}

// TestDeadJobRequeued: a job that died blocks no new work of its key:
// queuing it again runs it again, with fresh attempts.
func TestDeadJobRequeued(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	r := jobs.New(st, jobs.Options{Backoff: time.Millisecond, Poll: 10 * time.Millisecond})
	var calls atomic.Int32
	ended := make(chan struct{}, 2)
	r.Register("flaky", func(context.Context, []byte) error {
		defer func() { ended <- struct{}{} }()
		if calls.Add(1) == 1 {
			return errors.New("the first try fails")
		}
		return nil
	}, jobs.KindOptions{MaxAttempts: 1})
	if ok, err := r.Enqueue(ctx, jobs.Job{Kind: "flaky", Key: "k"}); !ok || err != nil {
		t.Fatal(ok, err)
	}
	start(t, r)
	wait(t, ended)
	for deadline := time.Now().Add(10 * time.Second); ; {
		j, err := storeedit.Job(ctx, st, "flaky", "k")
		if err == nil && j.Dead {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the job did not die: %+v, %v", j, err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if ok, err := r.Enqueue(ctx, jobs.Job{Kind: "flaky", Key: "k"}); !ok || err != nil {
		t.Fatalf("new work of the dead job's key: queued %v, %v", ok, err)
	}
	wait(t, ended)
	for deadline := time.Now().Add(10 * time.Second); ; {
		if _, err := storeedit.Job(ctx, st, "flaky", "k"); errors.Is(err, store.ErrNotFound) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the job queued again was not done")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("the handler ran %d times, want 2", n)
	}
}

// TestLanes: a job of the players' lane runs while a bulk job runs (it
// never queues behind it); a bulk job that returns ErrMore runs again, its
// attempts uncounted, one unit at a time, and no bulk unit starts while a
// players' job runs here.
func TestLanes(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	r := jobs.New(st, jobs.Options{Poll: 10 * time.Millisecond})
	bulkIn, bulkOut := make(chan struct{}), make(chan struct{})
	var units atomic.Int32
	var playersRunning atomic.Bool
	var overlap atomic.Bool
	r.Register("refill", func(context.Context, []byte) error {
		if playersRunning.Load() {
			overlap.Store(true)
		}
		n := units.Add(1)
		if n == 1 {
			close(bulkIn)
			<-bulkOut // the first unit is long
		}
		if n < 4 {
			return jobs.ErrMore
		}
		return nil
	}, jobs.KindOptions{Bulk: true, MaxAttempts: 1})
	gradeIn, gradeOut := make(chan struct{}), make(chan struct{})
	r.Register("grade", func(context.Context, []byte) error {
		playersRunning.Store(true)
		defer playersRunning.Store(false)
		close(gradeIn)
		<-gradeOut
		return nil
	}, jobs.KindOptions{MaxAttempts: 1})
	if _, err := r.Enqueue(ctx, jobs.Job{Kind: "refill", Key: "extreme"}); err != nil {
		t.Fatal(err)
	}
	start(t, r)
	wait(t, bulkIn)
	// The refill's unit runs: a grading queued now starts at once.
	if _, err := r.Enqueue(ctx, jobs.Job{Kind: "grade", Key: "p", Player: "u"}); err != nil {
		t.Fatal(err)
	}
	wait(t, gradeIn)
	close(bulkOut) // the unit ends while the grading runs: no next unit starts
	time.Sleep(100 * time.Millisecond)
	if n := units.Load(); n != 1 {
		t.Errorf("%d bulk units ran while a players' job ran, want only the first", n)
	}
	close(gradeOut)
	for deadline := time.Now().Add(10 * time.Second); ; {
		if _, err := storeedit.Job(ctx, st, "refill", "extreme"); errors.Is(err, store.ErrNotFound) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the refill did not finish: %d units", units.Load())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if n := units.Load(); n != 4 || overlap.Load() {
		t.Errorf("%d units (want 4, one attempt each uncounted), a unit started during a grading: %v", n, overlap.Load())
	}
}
