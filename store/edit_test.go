package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// The transaction properties of EditGame and EditCoop, the one way a
// player action is stored: fn runs on the locked current state, a change
// is one version step, concurrent edits queue and none is lost, and on
// any error (fn's, the finish's, done's) nothing is written. The rules
// fn applies are package game's and tested there, on both back ends too.

var errBoom = errors.New("boom")

// storesOf opens dsn once, or twice (two processes) when the back end
// shares its data between stores.
func storesOf(t *testing.T, be backend) []*Store {
	dsn := be.newDSN(t)
	stores := []*Store{openStore(t, dsn)}
	if be.shared {
		stores = append(stores, openStore(t, dsn))
	}
	return stores
}

func TestEditGame(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		stores := storesOf(t, be)
		s := stores[0]
		f := loadFixtures(t)[0]
		p := savePuzzle(t, s, f, engine.LevelEasy)
		g, _, err := s.StartGame(ctx, NewGame{UserID: "u1", GuildID: "g1", PuzzleID: p.ID, StartedAt: t0})
		must(t, err, "StartGame")
		e := f.empties()

		// fn is handed the current state, not an earlier read.
		_, err = stores[len(stores)-1].ApplyMoves(ctx, g.ID, "u1", []Move{{Cell: e[0], Digit: f.solution[e[0]]}}, t0)
		must(t, err, "ApplyMoves")
		var seen Game
		g, _, err = s.EditGame(ctx, g.ID, "u1", t0.Add(time.Minute), func(g *Game) (Finish, error) {
			seen = *g
			return KeepOpen, nil
		}, nil)
		must(t, err, "EditGame that changes nothing")
		if seen.Entries[e[0]] != f.solution[e[0]] || seen.Version != 2 {
			t.Fatalf("fn saw entry %d at version %d, want the move just stored at version 2", seen.Entries[e[0]], seen.Version)
		}
		// An edit that changes nothing writes nothing: no version step.
		if g.Version != 2 || !g.UpdatedAt.Equal(t0) {
			t.Fatalf("an empty edit: version %d, updated %v; want 2 and %v", g.Version, g.UpdatedAt, t0)
		}

		// A change is one version step, and what is returned is stored.
		g, _, err = s.EditGame(ctx, g.ID, "u1", t0.Add(2*time.Minute), func(g *Game) (Finish, error) {
			g.Hints[2]++
			g.Pencil[e[1]] = engine.DigitSet(1, 2)
			return KeepOpen, nil
		}, nil)
		must(t, err, "EditGame")
		stored, err := s.Game(ctx, g.ID)
		must(t, err, "Game")
		if g.Version != 3 || stored != g || stored.Hints != [3]int{0, 0, 1} || stored.Pencil[e[1]] != engine.DigitSet(1, 2) {
			t.Fatalf("after an edit: version %d, stored %+v\nreturned %+v", g.Version, stored, g)
		}

		// On an error from fn, the finish or done nothing is written, and
		// the game is returned as it was read.
		for _, c := range []struct {
			name string
			fin  Finish
			fail error // fn's error
			done error // done's error
			want error
		}{
			{"fn fails", KeepOpen, errBoom, nil, errBoom},
			{"the solve is not one", Solve, nil, nil, ErrNotSolved},
			{"done fails after a give-up", GiveUp, nil, errBoom, errBoom},
		} {
			got, _, err := s.EditGame(ctx, g.ID, "u1", t0.Add(3*time.Minute), func(g *Game) (Finish, error) {
				g.Mistakes++
				g.Entries[e[2]] = f.solution[e[2]]
				return c.fin, c.fail
			}, func(Game, PlayerStats) error { return c.done })
			mustIs(t, err, c.want, c.name)
			if got != g {
				t.Errorf("%s: returned %+v\nwant the game as read %+v", c.name, got, g)
			}
			if after, _ := s.Game(ctx, g.ID); after != g {
				t.Errorf("%s: the game changed:\n got %+v\nwant %+v", c.name, after, g)
			}
		}

		// done sees the solve and the stats about to be committed; when it
		// fails, the moves, the finish and the stats are all rolled back.
		solve := func(g *Game) (Finish, error) {
			for _, m := range solveMoves(f) {
				g.Entries[m.Cell] = m.Digit
			}
			return Solve, nil
		}
		var told Game
		var toldStats PlayerStats
		_, _, err = s.EditGame(ctx, g.ID, "u1", t0.Add(4*time.Minute), solve, func(g Game, st PlayerStats) error {
			told, toldStats = g, st
			return errBoom
		})
		mustIs(t, err, errBoom, "done fails after a solve")
		if !told.Solved || told.Version != g.Version+2 || toldStats.Solves != 1 {
			t.Errorf("done was told solved %v version %d stats %+v", told.Solved, told.Version, toldStats)
		}
		if after, _ := s.Game(ctx, g.ID); after != g {
			t.Errorf("a rolled-back solve changed the game:\n got %+v\nwant %+v", after, g)
		}
		if st, _ := s.PlayerStats(ctx, "g1", "u1"); st.Solves != 0 {
			t.Errorf("a rolled-back solve counted: %+v", st)
		}

		// The solve: moves, finish and stats in one change.
		done, st, err := s.EditGame(ctx, g.ID, "u1", t0.Add(5*time.Minute), solve, nil)
		must(t, err, "solve")
		if !done.Solved || done.Duration() != 5*time.Minute || done.Version != g.Version+2 || st.Solves != 1 || st.GuildID != "g1" {
			t.Fatalf("solved: %+v stats %+v", done, st)
		}
		if all, _ := s.PlayerStats(ctx, "", "u1"); all.Solves != 1 {
			t.Errorf("the all-guilds record: %+v", all)
		}
		_, _, err = s.EditGame(ctx, g.ID, "u1", t0, func(*Game) (Finish, error) { return KeepOpen, nil }, nil)
		mustIs(t, err, ErrGameFinished, "an edit after the solve")

		// A give-up.
		other := savePuzzle(t, s, loadFixtures(t)[1], engine.LevelEasy)
		g2, _, err := s.StartGame(ctx, NewGame{UserID: "u1", GuildID: "g1", PuzzleID: other.ID, StartedAt: t0})
		must(t, err, "StartGame")
		g2, st, err = s.EditGame(ctx, g2.ID, "u1", t0.Add(time.Minute), func(*Game) (Finish, error) { return GiveUp, nil }, nil)
		must(t, err, "give up")
		if !g2.GaveUp || g2.Solved || st.GaveUps != 1 || st.Solves != 1 {
			t.Fatalf("gave up: %+v stats %+v", g2, st)
		}
	})
}

// TestEditGameConcurrent: edits of one game from many goroutines, and
// from two stores on one database (two processes), queue on the lock:
// every one is applied to the state the one before left, and each is
// one version step.
func TestEditGameConcurrent(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		stores := storesOf(t, be)
		f := loadFixtures(t)[0]
		p := savePuzzle(t, stores[0], f, engine.LevelEasy)
		g, _, err := stores[0].StartGame(ctx, NewGame{UserID: "u1", PuzzleID: p.ID, StartedAt: t0})
		must(t, err, "StartGame")
		e := f.empties()

		const workers = 20
		var wg sync.WaitGroup
		errs := make([]error, workers)
		for i := range workers {
			wg.Go(func() {
				// Each counts a hint (a read-modify-write of one field all
				// share) and toggles a mark of its own.
				_, _, errs[i] = stores[i%len(stores)].EditGame(ctx, g.ID, "u1", t0, func(g *Game) (Finish, error) {
					g.Hints[0]++
					g.Pencil[e[i%len(e)]] ^= engine.DigitSet(uint8(i%9 + 1))
					return KeepOpen, nil
				}, nil)
			})
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("edit %d: %v", i, err)
			}
		}
		got, err := stores[0].Game(ctx, g.ID)
		must(t, err, "Game")
		var want [engine.NumCells]engine.Digits
		for i := range workers {
			want[e[i%len(e)]] ^= engine.DigitSet(uint8(i%9 + 1))
		}
		if got.Hints[0] != workers || got.Pencil != want || got.Version != g.Version+workers {
			t.Errorf("after %d edits: hints %d, version %d (from %d), marks lost: %v",
				workers, got.Hints[0], got.Version, g.Version, got.Pencil != want)
		}
	})
}

func TestEditCoop(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		stores := storesOf(t, be)
		s := stores[0]
		f := loadFixtures(t)[0]
		p := savePuzzle(t, s, f, engine.LevelEasy)
		g, err := s.StartCoop(ctx, "host", "g1", "c1", p.ID, t0)
		must(t, err, "StartCoop")
		if !g.IsCoop() {
			t.Fatalf("co-op game context %q", g.Context)
		}
		if _, err := s.CurrentGame(ctx, "host", "g1"); err == nil {
			t.Fatal("a co-op board became the host's current game")
		}
		moves := solveMoves(f)
		place := func(ms []Move) func(g *Game) (CoopEdit, error) {
			return func(g *Game) (CoopEdit, error) {
				for _, m := range ms {
					g.Entries[m.Cell] = m.Digit
				}
				return CoopEdit{Placed: len(ms), Solved: g.Board() == g.Solution}, nil
			}
		}

		// Players edit at once, from two processes: every edit is applied
		// and credited, one version step each.
		const players = 6
		var wg sync.WaitGroup
		errs := make([]error, players)
		for i := range players {
			wg.Go(func() {
				_, errs[i] = stores[i%len(stores)].EditCoop(ctx, g.ID, fmt.Sprintf("u%d", i), t0.Add(time.Minute), place(moves[i:i+1]), nil)
			})
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("co-op edit %d: %v", i, err)
			}
		}
		cur, err := s.Game(ctx, g.ID)
		must(t, err, "Game")
		for _, m := range moves[:players] {
			if cur.Entries[m.Cell] != m.Digit {
				t.Errorf("a concurrent co-op edit was lost: cell %d holds %d", m.Cell, cur.Entries[m.Cell])
			}
		}
		if cur.Version != g.Version+players {
			t.Errorf("version %d after %d edits from %d", cur.Version, players, g.Version)
		}
		credits, err := s.CoopPlayers(ctx, g.ID)
		must(t, err, "CoopPlayers")
		if len(credits) != players {
			t.Errorf("credits %+v, want one digit for each of %d players", credits, players)
		}
		for _, c := range credits {
			if c.Placed != 1 || c.Hints != 0 {
				t.Errorf("credits %+v, want one digit each", credits)
			}
		}

		// Who filled each cell is kept, and each player has a seat of
		// their own, in the order they first acted.
		cells, err := s.CoopCells(ctx, g.ID)
		must(t, err, "CoopCells")
		for i, m := range moves[:players] {
			if want := fmt.Sprintf("u%d", i); cells[m.Cell] != want {
				t.Errorf("cell %d filled by %q, want %q", m.Cell, cells[m.Cell], want)
			}
		}
		seats := map[int]bool{}
		for _, c := range credits {
			if c.Seat < 1 || c.Seat > players || seats[c.Seat] {
				t.Errorf("seats %+v, want 1-%d once each", credits, players)
			}
			seats[c.Seat] = true
		}

		// A hint for everyone is the board's and the player's.
		cur, err = s.EditCoop(ctx, g.ID, "u0", t0.Add(2*time.Minute), func(g *Game) (CoopEdit, error) {
			g.Hints[0]++
			return CoopEdit{Hints: 1}, nil
		}, nil)
		must(t, err, "a co-op hint")

		// On an error nothing is written: neither the board nor a credit.
		for _, c := range []struct {
			name string
			fn   func(g *Game) (CoopEdit, error)
			done error
			want error
		}{
			{"fn fails", func(g *Game) (CoopEdit, error) {
				place(moves[players:])(g)
				return CoopEdit{Placed: 1}, errBoom
			}, nil, errBoom},
			{"a solve that is not one", func(g *Game) (CoopEdit, error) {
				place(moves[players : players+1])(g)
				return CoopEdit{Placed: 1, Solved: true}, nil
			}, nil, ErrNotSolved},
			{"done fails after the solve", place(moves[players:]), errBoom, errBoom},
			{"a given changed", func(g *Game) (CoopEdit, error) {
				c := f.givenCell()
				g.Entries[c] = f.grid[c]%9 + 1
				return CoopEdit{Placed: 1}, nil
			}, nil, ErrGivenCell},
		} {
			got, err := s.EditCoop(ctx, g.ID, "late", t0.Add(3*time.Minute), c.fn, func(Game) error { return c.done })
			mustIs(t, err, c.want, c.name)
			if got != cur {
				t.Errorf("%s: returned %+v\nwant the board as read %+v", c.name, got, cur)
			}
			if after, _ := s.Game(ctx, g.ID); after != cur {
				t.Errorf("%s: the board changed", c.name)
			}
			if ps, _ := s.CoopPlayers(ctx, g.ID); len(ps) != players {
				t.Errorf("%s: credits changed: %+v", c.name, ps)
			}
		}

		// The solve finishes the board and counts in nobody's stats.
		done, err := s.EditCoop(ctx, g.ID, "u1", t0.Add(4*time.Minute), place(moves[players:]), nil)
		must(t, err, "the solving edit")
		if !done.Solved || !done.Finished() || done.Hints[0] != 1 || done.Version != cur.Version+2 {
			t.Fatalf("solved co-op board %+v (from version %d)", done, cur.Version)
		}
		credits, err = s.CoopPlayers(ctx, g.ID)
		must(t, err, "CoopPlayers")
		if credits[0].UserID != "u1" || credits[0].Placed != 1+len(moves)-players {
			t.Errorf("credits after the solve: %+v", credits)
		}
		for _, u := range []string{"host", "u1"} {
			if st, _ := s.PlayerStats(ctx, "g1", u); st.Solves != 0 {
				t.Errorf("a shared solve counted in %s's stats: %+v", u, st)
			}
		}
		_, err = s.EditCoop(ctx, g.ID, "u1", t0, place(nil), nil)
		mustIs(t, err, ErrGameFinished, "an edit after the solve")

		own, _, err := s.StartGame(ctx, NewGame{UserID: "u1", PuzzleID: p.ID, StartedAt: t0})
		must(t, err, "StartGame")
		_, err = s.EditCoop(ctx, own.ID, "u2", t0, place(moves[:1]), nil)
		mustIs(t, err, ErrNotOwner, "a co-op edit of someone's own game")
	})
}

// TestCoopCells: a cell's filler is who last put a digit there; a
// cleared cell has none; a player keeps their seat.
func TestCoopCells(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := storesOf(t, be)[0]
		f := loadFixtures(t)[0]
		p := savePuzzle(t, s, f, engine.LevelEasy)
		g, err := s.StartCoop(ctx, "host", "g1", "c1", p.ID, t0)
		must(t, err, "StartCoop")
		e := f.empties()
		set := func(user string, cell int, d uint8) {
			t.Helper()
			_, err := s.EditCoop(ctx, g.ID, user, t0, func(g *Game) (CoopEdit, error) {
				g.Entries[cell] = d
				placed := 0
				if d != 0 {
					placed = 1
				}
				return CoopEdit{Placed: placed}, nil
			}, nil)
			must(t, err, "EditCoop")
		}
		set("b", e[0], 1)
		set("a", e[1], 2)
		set("a", e[0], 3) // a changes b's digit
		set("b", e[1], 0) // b clears a's
		cells, err := s.CoopCells(ctx, g.ID)
		must(t, err, "CoopCells")
		if cells[e[0]] != "a" || cells[e[1]] != "" {
			t.Errorf("fillers %q and %q, want \"a\" and none", cells[e[0]], cells[e[1]])
		}
		ps, err := s.CoopPlayers(ctx, g.ID)
		must(t, err, "CoopPlayers")
		seat := map[string]int{}
		for _, p := range ps {
			seat[p.UserID] = p.Seat
		}
		if seat["b"] != 1 || seat["a"] != 2 {
			t.Errorf("seats %v, want b 1 and a 2", seat)
		}
	})
}
