package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// SettingsField names a field of GuildSettings in a *SettingsError.
type SettingsField string

// The fields Validate checks.
const (
	FieldGuild    SettingsField = "guild"
	FieldChannel  SettingsField = "channel"
	FieldPostTime SettingsField = "post time"
	FieldTimeZone SettingsField = "time zone"
	FieldLocale   SettingsField = "locale"
	FieldLevel    SettingsField = "level"
)

// SettingsError is guild settings that Validate refused: which field, and
// whether it is missing (an enabled daily needs it) or malformed. It
// matches ErrInvalid. A front door words it from Field and Missing; Error
// is English for logs.
type SettingsError struct {
	GuildID string
	Field   SettingsField
	Missing bool   // the field is empty but an enabled daily needs it
	Value   string // the malformed value, when not Missing
	Err     error  // why the value is malformed, if known
}

func (e *SettingsError) Error() string {
	switch {
	case e.Field == FieldGuild:
		return "store: guild settings: empty guild id: " + ErrInvalid.Error()
	case e.Missing:
		return fmt.Sprintf("store: guild %s: daily enabled without a %s: %v", e.GuildID, e.Field, ErrInvalid)
	case e.Err != nil:
		return fmt.Sprintf("store: guild %s: %s %q: %v: %v", e.GuildID, e.Field, e.Value, e.Err, ErrInvalid)
	}
	return fmt.Sprintf("store: guild %s: %s %q is not valid: %v", e.GuildID, e.Field, e.Value, ErrInvalid)
}

// Is makes errors.Is(err, ErrInvalid) true.
func (e *SettingsError) Is(target error) bool { return target == ErrInvalid }

// Validate checks the settings' formats: PostTime is "HH:MM" (24-hour),
// TimeZone an IANA name this system knows, and an enabled guild has a
// channel, a time and a zone; Level is one of engine.Levels. Errors are
// *SettingsError, matching ErrInvalid.
func (gs GuildSettings) Validate() error {
	bad := func(f SettingsField, v string, err error) error {
		return &SettingsError{GuildID: gs.GuildID, Field: f, Value: v, Err: err}
	}
	if gs.GuildID == "" {
		return &SettingsError{Field: FieldGuild, Missing: true}
	}
	if gs.PostTime != "" {
		if _, err := time.Parse("15:04", gs.PostTime); err != nil || len(gs.PostTime) != 5 {
			return bad(FieldPostTime, gs.PostTime, nil)
		}
	}
	if len(gs.Locale) > 16 {
		return bad(FieldLocale, gs.Locale, nil)
	}
	if gs.TimeZone != "" {
		if _, err := time.LoadLocation(gs.TimeZone); err != nil {
			return bad(FieldTimeZone, gs.TimeZone, err)
		}
	}
	if !gs.Level.Valid() {
		return bad(FieldLevel, fmt.Sprint(int(gs.Level)), nil)
	}
	if gs.Enabled {
		for _, f := range []struct {
			field SettingsField
			v     string
		}{
			{FieldChannel, gs.ChannelID}, {FieldPostTime, gs.PostTime}, {FieldTimeZone, gs.TimeZone},
		} {
			if f.v == "" {
				return &SettingsError{GuildID: gs.GuildID, Field: f.field, Missing: true}
			}
		}
	}
	return nil
}

const guildSelect = `SELECT guild_id, channel_id, post_time, time_zone, level, enabled, threads, locale, updated_by, updated_at, problem
	FROM guild_settings`

func scanGuild(r scanner) (GuildSettings, error) {
	var gs GuildSettings
	var level string
	var updated int64
	err := r.Scan(&gs.GuildID, &gs.ChannelID, &gs.PostTime, &gs.TimeZone, &level, &gs.Enabled, &gs.Threads, &gs.Locale,
		&gs.UpdatedBy, &updated, postProblemColumn{&gs.Problem})
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
// earlier ones, and clears the guild's Problem (the admin has acted on it).
// A zero UpdatedAt becomes now. It returns the settings as stored.
func (s *Store) SaveGuildSettings(ctx context.Context, gs GuildSettings) (GuildSettings, error) {
	if err := gs.Validate(); err != nil {
		return GuildSettings{}, err
	}
	gs.UpdatedAt = now(gs.UpdatedAt).UTC().Truncate(time.Millisecond)
	gs.Problem = PostProblem{}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO guild_settings
			(guild_id, channel_id, post_time, time_zone, level, enabled, threads, locale, updated_by, updated_at, problem)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '')
			ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, post_time = excluded.post_time,
				time_zone = excluded.time_zone, level = excluded.level, enabled = excluded.enabled,
				threads = excluded.threads, locale = excluded.locale, updated_by = excluded.updated_by, updated_at = excluded.updated_at, problem = ''`),
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

// SetPostProblem records the last problem met while posting for a guild,
// for its admins to see in their language; the zero PostProblem clears
// it. The guild must have settings (else ErrNotFound).
func (s *Store) SetPostProblem(ctx context.Context, guildID string, p PostProblem) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE guild_settings SET problem = ? WHERE guild_id = ?`), p.String(), guildID)
		if err != nil {
			return fmt.Errorf("store: set posting problem of guild %s: %w", guildID, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: set posting problem of guild %s: %w", guildID, err)
		}
		if n == 0 {
			return fmt.Errorf("store: set posting problem of guild %s: %w", guildID, ErrNotFound)
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
