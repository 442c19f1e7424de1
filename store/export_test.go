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

// FindGame returns the player's game of that puzzle in that context (see
// DailyContext), or ErrNotFound.
func (s *Store) FindGame(ctx context.Context, userID string, puzzleID int64, context string) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, s.q(gameSelect+` WHERE g.user_id = ? AND g.puzzle_id = ? AND g.context = ?`),
		userID, puzzleID, context))
	if err != nil {
		return Game{}, notFound(err, fmt.Sprintf("game of user %s, puzzle %d, %s", userID, puzzleID, context))
	}
	return g, nil
}

// SchemaVersion returns the database's schema version: the number of the
// last migration applied.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v)
	if err != nil {
		return 0, fmt.Errorf("store: schema version: %w", err)
	}
	return v, nil
}

// Reminder returns a player's reminder for a place, or ErrNotFound.
func (s *Store) Reminder(ctx context.Context, userID, guildID string) (Reminder, error) {
	rs, err := s.reminders(ctx, ` AND r.user_id = ? AND r.guild_id = ?`, userID, guildID)
	if err != nil {
		return Reminder{}, err
	}
	if len(rs) == 0 {
		return Reminder{}, fmt.Errorf("store: reminder of user %s in guild %q: %w", userID, guildID, ErrNotFound)
	}
	return rs[0], nil
}

// SolvesLeaderboard returns the players with the most solves of all time in
// a guild ("" for everyone), at most limit.
func (s *Store) SolvesLeaderboard(ctx context.Context, guildID string, limit int) ([]LeaderboardEntry, error) {
	return s.statsBoard(ctx, guildID, limit, `solves > 0 ORDER BY solves DESC, best_streak DESC, user_id`)
}

// StreakLeaderboard returns the longest daily streaks in a guild ("" for
// everyone), at most limit, ties broken by best streak. Streaks are as of
// each player's last solve, so a player who stopped playing keeps one: use
// StreakLeaderboardAsOf to show only streaks still alive.
func (s *Store) StreakLeaderboard(ctx context.Context, guildID string, limit int) ([]LeaderboardEntry, error) {
	return s.statsBoard(ctx, guildID, limit, `current_streak > 0`+streakOrder)
}

// MissedDays lists the days from from to to (inclusive) on which the
// guild had no successful daily post, in order: the days that do not
// break a player's streak.
func (s *Store) MissedDays(ctx context.Context, guildID string, from, to Day) ([]Day, error) {
	if err := checkDayValue(from); err != nil {
		return nil, err
	}
	if err := checkDayValue(to); err != nil {
		return nil, err
	}
	if to.Time().Sub(from.Time()) > maxDaysSpan {
		return nil, fmt.Errorf("store: missed days %s to %s: more than 10 years: %w", from, to, ErrInvalid)
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT day FROM daily_posts
		WHERE guild_id = ? AND day >= ? AND day <= ? AND message_id <> ''`), guildID, from, to)
	if err != nil {
		return nil, fmt.Errorf("store: missed days of %s: %w", guildID, err)
	}
	defer rows.Close()
	posted := map[Day]bool{}
	for rows.Next() {
		var d Day
		if err := rows.Scan(&d); err != nil {
			return nil, fmt.Errorf("store: missed days of %s: %w", guildID, err)
		}
		posted[d] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: missed days of %s: %w", guildID, err)
	}
	var out []Day
	for d := from; !d.After(to); d = d.AddDays(1) {
		if !posted[d] {
			out = append(out, d)
		}
	}
	return out, nil
}

// maxDaysSpan bounds MissedDays' answer.
const maxDaysSpan = 3660 * 24 * time.Hour

// JobByKey returns the queued job of kind and key, or ErrNotFound (never
// queued, or done and removed).
func (s *Store) JobByKey(ctx context.Context, kind, key string) (Job, error) {
	j, err := s.scanJob(s.db.QueryRowContext(ctx, s.q(jobSelect+` WHERE kind = ? AND dedupe_key = ?`), kind, key))
	if err != nil {
		return Job{}, notFound(err, "job "+kind)
	}
	return j, nil
}
