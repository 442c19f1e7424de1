package bot

import (
	"strings"
	"testing"
	"time"
)

func TestStreakCare(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name        string
		now         time.Time
		streak      int
		solvedToday bool
		want        string
	}{
		{"solved today", time.Date(2026, 11, 23, 21, 30, 0, 0, paris), 4, true, "your streak is safe"},
		{"no streak", time.Date(2026, 11, 23, 21, 30, 0, 0, paris), 0, false, "to start a streak"},
		{"evening in Paris", time.Date(2026, 11, 23, 21, 30, 0, 0, paris), 4, false, "2 h 30 min left"},
		{"names the zone", time.Date(2026, 11, 23, 21, 30, 0, 0, paris), 4, false, "Europe/Paris"},
		// The day the clocks go back has 25 hours.
		{"a 25-hour day", time.Date(2026, 10, 25, 0, 0, 0, 0, paris), 1, false, "25 h 00 min left"},
		{"one minute to go", time.Date(2026, 11, 23, 23, 59, 0, 0, time.UTC), 9, false, "0 h 01 min left"},
	} {
		if got := streakCare(tc.now, tc.streak, tc.solvedToday); !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want it to contain %q", tc.name, got, tc.want)
		}
	}
}
