package game

import (
	"context"
	"errors"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// bankStore is a PuzzleStore with a bank of one level and the canonical
// keys a player played.
type bankStore struct {
	bank   []store.Puzzle
	played map[string]bool
}

func (b *bankStore) BankClaim(_ context.Context, level engine.Level, _ string) (store.Puzzle, error) {
	for i, p := range b.bank {
		if p.Level == level {
			b.bank = append(b.bank[:i], b.bank[i+1:]...)
			return p, nil
		}
	}
	return store.Puzzle{}, store.ErrNotFound
}

func (b *bankStore) PlayedCanon(_ context.Context, _ string, canon string) (bool, error) {
	return b.played[canon], nil
}

// TestAcquire holds the rule of which puzzle a player gets: the bank's
// first (and the refill told), else a made one the player never played in
// any disguise, the last try a fresh one taken as it is.
func TestAcquire(t *testing.T) {
	ctx := context.Background()
	givens, err := engine.Parse(testPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	// A disguise of the same puzzle: digits relabelled.
	var relabelled engine.Grid
	for c, d := range givens {
		if d != 0 {
			relabelled[c] = d%9 + 1
		}
	}
	banked := store.Puzzle{ID: 7, Grid: givens, Level: engine.LevelHard}
	st := &bankStore{bank: []store.Puzzle{banked}, played: map[string]bool{engine.CanonicalKey(givens): true}}
	var claimed []engine.Level
	var fresh []bool
	a := Acquire{Store: st, Bank: true, Claimed: func(l engine.Level) { claimed = append(claimed, l) },
		Make: func(_ context.Context, f bool) (store.Puzzle, error) {
			fresh = append(fresh, f)
			return store.Puzzle{Grid: relabelled, Level: engine.LevelHard, Origin: "made"}, nil
		}}
	if p, err := a.Puzzle(ctx, "u", engine.LevelHard); err != nil || p.ID != 7 || len(claimed) != 1 || len(fresh) != 0 {
		t.Fatalf("with a banked puzzle: %+v, %v (claimed %v, made %d); want the bank's, claimed, nothing made", p.ID, err, claimed, len(fresh))
	}
	// The bank is empty now, and every made puzzle is the played one in a
	// disguise: each try is refused until the last, a fresh one.
	p, err := a.Puzzle(ctx, "u", engine.LevelHard)
	if err != nil || p.Origin != "made" {
		t.Fatalf("from an empty bank: %+v, %v", p, err)
	}
	if len(fresh) != FreshTries || !fresh[FreshTries-1] || fresh[0] {
		t.Fatalf("tries %v, want %d with only the last fresh", fresh, FreshTries)
	}
	// A puzzle never played is taken at the first try, and a symmetric
	// request (Bank false) does not claim.
	st.bank = []store.Puzzle{banked}
	st.played = nil
	fresh, claimed = nil, nil
	a.Bank = false
	if _, err := a.Puzzle(ctx, "u", engine.LevelHard); err != nil || len(fresh) != 1 || len(claimed) != 0 {
		t.Fatalf("a new puzzle: %v, made %d, claimed %v; want one made, no claim", err, len(fresh), claimed)
	}
	// Run's refusal (the player's budget) comes back as it is.
	a.Run = func(context.Context, func(context.Context) error) error { return ErrOverBudget }
	if _, err := a.Puzzle(ctx, "u", engine.LevelHard); !errors.Is(err, ErrOverBudget) {
		t.Fatalf("over budget: %v", err)
	}
}
