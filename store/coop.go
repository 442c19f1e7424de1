package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// ErrStale means a change was made against a version of a game that is
// no longer current: someone else changed it first. Nothing was written.
// The rules that refuse such a change are package game's (Place,
// CoopMove); an edit returns it from its fn.
var ErrStale = fmt.Errorf("the game changed first: %w", ErrConflict)

// CoopPlayer is what one player did on a co-op board.
type CoopPlayer struct {
	UserID string
	Placed int // digits placed (clearing a cell does not count)
	Hints  int
	// Seat is the order in which the players first acted on the board,
	// from 1 (0 for those who acted before seats were kept): a player's
	// colour on every board.
	Seat int
}

// IsCoop reports whether a game is a co-op board.
func (g Game) IsCoop() bool { return strings.HasPrefix(g.Context, "coop:") }

// StartCoop starts a co-op board of a puzzle in a channel, hosted by
// hostID; anyone may then play it, each action one EditCoop (the rules
// are package game's CoopMove and CoopHint).
func (s *Store) StartCoop(ctx context.Context, hostID, guildID, channelID string, puzzleID int64, at time.Time) (Game, error) {
	g, _, err := s.StartGame(ctx, NewGame{UserID: hostID, GuildID: guildID, PuzzleID: puzzleID,
		Context: fmt.Sprintf("coop:%s:%d", channelID, ms(now(at))), StartedAt: at})
	return g, err
}

// CoopPlayers returns who played a co-op board and what each did, most
// digits placed first.
func (s *Store) CoopPlayers(ctx context.Context, gameID int64) ([]CoopPlayer, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT user_id, placed, hints, seat FROM coop_players WHERE game_id = ?
		ORDER BY placed DESC, hints, user_id`), gameID)
	if err != nil {
		return nil, fmt.Errorf("store: co-op players of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []CoopPlayer
	for rows.Next() {
		var p CoopPlayer
		if err := rows.Scan(&p.UserID, &p.Placed, &p.Hints, &p.Seat); err != nil {
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

// countCoop credits userID with what they did on the locked board; a
// player's first action gives them the next seat.
func (s *Store) countCoop(ctx context.Context, tx *sql.Tx, gameID int64, userID string, placed, hints int) error {
	_, err := tx.ExecContext(ctx, s.q(`INSERT INTO coop_players (game_id, user_id, placed, hints, seat)
		VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(seat), 0) + 1 FROM coop_players WHERE game_id = ?))
		ON CONFLICT (game_id, user_id) DO UPDATE SET placed = coop_players.placed + excluded.placed, hints = coop_players.hints + excluded.hints`),
		gameID, userID, placed, hints, gameID)
	if err != nil {
		return fmt.Errorf("store: co-op player of game %d: %w", gameID, err)
	}
	return nil
}

// placeCoop records userID as who filled the cells of the locked board
// that the edit from was to now filled or changed, and forgets who filled
// those it cleared.
func (s *Store) placeCoop(ctx context.Context, tx *sql.Tx, was, now Game, userID string) error {
	for c := range engine.NumCells {
		if was.Entries[c] == now.Entries[c] {
			continue
		}
		var err error
		if now.Entries[c] == 0 {
			_, err = tx.ExecContext(ctx, s.q(`DELETE FROM coop_cells WHERE game_id = ? AND cell = ?`), now.ID, c)
		} else {
			_, err = tx.ExecContext(ctx, s.q(`INSERT INTO coop_cells (game_id, cell, user_id) VALUES (?, ?, ?)
				ON CONFLICT (game_id, cell) DO UPDATE SET user_id = excluded.user_id`), now.ID, c, userID)
		}
		if err != nil {
			return fmt.Errorf("store: who filled cell %d of co-op game %d: %w", c, now.ID, err)
		}
	}
	return nil
}

// CoopCells returns who filled each filled cell of a co-op board ("" for
// a cell nobody filled, or filled before this was kept).
func (s *Store) CoopCells(ctx context.Context, gameID int64) ([engine.NumCells]string, error) {
	var out [engine.NumCells]string
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT cell, user_id FROM coop_cells WHERE game_id = ?`), gameID)
	if err != nil {
		return out, fmt.Errorf("store: who filled co-op game %d: %w", gameID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var c int
		var u string
		if err := rows.Scan(&c, &u); err != nil {
			return out, fmt.Errorf("store: who filled co-op game %d: %w", gameID, err)
		}
		if c >= 0 && c < engine.NumCells {
			out[c] = u
		}
	}
	return out, rows.Err()
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

// OpenCoop returns the newest co-op board of a channel that is still
// open and was started at or after since, or ErrNotFound: where a
// voice channel's Activity finds the board its players share.
func (s *Store) OpenCoop(ctx context.Context, channelID string, since time.Time) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, s.q(gameSelect+`
		WHERE g.context LIKE ? AND g.finished_at = 0 AND g.started_at >= ? ORDER BY g.id DESC LIMIT 1`),
		"coop:"+strings.NewReplacer(`%`, ``, `_`, ``).Replace(channelID)+":%", ms(since)))
	if err != nil {
		return Game{}, notFound(err, fmt.Sprintf("open co-op board in channel %s", channelID))
	}
	return g, nil
}
