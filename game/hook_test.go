package game

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// TestChangeShown: a change is Shown, once, after each use case that
// changed what others see of a game (digits placed, a solve by check, a
// give-up) and not after one that changed only pencil marks, counted
// mistakes or was refused; whichever door called.
func TestChangeShown(t *testing.T) {
	ctx := context.Background()
	_, s, g := newFake(t)
	var ran []int64
	s.Notify(ChangesFunc(func(_ context.Context, c Change) {
		if c.Shown {
			ran = append(ran, c.Version)
		}
	}))
	all := empties(g)
	expect := func(step string, n int) {
		t.Helper()
		if len(ran) != n {
			t.Fatalf("after %s the hook ran %d times, want %d", step, len(ran), n)
		}
	}
	mark := store.Move{Cell: all[0].Cell, Digit: 1, Pencil: true}
	if _, err := s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: []store.Move{mark}}); err != nil {
		t.Fatal(err)
	}
	expect("pencil marks", 0)
	if _, err := s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: all[:1]}); err != nil {
		t.Fatal(err)
	}
	expect("a digit", 1)
	if _, err := s.Place(ctx, PlaceInput{GameID: g.ID, User: "someone else", Moves: all[1:2]}); err == nil {
		t.Fatal("another player's move was played")
	}
	expect("a refused move", 1)
	wrong := store.Move{Cell: all[1].Cell, Digit: wrongDigit(g, all[1].Cell)}
	if _, err := s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: []store.Move{wrong}}); err != nil {
		t.Fatal(err)
	}
	expect("a wrong digit", 2)
	if _, err := s.Check(ctx, CheckInput{GameID: g.ID, User: "u"}); err != nil {
		t.Fatal(err)
	}
	expect("a check that counts a mistake", 2)
	if res, err := s.Check(ctx, CheckInput{GameID: g.ID, User: "u", Answer: &g.Solution}); err != nil || !res.Solved {
		t.Fatalf("check of the answer: %+v, %v", res.Solved, err)
	}
	expect("a solve by check", 3)

	_, s2, g2 := newFake(t)
	n := 0
	s2.Notify(ChangesFunc(func(_ context.Context, c Change) {
		if c.Shown {
			n++
		}
	}))
	if _, err := s2.GiveUp(ctx, g2.ID, "u", nil); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("after a give-up the hook ran %d times, want 1", n)
	}
}

// TestCheckOwner: only a game's player acts on it; the refusal names the
// player it belongs to and is the store's ErrNotOwner too.
func TestCheckOwner(t *testing.T) {
	g := store.Game{ID: 3, UserID: "alice"}
	if err := CheckOwner(g, "alice"); err != nil {
		t.Fatalf("the player's own game: %v", err)
	}
	err := CheckOwner(g, "bob")
	var ge *Error
	if !errors.As(err, &ge) || ge.Msg.ID != "game.not_yours" || !errors.Is(err, store.ErrNotOwner) {
		t.Fatalf("someone else's game: %v, want game.not_yours and store.ErrNotOwner", err)
	}
	if !strings.Contains(ge.Text(l10n.English()), "<@alice>") {
		t.Fatalf("refusal %q does not name the player", ge.Text(l10n.English()))
	}
}
