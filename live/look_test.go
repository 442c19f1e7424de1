package live

import (
	"context"
	"maps"
	"testing"
	"testing/synctest"
	"time"

	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// sawLook waits for s's Looks channel.
func sawLook(t *testing.T, s *Sub, what string) {
	t.Helper()
	select {
	case <-s.Looks:
	case <-time.After(5 * time.Second):
		t.Fatalf("%s: no look heard", what)
	}
}

// TestLooksInProcess: a player's look wakes the other players' boards
// (not their own, and not C: the game did not change), only a player
// with the board open may look, and a player who leaves takes their look
// with them.
func TestLooksInProcess(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := New(nil, Options{})
		a, _ := h.Subscribe("a", Game(1))
		defer a.Close()
		b, _ := h.Subscribe("b", Game(1))
		heard(t, a, "b opening the board")
		if !h.Look(Game(1), "b", 40) {
			t.Fatal("b's look refused")
		}
		sawLook(t, a, "b's look")
		select {
		case <-b.Looks:
			t.Fatal("b heard their own look")
		default:
		}
		quiet(t, a, "a look")
		if got := h.Looks(Game(1)); !maps.Equal(got, map[string]int{"b": 40}) {
			t.Fatalf("Looks = %v", got)
		}
		for _, c := range []struct {
			player string
			cell   int
		}{{"stranger", 3}, {"b", -1}, {"b", 81}} {
			if h.Look(Game(1), c.player, c.cell) {
				t.Errorf("Look(%q, %d) accepted", c.player, c.cell)
			}
		}
		b.Close()
		sawLook(t, a, "b leaving")
		if got := h.Looks(Game(1)); len(got) != 0 {
			t.Fatalf("Looks after b left = %v", got)
		}
	})
}

func TestLookEntry(t *testing.T) {
	got, u, cell, ok := parseLook(lookEntry(Game(12), "12:34", 80))
	if !ok || got != Game(12) || u != "12:34" || cell != 80 {
		t.Errorf("round trip: %v %q %d %v", got, u, cell, ok)
	}
	for _, bad := range []string{"", "g12:+:u", "g12:@:u", "g12:@81:u", "g12:@-1:u", "g12:@4:", "x1:@4:u", "g0:@4:u", "g12:@04:u", "g:@4:u"} {
		if _, _, _, ok := parseLook(bad); ok {
			t.Errorf("parseLook(%q) accepted", bad)
		}
	}
}

func FuzzParseLook(f *testing.F) {
	f.Add("g12:@40:1234")
	f.Fuzz(func(t *testing.T, e string) {
		tp, u, cell, ok := parseLook(e)
		if !ok {
			return
		}
		if tp.ID <= 0 || u == "" || cell < 0 || cell >= numCells {
			t.Fatalf("accepted %q as %v %q %d", e, tp, u, cell)
		}
		if t2, u2, c2, ok2 := parseLook(lookEntry(tp, u, cell)); !ok2 || t2 != tp || u2 != u || c2 != cell {
			t.Fatalf("%q does not round-trip", e)
		}
	})
}

// Two processes on one PostgreSQL schema: a look on one reaches the
// boards on the other, and goes when its player leaves.
func TestLooksAcrossProcesses(t *testing.T) {
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
	watch, _ := b.Subscribe("y", Game(7))
	defer watch.Close()
	x, _ := a.Subscribe("x", Game(7))
	heard(t, watch, "x opening the board on the other process")
	if !a.Look(Game(7), "x", 9) {
		t.Fatal("x's look refused")
	}
	sawLook(t, watch, "x's look on the other process")
	if got := b.Looks(Game(7)); !maps.Equal(got, map[string]int{"x": 9}) {
		t.Fatalf("Looks on the other process = %v", got)
	}
	// y looks through process a (a load balancer's choice): y is here.
	for deadline := time.Now().Add(5 * time.Second); len(a.Here(Game(7))) < 2; {
		if time.Now().After(deadline) {
			t.Fatalf("the first process never heard y: %v", a.Here(Game(7)))
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !a.Look(Game(7), "y", 10) {
		t.Fatal("a look through the other process refused")
	}
	// A channel's news (a board opened there) reaches its Activities on
	// the other process.
	ch, _ := b.Subscribe("y", Channel(1234567890123))
	defer ch.Close()
	a.Poke(Channel(1234567890123))
	heard(t, ch, "a poke of the channel on the other process")
	x.Close()
	sawLook(t, watch, "x leaving")
	if got := b.Looks(Game(7)); got["x"] != 0 || len(got) != 1 {
		t.Fatalf("Looks after x left = %v", got)
	}
}

func TestPoke(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := New(nil, Options{})
		a, _ := h.Subscribe("a", Game(1), Channel(99))
		defer a.Close()
		other, _ := h.Subscribe("b", Game(2))
		defer other.Close()
		h.Poke(Channel(99))
		heard(t, a, "a poke of the channel")
		quiet(t, other, "a poke of another topic")
		for _, tp := range []Topic{Channel(99), Game(3), Race(1 << 40)} {
			if got, ok := parsePoke(pokeEntry(tp)); !ok || got != tp {
				t.Errorf("round trip of %v: %v %v", tp, got, ok)
			}
		}
		for _, bad := range []string{"", "c:!:-", "c0:!:-", "x1:!:-", "c1:+:u", "c01:!:-", "c1:!:u"} {
			if _, ok := parsePoke(bad); ok {
				t.Errorf("parsePoke(%q) accepted", bad)
			}
		}
	})
}
