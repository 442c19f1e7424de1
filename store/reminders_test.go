package store

import (
	"context"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// TestReminders: on, off and claims; a claim goes to one caller a day.
func TestReminders(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		_, err := s.SaveGuildSettings(ctx, GuildSettings{GuildID: "g1", PostTime: "09:00", TimeZone: "Europe/Paris", Level: engine.LevelEasy})
		must(t, err, "SaveGuildSettings")

		mustIs(t, s.SetReminder(ctx, "u1", "g1", true, 0, "", t0), ErrInvalid, "0 hours")
		mustIs(t, s.SetReminder(ctx, "u1", "g1", true, 24, "", t0), ErrInvalid, "24 hours")
		must(t, s.SetReminder(ctx, "u1", "g1", true, 3, "", t0), "on in g1")
		must(t, s.SetReminder(ctx, "u1", "", true, 2, "", t0), "on in DMs")
		must(t, s.SetReminder(ctx, "u2", "g1", true, 5, "", t0), "u2 on")
		must(t, s.SetReminder(ctx, "u2", "g1", false, 0, "", t0), "u2 off")
		_, err = s.Reminder(ctx, "u2", "g1")
		mustIs(t, err, ErrNotFound, "a reminder turned off")

		all, err := s.Reminders(ctx)
		must(t, err, "Reminders")
		if len(all) != 2 || all[0].GuildID != "" || all[1].TimeZone != "Europe/Paris" || all[1].HoursBefore != 3 || all[0].TimeZone != "" {
			t.Fatalf("reminders %+v", all)
		}

		won, err := s.ClaimReminder(ctx, "u1", "g1", "2026-11-23")
		must(t, err, "claim")
		again, err := s.ClaimReminder(ctx, "u1", "g1", "2026-11-23")
		must(t, err, "claim again")
		if !won || again {
			t.Fatalf("claims %v %v, want true then false", won, again)
		}
		// Off and on again the same day does not allow a second one.
		must(t, s.SetReminder(ctx, "u1", "g1", false, 0, "", t0), "off")
		must(t, s.SetReminder(ctx, "u1", "g1", true, 4, "", t0), "on again")
		if again, _ := s.ClaimReminder(ctx, "u1", "g1", "2026-11-23"); again {
			t.Fatal("changing the hours allowed a second reminder the same day")
		}
		if next, _ := s.ClaimReminder(ctx, "u1", "g1", "2026-11-24"); !next {
			t.Fatal("the next day's reminder was not claimed")
		}
		if off, _ := s.ClaimReminder(ctx, "u2", "g1", "2026-11-24"); off {
			t.Fatal("claimed a reminder that is off")
		}
		_, err = s.ClaimReminder(ctx, "u1", "g1", "tomorrow")
		mustIs(t, err, ErrInvalid, "a bad day")
	})
}
