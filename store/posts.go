package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ClaimDailyPost claims the right to post the daily of day (the guild's
// local date) in a guild. It returns nil for exactly one caller
// across all processes sharing the database, and ErrAlreadyClaimed for
// every other: the claim is a single conditional INSERT or UPDATE, never a
// read followed by a write. A released claim (ReleaseDailyPost) can be
// claimed again; a posted one never can.
//
// The scheduler's protocol: claim, post, RecordDailyPost; on a failed post
// ReleaseDailyPost with the claim time and the error. A claim without a
// message after a crash is ambiguous (the post may or may not exist):
// UnresolvedClaims lists them.
func (s *Store) ClaimDailyPost(ctx context.Context, guildID string, day Day, at time.Time) error {
	if err := checkDayValue(day); err != nil {
		return err
	}
	if guildID == "" {
		return fmt.Errorf("store: claim daily post %s: empty guild id: %w", day, ErrInvalid)
	}
	t := ms(now(at))
	return s.write(ctx, func(tx *sql.Tx) error {
		// A leader's claim (WithFence) stands only in its own term.
		if err := s.checkFence(ctx, tx); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO daily_posts (guild_id, day, claimed_at, attempts) VALUES (?, ?, ?, 1)
			ON CONFLICT (guild_id, day) DO NOTHING`), guildID, day, t)
		if err != nil {
			return fmt.Errorf("store: claim daily post %s %s: %w", guildID, day, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		res, err = tx.ExecContext(ctx, s.q(`UPDATE daily_posts SET claimed_at = ?, attempts = attempts + 1
			WHERE guild_id = ? AND day = ? AND claimed_at = 0 AND message_id = ''`), t, guildID, day)
		if err != nil {
			return fmt.Errorf("store: claim daily post %s %s: %w", guildID, day, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: claim daily post %s %s: %w", guildID, day, err)
		}
		if n == 0 {
			return fmt.Errorf("store: daily post %s %s: %w", guildID, day, ErrAlreadyClaimed)
		}
		return nil
	})
}

// ReleaseDailyPost gives up the claim made at claimedAt (the time given to
// ClaimDailyPost, or DailyPost's ClaimedAt) whose post failed, recording
// why, so a later ClaimDailyPost can retry. The release is conditional on
// the claim being the one the caller holds: two processes settling the same
// stale claim at once cannot both release it (the loser would release the
// winner's fresh claim and let a third post). Releasing a claim that was
// renewed or already released is ErrClaimChanged, releasing a post already
// recorded as sent is ErrConflict, and releasing a post never claimed is
// ErrNotFound.
func (s *Store) ReleaseDailyPost(ctx context.Context, guildID string, day Day, claimedAt time.Time, errText string) error {
	if claimedAt.IsZero() {
		return fmt.Errorf("store: release daily post %s %s: zero claim time: %w", guildID, day, ErrInvalid)
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE daily_posts SET claimed_at = 0, error = ?
			WHERE guild_id = ? AND day = ? AND message_id = '' AND claimed_at = ?`), errText, guildID, day, ms(claimedAt))
		if err != nil {
			return fmt.Errorf("store: release daily post %s %s: %w", guildID, day, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: release daily post %s %s: %w", guildID, day, err)
		}
		if n == 1 {
			return nil
		}
		var cur int64
		var msg string
		err = tx.QueryRowContext(ctx, s.q(`SELECT claimed_at, message_id FROM daily_posts WHERE guild_id = ? AND day = ?`), guildID, day).Scan(&cur, &msg)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("store: release daily post %s %s: %w", guildID, day, ErrNotFound)
		case err != nil:
			return fmt.Errorf("store: release daily post %s %s: %w", guildID, day, err)
		case msg != "":
			return fmt.Errorf("store: release daily post %s %s: it was already posted: %w", guildID, day, ErrConflict)
		}
		return fmt.Errorf("store: release daily post %s %s: claim of %s is now %s: %w", guildID, day,
			claimedAt.UTC().Format(time.RFC3339Nano), claimText(cur), ErrClaimChanged)
	})
}

// claimText describes a stored claim time for an error message.
func claimText(v int64) string {
	if v == 0 {
		return "released"
	}
	return "claimed at " + fromMS(v).Format(time.RFC3339Nano)
}

// RecordDailyPost records that the claimed daily of day was posted: the
// channel, message and thread (if any) and when. It clears the post's
// error. Recording again (e.g. once the thread exists) updates the record.
// A post with no claim is ErrConflict, an unknown one ErrNotFound.
func (s *Store) RecordDailyPost(ctx context.Context, guildID string, day Day, p DailyPost) error {
	if p.MessageID == "" {
		return fmt.Errorf("store: record daily post %s %s: empty message id: %w", guildID, day, ErrInvalid)
	}
	t := ms(now(p.PostedAt))
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE daily_posts SET channel_id = ?, message_id = ?, thread_id = ?, posted_at = ?, error = ''
			WHERE guild_id = ? AND day = ? AND claimed_at <> 0`), p.ChannelID, p.MessageID, p.ThreadID, t, guildID, day)
		if err != nil {
			return fmt.Errorf("store: record daily post %s %s: %w", guildID, day, err)
		}
		return s.explainNoRow(ctx, tx, res, guildID, day, "record", "it is not claimed")
	})
}

// explainNoRow turns an UPDATE of a post record that touched no row into
// ErrNotFound (no record) or ErrConflict (a record in the wrong state).
func (s *Store) explainNoRow(ctx context.Context, tx *sql.Tx, res sql.Result, guildID string, day Day, op, why string) error {
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %s daily post %s %s: %w", op, guildID, day, err)
	}
	if n == 1 {
		return nil
	}
	var one int
	err = tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM daily_posts WHERE guild_id = ? AND day = ?`), guildID, day).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: %s daily post %s %s: %w", op, guildID, day, ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("store: %s daily post %s %s: %w", op, guildID, day, err)
	}
	return fmt.Errorf("store: %s daily post %s %s: %s: %w", op, guildID, day, why, ErrConflict)
}

const postSelect = `SELECT guild_id, day, claimed_at, posted_at, channel_id, message_id, thread_id, error, attempts FROM daily_posts`

func scanPost(r scanner) (DailyPost, error) {
	var p DailyPost
	var claimed, posted int64
	if err := r.Scan(&p.GuildID, &p.Day, &claimed, &posted, &p.ChannelID, &p.MessageID, &p.ThreadID, &p.Error, &p.Attempts); err != nil {
		return DailyPost{}, err
	}
	p.ClaimedAt, p.PostedAt = fromMS(claimed), fromMS(posted)
	return p, nil
}

// DailyPost returns the post record of a guild's daily of day, or
// ErrNotFound if it was never claimed.
func (s *Store) DailyPost(ctx context.Context, guildID string, day Day) (DailyPost, error) {
	p, err := scanPost(s.db.QueryRowContext(ctx, s.q(postSelect+` WHERE guild_id = ? AND day = ?`), guildID, day))
	if err != nil {
		return DailyPost{}, notFound(err, fmt.Sprintf("daily post %s %s", guildID, day))
	}
	return p, nil
}

// UnresolvedClaims lists claims with no recorded message, of one guild or
// of all guilds when guildID is "", oldest day first. At start-up these are
// posts whose outcome is unknown (the process died between claim and
// record): check the channel for the message before releasing or recording.
func (s *Store) UnresolvedClaims(ctx context.Context, guildID string) ([]DailyPost, error) {
	q := postSelect + ` WHERE claimed_at <> 0 AND message_id = ''`
	var args []any
	if guildID != "" {
		q += ` AND guild_id = ?`
		args = append(args, guildID)
	}
	rows, err := s.db.QueryContext(ctx, s.q(q+` ORDER BY day, guild_id`), args...)
	if err != nil {
		return nil, fmt.Errorf("store: unresolved claims: %w", err)
	}
	defer rows.Close()
	var out []DailyPost
	for rows.Next() {
		p, err := scanPost(rows)
		if err != nil {
			return nil, fmt.Errorf("store: unresolved claims: %w", err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: unresolved claims: %w", err)
	}
	return out, nil
}

// PostedGuilds returns the IDs of the guilds whose daily of day was posted
// (a message recorded), in one query: a scheduler starting up with many
// guilds skips their catch-up without reading each record.
func (s *Store) PostedGuilds(ctx context.Context, day Day) ([]string, error) {
	if err := checkDayValue(day); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT guild_id FROM daily_posts WHERE day = ? AND message_id <> ''`), day)
	if err != nil {
		return nil, fmt.Errorf("store: posted guilds of %s: %w", day, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: posted guilds of %s: %w", day, err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: posted guilds of %s: %w", day, err)
	}
	return out, nil
}
