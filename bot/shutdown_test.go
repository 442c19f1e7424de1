package bot

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestShutdownAnswersEveryInteraction starts many slow interactions
// through the gateway, some whose handlers heed cancellation and some that
// never return, then shuts down with a short grace period: every one gets
// its final answer within the grace period, through a context that
// outlives the request's.
func TestShutdownAnswersEveryInteraction(t *testing.T) {
	never := make(chan struct{})
	defer close(never)
	var started atomic.Int32
	h := newHarness(t, func(c *setup) {
		c.DeferAfter = 30 * time.Millisecond
		c.MaxConcurrent = 64
	})
	h.bot.Router().Command("sudoku polite", Private, func(ctx context.Context, r *Request) (*Response, error) {
		started.Add(1)
		<-ctx.Done()
		return nil, ctx.Err()
	})
	h.bot.Router().Command("sudoku stubborn", Private, func(ctx context.Context, r *Request) (*Response, error) {
		started.Add(1)
		<-never // ignores its context, like CPU-bound engine work
		return &Response{Content: "too late"}, nil
	})
	h.openGateway()

	const n = 30
	var sent []map[string]any
	for k := range n {
		name := "polite"
		if k%2 == 1 {
			name = "stubborn"
		}
		i := h.cmd(alice, guildID, "sudoku", name, nil)
		raw, _ := json.Marshal(i)
		if err := h.fake.DispatchInteraction(raw); err != nil {
			t.Fatal(err)
		}
		sent = append(sent, i)
	}
	deadline := time.Now().Add(10 * time.Second)
	for started.Load() < n && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if started.Load() != n {
		t.Fatalf("%d of %d handlers started", started.Load(), n)
	}

	const grace = 1500 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	begin := time.Now()
	err := h.bot.Shutdown(ctx)
	took := time.Since(begin)
	if took > grace+200*time.Millisecond {
		t.Fatalf("Shutdown took %v, beyond its %v grace period", took, grace)
	}
	if err != nil && strings.Contains(err.Error(), "unsent") {
		t.Fatalf("Shutdown: %v", err)
	}
	for _, i := range sent {
		select {
		case c := <-h.fake.Callback(i["id"].(string)):
			r := parseCallback(t, c.Payload, c.Files)
			if r.Type != 5 {
				t.Fatalf("interaction %s: first answer type %d, want a deferral", i["id"], r.Type)
			}
		case <-time.After(time.Second):
			t.Fatalf("interaction %s: no first answer", i["id"])
		}
		select {
		case c := <-h.fake.Edit(i["token"].(string)):
			if c.Status != 200 {
				t.Fatalf("interaction %s: final edit refused with %d", i["id"], c.Status)
			}
			var e struct{ Content string }
			_ = json.Unmarshal(c.Payload, &e)
			mustContain(t, "final answer", e.Content, "try again")
		case <-time.After(time.Second):
			t.Fatalf("interaction %s: deferred but never answered", i["id"])
		}
	}
}
