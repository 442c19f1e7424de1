package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrStale means a change was made against a version of a game that is
// no longer current: someone else changed it first. Nothing was written.
var ErrStale = fmt.Errorf("the game changed first: %w", ErrConflict)

// CoopPlayer is what one player did on a co-op board.
type CoopPlayer struct {
	UserID string
	Placed int // digits placed (clearing a cell does not count)
	Hints  int
}

// IsCoop reports whether a game is a co-op board.
func (g Game) IsCoop() bool { return strings.HasPrefix(g.Context, "coop:") }

// StartCoop starts a co-op board of a puzzle in a channel, hosted by
// hostID; anyone may then play it with CoopMove.
func (s *Store) StartCoop(ctx context.Context, hostID, guildID, channelID string, puzzleID int64, at time.Time) (Game, error) {
	g, _, err := s.StartGame(ctx, NewGame{UserID: hostID, GuildID: guildID, PuzzleID: puzzleID,
		Context: fmt.Sprintf("coop:%s:%d", channelID, ms(now(at))), StartedAt: at})
	return g, err
}

// CoopMove applies one player's moves to a co-op board if the board is
// still at version (the one the player saw), counts them for the player,
// and finishes the game when the moves solve it, all in one transaction.
// If another player changed the board first, it returns ErrStale with the
// current game and writes nothing: two players' moves are never mixed or
// lost silently.
func (s *Store) CoopMove(ctx context.Context, gameID int64, userID string, moves []Move, version int64, at time.Time) (Game, error) {
	if len(moves) == 0 {
		return Game{}, fmt.Errorf("store: game %d: no moves: %w", gameID, ErrInvalidMove)
	}
	var g Game
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		if g, err = s.lockCoop(ctx, tx, gameID); err != nil {
			return err
		}
		if g.Version != version {
			return fmt.Errorf("store: game %d is at version %d, not %d: %w", gameID, g.Version, version, ErrStale)
		}
		before := g.Entries
		if err := g.Apply(moves); err != nil {
			return err
		}
		if err := s.updateGame(ctx, tx, &g, at); err != nil {
			return err
		}
		// A player is credited with the cells their moves filled anew.
		placed := 0
		for i, d := range g.Entries {
			if d != 0 && d != before[i] && g.Givens[i] == 0 {
				placed++
			}
		}
		if err := s.countCoop(ctx, tx, gameID, userID, placed, 0); err != nil {
			return err
		}
		if g.Board() == g.Solution {
			return s.finishCoop(ctx, tx, &g, at)
		}
		return nil
	})
	if err != nil {
		if errors.Is(err, ErrStale) {
			cur, gerr := s.Game(ctx, gameID)
			if gerr == nil {
				return cur, err
			}
		}
		return Game{}, err
	}
	return g, nil
}

// CoopHint counts a hint on a co-op board, for the board and the player.
func (s *Store) CoopHint(ctx context.Context, gameID int64, userID string, at time.Time) (Game, error) {
	var g Game
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		if g, err = s.lockCoop(ctx, tx, gameID); err != nil {
			return err
		}
		g.Hints[0]++
		if err := s.updateGame(ctx, tx, &g, at); err != nil {
			return err
		}
		return s.countCoop(ctx, tx, gameID, userID, 0, 1)
	})
	return g, err
}

// CoopPlayers returns who played a co-op board and what each did, most
// digits placed first.
func (s *Store) CoopPlayers(ctx context.Context, gameID int64) ([]CoopPlayer, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT user_id, placed, hints FROM coop_players WHERE game_id = ?
		ORDER BY placed DESC, hints, user_id`), gameID)
	if err != nil {
		return nil, fmt.Errorf("store: co-op players of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []CoopPlayer
	for rows.Next() {
		var p CoopPlayer
		if err := rows.Scan(&p.UserID, &p.Placed, &p.Hints); err != nil {
			return nil, fmt.Errorf("store: co-op players of game %d: %w", gameID, err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// lockCoop reads an open co-op board for a change inside tx, locking it.
func (s *Store) lockCoop(ctx context.Context, tx *sql.Tx, gameID int64) (Game, error) {
	g, err := scanGame(tx.QueryRowContext(ctx, s.q(gameSelect+` WHERE g.id = ?`+s.forUpdate("g")), gameID))
	if err != nil {
		return Game{}, notFound(err, fmt.Sprintf("game %d", gameID))
	}
	if !g.IsCoop() {
		return Game{}, fmt.Errorf("store: game %d is not a co-op board: %w", gameID, ErrNotOwner)
	}
	if g.Finished() {
		return Game{}, fmt.Errorf("store: game %d finished at %s: %w", gameID, g.FinishedAt.Format(time.RFC3339), ErrGameFinished)
	}
	return g, nil
}

func (s *Store) countCoop(ctx context.Context, tx *sql.Tx, gameID int64, userID string, placed, hints int) error {
	_, err := tx.ExecContext(ctx, s.q(`INSERT INTO coop_players (game_id, user_id, placed, hints) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id, user_id) DO UPDATE SET placed = coop_players.placed + excluded.placed, hints = coop_players.hints + excluded.hints`),
		gameID, userID, placed, hints)
	if err != nil {
		return fmt.Errorf("store: co-op player of game %d: %w", gameID, err)
	}
	return nil
}

// finishCoop marks a solved co-op board finished. A shared solve is
// nobody's own, so it does not touch anyone's stats or streak.
func (s *Store) finishCoop(ctx context.Context, tx *sql.Tx, g *Game, at time.Time) error {
	fin := now(at).UTC().Truncate(time.Millisecond)
	if fin.Before(g.StartedAt) {
		fin = g.StartedAt
	}
	g.FinishedAt, g.UpdatedAt, g.Solved = fin, fin, true
	_, err := tx.ExecContext(ctx, s.q(`UPDATE games SET finished_at = ?, updated_at = ?, duration_ms = ?, solved = ?, version = version + 1 WHERE id = ?`),
		ms(fin), ms(fin), g.Duration().Milliseconds(), true, g.ID)
	if err != nil {
		return fmt.Errorf("store: finish co-op game %d: %w", g.ID, err)
	}
	g.Version++
	return nil
}
