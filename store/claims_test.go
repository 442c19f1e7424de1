package store

import (
	"context"
	"testing"
	"time"
)

// TestClaimInteraction: one claim per id across two Opens of one
// database (two replicas, or one after a restart); a repeat sees the
// claim in progress, then done with the answer recorded; pruning keeps
// what is younger than its cut.
func TestClaimInteraction(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		dsn := be.newDSN(t)
		a := openStore(t, dsn)
		b := a
		if be.shared {
			b = openStore(t, dsn)
		}
		t0 := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
		c, err := a.ClaimInteraction(ctx, "1001", t0)
		if err != nil || c.State != ClaimNew {
			t.Fatalf("first claim: %+v %v", c, err)
		}
		c, err = b.ClaimInteraction(ctx, "1001", t0.Add(time.Second))
		if err != nil || c.State != ClaimInProgress || !c.ClaimedAt.Equal(t0) {
			t.Fatalf("claim while in progress: %+v %v", c, err)
		}
		body := []byte(`{"type":4}`)
		if err := a.CompleteInteraction(ctx, "1001", t0.Add(2*time.Second), "application/json", body); err != nil {
			t.Fatal(err)
		}
		c, err = b.ClaimInteraction(ctx, "1001", t0.Add(3*time.Second))
		if err != nil || c.State != ClaimDone || string(c.Response) != string(body) || c.ContentType != "application/json" {
			t.Fatalf("claim once done: %+v %v", c, err)
		}
		// Too large an answer is not kept; the claim is done all the same.
		if _, err := a.ClaimInteraction(ctx, "1002", t0.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if err := a.CompleteInteraction(ctx, "1002", t0.Add(time.Minute), "image/png", make([]byte, MaxClaimResponse+1)); err != nil {
			t.Fatal(err)
		}
		if c, err := b.ClaimInteraction(ctx, "1002", t0.Add(time.Minute)); err != nil || c.State != ClaimDone || c.Response != nil {
			t.Fatalf("claim of a large answer: state %v, %d bytes, %v", c.State, len(c.Response), err)
		}
		n, err := b.PruneInteractions(ctx, t0.Add(30*time.Second))
		if err != nil || n != 1 {
			t.Fatalf("prune: %d %v, want 1", n, err)
		}
		if c, err := a.ClaimInteraction(ctx, "1002", t0.Add(2*time.Minute)); err != nil || c.State != ClaimDone {
			t.Fatalf("claim kept after prune: %+v %v", c, err)
		}
		if _, err := a.ClaimInteraction(ctx, "", t0); err == nil {
			t.Fatal("empty id claimed")
		}
	})
}
