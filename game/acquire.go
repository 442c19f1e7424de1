package game

import (
	"context"
	"errors"
	"log/slog"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// PuzzleStore is what AcquirePuzzle reads: the store's bank of mined
// puzzles and the canonical keys of what a player has played.
// *store.Store implements it.
type PuzzleStore interface {
	BankClaim(ctx context.Context, level engine.Level, user string) (store.Puzzle, error)
	PlayedCanon(ctx context.Context, user, canon string) (bool, error)
}

var _ PuzzleStore = (*store.Store)(nil)

// FreshTries bounds the puzzles made for one request until one is new to
// the player: the engine's pool of each level holds dozens of puzzles, so
// a second repeat in a row is rare; the last try digs a fresh puzzle
// (slower at the hardest levels), which no player has seen.
const FreshTries = 8

// Acquire is how a player gets a puzzle for a new game of a level (the
// rule of /sudoku new, co-op, races and the Activity's first game): one
// from the store's bank that they never played, claimed for them alone;
// else one made by Make that they never played in any disguise (the
// canonical key: relabelled, permuted or transposed), Make's last try
// being a freshly dug one.
type Acquire struct {
	Store PuzzleStore
	// Make makes a graded puzzle of the level; fresh asks for a newly dug
	// one rather than one of the engine's pool in a disguise.
	Make func(ctx context.Context, fresh bool) (store.Puzzle, error)
	// Run runs the making within the player's budget (the heavy pool);
	// nil runs it here.
	Run func(ctx context.Context, fn func(ctx context.Context) error) error
	// Bank says whether the bank may serve (it holds no symmetric
	// puzzles, so a request for a symmetry skips it).
	Bank bool
	// Claimed is told the level of each puzzle taken from the bank, to
	// wake its refill; nil is nobody.
	Claimed func(engine.Level)
	// Log hears about a failed bank claim, which falls back to making.
	Log *slog.Logger
}

// Puzzle acquires a puzzle of level for user. An error of Run (over the
// player's budget) is returned as it is, for the door to word.
func (a Acquire) Puzzle(ctx context.Context, user string, level engine.Level) (store.Puzzle, error) {
	if a.Bank {
		p, err := a.Store.BankClaim(ctx, level, user)
		if err == nil {
			if a.Claimed != nil {
				a.Claimed(level)
			}
			return p, nil
		}
		if !errors.Is(err, store.ErrNotFound) && a.Log != nil {
			a.Log.Warn("claiming a banked puzzle failed", "user", user, "err", err)
		}
	}
	run := a.Run
	if run == nil {
		run = func(ctx context.Context, fn func(ctx context.Context) error) error { return fn(ctx) }
	}
	var made store.Puzzle
	err := run(ctx, func(ctx context.Context) error {
		for try := range FreshTries {
			p, err := a.Make(ctx, try == FreshTries-1)
			if err != nil {
				return err
			}
			// Written only here, in the job: a caller that ran out of
			// budget never reads it.
			made = p
			if try == FreshTries-1 {
				return nil
			}
			played, err := a.Store.PlayedCanon(ctx, user, engine.CanonicalKey(p.Grid))
			if err != nil || !played {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return store.Puzzle{}, err
	}
	return made, nil
}
