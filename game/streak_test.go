package game

import (
	"testing"
	"time"
)

// TestStreakRules: the one statement of a streak's status and of the
// time left in the daily's day, which the reminders and /sudoku stats
// both use.
func TestStreakRules(t *testing.T) {
	if StreakAt(0, false) != NoStreak || StreakAt(3, true) != StreakSafe || StreakAt(0, true) != StreakSafe || StreakAt(3, false) != StreakAtRisk {
		t.Fatal("StreakAt: want no streak, safe once solved, else at risk")
	}
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Skipf("no zoneinfo: %v", err)
	}
	for _, tc := range []struct {
		name string
		now  time.Time
		want time.Duration
		h    int
		m    string
	}{
		{"evening", time.Date(2026, 11, 23, 21, 30, 0, 0, paris), 150 * time.Minute, 2, "30"},
		{"clocks go back: 25 hours", time.Date(2026, 10, 25, 0, 0, 0, 0, paris), 25 * time.Hour, 25, "00"},
		{"clocks go forward: 23 hours", time.Date(2026, 3, 29, 0, 0, 0, 0, paris), 23 * time.Hour, 23, "00"},
		{"never more left than there is", time.Date(2026, 11, 23, 23, 58, 30, 0, time.UTC), 90 * time.Second, 0, "01"},
	} {
		left := TimeLeft(tc.now)
		h, m := LeftFields(left)
		if left != tc.want || h != tc.h || m != tc.m {
			t.Errorf("%s: %v left (%d h %s min), want %v (%d h %s min)", tc.name, left, h, m, tc.want, tc.h, tc.m)
		}
	}
}
