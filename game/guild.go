package game

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/clock"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/zones"
)

// The settings of a guild that never saved any.
const (
	DefaultPostTime = "09:00"
	DefaultZone     = "UTC"
)

// DefaultReminderHours is how long before the end of the day a streak
// reminder comes when the player does not say.
const DefaultReminderHours = 3

// GuildStore reads and writes a guild's settings and a player's
// reminders; *store.Store implements it.
type GuildStore interface {
	SettingsStore
	SaveGuildSettings(ctx context.Context, gs store.GuildSettings) (store.GuildSettings, error)
	SetReminder(ctx context.Context, userID, guildID string, on bool, hoursBefore int, locale string, at time.Time) error
}

var _ GuildStore = (*store.Store)(nil)

// Guilds are the use cases of a guild's daily settings (/sudoku-config)
// and of a player's streak reminders (/sudoku remind), for every door.
type Guilds struct {
	Store GuildStore
	// Clock tells the time recorded with a change; nil is the wall clock.
	Clock clock.Clock
}

func (g Guilds) now() time.Time { return clock.Or(g.Clock).Now() }

// Settings are a guild's settings, or the defaults (no channel, 09:00
// UTC, the default level) for a guild that never saved any.
func (g Guilds) Settings(ctx context.Context, guildID string) (store.GuildSettings, error) {
	gs, err := g.Store.GuildSettings(ctx, guildID)
	if errors.Is(err, store.ErrNotFound) {
		return store.GuildSettings{GuildID: guildID, PostTime: DefaultPostTime, TimeZone: DefaultZone, Level: engine.DefaultLevel}, nil
	}
	return gs, err
}

// DailyClock is the time zone and level of a guild's daily (DailyClock).
func (g Guilds) DailyClock(ctx context.Context, guildID string) (*time.Location, engine.Level, error) {
	return DailyClock(ctx, g.Store, guildID)
}

// Today is the day and level of a guild's daily now: the date in its
// time zone (DailyClock), which is what "today's daily" is wherever a
// player asks.
func (g Guilds) Today(ctx context.Context, guildID string) (store.Day, engine.Level, error) {
	n, err := g.Now(ctx, guildID)
	return n.Day, n.Level, err
}

// DailyNow is a guild's daily clock read at one instant.
type DailyNow struct {
	// At is the instant in the guild's time zone (At.Location()), the
	// zone whose day a streak, a period of the leaderboards and the time
	// left count.
	At time.Time
	// Day is the guild's today, At's date.
	Day   store.Day
	Level engine.Level
}

// Now reads a guild's daily clock (DailyClock) at the Guilds' clock's
// now, once, so that a door's today, its zone and its time left agree.
func (g Guilds) Now(ctx context.Context, guildID string) (DailyNow, error) {
	loc, level, err := g.DailyClock(ctx, guildID)
	if err != nil {
		return DailyNow{}, err
	}
	at := g.now().In(loc)
	return DailyNow{At: at, Day: store.DayOf(at, loc), Level: level}, nil
}

// SettingsChange is what an admin changes of a guild's settings: a nil
// field is left as it is. The texts are as the admin typed them.
type SettingsChange struct {
	Guild string
	// By is the admin; Locale the guild's locale as the door knows it
	// ("" keeps the saved one), the language of the daily post.
	By, Locale string
	Channel    *string
	Time       *string // "HH:MM" or "H:MM", 24-hour
	Zone       *string // an IANA name, in any case
	Level      *string
	Threads    *bool
	Enabled    *bool
	// CheckChannel says what keeps the daily from being posted in a
	// channel (and its threads opened, if threads), as a message for the
	// admin; the zero Msg when nothing does. It is the door's: only it
	// can ask Discord. Nil checks nothing.
	CheckChannel func(ctx context.Context, channelID string, threads bool) (l10n.Msg, error)
}

// Configure applies an admin's change to a guild's settings and saves
// them. Choosing a channel turns the daily on unless the change says
// otherwise; the daily cannot be on without a channel, nor in a channel
// where it cannot be posted. Saving clears the publisher's last problem.
func (g Guilds) Configure(ctx context.Context, in SettingsChange) (store.GuildSettings, error) {
	gs, err := g.Settings(ctx, in.Guild)
	if err != nil {
		return gs, err
	}
	if in.Channel != nil {
		gs.ChannelID = *in.Channel
		if in.Enabled == nil && gs.ChannelID != "" && !gs.Enabled {
			gs.Enabled = true // choosing a channel means "post there"
		}
	}
	if in.Time != nil {
		if gs.PostTime, err = ParseClock(*in.Time); err != nil {
			return gs, err
		}
	}
	if in.Zone != nil {
		if _, gs.TimeZone, err = zones.Load(*in.Zone); err != nil {
			return gs, &Error{Msg: l10n.M("config.bad_zone", "Value", l10n.Quote(*in.Zone)), Err: err}
		}
	}
	if in.Level != nil {
		if gs.Level, err = ParseLevel(*in.Level); err != nil {
			return gs, err
		}
	}
	if in.Threads != nil {
		gs.Threads = *in.Threads
	}
	if in.Enabled != nil {
		gs.Enabled = *in.Enabled
	}
	if gs.Enabled && gs.ChannelID == "" {
		return gs, Refuse("config.pick_channel")
	}
	if gs.Enabled && in.CheckChannel != nil {
		problem, err := in.CheckChannel(ctx, gs.ChannelID, gs.Threads)
		if err != nil {
			return gs, err
		}
		if problem.ID != "" {
			return gs, &Error{Msg: l10n.M("config.unchanged", "Problem", problem)}
		}
	}
	if in.Locale != "" {
		gs.Locale = in.Locale
	}
	gs.UpdatedBy, gs.UpdatedAt = in.By, g.now()
	saved, err := g.Store.SaveGuildSettings(ctx, gs)
	if se := (*store.SettingsError)(nil); errors.As(err, &se) {
		return gs, &Error{Msg: l10n.M("config.invalid", "Problem", settingsProblem(se)), Err: err}
	}
	return saved, err
}

// settingsProblem words why the store refused a guild's settings, from
// the error's field: the store's own text is English, for the log.
func settingsProblem(se *store.SettingsError) l10n.Msg {
	switch se.Field {
	case store.FieldChannel:
		return l10n.M("config.problem.channel")
	case store.FieldPostTime:
		return l10n.M("config.problem.post_time")
	case store.FieldTimeZone:
		return l10n.M("config.problem.time_zone")
	case store.FieldLocale:
		return l10n.M("config.problem.locale")
	}
	return l10n.M("config.problem.other")
}

// ParseClock reads a 24-hour HH:MM (or H:MM) time, the daily's post time.
func ParseClock(s string) (string, error) {
	t, err := time.Parse("15:04", strings.TrimSpace(s))
	if err != nil {
		return "", Refuse("config.bad_time", "Value", l10n.Quote(s))
	}
	return t.Format("15:04"), nil
}

// ParseLevel reads a level's name as a player typed it.
func ParseLevel(s string) (engine.Level, error) {
	l, err := engine.ParseLevel(s)
	if err != nil {
		return 0, Refuse("level.invalid", "Value", l10n.Quote(s), "Choices", strings.Join(engine.LevelNames(), ", "))
	}
	return l, nil
}

// ParseSymmetry reads the name of a clue pattern as a player typed it
// (engine.ParseSymmetry), and gives it back as the puzzle maker takes it.
func ParseSymmetry(s string) (string, error) {
	if _, err := engine.ParseSymmetry(s); err != nil {
		return "", &Error{Msg: l10n.M("new.bad_symmetry", "Value", l10n.Quote(s), "Choices", strings.Join(engine.SymmetryNames(), ", ")), Err: err}
	}
	return s, nil
}

// ReminderInput turns a player's streak reminder for a place (a guild, or
// DMs with Guild "") on or off.
type ReminderInput struct {
	User, Guild string
	On          bool
	// Hours before the end of the daily's day (DefaultReminderHours
	// when the player does not say).
	Hours int
	// Locale is the player's, the language of the reminder.
	Locale string
}

// ReminderResult is a reminder saved: its hours and the time zone whose
// day it counts down (the guild's daily clock).
type ReminderResult struct {
	Hours int
	Zone  *time.Location
}

// SetReminder saves a player's reminder. Nothing is ever sent to a player
// who did not turn it on; the hours are 1 to store.MaxReminderHours.
func (g Guilds) SetReminder(ctx context.Context, in ReminderInput) (ReminderResult, error) {
	if in.Hours < 1 || in.Hours > store.MaxReminderHours {
		return ReminderResult{}, Refuse("remind.bad_hours", "Max", store.MaxReminderHours, "Hours", in.Hours)
	}
	if err := g.Store.SetReminder(ctx, in.User, in.Guild, in.On, in.Hours, in.Locale, g.now()); err != nil {
		return ReminderResult{}, err
	}
	loc, _, err := g.DailyClock(ctx, in.Guild)
	return ReminderResult{Hours: in.Hours, Zone: loc}, err
}
