package store

import (
	"context"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// TestSolveWithMoves: the last moves and the finish are one change. A set
// of moves that does not solve stores nothing; one that does stores the
// moves, the finish and the stats together.
func TestSolveWithMoves(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		f := loadFixtures(t)[0]
		p := savePuzzle(t, s, f, engine.LevelEasy)
		t0 := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
		g, _, err := s.StartGame(ctx, NewGame{UserID: "u1", GuildID: "g1", PuzzleID: p.ID, Day: mustDay("2026-11-23"), StartedAt: t0})
		must(t, err, "StartGame")
		moves := solveMoves(f)
		last := moves[len(moves)-1]
		g, err = s.ApplyMoves(ctx, g.ID, "u1", moves[:len(moves)-1], t0.Add(time.Minute))
		must(t, err, "ApplyMoves")

		wrong := last
		wrong.Digit = wrong.Digit%9 + 1
		_, _, err = s.SolveWithMoves(ctx, g.ID, "u1", []Move{wrong}, t0.Add(2*time.Minute))
		mustIs(t, err, ErrNotSolved, "a wrong last move")
		after, err := s.Game(ctx, g.ID)
		must(t, err, "Game")
		if after.Entries[wrong.Cell] != 0 || after.Finished() || after.Version != g.Version {
			t.Fatalf("a refused solve changed the game: entry %d, finished %v, version %d (was %d)",
				after.Entries[wrong.Cell], after.Finished(), after.Version, g.Version)
		}
		_, _, err = s.SolveWithMoves(ctx, g.ID, "u1", []Move{{Cell: 81, Digit: 1}}, t0)
		mustIs(t, err, ErrInvalidMove, "cell 81")

		done, st, err := s.SolveWithMoves(ctx, g.ID, "u1", []Move{last}, t0.Add(3*time.Minute))
		must(t, err, "SolveWithMoves")
		if !done.Solved || done.Entries[last.Cell] != last.Digit || done.Duration() != 3*time.Minute {
			t.Fatalf("solved game %+v", done)
		}
		if st.Solves != 1 || st.DailySolves != 1 || st.CurrentStreak != 1 {
			t.Fatalf("stats after the solve: %+v", st)
		}
		stored, err := s.Game(ctx, g.ID)
		must(t, err, "Game")
		if stored.Version != done.Version || !stored.Solved {
			t.Fatalf("stored %+v, returned %+v", stored, done)
		}
		_, _, err = s.SolveWithMoves(ctx, g.ID, "u1", nil, t0.Add(4*time.Minute))
		mustIs(t, err, ErrGameFinished, "solving twice")
	})
}
