package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// TestPeriodLeaderboards: over a week, more dailies solved ranks first,
// then more solved without hints, then the faster average; days outside
// the period and other guilds do not count.
func TestPeriodLeaderboards(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		fx := loadFixtures(t)
		// One puzzle per day: a player has one game per puzzle and context.
		days := []string{"2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25"}
		puzzles := map[string]Puzzle{}
		for i, d := range days {
			puzzles[d] = savePuzzle(t, s, fx[i%len(fx)], engine.LevelEasy)
		}
		fxOf := func(d string) fixture {
			for i, x := range days {
				if x == d {
					return fx[i%len(fx)]
				}
			}
			t.Fatalf("no day %s", d)
			return fixture{}
		}
		play := func(user, day string, dur time.Duration, hints int) {
			playDaily(t, s, fxOf(day), puzzles[day], "g1", user, day, dur, hints, false)
		}
		// The week of Monday 23 to Sunday 29 November.
		play("steady", "2026-11-23", 9*time.Minute, 0)
		play("steady", "2026-11-24", 9*time.Minute, 0)
		play("steady", "2026-11-25", 9*time.Minute, 0)
		play("hinted", "2026-11-23", 2*time.Minute, 1)
		play("hinted", "2026-11-24", 2*time.Minute, 1)
		play("hinted", "2026-11-25", 2*time.Minute, 0)
		play("quick", "2026-11-23", 3*time.Minute, 0)
		play("quick", "2026-11-24", 3*time.Minute, 0)
		play("sunday", "2026-11-22", time.Minute, 0) // the week before
		playDaily(t, s, fxOf("2026-11-23"), puzzles["2026-11-23"], "g2", "elsewhere", "2026-11-23", time.Minute, 0, false)

		lb, err := s.DailiesLeaderboard(ctx, "g1", "2026-11-23", "2026-11-29", 10)
		must(t, err, "DailiesLeaderboard")
		var got []string
		for _, e := range lb {
			got = append(got, fmt.Sprintf("%d %s %d/%d %v", e.Rank, e.UserID, e.Clean, e.Solves, e.Duration))
		}
		if want := "1 steady 3/3 9m0s|2 hinted 1/3 2m0s|3 quick 2/2 3m0s"; strings.Join(got, "|") != want {
			t.Errorf("week = %q, want %q", strings.Join(got, "|"), want)
		}
		_, err = s.DailiesLeaderboard(ctx, "g1", "2026-11-23", "soon", 10)
		mustIs(t, err, ErrInvalid, "a bad day")

		since, err := s.SolvesSince(ctx, "g1", time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), 2)
		must(t, err, "SolvesSince")
		got = nil
		for _, e := range since {
			got = append(got, fmt.Sprintf("%s %d", e.UserID, e.Solves))
		}
		if want := "steady 2|hinted 2"; strings.Join(got, "|") != want {
			t.Errorf("solves since the 24th = %q, want %q", strings.Join(got, "|"), want)
		}
	})
}
