package store

import (
	"context"
	"fmt"
	"time"
)

// Reminder is a player's opt-in streak reminder for a place: a guild, or
// "" for the record kept over DMs.
type Reminder struct {
	UserID      string
	GuildID     string
	HoursBefore int    // how long before the end of the day to remind
	LastSentDay string // the place's local date of the last reminder sent
	// TimeZone is the guild's (from its settings), "" for UTC.
	TimeZone string
	// Locale is the player's Discord locale when they turned the
	// reminder on: the DM is in its language.
	Locale string
}

// MaxReminderHours is the most hours before the end of a day a reminder
// may be asked for.
const MaxReminderHours = 23

// SetReminder turns a player's reminder for a place on (with hoursBefore,
// 1-MaxReminderHours) or off. Off keeps only the day of the last reminder
// sent (hours_before 0 means off), so that turning reminders off and on
// again cannot bring a second one the same day. locale is the player's
// Discord locale, for the language of the DM.
func (s *Store) SetReminder(ctx context.Context, userID, guildID string, on bool, hoursBefore int, locale string, at time.Time) error {
	if userID == "" {
		return fmt.Errorf("store: reminder: empty user id: %w", ErrInvalid)
	}
	if !on {
		_, err := s.db.ExecContext(ctx, s.q(`UPDATE reminders SET hours_before = 0, updated_at = ? WHERE user_id = ? AND guild_id = ?`),
			ms(now(at)), userID, guildID)
		if err != nil {
			return fmt.Errorf("store: reminder off: %w", err)
		}
		return nil
	}
	if hoursBefore < 1 || hoursBefore > MaxReminderHours {
		return fmt.Errorf("store: reminder %d hours before the end of the day is outside 1-%d: %w", hoursBefore, MaxReminderHours, ErrInvalid)
	}
	if len(locale) > 16 {
		return fmt.Errorf("store: reminder: locale %q is not a Discord locale: %w", locale, ErrInvalid)
	}
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO reminders (user_id, guild_id, hours_before, locale, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (user_id, guild_id) DO UPDATE SET hours_before = excluded.hours_before, locale = excluded.locale, updated_at = excluded.updated_at`),
		userID, guildID, hoursBefore, locale, ms(now(at)))
	if err != nil {
		return fmt.Errorf("store: reminder on: %w", err)
	}
	return nil
}

// Reminders returns every reminder that is on, with its guild's time zone.
// (A full scan: fine for the thousands who opt in; an index on the
// deadline would be the next step at a larger scale.)
func (s *Store) Reminders(ctx context.Context) ([]Reminder, error) {
	return s.reminders(ctx, ``)
}

func (s *Store) reminders(ctx context.Context, where string, args ...any) ([]Reminder, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT r.user_id, r.guild_id, r.hours_before, r.last_sent_day, COALESCE(g.time_zone, ''), r.locale
		FROM reminders r LEFT JOIN guild_settings g ON g.guild_id = r.guild_id AND r.guild_id <> ''
		WHERE r.hours_before > 0`+where+` ORDER BY r.user_id, r.guild_id`), args...)
	if err != nil {
		return nil, fmt.Errorf("store: reminders: %w", err)
	}
	defer rows.Close()
	var out []Reminder
	for rows.Next() {
		var r Reminder
		if err := rows.Scan(&r.UserID, &r.GuildID, &r.HoursBefore, &r.LastSentDay, &r.TimeZone, &r.Locale); err != nil {
			return nil, fmt.Errorf("store: reminders: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: reminders: %w", err)
	}
	return out, nil
}

// ClaimReminder marks the reminder of a player and place as sent on day
// (the place's local date) and reports whether this call did: of any
// number of processes trying, one wins a day, so a player gets at most
// one reminder a day. A reminder turned off in between is not claimed.
func (s *Store) ClaimReminder(ctx context.Context, userID, guildID, day string) (bool, error) {
	if err := checkDay(day); err != nil {
		return false, err
	}
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE reminders SET last_sent_day = ?
		WHERE user_id = ? AND guild_id = ? AND hours_before > 0 AND last_sent_day < ?`), day, userID, guildID, day)
	if err != nil {
		return false, fmt.Errorf("store: claim reminder: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: claim reminder: %w", err)
	}
	return n == 1, nil
}
