package game

import (
	"context"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/store"
)

func TestPeriodOf(t *testing.T) {
	paris, _ := time.LoadLocation("Europe/Paris")
	now := time.Date(2026, 11, 25, 8, 0, 0, 0, paris) // a Wednesday
	for _, tc := range []struct{ name, from, to string }{
		{"day", "2026-11-25", "2026-11-25"},
		{"week", "2026-11-23", "2026-11-25"},
		{"month", "2026-11-01", "2026-11-25"},
		{"all", "2000-01-01", "2026-11-25"},
	} {
		p := PeriodOf(tc.name, now)
		if p.From != tc.from || p.To != tc.to || p.Since.Format(time.DateOnly) != tc.from || p.Since.Location() != paris {
			t.Errorf("%s: %+v, want %s to %s", tc.name, p, tc.from, tc.to)
		}
	}
	// A Sunday belongs to the week that began on the Monday before.
	if p := PeriodOf("week", time.Date(2026, 11, 29, 23, 0, 0, 0, time.UTC)); p.From != "2026-11-23" {
		t.Errorf("Sunday's week starts %s, want 2026-11-23", p.From)
	}
}

// boardCalls is a LeaderboardStore that records which board it was asked.
type boardCalls []string

func (c *boardCalls) DailyLeaderboard(_ context.Context, _, day string, _ int) ([]store.LeaderboardEntry, error) {
	*c = append(*c, "today "+day)
	return nil, nil
}

func (c *boardCalls) StreakLeaderboardAsOf(_ context.Context, _, today string, _ int) ([]store.LeaderboardEntry, error) {
	*c = append(*c, "streaks "+today)
	return nil, nil
}

func (c *boardCalls) DailiesLeaderboard(_ context.Context, _, from, to string, _ int) ([]store.LeaderboardEntry, error) {
	*c = append(*c, "dailies "+from+" "+to)
	return nil, nil
}

func (c *boardCalls) SolvesSince(_ context.Context, _ string, since time.Time, _ int) ([]store.LeaderboardEntry, error) {
	*c = append(*c, "solves "+since.Format(time.DateOnly))
	return nil, nil
}

// TestLeaderboardBoard: each kind and period asks the store for its
// board; streaks over a week or month say they have no period; an unknown
// kind or period is refused by name.
func TestLeaderboardBoard(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC) // a Wednesday
	for _, tc := range []struct {
		kind, period, call string
		noPeriod           bool
	}{
		{"", "", "today 2026-11-25", false},
		{"daily", "week", "dailies 2026-11-23 2026-11-25", false},
		{"solves", "month", "solves 2026-11-01", false},
		{"streaks", "week", "streaks 2026-11-25", true},
		{"streaks", "all", "streaks 2026-11-25", false},
	} {
		var calls boardCalls
		lb, err := Leaderboards{Store: &calls}.Board(ctx, "g", tc.kind, tc.period, now)
		if err != nil || len(calls) != 1 || calls[0] != tc.call || lb.NoPeriod != tc.noPeriod {
			t.Errorf("%s/%s: asked %v, no period %v (%v); want %s, %v", tc.kind, tc.period, calls, lb.NoPeriod, err, tc.call, tc.noPeriod)
		}
	}
	var calls boardCalls
	if _, err := (Leaderboards{Store: &calls}).Board(ctx, "g", "weekly", "", now); !isRefusal(err, "board.bad_kind") {
		t.Errorf("unknown kind: %v", err)
	}
	if _, err := (Leaderboards{Store: &calls}).Board(ctx, "g", "daily", "year", now); !isRefusal(err, "board.bad_period") || len(calls) != 0 {
		t.Errorf("unknown period: %v, asked %v", err, calls)
	}
}
