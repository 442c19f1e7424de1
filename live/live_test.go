package live

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// heard waits for a change on s, failing after a while.
func heard(t *testing.T, s *Sub, what string) {
	t.Helper()
	select {
	case <-s.C:
	case <-time.After(5 * time.Second):
		t.Fatalf("%s: no change heard", what)
	}
}

// quiet checks that s heard nothing. In a testing/synctest bubble (the
// in-process tests) the 50 ms pass on the bubble's clock once every
// goroutine is blocked, so nothing in flight is missed; across processes
// they are real.
func quiet(t *testing.T, s *Sub, what string) {
	t.Helper()
	select {
	case <-s.C:
		t.Fatalf("%s: heard a change", what)
	case <-time.After(50 * time.Millisecond):
	}
}

func TestHubInProcess(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := New(nil, Options{})
		ctx := context.Background()
		a, err := h.Subscribe("a", Game(1))
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		racer, _ := h.Subscribe("b", Game(2), Race(7))
		defer racer.Close()

		h.Changed(ctx, game.Change{Game: 1, Version: 3, User: "mate"})
		heard(t, a, "the game's own board")
		if got := a.Last(); got.User != "mate" || got.Version != 3 {
			t.Errorf("Last() = %+v", got)
		}
		quiet(t, racer, "another game's board")

		// A racer's move reaches every racer through the race.
		h.Changed(ctx, game.Change{Game: 3, Race: 7})
		heard(t, racer, "another racer's board")
		quiet(t, a, "a board outside the race")

		// Changes in between merge into one.
		for range 5 {
			h.Changed(ctx, game.Change{Game: 1})
		}
		heard(t, a, "after five changes")
		quiet(t, a, "five changes merged")
	})
}

func TestHubBounds(t *testing.T) {
	h := New(nil, Options{MaxStreams: 3, MaxPerPlayer: 2})
	var subs []*Sub
	for range 2 {
		s, err := h.Subscribe("a", Game(1))
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s)
	}
	if _, err := h.Subscribe("a", Game(1)); !errors.Is(err, ErrPlayerStreams) {
		t.Fatalf("a player's third stream: %v, want ErrPlayerStreams", err)
	}
	s, err := h.Subscribe("b", Game(2))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Subscribe("c", Game(3)); !errors.Is(err, ErrProcessStreams) {
		t.Fatalf("the process's fourth stream: %v, want ErrProcessStreams", err)
	}
	subs[0].Close()
	subs[0].Close() // twice is harmless
	if _, err := h.Subscribe("a", Game(1)); err != nil {
		t.Fatalf("a stream after one closed: %v", err)
	}
	s.Close()
	if n := h.Streams(); n != 2 {
		t.Errorf("Streams() = %d, want 2", n)
	}
	if len(h.subs[Game(2)]) != 0 || h.perPlayer["b"] != 0 {
		t.Errorf("a closed stream left state behind: %v %v", h.subs, h.perPlayer)
	}
}

func TestPayload(t *testing.T) {
	for _, c := range []game.Change{{Game: 12, Race: 3, Version: 7, User: "1234"}, {Game: 1}, {Game: 2, User: "a b"}} {
		o, got, ok := parsePayload(payload("abc", c))
		if !ok || o != "abc" || got != c {
			t.Fatalf("round trip of %+v: %q %+v %v", c, o, got, ok)
		}
	}
	for _, bad := range []string{"", "abc", "abc 1 0 0", "abc x 0 0 u", "abc 0 0 0 u", "abc 1 -1 0 u", "abc 1 0 -1 u", " 1 0 0 u", "abc 1 0 0 "} {
		if _, _, ok := parsePayload(bad); ok {
			t.Errorf("parsePayload(%q) accepted", bad)
		}
	}
}

func FuzzParsePayload(f *testing.F) {
	f.Add("abc 1 0 3 u")
	f.Add("x 9223372036854775807 5 0 -")
	f.Fuzz(func(t *testing.T, p string) {
		o, c, ok := parsePayload(p)
		if !ok {
			return
		}
		if c.Game <= 0 || c.Race < 0 || c.Version < 0 {
			t.Fatalf("accepted %q as %+v", p, c)
		}
		if _, c2, ok2 := parsePayload(payload(o, c)); !ok2 || c2 != c {
			t.Fatalf("%q does not round-trip: %+v, %+v", p, c, c2)
		}
	})
}

// flaky is a Notifier whose first Listen fails once it is in place.
type flaky struct {
	listens chan int
	n       int
}

func (f *flaky) Notify(context.Context, string) error { return nil }
func (f *flaky) Listen(ctx context.Context, ready func(), fn func(string)) error {
	f.n++
	ready()
	f.listens <- f.n
	if f.n == 1 {
		return errors.New("connection reset")
	}
	<-ctx.Done()
	return ctx.Err()
}

// A listener that fails and listens again wakes every subscriber: they
// may have missed a change meanwhile.
func TestRunWakesAfterReconnect(t *testing.T) {
	f := &flaky{listens: make(chan int, 4)}
	h := New(f, Options{})
	s, _ := h.Subscribe("a", Game(1))
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.Run(ctx) }()
	<-f.listens
	<-f.listens
	heard(t, s, "after listening again")
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v", err)
	}
}

// Two processes on one PostgreSQL schema: a change in one reaches the
// other's subscribers, and a process does not hear its own twice.
func TestHubAcrossProcesses(t *testing.T) {
	dsn := storetest.Postgres(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	open := func() *Hub {
		st, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		h := New(st, Options{})
		rctx, stop := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { _ = h.Run(rctx); close(done) }()
		t.Cleanup(func() { stop(); <-done })
		return h
	}
	a, b := open(), open()
	sa, _ := a.Subscribe("x", Game(5))
	sb, _ := b.Subscribe("y", Game(5))
	defer sa.Close()
	defer sb.Close()
	// Until b listens, a change may pass it by: send until it hears one.
	deadline := time.Now().Add(10 * time.Second)
	for {
		a.Changed(ctx, game.Change{Game: 5})
		select {
		case <-sb.C:
		case <-time.After(100 * time.Millisecond):
			if time.Now().After(deadline) {
				t.Fatal("the other process never heard a change")
			}
			continue
		}
		break
	}
	// Drain what a and b heard so far, then one change: each hears it
	// exactly once (a from itself, not again through PostgreSQL).
	time.Sleep(200 * time.Millisecond)
	drain := func(s *Sub) {
		select {
		case <-s.C:
		default:
		}
	}
	drain(sa)
	drain(sb)
	b.Changed(ctx, game.Change{Game: 5, Version: 9, User: "42"})
	heard(t, sa, "the other process's change")
	if got := sa.Last(); got.User != "42" || got.Version != 9 {
		t.Errorf("the other process's change arrived as %+v", got)
	}
	heard(t, sb, "its own change")
	quiet(t, sb, "its own change again")
}
