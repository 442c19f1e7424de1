package live

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// TestPresenceInProcess: a player opening or leaving a board wakes the
// others' boards of it, and Here lists who has it open, once each.
func TestPresenceInProcess(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := New(nil, Options{})
		a, _ := h.Subscribe("a", Game(1))
		defer a.Close()
		b1, _ := h.Subscribe("b", Game(1))
		heard(t, a, "another player opening the board")
		b2, _ := h.Subscribe("b", Game(1))
		quiet(t, a, "the same player's second tab")
		if got := h.Here(Game(1)); !slices.Equal(got, []string{"a", "b"}) {
			t.Fatalf("Here = %v", got)
		}
		b1.Close()
		quiet(t, a, "one of the player's two tabs closing")
		b2.Close()
		heard(t, a, "the other player leaving")
		if got := h.Here(Game(1)); !slices.Equal(got, []string{"a"}) {
			t.Fatalf("Here after leaving = %v", got)
		}
	})
}

func TestPresenceEntry(t *testing.T) {
	for _, c := range []struct {
		t    Topic
		user string
		here bool
	}{{Game(12), "1234", true}, {Race(3), "u:x", false}} {
		got, u, here, ok := parsePresence(presenceEntry(c.t, c.user, c.here))
		if !ok || got != c.t || u != c.user || here != c.here {
			t.Errorf("round trip of %+v: %v %q %v %v", c, got, u, here, ok)
		}
	}
	for _, bad := range []string{"", "g", "g1", "g1:+", "g1:+:", "x1:+:u", "g0:+:u", "g1:*:u", "gx:+:u"} {
		if _, _, _, ok := parsePresence(bad); ok {
			t.Errorf("parsePresence(%q) accepted", bad)
		}
	}
}

func FuzzParsePresence(f *testing.F) {
	f.Add("g12:+:1234")
	f.Add("r3:-:u")
	f.Fuzz(func(t *testing.T, e string) {
		tp, u, here, ok := parsePresence(e)
		if !ok {
			return
		}
		if tp.ID <= 0 || u == "" {
			t.Fatalf("accepted %q as %v %q", e, tp, u)
		}
		if t2, u2, h2, ok2 := parsePresence(presenceEntry(tp, u, here)); !ok2 || t2 != tp || u2 != u || h2 != here {
			t.Fatalf("%q does not round-trip", e)
		}
	})
}

// Two processes on one PostgreSQL schema: a player who opens a board on
// one is there on the other, and gone when they leave.
func TestPresenceAcrossProcesses(t *testing.T) {
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
		<-h.Ready()
		return h
	}
	a, b := open(), open()
	watch, _ := b.Subscribe("y", Game(5))
	defer watch.Close()
	x, _ := a.Subscribe("x", Game(5))
	heard(t, watch, "a player opening the board on the other process")
	if got := b.Here(Game(5)); !slices.Equal(got, []string{"x", "y"}) {
		t.Fatalf("Here on the other process = %v", got)
	}
	x.Close()
	heard(t, watch, "the player leaving on the other process")
	if got := b.Here(Game(5)); !slices.Equal(got, []string{"y"}) {
		t.Fatalf("Here after leaving = %v", got)
	}
}
