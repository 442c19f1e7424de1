package game

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/store"
)

// StreakStatus is where a player's daily streak stands today.
type StreakStatus int

// The streak statuses.
const (
	// NoStreak: no streak to keep; today's daily would start one.
	NoStreak StreakStatus = iota
	// StreakSafe: today's daily is solved, the streak goes on tomorrow.
	StreakSafe
	// StreakAtRisk: a streak that ends at midnight unless today's daily
	// is solved; the player may be reminded (schedule.Reminders) and is
	// told the time left (/sudoku stats).
	StreakAtRisk
)

// StreakAt is the status of a live streak of streak days, today's daily
// solved or not.
func StreakAt(streak int, solvedToday bool) StreakStatus {
	switch {
	case solvedToday:
		return StreakSafe
	case streak == 0:
		return NoStreak
	}
	return StreakAtRisk
}

// TimeLeft is what is left of the daily's day at now, whose location is
// the guild's time zone: until the next midnight there, so a day on which
// the clocks go back has 25 hours, one on which they go forward 23.
func TimeLeft(now time.Time) time.Duration {
	y, m, d := now.Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, now.Location()).Sub(now)
}

// LeftFields are the catalogue's fields of a time left, as the messages
// that show it take them: whole hours and the minutes after them, two
// digits, counted down to the minute (never more left than there is).
func LeftFields(left time.Duration) (hours int, minutes string) {
	left = left.Truncate(time.Minute)
	return int(left.Hours()), fmt.Sprintf("%02d", int(left.Minutes())%60)
}

// StreakStore reads a player's statistics and the streak still alive on a
// day; *store.Store implements it.
type StreakStore interface {
	PlayerStats(ctx context.Context, guildID, userID string) (store.PlayerStats, error)
	LiveStreak(ctx context.Context, guildID, userID, today string) (int, error)
}

// Standing is where a player's daily streak stands at a moment.
type Standing struct {
	// Stats are the player's statistics in the place.
	Stats store.PlayerStats
	// Today is the daily's day at the moment.
	Today store.Day
	// Streak is the streak still alive today: 0 once a posted daily was
	// missed (store.Store.LiveStreak), whatever Stats.CurrentStreak says.
	Streak int
	// Status is where it stands: none, safe (today's daily solved) or at
	// risk.
	Status StreakStatus
	// Left is what is left of the daily's day (TimeLeft).
	Left time.Duration
}

// StandingAt is where userID's daily streak in guildID ("" for DMs)
// stands at now, whose location is the daily's time zone (the guild's,
// DailyClock, or a reminder's): the one reading of it for /sudoku stats
// and the streak reminders.
func StandingAt(ctx context.Context, st StreakStore, guildID, userID string, now time.Time) (Standing, error) {
	today := store.DayOf(now, now.Location())
	stats, err := st.PlayerStats(ctx, guildID, userID)
	if err != nil {
		return Standing{}, err
	}
	// The stats keep days as text.
	live, err := st.LiveStreak(ctx, guildID, userID, today.String())
	if err != nil {
		return Standing{}, err
	}
	return Standing{Stats: stats, Today: today, Streak: live, Status: StreakAt(live, stats.LastSolvedDay >= today.String()),
		Left: TimeLeft(now)}, nil
}
