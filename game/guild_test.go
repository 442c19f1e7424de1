package game

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// TestSettingsProblemInEveryLanguage: why the store refused a guild's
// settings reads in the admin's language, never as the store's English.
func TestSettingsProblemInEveryLanguage(t *testing.T) {
	for _, f := range []store.SettingsField{store.FieldGuild, store.FieldChannel, store.FieldPostTime, store.FieldTimeZone, store.FieldLocale, store.FieldLevel} {
		se := &store.SettingsError{GuildID: "g", Field: f, Value: "x"}
		ue := &Error{Msg: l10n.M("config.invalid", "Problem", settingsProblem(se)), Err: se}
		for _, loc := range l10n.DiscordLocales() {
			s := ue.Text(l10n.For(loc))
			if strings.Contains(s, "config.") || strings.Contains(s, "store:") {
				t.Errorf("%s, %s: %q", f, loc, s)
			}
		}
	}
}

// guildMem is a GuildStore in memory.
type guildMem struct {
	saved    map[string]store.GuildSettings
	reminder *ReminderInput
}

func (m *guildMem) GuildSettings(_ context.Context, id string) (store.GuildSettings, error) {
	gs, ok := m.saved[id]
	if !ok {
		return gs, store.ErrNotFound
	}
	return gs, nil
}

func (m *guildMem) SaveGuildSettings(_ context.Context, gs store.GuildSettings) (store.GuildSettings, error) {
	if gs.TimeZone == "Bad/Zone" {
		return gs, &store.SettingsError{GuildID: gs.GuildID, Field: store.FieldTimeZone, Value: gs.TimeZone}
	}
	m.saved[gs.GuildID] = gs
	return gs, nil
}

func (m *guildMem) SetReminder(_ context.Context, user, guild string, on bool, hours int, locale string, _ time.Time) error {
	m.reminder = &ReminderInput{User: user, Guild: guild, On: on, Hours: hours, Locale: locale}
	return nil
}

// TestConfigure: the rules of a guild's settings, whichever door the
// admin came through: defaults, a channel turning the daily on, the
// texts read as typed, the daily never on without a channel or in a
// channel it cannot post to, the store's refusal worded.
func TestConfigure(t *testing.T) {
	ctx := context.Background()
	m := &guildMem{saved: map[string]store.GuildSettings{}}
	g := Guilds{Store: m, Clock: fakeclock.New(time.Unix(7, 0))}
	str := func(s string) *string { return &s }
	no, yes := false, true
	gs, err := g.Settings(ctx, "g")
	if err != nil || gs.PostTime != DefaultPostTime || gs.TimeZone != DefaultZone || gs.Level != engine.DefaultLevel || gs.Enabled {
		t.Fatalf("defaults: %+v, %v", gs, err)
	}
	blocked := ""
	check := func(_ context.Context, ch string, _ bool) (l10n.Msg, error) {
		if ch == blocked {
			return l10n.M("config.not_text", "Channel", ch), nil
		}
		return l10n.Msg{}, nil
	}
	gs, err = g.Configure(ctx, SettingsChange{Guild: "g", By: "admin", Locale: "fr", Channel: str("c1"), Time: str(" 7:30"),
		Zone: str("europe/PARIS"), Level: str("HARD"), CheckChannel: check})
	if err != nil || !gs.Enabled || gs.ChannelID != "c1" || gs.PostTime != "07:30" || gs.TimeZone != "Europe/Paris" ||
		gs.Level != engine.LevelHard || gs.Locale != "fr" || gs.UpdatedBy != "admin" || !gs.UpdatedAt.Equal(time.Unix(7, 0)) {
		t.Fatalf("a channel chosen: %+v, %v", gs, err)
	}
	if gs, err = g.Configure(ctx, SettingsChange{Guild: "g", Channel: str("c2"), Enabled: &no}); err != nil || gs.Enabled || gs.Locale != "fr" {
		t.Fatalf("a channel chosen with the daily off: %+v, %v", gs, err)
	}
	blocked = "c3"
	for what, tc := range map[string]struct {
		in   SettingsChange
		want string
	}{
		"bad time":        {SettingsChange{Time: str("25:61")}, "config.bad_time"},
		"bad zone":        {SettingsChange{Zone: str("Mars/Olympus")}, "config.bad_zone"},
		"bad level":       {SettingsChange{Level: str("x")}, "level.invalid"},
		"no channel":      {SettingsChange{Channel: str(""), Enabled: &yes}, "config.pick_channel"},
		"blocked channel": {SettingsChange{Channel: str("c3")}, "config.unchanged"},
		"store refusal":   {SettingsChange{Zone: str("UTC"), Channel: str("c1")}, ""},
	} {
		tc.in.Guild, tc.in.CheckChannel = "g", check
		if what == "store refusal" {
			m.saved["g"] = store.GuildSettings{GuildID: "g", TimeZone: "Bad/Zone"}
			tc.in.Zone = nil
			tc.want = "config.invalid"
		}
		_, err := g.Configure(ctx, tc.in)
		if !isRefusal(err, tc.want) {
			t.Errorf("%s: %v, want %s", what, err, tc.want)
		}
	}
}

// TestSetReminder: a reminder's hours are 1 to store.MaxReminderHours,
// and saving one tells the zone whose day it counts down.
func TestSetReminder(t *testing.T) {
	ctx := context.Background()
	m := &guildMem{saved: map[string]store.GuildSettings{"g": {GuildID: "g", TimeZone: "Asia/Tokyo"}}}
	g := Guilds{Store: m}
	for _, h := range []int{0, store.MaxReminderHours + 1} {
		if _, err := g.SetReminder(ctx, ReminderInput{User: "u", Guild: "g", On: true, Hours: h}); !isRefusal(err, "remind.bad_hours") {
			t.Errorf("%d hours: %v", h, err)
		}
	}
	if m.reminder != nil {
		t.Fatalf("a refused reminder was saved: %+v", m.reminder)
	}
	res, err := g.SetReminder(ctx, ReminderInput{User: "u", Guild: "g", On: true, Hours: 2, Locale: "ja"})
	if err != nil || res.Hours != 2 || res.Zone.String() != "Asia/Tokyo" || *m.reminder != (ReminderInput{User: "u", Guild: "g", On: true, Hours: 2, Locale: "ja"}) {
		t.Fatalf("reminder: %+v, %+v, %v", res, m.reminder, err)
	}
}

// TestExplain: every refusal the store or the engine may answer is worded
// here, once, with the kind a door answers with a code; other errors
// pass unchanged.
func TestExplain(t *testing.T) {
	for _, tc := range []struct {
		err  error
		id   string
		kind Kind
	}{
		{fmt.Errorf("edit: %w", store.ErrGameFinished), "game.finished", Finished},
		{&store.GivenCellError{Cell: 4, Digit: 5}, "game.given_cell", Given},
		{store.ErrGivenCell, "game.given", Given},
		{store.ErrNotOwner, "game.not_owner", Refused},
		{store.ErrStale, "error.stale", Stale},
		{store.ErrNotSolved, "error.stale", Stale},
		{ErrOverBudget, "hint.slow", Busy},
		{ErrBusy, "error.busy", Busy},
	} {
		var e *Error
		if err := Explain(tc.err); !errors.As(err, &e) || e.Msg.ID != tc.id || e.Kind != tc.kind || !errors.Is(err, tc.err) {
			t.Errorf("Explain(%v) = %v, want %s of kind %d wrapping it", tc.err, err, tc.id, tc.kind)
		}
	}
	other := errors.New("disk on fire")
	if Explain(other) != other || Explain(nil) != nil {
		t.Error("Explain changed an error that is no refusal")
	}
}

// TestGuildToday: today's daily is the date where the guild is, at its
// level; without settings (or in DMs) the UTC date at the default level.
func TestGuildToday(t *testing.T) {
	t.Parallel()
	m := &guildMem{saved: map[string]store.GuildSettings{
		"nz": {GuildID: "nz", TimeZone: "Pacific/Auckland", Level: engine.LevelHard},
	}}
	g := Guilds{Store: m, Clock: fakeclock.New(time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC))}
	for guild, want := range map[string]string{"nz": "2026-11-24 hard", "other": "2026-11-23 medium", "": "2026-11-23 medium"} {
		day, level, err := g.Today(context.Background(), guild)
		if got := day.String() + " " + level.String(); err != nil || got != want {
			t.Errorf("guild %q: %s, %v; want %s", guild, got, err, want)
		}
	}
}

// TestMayPlayDaily: today's daily and a year of past ones, none later.
func TestMayPlayDaily(t *testing.T) {
	t.Parallel()
	today := store.Date(2026, 11, 23)
	for _, tc := range []struct {
		day  store.Day
		want bool
	}{
		{today, true},
		{today.AddDays(-1), true},
		{today.AddDays(-MaxLateDays), true},
		{today.AddDays(-MaxLateDays - 1), false},
		{today.AddDays(1), false},
	} {
		if got := MayPlayDaily(tc.day, today); got != tc.want {
			t.Errorf("MayPlayDaily(%s, %s) = %v, want %v", tc.day, today, got, tc.want)
		}
	}
}

// TestGuildNow: the clock read once, in the guild's zone, agrees with
// Today.
func TestGuildNow(t *testing.T) {
	t.Parallel()
	m := &guildMem{saved: map[string]store.GuildSettings{
		"nz": {GuildID: "nz", TimeZone: "Pacific/Auckland", Level: engine.LevelHard},
	}}
	g := Guilds{Store: m, Clock: fakeclock.New(time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC))}
	n, err := g.Now(context.Background(), "nz")
	if err != nil || n.At.Location().String() != "Pacific/Auckland" || n.Day.String() != "2026-11-24" || n.At.Hour() != 9 {
		t.Errorf("Now(nz) = %v %s %v, %v", n.At, n.Day, n.Level, err)
	}
}
