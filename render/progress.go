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

// chart time range: thirty seconds to two hours, on a log scale, so an
// easy solve in 3 minutes and an extreme in 70 both have room.
var (
	chartMin   = 30 * time.Second
	chartMax   = 2 * time.Hour
	chartTicks = []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour}
)

// The picture's proportions, as fractions of its width: it is made to be
// read shrunk into a dialog on a phone 390 px wide (about 340 px), where a
// label of 4% is still 13 px.
const (
	progressLabel = 0.04  // the labels' size
	progressCol   = 0.055 // a week's column
)

// ProgressCard draws p. It uses Options.Theme and Options.Size (the
// width, DefaultCardSize when 0; the picture is 1.2 as high).
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
	h := w * 6 / 5
	cv := newCanvas(w, h, opts.Theme)
	fw, fh := float64(w), float64(h)
	pad := fw * 0.04
	label := text{regular, fw * progressLabel}

	// The grid of weeks: thirteen columns, Monday at the top. The chart
	// below shares its columns, so a day's dot sits under its square.
	today := DayKey(p.Today)
	first := ProgressFirstDay(today)
	weeks := float64(ProgressDays / 7)
	col := fw * progressCol
	labelW := fw * 0.12 // the chart's times, left of the columns
	left := pad + labelW + (fw-2*pad-labelW-col*weeks)/2
	right := left + col*weeks
	cell := col * 0.82

	// Head: the flame and the live streak.
	head := fw * 0.07
	drawIcon(cv, iconFlame, pad+head*0.4, pad+head*0.45, head*0.4)
	drawFitted(cv, fmt.Sprint(p.Streak), text{bold, head * 0.62}, pad+head, pad+head*0.12, fw*0.3, cv.t.Title)

	// Month marks above the calendar, then the calendar.
	months := pad + head + fw*0.02
	top := months + label.px*1.6
	drawMonths(cv, first, left, months, col, label)
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
	drawWeekdays(cv, left-col*0.35, top, col)

	// The time chart: one marker per solve, its shape and colour the
	// level, with the dates of the weeks' Mondays under it.
	ctop := top + 7*col + fw*0.045
	keyR := fw * 0.02
	keyH := keyR * 3 * 2
	cbottom := fh - pad - keyH - label.px*2
	drawTimeChart(cv, p.Solves, first, left, right, ctop, cbottom, col, label)
	drawDates(cv, first, left, cbottom+label.px*0.5, col, label)
	drawLevelKey(cv, p.Solves, pad, fh-pad-keyH+keyR*1.2, keyR, fw-2*pad)
	return cv.done(), nil
}

// drawMonths marks where each month begins: its number and year
// (2026-11) over the week it begins in, with a tick down to the column;
// the first week is marked too unless a month begins just after it.
func drawMonths(cv *canvas, first time.Time, left, y, col float64, label text) {
	type mark struct {
		week int
		day  time.Time
	}
	var marks []mark
	for i := range ProgressDays / 7 {
		for d := range 7 {
			if day := first.AddDate(0, 0, i*7+d); day.Day() == 1 {
				marks = append(marks, mark{i, day})
			}
		}
	}
	// "2026-11" takes about three columns: the first week gets its month
	// only when the next mark leaves it room.
	if len(marks) == 0 || marks[0].week >= 4 {
		marks = append([]mark{{0, first}}, marks...)
	}
	edge := float64(cv.img.Bounds().Dx()) - col*0.3
	for _, m := range marks {
		x := left + float64(m.week)*col
		cv.dc.SetColor(cv.t.Label)
		cv.dc.SetLineWidth(col * 0.06)
		cv.dc.DrawLine(x+col*0.1, y+label.px*1.05, x+col*0.1, y+label.px*1.45)
		cv.dc.Stroke()
		// A month beginning in the last weeks ends at the picture's edge.
		s := m.day.Format("2006-01")
		wd, _ := measure(label.glyphs(s))
		lx := min(x+col*0.1, edge-float64(wd))
		drawFitted(cv, s, label, lx, y, col*4, cv.t.Label)
	}
}

// drawWeekdays marks the rows of the week at the calendar's left: a bar
// for each weekday, and the weekend's two rows bracketed, so the rows
// read as Monday to Sunday without a word.
func drawWeekdays(cv *canvas, x, top, col float64) {
	dc := cv.dc
	dc.SetColor(cv.t.Label)
	for d := range 5 {
		y := top + (float64(d)+0.5)*col
		dc.DrawCircle(x, y, col*0.1)
		dc.Fill()
	}
	// Saturday and Sunday: one bracket over both rows.
	dc.SetLineWidth(col * 0.1)
	dc.SetLineCapRound()
	y0, y1 := top+5*col+col*0.15, top+7*col-col*0.15
	dc.MoveTo(x+col*0.12, y0)
	dc.LineTo(x, y0)
	dc.LineTo(x, y1)
	dc.LineTo(x+col*0.12, y1)
	dc.Stroke()
}

// drawDates writes under each week's column the day of the month of its
// Monday: the chart's time axis.
func drawDates(cv *canvas, first time.Time, left, y, col float64, label text) {
	small := text{label.id, label.px * 0.9}
	for i := range ProgressDays / 7 {
		day := first.AddDate(0, 0, i*7)
		s := fmt.Sprint(day.Day())
		wd, _ := measure(small.glyphs(s))
		drawFitted(cv, s, small, left+float64(i)*col+(col-float64(wd))/2, y, col, cv.t.Label)
	}
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

// axisClock writes a tick of the time axis in minutes and seconds
// (60:00, not 1:00:00: shorter, and every tick reads alike).
func axisClock(d time.Duration) string {
	s := int64(d / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

func drawTimeChart(cv *canvas, solves []SolvePoint, first time.Time, left, right, top, bottom, col float64, label text) {
	dc, t := cv.dc, cv.t
	dc.SetLineWidth(1)
	// The week columns, faintly, so a marker is read against its week.
	for i := range ProgressDays/7 + 1 {
		x := left + float64(i)*col
		dc.SetColor(t.ThinLine)
		dc.DrawLine(x, top, x, bottom)
		dc.Stroke()
	}
	for _, tick := range chartTicks {
		y := chartY(tick, top, bottom)
		dc.SetColor(t.ThinLine)
		dc.DrawLine(left, y, right, y)
		dc.Stroke()
		s := axisClock(tick)
		wd, _ := measure(label.glyphs(s))
		drawFitted(cv, s, label, left-float64(wd)-col*0.3, y-label.px*0.36, left, t.Label)
	}
	r := col * 0.2
	for _, m := range placeMarkers(solves, first, left, top, bottom, col, r) {
		drawMarker(cv, m.x, m.y, r, m.s.Level, m.s.Graded)
	}
}

// placed is a solve's marker where the chart draws it.
type placed struct {
	s    SolvePoint
	x, y float64
}

// placeMarkers places each solve in the chart: its week's column, a little
// right for later weekdays, at the height of its time. Markers of one day
// that would cover one another (close times, or below the chart's floor)
// move right, then left, in turn, so each stays visible.
func placeMarkers(solves []SolvePoint, first time.Time, left, top, bottom, col, r float64) []placed {
	var out []placed
	byDay := map[int][]placed{}
	for _, s := range solves {
		i := int(DayKey(s.Day).Sub(first).Hours() / 24)
		if i < 0 || i >= ProgressDays {
			continue
		}
		// Days run down the columns, so a day's dot sits under its week
		// and a little right for later weekdays.
		base := left + float64(i/7)*col + col*(0.25+0.5*float64(i%7)/6)
		x, y := base, chartY(s.Time, top, bottom)
		for k := 1; covers(byDay[i], x, y, r) && k <= 2*len(byDay[i])+1; k++ {
			// 1, -1, 2, -2, ... marker widths away.
			step := float64((k+1)/2) * r * 2.2
			if k%2 == 0 {
				step = -step
			}
			x = base + step
		}
		m := placed{s, x, y}
		byDay[i] = append(byDay[i], m)
		out = append(out, m)
	}
	return out
}

// covers reports whether a marker at x, y would overlap one of ms.
func covers(ms []placed, x, y, r float64) bool {
	for _, m := range ms {
		if math.Abs(m.x-x) < r*2 && math.Abs(m.y-y) < r*2 {
			return true
		}
	}
	return false
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
// its pips: the key to the chart, without a word, in rows of at most
// three, centred in width, the first row's middle at cy.
func drawLevelKey(cv *canvas, solves []SolvePoint, x, cy, r, width float64) {
	seen := map[engine.Level]bool{}
	for _, s := range solves {
		if s.Graded {
			seen[s.Level] = true
		}
	}
	var levels []engine.Level
	for _, l := range engine.Levels {
		if seen[l] {
			levels = append(levels, l)
		}
	}
	pip := r * 0.8
	one := r*2.8 + pip*1.5*float64(len(engine.Levels)) + r*1.6
	for row := 0; len(levels) > 0; row++ {
		n := min(keyPerRow, len(levels))
		lx := x + max(0, (width-one*float64(n))/2)
		y := cy + float64(row)*r*3
		for _, l := range levels[:n] {
			drawMarker(cv, lx+r, y, r, l, true)
			drawPips(cv, lx+r*2.8, y-pip/2, pip, int(l))
			lx += one
		}
		levels = levels[n:]
	}
}

// keyPerRow is how many levels one row of the key holds: three read at
// a phone's width.
const keyPerRow = 3
