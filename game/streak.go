package game

import (
	"fmt"
	"time"
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
