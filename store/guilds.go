package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// Validate checks the settings' formats: PostTime is "HH:MM" (24-hour),
// TimeZone an IANA name this system knows, and an enabled guild has a
// channel, a time and a zone; Level is one of engine.Levels. Errors wrap
// ErrInvalid.
func (gs GuildSettings) Validate() error {
	if gs.GuildID == "" {
		return fmt.Errorf("store: guild settings: empty guild id: %w", ErrInvalid)
	}
	if gs.PostTime != "" {
		if _, err := time.Parse("15:04", gs.PostTime); err != nil || len(gs.PostTime) != 5 {
			return fmt.Errorf("store: guild %s: post time %q is not HH:MM: %w", gs.GuildID, gs.PostTime, ErrInvalid)
		}
	}
	if len(gs.Locale) > 16 {
		return fmt.Errorf("store: guild %s: locale %q is not a Discord locale: %w", gs.GuildID, gs.Locale, ErrInvalid)
	}
	if gs.TimeZone != "" {
		if _, err := time.LoadLocation(gs.TimeZone); err != nil {
			return fmt.Errorf("store: guild %s: time zone %q: %v: %w", gs.GuildID, gs.TimeZone, err, ErrInvalid)
		}
	}
	if !gs.Level.Valid() {
		return fmt.Errorf("store: guild %s: level %d is not a level: %w", gs.GuildID, int(gs.Level), ErrInvalid)
	}
	if gs.Enabled {
		for _, f := range []struct{ name, v string }{
			{"channel", gs.ChannelID}, {"post time", gs.PostTime}, {"time zone", gs.TimeZone},
		} {
			if f.v == "" {
				return fmt.Errorf("store: guild %s: daily enabled without a %s: %w", gs.GuildID, f.name, ErrInvalid)
			}
		}
	}
	return nil
}

const guildSelect = `SELECT guild_id, channel_id, post_time, time_zone, level, enabled, threads, locale, updated_by, updated_at, error
	FROM guild_settings`

func scanGuild(r scanner) (GuildSettings, error) {
	var gs GuildSettings
	var level string
	var updated int64
	err := r.Scan(&gs.GuildID, &gs.ChannelID, &gs.PostTime, &gs.TimeZone, &level, &gs.Enabled, &gs.Threads, &gs.Locale,
		&gs.UpdatedBy, &updated, &gs.Error)
	gs.UpdatedAt = fromMS(updated)
	// A guild that saved its settings before choosing a level (older
	// versions allowed it) gets the default level, as it always did.
	gs.Level = engine.DefaultLevel
	if l, perr := engine.ParseLevel(level); perr == nil {
		gs.Level = l
	}
	return gs, err
}

// GuildSettings returns a guild's settings, or ErrNotFound if it never
// saved any.
func (s *Store) GuildSettings(ctx context.Context, guildID string) (GuildSettings, error) {
	gs, err := scanGuild(s.db.QueryRowContext(ctx, s.q(guildSelect+` WHERE guild_id = ?`), guildID))
	if err != nil {
		return GuildSettings{}, notFound(err, "settings of guild "+guildID)
	}
	return gs, nil
}

// SaveGuildSettings validates and stores a guild's settings, replacing any
// earlier ones, and clears the guild's Error (the admin has acted on it).
// A zero UpdatedAt becomes now. It returns the settings as stored.
func (s *Store) SaveGuildSettings(ctx context.Context, gs GuildSettings) (GuildSettings, error) {
	if err := gs.Validate(); err != nil {
		return GuildSettings{}, err
	}
	gs.UpdatedAt = now(gs.UpdatedAt).UTC().Truncate(time.Millisecond)
	gs.Error = ""
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO guild_settings
			(guild_id, channel_id, post_time, time_zone, level, enabled, threads, locale, updated_by, updated_at, error)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '')
			ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, post_time = excluded.post_time,
				time_zone = excluded.time_zone, level = excluded.level, enabled = excluded.enabled,
				threads = excluded.threads, locale = excluded.locale, updated_by = excluded.updated_by, updated_at = excluded.updated_at, error = ''`),
			gs.GuildID, gs.ChannelID, gs.PostTime, gs.TimeZone, gs.Level.String(), gs.Enabled, gs.Threads, gs.Locale, gs.UpdatedBy, ms(gs.UpdatedAt))
		if err != nil {
			return fmt.Errorf("store: save settings of guild %s: %w", gs.GuildID, err)
		}
		return nil
	})
	if err != nil {
		return GuildSettings{}, err
	}
	return gs, nil
}

// SetGuildError records the last problem met while posting for a guild
// (e.g. "missing access to #daily"), for admins to see; "" clears it. The
// guild must have settings (else ErrNotFound).
func (s *Store) SetGuildError(ctx context.Context, guildID, msg string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE guild_settings SET error = ? WHERE guild_id = ?`), msg, guildID)
		if err != nil {
			return fmt.Errorf("store: set error of guild %s: %w", guildID, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: set error of guild %s: %w", guildID, err)
		}
		if n == 0 {
			return fmt.Errorf("store: set error of guild %s: %w", guildID, ErrNotFound)
		}
		return nil
	})
}

// EnabledGuilds returns the settings of every guild with the daily
// enabled, ordered by guild ID; the scheduler filters them by shard.
func (s *Store) EnabledGuilds(ctx context.Context) ([]GuildSettings, error) {
	rows, err := s.db.QueryContext(ctx, guildSelect+` WHERE enabled ORDER BY guild_id`)
	if err != nil {
		return nil, fmt.Errorf("store: enabled guilds: %w", err)
	}
	defer rows.Close()
	var out []GuildSettings
	for rows.Next() {
		gs, err := scanGuild(rows)
		if err != nil {
			return nil, fmt.Errorf("store: enabled guilds: %w", err)
		}
		out = append(out, gs)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: enabled guilds: %w", err)
	}
	return out, nil
}

// GuildSettingsSince returns the settings saved at or after since
// (UpdatedAt), enabled or not, oldest first: what a long-running scheduler
// reloads instead of every guild. It uses the updated_at index, so its cost
// is the number of changes, not of guilds.
func (s *Store) GuildSettingsSince(ctx context.Context, since time.Time) ([]GuildSettings, error) {
	rows, err := s.db.QueryContext(ctx, s.q(guildSelect+` WHERE updated_at >= ? ORDER BY updated_at, guild_id`), ms(since))
	if err != nil {
		return nil, fmt.Errorf("store: guild settings since %s: %w", since, err)
	}
	defer rows.Close()
	var out []GuildSettings
	for rows.Next() {
		gs, err := scanGuild(rows)
		if err != nil {
			return nil, fmt.Errorf("store: guild settings since %s: %w", since, err)
		}
		out = append(out, gs)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: guild settings since %s: %w", since, err)
	}
	return out, nil
}
