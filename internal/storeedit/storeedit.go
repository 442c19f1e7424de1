// Package storeedit is test support: writes of a stored game that set up
// a test's state without the rules of play (package game counts hints,
// mistakes and versions; these do not), each one store.EditGame
// transaction, the store's one way to change a game; and the reads only
// tests make, through the store's exported API (a queued job by its key).
package storeedit

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/store"
)

// Editor is the store's game transaction; *store.Store implements it.
type Editor interface {
	EditGame(ctx context.Context, gameID int64, userID string, at time.Time, fn func(g *store.Game) (store.Finish, error), done func(store.Game, store.PlayerStats) error) (store.Game, store.PlayerStats, error)
}

// ApplyMoves plays moves, in order, on userID's open game at time at
// (store.Game.Apply), and leaves it open even when they solve it.
func ApplyMoves(ctx context.Context, st Editor, gameID int64, userID string, moves []store.Move, at time.Time) (store.Game, error) {
	g, _, err := st.EditGame(ctx, gameID, userID, at, func(g *store.Game) (store.Finish, error) {
		return store.KeepOpen, g.Apply(moves)
	}, nil)
	return g, err
}

// SolveWithMoves plays the moves that complete userID's game and finishes
// it as solved, in one transaction: store.ErrNotSolved and nothing
// written when they do not make the solution.
func SolveWithMoves(ctx context.Context, st Editor, gameID int64, userID string, moves []store.Move, at time.Time) (store.Game, store.PlayerStats, error) {
	return st.EditGame(ctx, gameID, userID, at, func(g *store.Game) (store.Finish, error) {
		return store.Solve, g.Apply(moves)
	}, nil)
}

// FinishGame ends userID's open game at time at, as given up or as
// solved (store.ErrNotSolved when the board is not the solution).
func FinishGame(ctx context.Context, st Editor, gameID int64, userID string, at time.Time, gaveUp bool) (store.Game, store.PlayerStats, error) {
	finish := store.Solve
	if gaveUp {
		finish = store.GiveUp
	}
	return st.EditGame(ctx, gameID, userID, at, func(*store.Game) (store.Finish, error) { return finish, nil }, nil)
}

// JobLister lists queued jobs; *store.Store implements it.
type JobLister interface {
	ListJobs(ctx context.Context, f store.JobFilter) ([]store.Job, error)
}

// Job returns the queued job of kind and key, dead or not, or
// store.ErrNotFound (never queued, or done and removed).
func Job(ctx context.Context, st JobLister, kind, key string) (store.Job, error) {
	list, err := st.ListJobs(ctx, store.JobFilter{Kind: kind, Limit: 1 << 20})
	if err != nil {
		return store.Job{}, err
	}
	for _, j := range list {
		if j.Key == key {
			return j, nil
		}
	}
	return store.Job{}, fmt.Errorf("job %s %q: %w", kind, key, store.ErrNotFound)
}
