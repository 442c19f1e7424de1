package store

import (
	"errors"
	"testing"
)

// TestValidateNamesTheField: refused settings come back as a
// *SettingsError naming the field (and whether it is missing), so a front
// door can say what to fix in the admin's language; it matches ErrInvalid.
func TestValidateNamesTheField(t *testing.T) {
	ok := GuildSettings{GuildID: "g", ChannelID: "c", PostTime: "09:00", TimeZone: "UTC", Enabled: true}
	cases := []struct {
		name    string
		edit    func(*GuildSettings)
		field   SettingsField
		missing bool
	}{
		{"no guild", func(g *GuildSettings) { g.GuildID = "" }, FieldGuild, true},
		{"bad time", func(g *GuildSettings) { g.PostTime = "9:30" }, FieldPostTime, false},
		{"bad zone", func(g *GuildSettings) { g.TimeZone = "Mars/Olympus_Mons" }, FieldTimeZone, false},
		{"long locale", func(g *GuildSettings) { g.Locale = "xx-a-very-long-tag" }, FieldLocale, false},
		{"no level", func(g *GuildSettings) { g.Level = -1 }, FieldLevel, false},
		{"no channel", func(g *GuildSettings) { g.ChannelID = "" }, FieldChannel, true},
		{"no time", func(g *GuildSettings) { g.PostTime = "" }, FieldPostTime, true},
		{"no zone", func(g *GuildSettings) { g.TimeZone = "" }, FieldTimeZone, true},
	}
	if err := ok.Validate(); err != nil {
		t.Fatalf("valid settings refused: %v", err)
	}
	for _, c := range cases {
		gs := ok
		c.edit(&gs)
		err := gs.Validate()
		var se *SettingsError
		if !errors.As(err, &se) || !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want a *SettingsError matching ErrInvalid", c.name, err)
			continue
		}
		if se.Field != c.field || se.Missing != c.missing {
			t.Errorf("%s: field %q missing %v, want %q %v", c.name, se.Field, se.Missing, c.field, c.missing)
		}
	}
}
