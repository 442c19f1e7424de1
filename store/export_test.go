package store

// The store's writes of a game that bypass the rules of play (package
// game): primitives for the store's own tests to set up a state. They are
// not part of the store's API: production code edits a game only through
// EditGame and EditCoop. Tests of other packages use internal/storeedit,
// which writes through EditGame.

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// ApplyMoves applies moves, in order, to an open game of userID as one
// atomic change: either every move is stored or, on any error, none is.
// A move on a given is ErrGivenCell; a cell outside 0-80 or a digit outside
// 0-9 is ErrInvalidMove. Placing a digit leaves the cell's pencil marks
// alone (they show again if the digit is cleared). at is the time of the
// change (zero: now). It does not finish a solved game: call FinishGame.
func (s *Store) ApplyMoves(ctx context.Context, gameID int64, userID string, moves []Move, at time.Time) (Game, error) {
	if len(moves) == 0 {
		return Game{}, fmt.Errorf("store: game %d: no moves: %w", gameID, ErrInvalidMove)
	}
	if err := checkMoves(gameID, moves); err != nil {
		return Game{}, err
	}
	return s.change(ctx, gameID, userID, at, func(g *Game) error { return g.Apply(moves) })
}

// SolveWithMoves applies the moves that complete a game and finishes it
// as solved, in one transaction: a solve is never stored without its
// finish (or the other way round). The moves must make the board the
// solution (else ErrNotSolved and nothing is written); they may be none.
func (s *Store) SolveWithMoves(ctx context.Context, gameID int64, userID string, moves []Move, at time.Time) (Game, PlayerStats, error) {
	if err := checkMoves(gameID, moves); err != nil {
		return Game{}, PlayerStats{}, err
	}
	var g Game
	var st PlayerStats
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		if g, err = s.lockGame(ctx, tx, gameID, userID); err != nil {
			return err
		}
		if len(moves) > 0 {
			if err := g.Apply(moves); err != nil {
				return err
			}
			if err := s.updateGame(ctx, tx, &g, at); err != nil {
				return err
			}
		}
		st, err = s.finishLocked(ctx, tx, &g, at, false)
		return err
	})
	if err != nil {
		return Game{}, PlayerStats{}, err
	}
	return g, st, nil
}

// FinishGame ends an open game at time at (zero: now), as solved, or as
// given up when gaveUp, and updates the player's statistics in the same
// transaction: the game's guild and the all-guilds record (GuildID ""). It
// returns the finished game and the player's stats in the game's guild.
// Finishing as solved a board that differs from the solution is
// ErrNotSolved; finishing twice is ErrGameFinished.
func (s *Store) FinishGame(ctx context.Context, gameID int64, userID string, at time.Time, gaveUp bool) (Game, PlayerStats, error) {
	var g Game
	var st PlayerStats
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		g, err = s.lockGame(ctx, tx, gameID, userID)
		if err != nil {
			return err
		}
		st, err = s.finishLocked(ctx, tx, &g, at, gaveUp)
		return err
	})
	if err != nil {
		return Game{}, PlayerStats{}, err
	}
	return g, st, nil
}

// change runs fn on the locked, current state of an open game owned by
// userID and writes the result back with Version+1, all in one
// transaction: concurrent changes to one game queue up and none is lost.
// If fn fails nothing is written.
func (s *Store) change(ctx context.Context, gameID int64, userID string, at time.Time, fn func(g *Game) error) (Game, error) {
	var g Game
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		g, err = s.lockGame(ctx, tx, gameID, userID)
		if err != nil {
			return err
		}
		if err := fn(&g); err != nil {
			return err
		}
		return s.updateGame(ctx, tx, &g, at)
	})
	if err != nil {
		return Game{}, err
	}
	return g, nil
}
