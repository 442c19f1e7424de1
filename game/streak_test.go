package game

import (
	"context"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/store"
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

// fakeStreaks is a player's statistics and live streak, for StandingAt.
type fakeStreaks struct {
	stats store.PlayerStats
	live  int
	asked string // the day LiveStreak was asked for
}

func (f *fakeStreaks) PlayerStats(context.Context, string, string) (store.PlayerStats, error) {
	return f.stats, nil
}

func (f *fakeStreaks) LiveStreak(_ context.Context, _, _, today string) (int, error) {
	f.asked = today
	return f.live, nil
}

// TestStandingAt: a streak's standing is read on the daily's day where
// now is (Auckland is already on the next day), safe once that day's
// daily is solved, at risk otherwise, with the time left in that day.
func TestStandingAt(t *testing.T) {
	t.Parallel()
	auckland, err := time.LoadLocation("Pacific/Auckland")
	if err != nil {
		t.Skipf("no zoneinfo: %v", err)
	}
	now := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC).In(auckland) // 09:00 on the 24th there
	for _, tc := range []struct {
		name       string
		lastSolved string
		live       int
		want       StreakStatus
	}{
		{"solved today", "2026-11-24", 5, StreakSafe},
		{"solved yesterday", "2026-11-23", 4, StreakAtRisk},
		{"broken", "2026-11-20", 0, NoStreak},
	} {
		f := &fakeStreaks{stats: store.PlayerStats{CurrentStreak: 4, LastSolvedDay: tc.lastSolved}, live: tc.live}
		s, err := StandingAt(context.Background(), f, "g", "u", now)
		if err != nil {
			t.Fatal(err)
		}
		if s.Status != tc.want || s.Streak != tc.live || s.Today != store.Date(2026, 11, 24) || f.asked != "2026-11-24" || s.Left != 15*time.Hour {
			t.Errorf("%s: %+v (live streak asked for %s), want %v on 2026-11-24 with 15 h left", tc.name, s, f.asked, tc.want)
		}
	}
}
