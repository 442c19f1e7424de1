package schedule

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// ReminderStore is what the reminder runner needs of the store.
type ReminderStore interface {
	Reminders(ctx context.Context) ([]store.Reminder, error)
	ClaimReminder(ctx context.Context, userID, guildID, day string) (bool, error)
	PlayerStats(ctx context.Context, guildID, userID string) (store.PlayerStats, error)
	LiveStreak(ctx context.Context, guildID, userID, today string) (int, error)
}

// DMSender sends a direct message to a user.
type DMSender interface {
	SendDM(ctx context.Context, userID, content string) error
}

// ReminderInterval is how often the reminder runner looks for reminders
// that are due: a reminder goes out at most this late.
const ReminderInterval = 5 * time.Minute

// Reminders sends the opt-in streak reminders: one DM, at most once a
// day, to a player whose streak in a place is alive while that day's
// daily is unsolved, once the place's day has less than the hours they
// chose left. The store's claim makes it once a day across processes.
type Reminders struct {
	Store  ReminderStore
	DM     DMSender
	Clock  Clock
	Logger *slog.Logger
}

// Run sends due reminders every ReminderInterval until ctx ends.
func (r *Reminders) Run(ctx context.Context) error {
	for {
		r.RunDue(ctx)
		t := r.clock().NewTimer(ReminderInterval)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C():
		}
	}
}

func (r *Reminders) clock() Clock {
	if r.Clock == nil {
		return SystemClock()
	}
	return r.Clock
}

func (r *Reminders) log() *slog.Logger {
	if r.Logger == nil {
		return slog.Default()
	}
	return r.Logger
}

// RunDue sends the reminders due now and returns how many were sent.
func (r *Reminders) RunDue(ctx context.Context) int {
	all, err := r.Store.Reminders(ctx)
	if err != nil {
		r.log().Warn("listing reminders", "err", err)
		return 0
	}
	now, sent := r.clock().Now(), 0
	for _, rem := range all {
		if ctx.Err() != nil {
			break
		}
		ok, err := r.send(ctx, rem, now)
		if err != nil {
			r.log().Warn("streak reminder", "user", rem.UserID, "guild", rem.GuildID, "err", err)
		}
		if ok {
			sent++
		}
	}
	return sent
}

// send sends one reminder if it is due, and reports whether it did.
func (r *Reminders) send(ctx context.Context, rem store.Reminder, now time.Time) (bool, error) {
	loc := time.UTC
	if rem.TimeZone != "" {
		if l, err := time.LoadLocation(rem.TimeZone); err == nil {
			loc = l
		}
	}
	today := store.DayOf(now, loc).String() // the reminder store keeps dates as text
	left := game.TimeLeft(now.In(loc))
	if rem.LastSentDay >= today || left > time.Duration(rem.HoursBefore)*time.Hour {
		return false, nil
	}
	standing, err := game.StandingAt(ctx, r.Store, rem.GuildID, rem.UserID, now.In(loc))
	if err != nil || standing.Status != game.StreakAtRisk {
		return false, err
	}
	streak := standing.Streak
	// Claim before sending: a DM lost after the claim is not resent, so
	// nobody ever gets two in a day.
	if won, err := r.Store.ClaimReminder(ctx, rem.UserID, rem.GuildID, today); err != nil || !won {
		return false, err
	}
	if err := r.DM.SendDM(ctx, rem.UserID, ReminderText(l10n.For(rem.Locale), streak, left, loc, rem.GuildID)); err != nil {
		return false, fmt.Errorf("sending: %w", err)
	}
	return true, nil
}

// ReminderText is the DM: the streak, the time left, and how to stop.
func ReminderText(l *l10n.Lang, streak int, left time.Duration, loc *time.Location, guildID string) string {
	id := "remind.dm"
	if guildID != "" {
		id = "remind.dm_server"
	}
	h, min := game.LeftFields(left)
	return l.T(id, "Streak", streak, "Hours", h, "Minutes", min, "Zone", loc.String())
}
