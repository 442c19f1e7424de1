package share

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

// History is the store's read of the games a player finished.
type History interface {
	History(ctx context.Context, guildID, userID string, since time.Time, limit int) ([]store.Finished, error)
}

// maxHistory bounds the games a progress picture reads: thirteen weeks
// of a player who finishes a game every ten minutes of the day.
const maxHistory = 13 * 7 * 144

// ProgressPicture draws a player's progress picture in guildID ("" for
// direct messages) as of today where they are (loc), with their live
// streak: what /sudoku stats attaches and the web board shows.
func ProgressPicture(ctx context.Context, st History, guildID, userID string, today store.Day, loc *time.Location, streak int, theme render.Theme) ([]byte, error) {
	first := render.ProgressFirstDay(today.Time())
	since := time.Date(first.Year(), first.Month(), first.Day(), 0, 0, 0, 0, loc)
	hist, err := st.History(ctx, guildID, userID, since, maxHistory)
	if err != nil {
		return nil, err
	}
	return progressPNG(Progress(hist, today, loc, streak), theme)
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

// progressPNG draws a player's progress picture (no words: it reads the
// same in every language).
func progressPNG(p render.Progress, theme render.Theme) ([]byte, error) {
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
