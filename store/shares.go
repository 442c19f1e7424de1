package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// RecordShare records that userID shared their solved game gameID in a
// channel, and reports whether this is the first share of it: a solve is
// posted at most once, however often the Share button is pressed. Only the
// game's player may share it (ErrNotOwner), and only once it is solved
// (ErrNotSolved).
func (s *Store) RecordShare(ctx context.Context, gameID int64, userID, channelID string, at time.Time) (bool, error) {
	first := false
	err := s.write(ctx, func(tx *sql.Tx) error {
		g, err := scanGame(tx.QueryRowContext(ctx, s.q(gameSelect+` WHERE g.id = ?`), gameID))
		if err != nil {
			return notFound(err, fmt.Sprintf("game %d", gameID))
		}
		if g.UserID != userID {
			return fmt.Errorf("store: share game %d: it belongs to user %s, not %s: %w", gameID, g.UserID, userID, ErrNotOwner)
		}
		if !g.Solved {
			return fmt.Errorf("store: share game %d: %w", gameID, ErrNotSolved)
		}
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO shares (game_id, user_id, guild_id, channel_id, shared_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING`),
			gameID, userID, g.GuildID, channelID, ms(now(at)))
		if err != nil {
			return fmt.Errorf("store: share game %d: %w", gameID, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: share game %d: %w", gameID, err)
		}
		first = n == 1
		return nil
	})
	return first, err
}
