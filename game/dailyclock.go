package game

import (
	"context"
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// SettingsStore reads a guild's settings; *store.Store implements it.
type SettingsStore interface {
	GuildSettings(ctx context.Context, guildID string) (store.GuildSettings, error)
}

// DailyClock is the time zone and level of a guild's daily, which set
// what "today's daily" is wherever a player asks (the chat, the board's
// calendar): the guild's settings, or UTC and the default level for a
// guild without settings and for DMs (guildID ""). A time zone the
// settings name but this binary does not know is UTC.
func DailyClock(ctx context.Context, st SettingsStore, guildID string) (*time.Location, engine.Level, error) {
	loc, level := time.UTC, engine.DefaultLevel
	if guildID == "" {
		return loc, level, nil
	}
	gs, err := st.GuildSettings(ctx, guildID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return loc, level, nil
	case err != nil:
		return nil, 0, err
	}
	if l, err := time.LoadLocation(gs.TimeZone); err == nil {
		loc = l
	}
	return loc, gs.Level, nil
}
