package share

import (
	"bytes"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

// ProgressSince is the first instant a progress picture for today shows,
// in loc: the Monday twelve weeks before today's week. Ask the store for
// the games finished since then.
func ProgressSince(today store.Day, loc *time.Location) time.Time {
	back := (int(today.Weekday()) + 6) % 7
	first := today.AddDays(-back - (render.ProgressDays - 7)).Time()
	return time.Date(first.Year(), first.Month(), first.Day(), 0, 0, 0, 0, loc)
}

// Progress turns the games a player finished (store.History) into their
// progress picture's data: each daily's state on its day, and each solve
// on the day it was finished, where the player is (loc).
func Progress(hist []store.Finished, today store.Day, loc *time.Location, streak int) render.Progress {
	p := render.Progress{Today: today.Time(), Dailies: map[time.Time]render.DailyState{}, Streak: streak}
	for _, f := range hist {
		if !f.Day.IsZero() {
			st := render.DailyGaveUp
			switch {
			case f.Solved && f.Late:
				st = render.DailyLate
			case f.Solved:
				st = render.DailySolved
			}
			key := render.DayKey(f.Day.Time())
			// One daily of a day solved on time outweighs another level's
			// given up or played late.
			if old, ok := p.Dailies[key]; !ok || old != render.DailySolved {
				p.Dailies[key] = st
			}
		}
		if f.Solved {
			p.Solves = append(p.Solves, render.SolvePoint{Day: f.FinishedAt.In(loc), Level: f.Level, Graded: !f.Ungraded, Time: f.Duration})
		}
	}
	return p
}

// ProgressPNG draws a player's progress picture (no words: it reads the
// same in every language).
func ProgressPNG(p render.Progress, theme render.Theme) ([]byte, error) {
	img, err := render.ProgressCard(p, render.Options{Theme: theme})
	if err != nil {
		return nil, fmt.Errorf("progress picture: %w", err)
	}
	var buf bytes.Buffer
	if err := render.WritePNG(&buf, img); err != nil {
		return nil, fmt.Errorf("progress picture: %w", err)
	}
	return buf.Bytes(), nil
}
