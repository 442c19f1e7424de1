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
		if enq("b1", "bob", later) {
			t.Error("a dead job's key was queued again")
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
