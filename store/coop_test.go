package store

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// TestCoop: anyone plays a co-op board; two moves against the same
// version are one applied and one refused, never both lost or mixed; the
// solve finishes the board without touching anyone's stats.
func TestCoop(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
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

		// Two players send a move each against the same version at once.
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, u := range []string{"u1", "u2"} {
			wg.Go(func() { _, errs[i] = s.CoopMove(ctx, g.ID, u, moves[i:i+1], g.Version, t0.Add(time.Minute)) })
		}
		wg.Wait()
		stale := 0
		for _, err := range errs {
			switch {
			case err == nil:
			case errors.Is(err, ErrStale):
				stale++
			default:
				t.Fatalf("concurrent co-op move: %v", err)
			}
		}
		if stale != 1 {
			t.Fatalf("%d of two concurrent moves refused as stale, want exactly 1 (%v)", stale, errs)
		}
		cur, err := s.Game(ctx, g.ID)
		must(t, err, "Game")
		set := 0
		for _, m := range moves[:2] {
			if cur.Entries[m.Cell] == m.Digit {
				set++
			}
		}
		if set != 1 || cur.Version != g.Version+1 {
			t.Fatalf("after the race: %d of the two moves stored, version %d; want exactly one, version %d", set, cur.Version, g.Version+1)
		}
		// A stale move returns the current board to show.
		back, err := s.CoopMove(ctx, g.ID, "u3", moves[5:6], g.Version, t0)
		mustIs(t, err, ErrStale, "a move on an old version")
		if back.Version != cur.Version {
			t.Fatalf("stale move returned version %d, want the current %d", back.Version, cur.Version)
		}

		_, err = s.CoopHint(ctx, g.ID, "u2", t0.Add(2*time.Minute))
		must(t, err, "CoopHint")
		cur, err = s.Game(ctx, g.ID)
		must(t, err, "Game")
		done, err := s.CoopMove(ctx, g.ID, "u2", moves, cur.Version, t0.Add(3*time.Minute))
		must(t, err, "the solving moves")
		if !done.Solved || !done.Finished() || done.Hints[0] != 1 {
			t.Fatalf("solved co-op board %+v", done)
		}
		players, err := s.CoopPlayers(ctx, g.ID)
		must(t, err, "CoopPlayers")
		// Whoever won the concurrent move placed one digit; u2 placed the rest.
		winner := "u1"
		if errs[1] == nil {
			winner = "u2"
		}
		if players[0].UserID != "u2" || players[0].Hints != 1 || players[0].Placed < len(moves)-1 ||
			(winner == "u1") != (len(players) == 2) {
			t.Fatalf("contributions %+v (the first move went to %s)", players, winner)
		}
		if len(players) == 2 && (players[1].UserID != "u1" || players[1].Placed != 1) {
			t.Fatalf("contributions %+v", players)
		}
		st, err := s.PlayerStats(ctx, "g1", "host")
		must(t, err, "PlayerStats")
		if st.Solves != 0 {
			t.Fatalf("a shared solve counted in the host's stats: %+v", st)
		}
		_, err = s.CoopMove(ctx, g.ID, "u1", moves[:1], done.Version, t0)
		mustIs(t, err, ErrGameFinished, "a move after the solve")

		own, _, err := s.StartGame(ctx, NewGame{UserID: "u1", PuzzleID: p.ID, StartedAt: t0})
		must(t, err, "StartGame")
		_, err = s.CoopMove(ctx, own.ID, "u2", moves[:1], own.Version, t0)
		mustIs(t, err, ErrNotOwner, "a co-op move on someone's own game")
	})
}
