package game

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/store"
)

// recorder is Changes that keeps what it hears.
type recorder struct {
	mu  sync.Mutex
	got []Change
}

func (r *recorder) Changed(_ context.Context, c Change) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, c)
}

func (r *recorder) take() []Change {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.got
	r.got = nil
	return out
}

// TestChangesHeard: every use case that commits a change of a game tells
// Changes once, after the commit, with the version it made, the player
// and the race; a refused action tells nothing.
func TestChangesHeard(t *testing.T) {
	onStores(t, func(t *testing.T, st *store.Store, p store.Puzzle) {
		ctx := context.Background()
		rec := &recorder{}
		s := New(st, nil, nil)
		s.Notify(rec)
		g := start(t, st, "u", p)
		moves := empties(g)
		one := func(what string, want func(store.Game) Change) {
			t.Helper()
			cur, err := st.Game(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			got := rec.take()
			if w := want(cur); !slices.Equal(got, []Change{w}) {
				t.Errorf("%s: heard %+v, want %+v", what, got, w)
			}
		}
		at := func(user string, shown bool) func(store.Game) Change {
			return func(cur store.Game) Change {
				return Change{Game: cur.ID, Version: cur.Version, User: user, Shown: shown}
			}
		}

		if _, err := s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: moves[:1]}); err != nil {
			t.Fatal(err)
		}
		one("a move", at("u", true))
		if _, err := s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: moves[1:2], Version: ptr(g.Version)}); !errors.Is(err, store.ErrStale) {
			t.Fatalf("a stale move: %v", err)
		}
		if got := rec.take(); len(got) != 0 {
			t.Errorf("a refused move told %+v", got)
		}
		if _, err := s.Check(ctx, CheckInput{GameID: g.ID, User: "u"}); err != nil {
			t.Fatal(err)
		}
		one("a check", at("u", false))
		if _, err := s.Hint(ctx, HintInput{GameID: g.ID, User: "u", Level: 1}); err != nil {
			t.Fatal(err)
		}
		one("a hint", at("u", false))
		if _, err := s.GiveUp(ctx, g.ID, "u", nil); err != nil {
			t.Fatal(err)
		}
		one("a give-up", at("u", true))

		// Co-op: each teammate's move and the hint for everyone.
		c, err := st.StartCoop(ctx, "host", "g1", "c1", p.ID, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		g = c
		if _, err := s.CoopMove(ctx, CoopMoveInput{GameID: c.ID, User: "mate", Moves: empties(c)[:1], Version: c.Version}); err != nil {
			t.Fatal(err)
		}
		one("a co-op move", at("mate", true))
		if _, err := s.CoopHint(ctx, c.ID, "host", 1, nil); err != nil {
			t.Fatal(err)
		}
		one("a hint for everyone", at("host", false))

		// A race: a racer joining and a racer's move carry the race.
		puzzle := func(context.Context) (store.Puzzle, error) { return p, nil }
		r, err := s.NewRace(ctx, NewRaceInput{Host: "h", Guild: "g1", Channel: "c2", MakePuzzle: puzzle})
		if err != nil {
			t.Fatal(err)
		}
		rec.take()
		j, err := s.JoinRace(ctx, r.Race.ID, "racer")
		if err != nil {
			t.Fatal(err)
		}
		g = j.Game
		inRace := func(user string) func(store.Game) Change {
			return func(cur store.Game) Change {
				return Change{Game: cur.ID, Version: cur.Version, Race: r.Race.ID, User: user, Shown: true}
			}
		}
		one("a racer joining", inRace("racer"))
		if _, err := s.JoinRace(ctx, r.Race.ID, "racer"); err != nil {
			t.Fatal(err)
		}
		if got := rec.take(); len(got) != 0 {
			t.Errorf("a racer opening their board again told %+v", got)
		}
		if _, err := s.Place(ctx, PlaceInput{GameID: j.Game.ID, User: "racer", Moves: empties(j.Game)[:1]}); err != nil {
			t.Fatal(err)
		}
		one("a racer's move", inRace("racer"))
	})
}

func TestRaceOf(t *testing.T) {
	for _, tc := range []struct {
		ctx  string
		want int64
	}{{store.RaceContext(42), 42}, {"", 0}, {"coop:c:1", 0}, {"race:x", 0}} {
		if got := RaceOf(store.Game{Context: tc.ctx}); got != tc.want {
			t.Errorf("RaceOf(%q) = %d, want %d", tc.ctx, got, tc.want)
		}
	}
}

// TestCoopShownHint: the hint for everyone shows again on a teammate's
// board, uncounted, until the board changes.
func TestCoopShownHint(t *testing.T) {
	onStores(t, func(t *testing.T, st *store.Store, p store.Puzzle) {
		ctx := context.Background()
		s := New(st, nil, nil)
		c, err := st.StartCoop(ctx, "host", "g1", "c1", p.ID, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CoopShownHint(ctx, c.ID, "mate"); !isRefusal(err, "hint.moved") {
			t.Fatalf("before any hint: %v", err)
		}
		asked, err := s.CoopHint(ctx, c.ID, "host", 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		shown, err := s.CoopShownHint(ctx, c.ID, "mate")
		if err != nil || shown.Hint.Key() != asked.Hint.Key() || shown.Game.HintsTotal() != 1 {
			t.Fatalf("the teammate's hint: %v, key %q want %q, hints %d", err, shown.Hint.Key(), asked.Hint.Key(), shown.Game.HintsTotal())
		}
		if _, err := s.CoopMove(ctx, CoopMoveInput{GameID: c.ID, User: "mate", Moves: empties(c)[:1], Version: shown.Game.Version}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CoopShownHint(ctx, c.ID, "mate"); !isRefusal(err, "hint.moved") {
			t.Fatalf("after a move: %v", err)
		}
		own := start(t, st, "u", p)
		if _, err := s.CoopShownHint(ctx, own.ID, "u"); err == nil {
			t.Fatal("a player's own game gave a co-op hint")
		}
	})
}

// TestCoopHintLevels: the hint for everyone goes through its levels as a
// player's own hint does: a deeper level of the same step, asked by
// anyone, is that hint opened further (counted once, at the deepest
// level), and every board shows it at that level.
func TestCoopHintLevels(t *testing.T) {
	onStores(t, func(t *testing.T, st *store.Store, p store.Puzzle) {
		ctx := context.Background()
		s := New(st, nil, nil)
		c, err := st.StartCoop(ctx, "host", "g1", "c1", p.ID, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CoopHint(ctx, c.ID, "host", 4, nil); !isRefusal(err, "hint.bad_level") {
			t.Fatalf("level 4: %v", err)
		}
		one, err := s.CoopHint(ctx, c.ID, "host", 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		two, err := s.CoopHint(ctx, c.ID, "mate", 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		if two.Hint.Key() != one.Hint.Key() || two.Level != 2 || two.Game.Hints != [3]int{0, 1, 0} || two.Game.Version != one.Game.Version+1 {
			t.Fatalf("level 2 after level 1: level %d, hints %v, version %d after %d", two.Level, two.Game.Hints, two.Game.Version, one.Game.Version)
		}
		shown, err := s.CoopShownHint(ctx, c.ID, "third")
		if err != nil || shown.Level != 2 || shown.Hint.Key() != one.Hint.Key() {
			t.Fatalf("a teammate's board: level %d, %v", shown.Level, err)
		}
		// A shallower level asked again changes nothing.
		again, err := s.CoopHint(ctx, c.ID, "host", 1, nil)
		if err != nil || again.Game.Version != two.Game.Version || again.Game.Hints != two.Game.Hints {
			t.Fatalf("level 1 again: %+v %v", again.Game.Hints, err)
		}
		three, err := s.CoopHint(ctx, c.ID, "host", 3, nil)
		if err != nil || three.Game.Hints != [3]int{0, 0, 1} {
			t.Fatalf("level 3: %v %v", three.Game.Hints, err)
		}
		players, err := st.CoopPlayers(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range players {
			if want := map[string]int{"host": 1}[p.UserID]; p.Hints != want {
				t.Errorf("%s credited with %d hints, want %d: the step counts once, for who asked first", p.UserID, p.Hints, want)
			}
		}
	})
}

// TestTogetherHere: players asking for co-op in one channel share one
// board; asking for a race joins the channel's open race, and a new
// one is opened once it is full.
func TestTogetherHere(t *testing.T) {
	onStores(t, func(t *testing.T, st *store.Store, p store.Puzzle) {
		ctx := context.Background()
		s := New(st, nil, nil)
		puzzle := func(context.Context) (store.Puzzle, error) { return p, nil }
		a, err := s.CoopHere(ctx, CoopInput{Host: "a", Guild: "g1", Channel: "v1", Puzzle: puzzle})
		if err != nil {
			t.Fatal(err)
		}
		b, err := s.CoopHere(ctx, CoopInput{Host: "b", Guild: "g1", Channel: "v1", Puzzle: puzzle})
		if err != nil || b.Game.ID != a.Game.ID || !a.Created || b.Created {
			t.Fatalf("two players' co-op in one channel: %d and %d (%v)", a.Game.ID, b.Game.ID, err)
		}
		other, err := s.CoopHere(ctx, CoopInput{Host: "c", Guild: "g1", Channel: "v2", Puzzle: puzzle})
		if err != nil || other.Game.ID == a.Game.ID {
			t.Fatalf("another channel's co-op: %d (%v)", other.Game.ID, err)
		}

		var race int64
		for i := range MaxRacers {
			res, err := s.RaceHere(ctx, NewRaceInput{Host: fmt.Sprint("r", i), Guild: "g1", Channel: "v1", MakePuzzle: puzzle})
			if err != nil || !res.Joined {
				t.Fatalf("racer %d: %+v (%v)", i, res, err)
			}
			if i == 0 {
				race = res.Race.ID
			} else if res.Race.ID != race {
				t.Fatalf("racer %d is in race %d, not the channel's %d", i, res.Race.ID, race)
			}
		}
		res, err := s.RaceHere(ctx, NewRaceInput{Host: "late", Guild: "g1", Channel: "v1", MakePuzzle: puzzle})
		if err != nil || res.Race.ID == race || res.Race.HostID != "late" {
			t.Fatalf("a racer after the race is full: %+v (%v)", res.Race, err)
		}
	})
}
