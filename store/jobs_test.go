package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

func TestJobQueue(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		t0 := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
		kinds := []string{"grade"}
		enq := func(key, player string, at time.Time) bool {
			t.Helper()
			ok, err := s.EnqueueJob(ctx, Job{Kind: "grade", Key: key, Player: player, Payload: []byte(key), MaxAttempts: 2}, at)
			if err != nil {
				t.Fatalf("EnqueueJob(%s): %v", key, err)
			}
			return ok
		}
		// Alice pastes three puzzles, then Bob one: Bob's comes second.
		for i, key := range []string{"a1", "a2", "a3"} {
			if !enq(key, "alice", t0.Add(time.Duration(i)*time.Millisecond)) {
				t.Fatalf("%s not queued", key)
			}
		}
		enq("b1", "bob", t0.Add(10*time.Millisecond))
		if enq("a1", "carol", t0.Add(20*time.Millisecond)) {
			t.Fatal("a job of a queued key was queued again")
		}
		now := t0.Add(time.Second)
		var order []string
		var claimed []Job
		for range 3 {
			j, err := s.ClaimJob(ctx, kinds, "w1", now, time.Minute)
			if err != nil {
				t.Fatalf("ClaimJob: %v", err)
			}
			if j.Attempts != 1 || string(j.Payload) != j.Key || j.ClaimedBy != "w1" {
				t.Errorf("claimed %+v", j)
			}
			order = append(order, j.Key)
			claimed = append(claimed, j)
		}
		if got := fmt.Sprint(order); got != "[a1 b1 a2]" {
			t.Errorf("claim order %s, want [a1 b1 a2] (players in turn)", got)
		}
		if _, err := s.ClaimJob(ctx, []string{"other"}, "w1", now, time.Minute); !errors.Is(err, ErrNotFound) {
			t.Errorf("claim of another kind: %v, want ErrNotFound", err)
		}
		stats, err := s.JobStats(ctx, now)
		if err != nil || len(stats) != 1 || stats[0].Waiting != 1 || stats[0].Running != 3 || !stats[0].Oldest.Equal(t0) {
			t.Errorf("JobStats = %+v, %v", stats, err)
		}

		// Done: gone, and its key may be queued again.
		if err := s.CompleteJob(ctx, claimed[0].ID, "w1", now); err != nil {
			t.Fatalf("CompleteJob: %v", err)
		}
		if _, err := s.JobByKey(ctx, "grade", "a1"); !errors.Is(err, ErrNotFound) {
			t.Errorf("done job still there: %v", err)
		}
		// Failed: back after its backoff; failed again: dead.
		if err := s.FailJob(ctx, claimed[1].ID, "w1", "boom", now.Add(time.Minute), false); err != nil {
			t.Fatalf("FailJob: %v", err)
		}
		if err := s.FailJob(ctx, claimed[1].ID, "w1", "boom", now, false); !errors.Is(err, ErrLeaseLost) {
			t.Errorf("second FailJob of one claim: %v, want ErrLeaseLost", err)
		}
		// Released (stopping process): free at once, attempt not counted.
		if err := s.ReleaseJob(ctx, claimed[2].ID, "w1"); err != nil {
			t.Fatalf("ReleaseJob: %v", err)
		}
		j, err := s.ClaimJob(ctx, kinds, "w2", now, time.Minute)
		if err != nil || j.Key != "a2" || j.Attempts != 1 {
			t.Fatalf("claim after release = %+v, %v; want a2 at attempt 1", j, err)
		}
		// w2 dies: its lease runs out and w3 takes the job.
		later := now.Add(2 * time.Minute)
		j3, err := s.ClaimJob(ctx, kinds, "w3", later, time.Minute)
		if err != nil {
			t.Fatalf("ClaimJob after the lease ran out: %v", err)
		}
		if j3.Key != "a2" && j3.Key != "b1" && j3.Key != "a3" {
			t.Errorf("claimed %s", j3.Key)
		}
		if err := s.RenewJob(ctx, j.ID, "w2", later, time.Minute); !errors.Is(err, ErrLeaseLost) && j3.ID == j.ID {
			t.Errorf("RenewJob by the dead claimer: %v, want ErrLeaseLost", err)
		}
		// b1 fails a second time: dead, and not claimed again.
		for {
			jb, err := s.ClaimJob(ctx, kinds, "w4", later.Add(time.Hour), time.Minute)
			if errors.Is(err, ErrNotFound) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := s.FailJob(ctx, jb.ID, "w4", "boom", later.Add(time.Hour), false); err != nil {
				t.Fatal(err)
			}
		}
		dead, err := s.JobByKey(ctx, "grade", "b1")
		if err != nil || !dead.Dead || dead.Attempts != 2 || dead.LastError != "boom" {
			t.Errorf("b1 = %+v, %v; want dead after 2 attempts", dead, err)
		}
		// A dead job blocks no new work of its key (TestJobOperator).
		if !enq("b1", "bob", later) {
			t.Error("new work of a dead job's key was not queued")
		}
	})
}

// TestJobClaimConcurrent has several claimers drain one queue at once:
// every job is claimed exactly once.
func TestJobClaimConcurrent(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		dsn := be.newDSN(t)
		s := openStore(t, dsn)
		now := time.Now()
		const n = 40
		for i := range n {
			if _, err := s.EnqueueJob(ctx, Job{Kind: "k", Key: fmt.Sprint(i), Player: fmt.Sprint(i % 7)}, now); err != nil {
				t.Fatal(err)
			}
		}
		stores := []*Store{s}
		if be.shared {
			stores = append(stores, openStore(t, dsn))
		}
		var mu sync.Mutex
		seen := map[int64]int{}
		var wg sync.WaitGroup
		for w := range 4 {
			st := stores[w%len(stores)]
			wg.Go(func() {
				for {
					j, err := st.ClaimJob(ctx, []string{"k"}, fmt.Sprint("w", w), time.Now(), time.Minute)
					if errors.Is(err, ErrNotFound) {
						return
					}
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					seen[j.ID]++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(seen) != n {
			t.Errorf("%d jobs claimed, want %d", len(seen), n)
		}
		for id, c := range seen {
			if c != 1 {
				t.Errorf("job %d claimed %d times", id, c)
			}
		}
	})
}

// TestJobOperator: a dead job blocks no new work of its key (queuing it
// again revives it with fresh attempts); an operator lists jobs (all, or
// the dead ones of a kind), retries a dead one and drops one, but touches
// none a worker holds.
func TestJobOperator(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		t0 := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
		kinds := []string{"grade"}
		die := func(key string, at time.Time) Job {
			t.Helper()
			j, err := s.ClaimJob(ctx, kinds, "w1", at, time.Minute)
			if err != nil || j.Key != key {
				t.Fatalf("claim: %+v, %v; want %s", j, err, key)
			}
			if err := s.FailJob(ctx, j.ID, "w1", "boom "+key, at.Add(time.Second), false); err != nil {
				t.Fatal(err)
			}
			return j
		}
		for i, key := range []string{"k1", "k2"} {
			if ok, err := s.EnqueueJob(ctx, Job{Kind: "grade", Key: key, Player: "p", Payload: []byte("old"), MaxAttempts: 1}, t0.Add(time.Duration(i)*time.Millisecond)); !ok || err != nil {
				t.Fatalf("enqueue %s: %v %v", key, ok, err)
			}
		}
		if ok, _ := s.EnqueueJob(ctx, Job{Kind: "other", Key: "o1", MaxAttempts: 1}, t0.Add(5*time.Millisecond)); !ok {
			t.Fatal("enqueue o1")
		}
		k1 := die("k1", t0.Add(time.Second))
		die("k2", t0.Add(2*time.Second))

		all, err := s.ListJobs(ctx, JobFilter{})
		if err != nil || len(all) != 3 {
			t.Fatalf("ListJobs(all) = %d jobs, %v", len(all), err)
		}
		dead, err := s.ListJobs(ctx, JobFilter{Kind: "grade", Dead: true})
		if err != nil || len(dead) != 2 || !dead[0].Dead || dead[0].Key != "k1" || dead[0].LastError != "boom k1" {
			t.Fatalf("ListJobs(dead grade) = %+v, %v", dead, err)
		}
		if n, _ := s.ListJobs(ctx, JobFilter{Kind: "other", Dead: true}); len(n) != 0 {
			t.Errorf("dead jobs of kind other: %+v", n)
		}

		// New work of a dead job's key is queued: the job comes back.
		now := t0.Add(time.Minute)
		ok, err := s.EnqueueJob(ctx, Job{Kind: "grade", Key: "k1", Player: "q", Payload: []byte("new"), MaxAttempts: 3}, now)
		if !ok || err != nil {
			t.Fatalf("new work of a dead job's key: queued %v, %v", ok, err)
		}
		back, err := s.JobByKey(ctx, "grade", "k1")
		if err != nil || back.Dead || back.Attempts != 0 || back.MaxAttempts != 3 || string(back.Payload) != "new" || back.Player != "q" || back.ID != k1.ID {
			t.Errorf("the revived job: %+v, %v", back, err)
		}
		if ok, _ := s.EnqueueJob(ctx, Job{Kind: "grade", Key: "k1", MaxAttempts: 3}, now); ok {
			t.Error("a live job's key was queued twice")
		}

		// Retry the other dead one; a running job is left alone.
		k2, _ := s.JobByKey(ctx, "grade", "k2")
		if err := s.RetryJob(ctx, k2.ID, now); err != nil {
			t.Fatalf("RetryJob: %v", err)
		}
		if j, _ := s.JobByKey(ctx, "grade", "k2"); j.Dead || j.Attempts != 0 || !j.RunAfter.Equal(now) {
			t.Errorf("after RetryJob: %+v", j)
		}
		run, err := s.ClaimJob(ctx, kinds, "w2", now, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		for name, op := range map[string]func(int64, time.Time) error{
			"retry": func(id int64, at time.Time) error { return s.RetryJob(ctx, id, at) },
			"drop":  func(id int64, at time.Time) error { return s.DropJob(ctx, id, at) },
		} {
			if err := op(run.ID, now); !errors.Is(err, ErrJobRunning) {
				t.Errorf("%s of a running job: %v, want ErrJobRunning", name, err)
			}
			if err := op(99999, now); !errors.Is(err, ErrNotFound) {
				t.Errorf("%s of no job: %v, want ErrNotFound", name, err)
			}
		}
		// Its lease run out (its worker died), it may be dropped.
		if err := s.DropJob(ctx, run.ID, now.Add(2*time.Minute)); err != nil {
			t.Fatalf("DropJob: %v", err)
		}
		if _, err := s.JobByKey(ctx, "grade", run.Key); !errors.Is(err, ErrNotFound) {
			t.Errorf("the dropped job is still there: %v", err)
		}
	})
}
