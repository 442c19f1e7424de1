package store

import (
	"context"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// TestBoxOrderAndShares: the boxes are recorded in the order they are
// completed correctly, and a solved game is shared once, by its player.
func TestBoxOrderAndShares(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		f := loadFixtures(t)[0]
		p := savePuzzle(t, s, f, engine.LevelEasy)
		g, _, err := s.StartGame(ctx, NewGame{UserID: "u1", GuildID: "g1", PuzzleID: p.ID, StartedAt: t0})
		must(t, err, "StartGame")

		_, err = s.RecordShare(ctx, g.ID, "u1", "c1", t0)
		mustIs(t, err, ErrNotSolved, "sharing an open game")

		// Fill box 9 (bottom right), then a wrong digit in box 1, then the
		// rest: box 9 comes first, box 1 only once it is right.
		var box9, box1, rest []Move
		for _, m := range solveMoves(f) {
			switch {
			case m.Cell/27 == 2 && m.Cell%9/3 == 2:
				box9 = append(box9, m)
			case m.Cell/27 == 0 && m.Cell%9/3 == 0:
				box1 = append(box1, m)
			default:
				rest = append(rest, m)
			}
		}
		if len(box9) == 0 || len(box1) == 0 {
			t.Skip("the fixture has a full box")
		}
		g, err = s.ApplyMoves(ctx, g.ID, "u1", box9, t0.Add(time.Minute))
		must(t, err, "box 9")
		if g.BoxOrder != "9" {
			t.Fatalf("box order after box 9: %q", g.BoxOrder)
		}
		wrong := box1[0]
		wrong.Digit = wrong.Digit%9 + 1
		g, err = s.ApplyMoves(ctx, g.ID, "u1", append(append([]Move(nil), box1[1:]...), wrong), t0.Add(2*time.Minute))
		must(t, err, "box 1 with a wrong digit")
		if g.BoxOrder != "9" {
			t.Fatalf("a box with a wrong digit counted as completed: %q", g.BoxOrder)
		}
		g, _, err = s.SolveWithMoves(ctx, g.ID, "u1", append(rest, box1[0]), t0.Add(3*time.Minute))
		must(t, err, "solve")
		if len(g.BoxOrder) != 9 || g.BoxOrder[0] != '9' {
			t.Fatalf("box order of the solve: %q", g.BoxOrder)
		}
		stored, err := s.Game(ctx, g.ID)
		must(t, err, "Game")
		if stored.BoxOrder != g.BoxOrder {
			t.Fatalf("stored box order %q, want %q", stored.BoxOrder, g.BoxOrder)
		}

		_, err = s.RecordShare(ctx, g.ID, "u2", "c1", t0)
		mustIs(t, err, ErrNotOwner, "sharing someone else's game")
		first, err := s.RecordShare(ctx, g.ID, "u1", "c1", t0.Add(4*time.Minute))
		must(t, err, "share")
		again, err := s.RecordShare(ctx, g.ID, "u1", "c2", t0.Add(5*time.Minute))
		must(t, err, "share again")
		if !first || again {
			t.Fatalf("first share %v, second %v; want true, false", first, again)
		}
		_, err = s.RecordShare(ctx, 999999, "u1", "c1", t0)
		mustIs(t, err, ErrNotFound, "sharing a game that does not exist")
	})
}
