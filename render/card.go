package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// DefaultCardSize is the width of a result card when Options.Size is 0.
const DefaultCardSize = 800

// Result is a finished game as a player may share it: how it went, never
// the digits, so posting it spoils nothing. The card carries no words, so
// it reads the same in every language: numbers, a date, and icons.
type Result struct {
	// Date and Number make the line beside the tick, e.g.
	// "#123 · 2026-11-22"; zero values are left out.
	Date   time.Time
	Number int
	// Level is drawn as pips when Graded: one filled pip per level up to
	// this one, out of six. Without Graded (a puzzle whose grading has not
	// finished, or a card that leaves the level out) none are drawn.
	Level  engine.Level
	Graded bool
	// Time is how long the solve took; 0 hides it.
	Time time.Duration
	// Hints and Mistakes are shown always: zero is worth showing off.
	Hints, Mistakes int
	// Streak is the player's run of days; 0 hides it.
	Streak int
	// Givens, when set, draws the puzzle's shape (which cells were given)
	// as a small silhouette: no digits.
	Givens engine.Grid
}

func (r Result) subtitle() string {
	var parts []string
	if r.Number > 0 {
		parts = append(parts, fmt.Sprintf("#%d", r.Number))
	}
	if !r.Date.IsZero() {
		parts = append(parts, r.Date.Format(time.DateOnly))
	}
	return strings.Join(parts, " · ")
}

// clock writes a solve time on the card as m:ss, or h:mm:ss from an hour
// up, in digits only: the card carries no words. Text outside pictures
// writes times with l10n.Lang.Duration, the same way.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// icon is the picture that stands for a stat in place of a caption.
type icon int

const (
	iconClock icon = iota
	iconBulb
	iconCross
	iconFlame
)

type stat struct {
	value string
	icon  icon
}

func (r Result) stats() []stat {
	var out []stat
	if r.Time > 0 {
		out = append(out, stat{clock(r.Time), iconClock})
	}
	out = append(out, stat{fmt.Sprint(r.Hints), iconBulb}, stat{fmt.Sprint(r.Mistakes), iconCross})
	if r.Streak > 0 {
		out = append(out, stat{fmt.Sprint(r.Streak), iconFlame})
	}
	return out
}

// ResultCard draws a spoiler-free card for a finished game: a tick, the
// daily's number and date, the level as pips, and the stats as icons
// with numbers. It uses Options.Theme and Options.Size (the width,
// DefaultCardSize when 0; the card is half as high); the other options do
// not apply. An unknown level is an error.
func ResultCard(r Result, opts Options) (image.Image, error) {
	if opts.Size == 0 {
		opts.Size = DefaultCardSize
	}
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	if err := checkGrid("givens", r.Givens); err != nil {
		return nil, err
	}
	pips := -1
	if r.Graded {
		if !r.Level.Valid() {
			return nil, fmt.Errorf("render: card level: %w %d", engine.ErrUnknownLevel, int(r.Level))
		}
		pips = int(r.Level)
	}
	w := opts.Size
	h := w / 2
	cv := newCanvas(w, h, opts.Theme)
	t := cv.t
	pad := float64(h) * 0.08
	left := pad
	if r.Givens != (engine.Grid{}) {
		side := float64(h) - 2*pad
		drawSilhouette(cv, r.Givens, pad, pad, side)
		left = 2*pad + side
	}
	right := float64(w) - pad

	// The head: a tick in a disc, then the number and date, the level's
	// pips beneath them.
	head := float64(h) * 0.2
	drawTick(cv, left+head/2, pad+head/2, head/2)
	x := left + head + float64(h)*0.05
	y := pad + head*0.08
	if sub := r.subtitle(); sub != "" {
		y = drawFitted(cv, sub, text{bold, float64(h) * 0.07}, x, y, right-x, t.Title)
		y += head * 0.2
	}
	if pips >= 0 {
		drawPips(cv, x, y, head*0.28, pips)
	}

	// Stats in tiles, two per row, filling what is left.
	stats := r.stats()
	rows := (len(stats) + 1) / 2
	gap := float64(h) * 0.035
	top := pad + head + float64(h)*0.06
	tileW := (right - left - gap) / 2
	tileH := (float64(h) - pad - top - gap*float64(rows-1)) / float64(rows)
	// Each tile: the icon, and the value beneath it. One size for every
	// value, the largest at which the widest fits, so a long time does not
	// sit small beside a big single digit.
	inset := tileH * 0.16
	iconSide := tileH * 0.3
	valueW := tileW - 2*inset
	vh := tileH * 0.42
	for _, s := range stats {
		if w, _ := measure(text{bold, vh}.glyphs(s.value)); float64(w) > valueW {
			vh *= valueW / float64(w)
		}
	}
	for i, s := range stats {
		tx := left + float64(i%2)*(tileW+gap)
		ty := top + float64(i/2)*(tileH+gap)
		cv.dc.DrawRoundedRectangle(tx, ty, tileW, tileH, tileH*0.16)
		cv.dc.SetColor(t.Panel)
		cv.dc.Fill()
		drawIcon(cv, s.icon, tx+inset+iconSide/2, ty+inset+iconSide/2, iconSide/2)
		drawFitted(cv, s.value, text{bold, vh}, tx+inset, ty+inset+iconSide+tileH*0.1, valueW, t.Title)
	}
	return cv.done(), nil
}

// drawTick draws a filled disc with a check mark: "solved" without a word.
func drawTick(cv *canvas, cx, cy, r float64) {
	dc := cv.dc
	dc.DrawCircle(cx, cy, r)
	dc.SetColor(cv.t.Place)
	dc.Fill()
	dc.SetColor(cv.t.Background)
	dc.SetLineWidth(r * 0.22)
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	dc.MoveTo(cx-r*0.45, cy+r*0.02)
	dc.LineTo(cx-r*0.12, cy+r*0.36)
	dc.LineTo(cx+r*0.5, cy-r*0.34)
	dc.Stroke()
}

// drawPips draws the six levels as discs, filled up to level (0-based).
func drawPips(cv *canvas, x, y, d float64, level int) {
	dc := cv.dc
	for i := range len(engine.Levels) {
		cx := x + d/2 + float64(i)*d*1.5
		cy := y + d/2
		dc.DrawCircle(cx, cy, d/2-d*0.06)
		if i <= level {
			dc.SetColor(cv.t.Proof)
			dc.Fill()
			continue
		}
		dc.SetColor(cv.t.Label)
		dc.SetLineWidth(d * 0.12)
		dc.Stroke()
	}
}

// drawIcon draws a stat's icon in a square of half-side r round (cx, cy).
// Each has its own shape, so none is told by colour alone.
func drawIcon(cv *canvas, ic icon, cx, cy, r float64) {
	dc := cv.dc
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	dc.SetLineWidth(r * 0.16)
	switch ic {
	case iconClock:
		dc.SetColor(cv.t.Label)
		dc.DrawCircle(cx, cy, r*0.85)
		dc.Stroke()
		dc.MoveTo(cx, cy-r*0.5)
		dc.LineTo(cx, cy)
		dc.LineTo(cx+r*0.38, cy+r*0.2)
		dc.Stroke()
	case iconBulb:
		dc.SetColor(cv.t.Proof)
		dc.DrawCircle(cx, cy-r*0.25, r*0.6)
		dc.Fill()
		dc.DrawRectangle(cx-r*0.3, cy+r*0.2, r*0.6, r*0.35)
		dc.Fill()
		dc.SetColor(cv.t.Label)
		dc.MoveTo(cx-r*0.28, cy+r*0.7)
		dc.LineTo(cx+r*0.28, cy+r*0.7)
		dc.Stroke()
		dc.MoveTo(cx-r*0.18, cy+r*0.92)
		dc.LineTo(cx+r*0.18, cy+r*0.92)
		dc.Stroke()
	case iconCross:
		dc.SetColor(cv.t.Error)
		dc.DrawCircle(cx, cy, r*0.85)
		dc.Stroke()
		dc.MoveTo(cx-r*0.36, cy-r*0.36)
		dc.LineTo(cx+r*0.36, cy+r*0.36)
		dc.MoveTo(cx+r*0.36, cy-r*0.36)
		dc.LineTo(cx-r*0.36, cy+r*0.36)
		dc.Stroke()
	case iconFlame:
		dc.SetColor(cv.t.Proof)
		dc.MoveTo(cx, cy-r)
		dc.CubicTo(cx+r*0.2, cy-r*0.45, cx+r*0.8, cy-r*0.2, cx+r*0.7, cy+r*0.35)
		dc.CubicTo(cx+r*0.6, cy+r*0.9, cx-r*0.6, cy+r*0.9, cx-r*0.7, cy+r*0.35)
		dc.CubicTo(cx-r*0.75, cy-r*0.05, cx-r*0.4, cy-r*0.2, cx-r*0.3, cy-r*0.55)
		dc.CubicTo(cx-r*0.1, cy-r*0.3, cx-r*0.05, cy-r*0.65, cx, cy-r)
		dc.ClosePath()
		dc.Fill()
		dc.SetColor(cv.t.Panel)
		dc.MoveTo(cx, cy-r*0.05)
		dc.CubicTo(cx+r*0.35, cy+r*0.2, cx+r*0.3, cy+r*0.7, cx, cy+r*0.7)
		dc.CubicTo(cx-r*0.3, cy+r*0.7, cx-r*0.35, cy+r*0.2, cx, cy-r*0.05)
		dc.ClosePath()
		dc.Fill()
	}
}

// drawFitted draws one line of text with its ink top at y, shrinking it to
// fit width, and returns the y of its ink bottom.
func drawFitted(cv *canvas, s string, tx text, x, y, width float64, col color.NRGBA) float64 {
	gs := tx.glyphs(s)
	if w, _ := measure(gs); float64(w) > width {
		tx.px *= width / float64(w)
		gs = tx.glyphs(s)
	}
	// Place by the font's cap height, not the string's ink, so lines with
	// and without descenders share a baseline rule.
	capH := float64(-tx.glyphs("H")[0].ink().Min.Y)
	base := int(math.Round(y + capH))
	drawGlyphs(cv.img, gs, int(math.Round(x)), base, image.NewUniform(col))
	return y + capH
}

// drawSilhouette draws the 9x9 shape of a puzzle: given cells in one
// colour, solved cells in another, no digits.
func drawSilhouette(cv *canvas, givens engine.Grid, x, y, side float64) {
	boxGap := side * 0.025
	gap := side * 0.012
	cell := (side - 2*boxGap - 6*gap) / 9
	for c := range engine.NumCells {
		r, col := engine.RowOf(c), engine.ColOf(c)
		cx := x + float64(col)*(cell+gap) + float64(col/3)*(boxGap-gap)
		cy := y + float64(r)*(cell+gap) + float64(r/3)*(boxGap-gap)
		cv.dc.DrawRoundedRectangle(cx, cy, cell, cell, cell*0.18)
		if givens[c] != 0 {
			cv.dc.SetColor(cv.t.Label)
		} else {
			cv.dc.SetColor(cv.t.Place)
		}
		cv.dc.Fill()
	}
}
