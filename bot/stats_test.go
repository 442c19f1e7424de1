package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
)

func TestStreakCare(t *testing.T) {
	t.Parallel()
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
		standing := game.Standing{Streak: tc.streak, Status: game.StreakAt(tc.streak, tc.solvedToday), Left: game.TimeLeft(tc.now)}
		if got := streakCare(l10n.English(), standing, tc.now.Location()); !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want it to contain %q", tc.name, got, tc.want)
		}
	}
}

// TestLeaderboardPeriods: a solved daily shows on the day, week and month
// boards and the solves board; streaks say they have no period; a period
// that does not exist is refused by name.
func TestLeaderboardPeriods(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	do := func(i map[string]any) reply { return h.viaHTTP(t, i) }
	r := do(h.cmd(alice, guildID, "sudoku", "daily", nil))
	expectPrivateMessage(t, "daily", r)
	g := h.current(t, alice)
	for _, m := range solvingPlaces(g) {
		do(h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": m}))
	}
	for _, tc := range []struct {
		opts map[string]any
		want []string
	}{
		{nil, []string{"fastest solves", "<@" + alice + ">", "0 hints"}},
		{map[string]any{"period": "week"}, []string{"Dailies solved this week", "1 daily (1 without hints)"}},
		{map[string]any{"period": "month", "board": "solves"}, []string{"Most solves this month", "1 solve (1 without hints)"}},
		{map[string]any{"period": "all", "board": "daily"}, []string{"of all time", "<@" + alice + ">"}},
		{map[string]any{"period": "week", "board": "streaks"}, []string{"no period", "<@" + alice + "> 1"}},
		{map[string]any{"period": "year"}, []string{"is not a period", "day, week, month, all"}},
	} {
		r := do(h.cmd(bob, guildID, "sudoku", "leaderboard", tc.opts))
		for _, w := range tc.want {
			mustContain(t, fmt.Sprintf("leaderboard %v", tc.opts), r.Content, w)
		}
	}
}
