package render

import (
	"fmt"
	"image"
	"math"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// ProgressDays is how many days a progress picture shows: thirteen weeks,
// ending with the week of Progress.Today.
const ProgressDays = 91

// DailyState is how a player's daily of one day went.
type DailyState int

// The states of a day in the calendar; a past day without any is missed.
const (
	DailyMissed DailyState = iota
	DailySolved            // solved on its day
	DailyLate              // solved on a later day (/sudoku daily date:)
	DailyGaveUp
)

// SolvePoint is one solved game on the time chart.
type SolvePoint struct {
	Day    time.Time // the date it was solved (only the date counts)
	Level  engine.Level
	Graded bool // an ungraded puzzle is drawn as a hollow ring
	Time   time.Duration
}

// Progress is what a player's progress picture shows: the last thirteen
// weeks of dailies as a calendar (the current streak in its own colour)
// and the solve times of those weeks by level. Like the result card it
// carries no words: dates and times are digits, levels are pips.
type Progress struct {
	Today   time.Time                // the player's today (only the date counts)
	Dailies map[time.Time]DailyState // by date at midnight UTC (see DayKey)
	Streak  int                      // the live streak, ending today or yesterday
	Solves  []SolvePoint
}

// ProgressFirstDay is the first date a progress picture for today shows
// (as a DayKey): the Monday twelve weeks before today's week.
func ProgressFirstDay(today time.Time) time.Time {
	today = DayKey(today)
	back := (int(today.Weekday()) + 6) % 7 // days since Monday
	return today.AddDate(0, 0, -back-(ProgressDays-7))
}

// DayKey is the key of a date in Progress.Dailies: midnight UTC of t's
// calendar date.
func DayKey(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// chart time range: one minute to two hours, on a log scale, so an easy
// solve in 3 minutes and an extreme in 70 both have room.
var (
	chartMin   = time.Minute
	chartMax   = 2 * time.Hour
	chartTicks = []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour}
)

// ProgressCard draws p. It uses Options.Theme and Options.Size (the
// width, DefaultCardSize when 0; the picture is 0.8 as high).
func ProgressCard(p Progress, opts Options) (image.Image, error) {
	if opts.Size == 0 {
		opts.Size = DefaultCardSize
	}
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	if p.Today.IsZero() {
		return nil, fmt.Errorf("render: progress without a date")
	}
	for _, s := range p.Solves {
		if s.Graded && !s.Level.Valid() {
			return nil, fmt.Errorf("render: progress level: %w %d", engine.ErrUnknownLevel, int(s.Level))
		}
	}
	w := opts.Size
	h := w * 4 / 5
	cv := newCanvas(w, h, opts.Theme)
	fw, fh := float64(w), float64(h)
	pad := fw * 0.04

	// The grid of weeks: thirteen columns, Monday at the top. The chart
	// below shares its columns, so a day's dot sits under its square.
	today := DayKey(p.Today)
	first := ProgressFirstDay(today)
	labelW := fw * 0.11
	left, right := pad+labelW, fw-pad
	head := fh * 0.1
	// The calendar takes at most two fifths of the height, the chart the
	// rest: both must read on a phone.
	col := min((right-left)/float64(ProgressDays/7), fh*0.4/7)
	// Centre the calendar and the chart's labels under the head.
	left = (fw-col*float64(ProgressDays/7))/2 + labelW/2
	right = left + col*float64(ProgressDays/7)
	cell := col * 0.82

	// Head: the flame and the live streak.
	drawIcon(cv, iconFlame, pad+head*0.4, pad+head*0.45, head*0.4)
	drawFitted(cv, fmt.Sprint(p.Streak), text{bold, head * 0.62}, pad+head, pad+head*0.12, fw*0.3, cv.t.Title)

	top := pad + head + fh*0.03
	streakFrom := today.AddDate(0, 0, -p.Streak)
	if p.Dailies[today] != DailySolved {
		streakFrom = streakFrom.AddDate(0, 0, -1) // a streak alive from yesterday
	}
	for i := range ProgressDays {
		day := first.AddDate(0, 0, i)
		x := left + float64(i/7)*col + (col-cell)/2
		y := top + float64(i%7)*col + (col-cell)/2
		drawDay(cv, x, y, cell, day, today, p.Dailies[day], day.After(streakFrom))
	}
	// Month starts: a digit 1 above the column where a month begins, the
	// only label the calendar needs to be read.
	for i := range ProgressDays / 7 {
		for d := range 7 {
			if day := first.AddDate(0, 0, i*7+d); day.Day() == 1 {
				drawFitted(cv, fmt.Sprint(int(day.Month())), text{regular, col * 0.38}, left+float64(i)*col+col*0.3, top-col*0.5, col, cv.t.Label)
			}
		}
	}

	// The time chart: one dot per solve, its shape and colour the level.
	ctop := top + 7*col + fh*0.06
	cbottom := fh - pad - fh*0.08
	drawTimeChart(cv, p.Solves, first, left, right, ctop, cbottom, col, left-pad)
	drawLevelKey(cv, p.Solves, left, fh-pad-fh*0.02, col*0.22)
	return cv.done(), nil
}

// drawDay draws one day of the calendar: a filled square for a daily
// solved on its day (in the flame's colour while it is part of the live
// streak), a ring for one solved late, a cross for one given up, a faint
// square for a missed day, and nothing for the days after today. Today
// has a frame. Each state has its own shape, so none is told by colour
// alone.
func drawDay(cv *canvas, x, y, s float64, day, today time.Time, st DailyState, inStreak bool) {
	dc, t := cv.dc, cv.t
	if day.After(today) {
		return
	}
	r := s * 0.18
	switch st {
	case DailySolved:
		dc.DrawRoundedRectangle(x, y, s, s, r)
		dc.SetColor(t.Place)
		if inStreak {
			dc.SetColor(t.Proof)
		}
		dc.Fill()
	case DailyLate:
		dc.DrawRoundedRectangle(x, y, s, s, r)
		dc.SetColor(t.Panel)
		dc.Fill()
		dc.DrawCircle(x+s/2, y+s/2, s*0.26)
		dc.SetColor(t.Place)
		dc.SetLineWidth(s * 0.1)
		dc.Stroke()
	case DailyGaveUp:
		dc.DrawRoundedRectangle(x, y, s, s, r)
		dc.SetColor(t.Panel)
		dc.Fill()
		dc.SetColor(t.Error)
		dc.SetLineWidth(s * 0.1)
		dc.SetLineCapRound()
		dc.MoveTo(x+s*0.3, y+s*0.3)
		dc.LineTo(x+s*0.7, y+s*0.7)
		dc.MoveTo(x+s*0.7, y+s*0.3)
		dc.LineTo(x+s*0.3, y+s*0.7)
		dc.Stroke()
	default:
		dc.DrawRoundedRectangle(x, y, s, s, r)
		dc.SetColor(t.Panel)
		dc.Fill()
	}
	if day.Equal(today) {
		dc.DrawRoundedRectangle(x-s*0.08, y-s*0.08, s*1.16, s*1.16, r*1.3)
		dc.SetColor(t.Title)
		dc.SetLineWidth(s * 0.08)
		dc.Stroke()
	}
}

// chartY places a solve time on the chart's log scale.
func chartY(d time.Duration, top, bottom float64) float64 {
	d = min(max(d, chartMin), chartMax)
	f := math.Log(float64(d)/float64(chartMin)) / math.Log(float64(chartMax)/float64(chartMin))
	return bottom - f*(bottom-top)
}

func drawTimeChart(cv *canvas, solves []SolvePoint, first time.Time, left, right, top, bottom, col, labelW float64) {
	dc, t := cv.dc, cv.t
	dc.SetLineWidth(1)
	for _, tick := range chartTicks {
		y := chartY(tick, top, bottom)
		dc.SetColor(t.ThinLine)
		dc.DrawLine(left, y, right, y)
		dc.Stroke()
		label := text{regular, col * 0.42}
		gs := label.glyphs(clock(tick))
		wd, _ := measure(gs)
		drawFitted(cv, clock(tick), label, left-float64(wd)-col*0.25, y-col*0.18, labelW, t.Label)
	}
	r := col * 0.22
	for _, s := range solves {
		i := int(DayKey(s.Day).Sub(first).Hours() / 24)
		if i < 0 || i >= ProgressDays {
			continue
		}
		// Days run down the columns, so a day's dot sits under its week
		// and a little right for later weekdays.
		x := left + float64(i/7)*col + col*(0.2+0.6*float64(i%7)/6)
		y := chartY(s.Time, top, bottom)
		drawMarker(cv, x, y, r, s.Level, s.Graded)
	}
}

// drawMarker draws a level's marker: the colour of its branch and as
// many points as its pips (a disc for easy, then a bar, a triangle, a
// square, a pentagon, a hexagon), so levels differ by shape as well as
// colour. An ungraded puzzle is a hollow ring.
func drawMarker(cv *canvas, x, y, r float64, level engine.Level, graded bool) {
	dc := cv.dc
	if !graded {
		dc.DrawCircle(x, y, r*0.8)
		dc.SetColor(cv.t.Label)
		dc.SetLineWidth(r * 0.3)
		dc.Stroke()
		return
	}
	dc.SetColor(cv.t.Branch[int(level)%len(cv.t.Branch)])
	switch n := int(level) + 1; n {
	case 1:
		dc.DrawCircle(x, y, r)
	case 2:
		dc.DrawRoundedRectangle(x-r*1.2, y-r*0.5, r*2.4, r, r*0.3)
	default:
		dc.DrawRegularPolygon(n, x, y, r*1.15, 0)
	}
	dc.Fill()
}

// drawLevelKey shows, for each level among the solves, its marker and
// its pips: the key to the chart, without a word.
func drawLevelKey(cv *canvas, solves []SolvePoint, x, cy, r float64) {
	seen := map[engine.Level]bool{}
	for _, s := range solves {
		if s.Graded {
			seen[s.Level] = true
		}
	}
	for _, l := range engine.Levels {
		if !seen[l] {
			continue
		}
		drawMarker(cv, x+r, cy, r, l, true)
		x += r * 2.6
		drawPips(cv, x, cy-r*0.35, r*0.7, int(l))
		x += r*0.7*1.5*float64(len(engine.Levels)) + r*1.6
	}
}
