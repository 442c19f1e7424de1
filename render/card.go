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
// the digits, so posting it spoils nothing.
type Result struct {
	// Headline is the big line; "" means "Solved!".
	Headline string
	// Title, Date, Level and Number make the line under the headline, e.g.
	// "Daily · 22 Nov 2026 · Hard · #123"; empty parts are left out.
	Title  string
	Date   time.Time
	Level  string
	Number int
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
	if r.Title != "" {
		parts = append(parts, r.Title)
	}
	if !r.Date.IsZero() {
		parts = append(parts, r.Date.Format("2 Jan 2006"))
	}
	if r.Level != "" {
		parts = append(parts, strings.ToUpper(r.Level[:1])+r.Level[1:])
	}
	if r.Number > 0 {
		parts = append(parts, fmt.Sprintf("#%d", r.Number))
	}
	return strings.Join(parts, " · ")
}

// SolveTime writes a solve time as m:ss, or h:mm:ss from an hour up: the
// one way times are written, on cards and in the bot's and the daily
// post's messages.
func SolveTime(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

type stat struct{ value, caption string }

func (r Result) stats() []stat {
	var out []stat
	if r.Time > 0 {
		out = append(out, stat{SolveTime(r.Time), "time"})
	}
	plural := func(n int, one, many string) string {
		if n == 1 {
			return one
		}
		return many
	}
	out = append(out,
		stat{fmt.Sprint(r.Hints), plural(r.Hints, "hint", "hints")},
		stat{fmt.Sprint(r.Mistakes), plural(r.Mistakes, "mistake", "mistakes")})
	if r.Streak > 0 {
		out = append(out, stat{fmt.Sprint(r.Streak), "day streak"})
	}
	return out
}

// ResultCard draws a spoiler-free card for a finished game. It uses
// Options.Theme and Options.Size (the width, DefaultCardSize when 0; the
// card is half as high); the other options do not apply.
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

	head := r.Headline
	if head == "" {
		head = "Solved!"
	}
	y := pad
	y = drawFitted(cv, head, text{bold, float64(h) * 0.13}, left, y, right-left, t.Title)
	if sub := r.subtitle(); sub != "" {
		y = drawFitted(cv, sub, text{medium, float64(h) * 0.058}, left, y+float64(h)*0.04, right-left, t.Label)
	}

	// Stats in tiles, two per row, filling what is left.
	stats := r.stats()
	rows := (len(stats) + 1) / 2
	gap := float64(h) * 0.035
	top := y + float64(h)*0.06
	tileW := (right - left - gap) / 2
	tileH := (float64(h) - pad - top - gap*float64(rows-1)) / float64(rows)
	for i, s := range stats {
		x := left + float64(i%2)*(tileW+gap)
		ty := top + float64(i/2)*(tileH+gap)
		cv.dc.DrawRoundedRectangle(x, ty, tileW, tileH, tileH*0.16)
		cv.dc.SetColor(t.Panel)
		cv.dc.Fill()
		inner := tileW - 2*tileH*0.2
		vy := drawFitted(cv, s.value, text{bold, tileH * 0.46}, x+tileH*0.2, ty+tileH*0.13, inner, t.Title)
		drawFitted(cv, s.caption, text{medium, tileH * 0.22}, x+tileH*0.2, vy+tileH*0.08, inner, t.Label)
	}
	return cv.done(), nil
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
