package schedule_test

import (
	"context"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
)

type dmLog struct {
	mu   sync.Mutex
	sent map[string][]string
}

func (d *dmLog) SendDM(ctx context.Context, userID, content string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.sent[userID] = append(d.sent[userID], content)
	return nil
}

// TestStreakReminders: one DM, once the chosen hours before the end of
// the guild's day, to a player who opted in, has a live streak and has
// not solved today's daily; nobody else gets one.
func TestStreakReminders(t *testing.T) {
	const zone = "Europe/Paris"
	ctx := context.Background()
	clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
	r := newRig(t, clock, disc, st, nil)
	solve := func(day string, users ...string) {
		p, err := st.Daily(ctx, mustDay(day), engine.LevelEasy)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range users {
			solveDaily(t, st, guildA, u, day, p, clock.Now(), 4*time.Minute)
		}
	}
	runUntil(at(t, zone, "2026-06-01 10:00"), r)
	solve("2026-06-01", "streak", "solved-today", "not-opted-in")
	runUntil(at(t, zone, "2026-06-02 10:00"), r)
	solve("2026-06-02", "solved-today")
	for _, u := range []string{"streak", "solved-today", "no-streak"} {
		if err := st.SetReminder(ctx, u, guildA, true, 3, "", clock.Now()); err != nil {
			t.Fatal(err)
		}
	}

	dms := &dmLog{sent: map[string][]string{}}
	rem := &schedule.Reminders{Store: st, DM: dms, Clock: clock, Logger: testLogger(t)}
	clock.Set(at(t, zone, "2026-06-02 20:30")) // 3 h 30 min left: not yet
	if n := rem.RunDue(ctx); n != 0 {
		t.Fatalf("%d reminders with 3.5 h left, want none", n)
	}
	clock.Set(at(t, zone, "2026-06-02 21:15"))
	if n := rem.RunDue(ctx); n != 1 {
		t.Fatalf("%d reminders with 2 h 45 min left, want 1: %v", n, dms.sent)
	}
	clock.Set(at(t, zone, "2026-06-02 23:00"))
	if n := rem.RunDue(ctx); n != 0 {
		t.Fatalf("a second reminder the same day: %v", dms.sent)
	}
	if len(dms.sent) != 1 || len(dms.sent["streak"]) != 1 {
		t.Fatalf("reminders sent to %v, want only the player with a live, unsolved streak", dms.sent)
	}
	msg := dms.sent["streak"][0]
	for _, w := range []string{"**1**", "2 h 45 min left", "Europe/Paris", "/sudoku daily", "state:off"} {
		if !strings.Contains(msg, w) {
			t.Errorf("reminder %q lacks %q", msg, w)
		}
	}
	// The next day, "streak" has missed a posted daily, so its streak is
	// broken and nothing is sent; "solved-today" now has an unsolved
	// day with a live streak and gets its first reminder.
	runUntil(at(t, zone, "2026-06-03 10:00"), r)
	clock.Set(at(t, zone, "2026-06-03 22:00"))
	if n := rem.RunDue(ctx); n != 1 || len(dms.sent["streak"]) != 1 || len(dms.sent["solved-today"]) != 1 {
		t.Fatalf("the third day: %d sent, %v; want one, to solved-today", n, dms.sent)
	}
	// Off means off.
	if err := st.SetReminder(ctx, "streak", guildA, false, 0, "", clock.Now()); err != nil {
		t.Fatal(err)
	}
	if all, _ := st.Reminders(ctx); len(all) != 2 {
		t.Fatalf("%d reminders on after turning one off, want 2", len(all))
	}
}
