package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// TestLeaderLease: one holder at a time; a holder that stops renewing is
// replaced once its lease runs out, with a new fencing token, and its
// claims under its old term are refused (a thawed leader cannot post);
// Close hands over without waiting for the lease to run out.
func TestLeaderLease(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		now := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
		day := Date(2026, 6, 1)
		clk := fakeclock.New(now)
		a := s.LeaderLease("publisher", "a", 6*time.Second)
		b := s.LeaderLease("publisher", "b", 6*time.Second)
		a.Clock, b.Clock = clk, clk
		lead := func(l *LeaderLease, want bool) {
			t.Helper()
			got, err := l.Leader(ctx)
			if err != nil || got != want {
				t.Fatalf("%s leads: %v, %v; want %v", l.holder, got, err, want)
			}
		}
		lead(a, true)
		lead(b, false)
		aCtx := a.Fenced(ctx)
		if err := s.ClaimDailyPost(aCtx, "g1", day, now); err != nil {
			t.Fatalf("the leader's claim: %v", err)
		}
		// a renews within its lease: still a, same term.
		now = now.Add(4 * time.Second)
		clk.Set(now)
		lead(a, true)
		lead(b, false)
		// a stops renewing (frozen): b takes over once the lease runs out.
		now = now.Add(5 * time.Second)
		clk.Set(now)
		lead(b, false)
		now = now.Add(2 * time.Second)
		clk.Set(now)
		lead(b, true)
		// Thawed, a's claims under its old term are refused; it learns
		// it no longer leads.
		if err := s.ClaimDailyPost(aCtx, "g2", day, now); !errors.Is(err, ErrFenced) {
			t.Fatalf("a thawed former leader's claim: %v, want ErrFenced", err)
		}
		if _, err := s.DailyPost(ctx, "g2", day); !errors.Is(err, ErrNotFound) {
			t.Errorf("the fenced claim left a row: %v", err)
		}
		lead(a, false)
		if err := s.ClaimDailyPost(b.Fenced(ctx), "g2", day, now); err != nil {
			t.Fatalf("the new leader's claim: %v", err)
		}
		// b gives up: a takes over at its next look (within ttl/3), in a
		// third term.
		if err := b.Close(); err != nil {
			t.Fatal(err)
		}
		now = now.Add(2 * time.Second)
		clk.Set(now)
		lead(a, true)
		if err := s.ClaimDailyPost(b.Fenced(ctx), "g3", day, now); !errors.Is(err, ErrFenced) {
			t.Errorf("a claim after giving the lease up: %v, want ErrFenced", err)
		}
		if err := s.ClaimDailyPost(a.Fenced(ctx), "g3", day, now); err != nil {
			t.Errorf("the third term's claim: %v", err)
		}
		// Without a fence, claims are as before.
		if err := s.ClaimDailyPost(ctx, "g4", day, now); err != nil {
			t.Errorf("an unfenced claim: %v", err)
		}
	})
}

// TestLeaderLeaseFrozenInClaim (PostgreSQL): a leader frozen (SIGSTOP)
// inside a claim's transaction, after the fence check share-locked the
// lease's row, keeps its connection open and its transaction idle. That
// must not keep the lease: PostgreSQL ends the idle transaction after
// fenceIdle, the row is free again, and another process takes the lease
// once it has run out, long before the session-wide idle limit (30 s);
// the frozen claim never commits. It prints how long the takeover took.
func TestLeaderLeaseFrozenInClaim(t *testing.T) {
	s := openStore(t, storetest.Postgres(t))
	ctx := context.Background()
	const ttl = 2 * time.Second
	a := s.LeaderLease("publisher", "a", ttl)
	b := s.LeaderLease("publisher", "b", ttl)
	if ok, err := a.Leader(ctx); !ok || err != nil {
		t.Fatalf("a leads: %v, %v", ok, err)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if err := s.checkFence(a.Fenced(ctx), tx); err != nil {
		t.Fatal(err)
	}
	// a is frozen here, its transaction open.
	start := time.Now()
	for {
		ok, err := b.Leader(ctx)
		if ok {
			break
		}
		if time.Since(start) > 20*time.Second {
			t.Fatalf("b never took the lease while a's claim was frozen (last: %v)", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("a froze in its claim's transaction; b took the lease %s later (ttl %s)", time.Since(start).Round(10*time.Millisecond), ttl)
	if _, err := tx.ExecContext(ctx, `INSERT INTO daily_posts (guild_id, day, claimed_at, attempts) VALUES ('g1', '2026-06-01', 1, 1)`); err == nil {
		if err := tx.Commit(); err == nil {
			t.Errorf("the frozen leader's claim committed after the takeover")
		}
	}
}
