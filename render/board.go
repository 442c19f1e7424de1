package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"github.com/sudokubot/sudokubot/engine"
)

// Size limits and the default width, in pixels.
const (
	DefaultSize = 1000
	MinSize     = 200
	MaxSize     = 4000
)

// Errors of bad input, checked with errors.Is; the returned error wraps one
// of them and says exactly what is wrong.
var (
	ErrSize     = errors.New("image size out of range")
	ErrTheme    = errors.New("unknown theme")
	ErrGrid     = errors.New("bad grid")
	ErrProgress = errors.New("progress does not match the puzzle")
	ErrHint     = errors.New("bad hint")
)

// Position is the board a player sees.
type Position struct {
	// Puzzle holds the givens.
	Puzzle engine.Grid
	// Progress is the player's grid. It may repeat the givens or leave
	// them 0; any other digit in a given's cell is an error. The zero
	// Progress means nothing is entered yet.
	Progress engine.Grid
	// Marks are the pencil marks of the empty cells. Nil means every
	// candidate the filled cells allow. A hint should come with the marks it
	// was found on, or its picture may show candidates it already removed.
	Marks *[engine.NumCells]engine.Digits
}

// Options choose what to draw. The zero Options draw a 1000 px board in
// the dark theme with no title, no pencil marks and no hint.
type Options struct {
	// Theme is the colour scheme; the zero Theme means Dark, because most
	// Discord players use dark mode.
	Theme Theme
	// Size is the image width in pixels, MinSize to MaxSize; 0 means
	// DefaultSize. A board is square; a title adds a band above it.
	Size int
	// Title is an optional line above the board, e.g.
	// "Daily · 22 Nov 2026 · Hard · #123", shrunk to fit the width.
	// Characters the Go fonts lack (emoji) are drawn as '?'.
	Title string
	// Candidates draws the pencil marks of every empty cell.
	Candidates bool
	// Solution, when set (a full grid), marks the entries that differ from
	// it. Entries that break a rule are marked whether or not it is set.
	Solution engine.Grid
	// Hint is a step to draw over the board.
	Hint *engine.Step
	// HintLevel decides how much of Hint is drawn: 1 the area (its units),
	// 2 also the pattern with the role of each part (or, for a step
	// without a Pattern, its cells and proof) and chain links, but never
	// the result, 3 also the result (eliminations and placements). 0
	// means 3.
	HintLevel int
	// HintCase, for a Hint with several cases (a forcing chain or net),
	// draws case HintCase (from 1, in the step's Branches order) in full
	// and the other cases faded, so a phone can show a net one case at a
	// time beside the lines that read it; 0 draws every case alike.
	HintCase int
}

func (o Options) withDefaults() (Options, error) {
	if o.Theme == (Theme{}) {
		o.Theme = Dark
	}
	if o.Size == 0 {
		o.Size = DefaultSize
	}
	if o.Size < MinSize || o.Size > MaxSize {
		return o, fmt.Errorf("%w: %d px (want %d to %d)", ErrSize, o.Size, MinSize, MaxSize)
	}
	if o.HintLevel == 0 {
		o.HintLevel = 3
	}
	if o.HintLevel < 1 || o.HintLevel > 3 {
		return o, fmt.Errorf("%w: level %d (want 1, 2 or 3)", ErrHint, o.HintLevel)
	}
	return o, nil
}

// layout is the geometry of a board image; every length scales with the
// width so a small image looks like a scaled large one.
type layout struct {
	w, h     int
	titleH   int
	x0, y0   int // top-left corner of the grid
	cell     int
	thin     int
	thick    int
	labelPx  float64
	titlePx  float64
	pad, lab int
}

func newLayout(size int, title bool) layout {
	l := layout{w: size}
	l.pad = max(4, size*15/1000)
	l.lab = max(12, size*42/1000)
	if title {
		l.titleH = size * 70 / 1000
		l.titlePx = float64(size) * 0.036
	}
	l.cell = (size - 2*l.pad - l.lab) / 9
	// Split the pixels left over by the whole cells between the margins.
	extra := size - 2*l.pad - l.lab - 9*l.cell
	l.x0 = l.pad + l.lab + extra/2
	right := size - l.x0 - 9*l.cell
	l.y0 = l.titleH + l.x0
	l.h = l.y0 + 9*l.cell + right
	l.thin = max(1, int(math.Round(float64(size)/700)))
	l.thick = max(2, int(math.Round(float64(size)/250)))
	l.labelPx = float64(l.lab) * 0.62
	return l
}

// cellRect is the square of a cell, lines included.
func (l layout) cellRect(c int) image.Rectangle {
	x, y := l.x0+engine.ColOf(c)*l.cell, l.y0+engine.RowOf(c)*l.cell
	return image.Rect(x, y, x+l.cell, y+l.cell)
}

func (l layout) center(c int) (float64, float64) {
	r := l.cellRect(c)
	return float64(r.Min.X+r.Max.X) / 2, float64(r.Min.Y+r.Max.Y) / 2
}

// markCenter is where pencil mark d sits: a 3x3 layout, 1 top left, 9
// bottom right, as on paper.
func (l layout) markCenter(c int, d uint8) (float64, float64) {
	x, y := l.center(c)
	step := float64(l.cell) * 0.29
	return x + float64(int(d-1)%3-1)*step, y + float64(int(d-1)/3-1)*step
}

// canvas draws on one image: gg for paths, direct draws for rectangles and
// cached glyphs for text.
type canvas struct {
	img *image.RGBA
	dc  *gg.Context
	t   Theme
}

// rgbaPool recycles drawing surfaces: the result is a separate paletted
// image, so the RGBA one is free again once quantized.
var rgbaPool sync.Pool

func newCanvas(w, h int, t Theme) *canvas {
	img, _ := rgbaPool.Get().(*image.RGBA)
	if img == nil || img.Rect != image.Rect(0, 0, w, h) {
		img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	cv := &canvas{img: img, dc: gg.NewContextForRGBA(img), t: t}
	draw.Draw(img, img.Rect, image.NewUniform(t.Background), image.Point{}, draw.Src)
	return cv
}

// done quantizes the drawing and releases the surface.
func (cv *canvas) done() *image.Paletted {
	p := quantize(cv.img, cv.t.colors())
	rgbaPool.Put(cv.img)
	cv.img, cv.dc = nil, nil
	return p
}

func (cv *canvas) fill(r image.Rectangle, c color.NRGBA) {
	draw.Draw(cv.img, r, image.NewUniform(c), image.Point{}, draw.Over)
}

// board is a validated position with everything derived from it.
type board struct {
	givens, entries, grid engine.Grid
	marks                 [engine.NumCells]engine.Digits
	conflict, wrong       [engine.NumCells]bool
	solved                bool
}

func checkGrid(name string, g engine.Grid) error {
	for c, d := range g {
		if d > 9 {
			return fmt.Errorf("%w: %s has %d at %s (digits are 0-9)", ErrGrid, name, d, engine.CellName(c))
		}
	}
	return nil
}

func newBoard(p Position, sol engine.Grid) (*board, error) {
	for _, g := range []struct {
		name string
		g    engine.Grid
	}{{"puzzle", p.Puzzle}, {"progress", p.Progress}, {"solution", sol}} {
		if err := checkGrid(g.name, g.g); err != nil {
			return nil, err
		}
	}
	b := &board{givens: p.Puzzle}
	for c := range engine.NumCells {
		switch g, e := p.Puzzle[c], p.Progress[c]; {
		case g != 0 && e != 0 && e != g:
			return nil, fmt.Errorf("%w: %s is given as %d but progress has %d", ErrProgress, engine.CellName(c), g, e)
		case g == 0:
			b.entries[c] = e
		}
		b.grid[c] = max(p.Puzzle[c], p.Progress[c])
	}
	if sol != (engine.Grid{}) {
		if !sol.Full() {
			return nil, fmt.Errorf("%w: solution has %d empty cells", ErrGrid, engine.NumCells-sol.Count())
		}
		for c := range engine.NumCells {
			if p.Puzzle[c] != 0 && sol[c] != p.Puzzle[c] {
				return nil, fmt.Errorf("%w: solution has %d at %s, the puzzle gives %d", ErrGrid, sol[c], engine.CellName(c), p.Puzzle[c])
			}
			b.wrong[c] = b.entries[c] != 0 && b.entries[c] != sol[c]
		}
	}
	for _, cf := range b.grid.Conflicts() {
		// A given cannot be wrong unless both are: mark the entries.
		ga, gb := b.givens[cf.A] != 0, b.givens[cf.B] != 0
		b.conflict[cf.A] = !ga || gb
		b.conflict[cf.B] = !gb || ga
	}
	if p.Marks != nil {
		b.marks = *p.Marks
	} else {
		b.marks = engine.NewBoard(b.grid).Cands
	}
	for c, d := range b.grid {
		if d != 0 {
			b.marks[c] = 0
		}
	}
	wrong := false
	for c := range engine.NumCells {
		wrong = wrong || b.wrong[c] || b.conflict[c]
	}
	b.solved = b.grid.Full() && !wrong
	return b, nil
}

// Board draws a position: the grid with labels, givens and entries, marks
// on entries that break a rule (and, with Options.Solution, entries that
// are wrong), optional pencil marks and an optional hint overlay. The image
// is an *image.Paletted, ready for WritePNG.
func Board(p Position, opts Options) (image.Image, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	b, err := newBoard(p, opts.Solution)
	if err != nil {
		return nil, err
	}
	var h *hint
	if opts.Hint != nil {
		if h, err = newHint(*opts.Hint, opts.HintLevel, opts.HintCase, b); err != nil {
			return nil, err
		}
	}
	l := newLayout(opts.Size, opts.Title != "")
	cv := newCanvas(l.w, l.h, opts.Theme)
	drawBoard(cv, l, b, opts, h)
	return cv.done(), nil
}

func drawBoard(cv *canvas, l layout, b *board, opts Options, h *hint) {
	t := cv.t
	if opts.Title != "" {
		drawTitle(cv, l, opts.Title)
	}
	drawLabels(cv, l)

	// Fills first, then lines and unit borders, then links and the shapes
	// under the digits, then digits and marks, then hint strokes.
	for c := range engine.NumCells {
		var fill color.NRGBA
		switch {
		case b.conflict[c]:
			fill = t.ErrorFill
		case h != nil && h.fill[c] != fillNone:
			fill, _ = t.fillColor(h.fill[c])
		case h != nil && h.area[c]:
			fill = t.UnitFill
		default:
			continue
		}
		cv.fill(l.cellRect(c), fill)
	}
	drawLines(cv, l, b.solved)
	if h != nil {
		drawHintUnits(cv, l, h)
		drawHintLinks(cv, l, h)
		drawHintMarks(cv, l, h)
	}

	big := text{bold, float64(l.cell) * 0.66}.digits()
	entry := text{medium, float64(l.cell) * 0.66}.digits()
	small := text{medium, float64(l.cell) * 0.3}.digits()
	smallBold := text{bold, float64(l.cell) * 0.3}.digits()
	for c := range engine.NumCells {
		x, y := l.center(c)
		switch {
		case b.givens[c] != 0:
			col := t.Given
			if b.conflict[c] {
				col = t.Error
			}
			drawCentered(cv.img, big[b.givens[c]:b.givens[c]+1], x, y, image.NewUniform(col))
		case b.entries[c] != 0:
			col := t.Entry
			if b.conflict[c] || b.wrong[c] {
				col = t.Error
			}
			drawCentered(cv.img, entry[b.entries[c]:b.entries[c]+1], x, y, image.NewUniform(col))
		case h != nil && h.placed[c] != 0:
			d := h.placed[c]
			drawCentered(cv.img, entry[d:d+1], x, y, image.NewUniform(t.Place))
		case opts.Candidates || (h != nil && h.showMarks[c]):
			drawMarks(cv, l, c, b.marks[c], h, small, smallBold)
		}
		if b.conflict[c] {
			drawConflictMark(cv, l, c)
		}
		if b.wrong[c] {
			drawWrongMark(cv, l, c)
		}
	}
	if h != nil {
		drawHintStrokes(cv, l, h)
	}
}

func drawTitle(cv *canvas, l layout, title string) {
	px := l.titlePx
	gs := text{bold, px}.glyphs(title)
	avail := l.w - 2*l.pad
	if w, _ := measure(gs); w > avail {
		// Shrink a long title to fit rather than cut it.
		px *= float64(avail) / float64(w)
		gs = text{bold, px}.glyphs(title)
	}
	w, ink := measure(gs)
	x := max(l.pad, (l.w-w)/2)
	y := int(math.Round(float64(l.pad+l.titleH)/2 - float64(ink.Min.Y+ink.Max.Y)/2))
	drawGlyphs(cv.img, gs, x, y, image.NewUniform(cv.t.Title))
}

func drawLabels(cv *canvas, l layout) {
	ds := text{medium, l.labelPx}.digits()
	src := image.NewUniform(cv.t.Label)
	for i := range 9 {
		d := ds[i+1 : i+2]
		x := float64(l.x0) + (float64(i)+0.5)*float64(l.cell)
		drawCentered(cv.img, d, x, float64(l.y0)-float64(l.lab)*0.55, src)
		y := float64(l.y0) + (float64(i)+0.5)*float64(l.cell)
		drawCentered(cv.img, d, float64(l.x0)-float64(l.lab)*0.55, y, src)
	}
}

// drawLines draws thin cell lines and thick box lines on pixel boundaries,
// so they stay crisp at any size.
func drawLines(cv *canvas, l layout, solved bool) {
	span := 9 * l.cell
	for i := 0; i <= 9; i++ {
		if i%3 == 0 {
			continue
		}
		o := i*l.cell - l.thin/2
		cv.fill(image.Rect(l.x0+o, l.y0, l.x0+o+l.thin, l.y0+span), cv.t.ThinLine)
		cv.fill(image.Rect(l.x0, l.y0+o, l.x0+span, l.y0+o+l.thin), cv.t.ThinLine)
	}
	for i := 0; i <= 9; i += 3 {
		col := cv.t.BoxLine
		o := i*l.cell - l.thick/2
		cv.fill(image.Rect(l.x0+o, l.y0-l.thick/2, l.x0+o+l.thick, l.y0+span+(l.thick+1)/2), col)
		cv.fill(image.Rect(l.x0-l.thick/2, l.y0+o, l.x0+span+(l.thick+1)/2, l.y0+o+l.thick), col)
	}
	if solved {
		// A solved board gets a frame in the success colour, twice as wide.
		w := 2 * l.thick
		outer := image.Rect(l.x0-w/2, l.y0-w/2, l.x0+span+(w+1)/2, l.y0+span+(w+1)/2)
		inner := outer.Inset(w)
		for _, r := range []image.Rectangle{
			{outer.Min, image.Pt(outer.Max.X, inner.Min.Y)},
			{image.Pt(outer.Min.X, inner.Max.Y), outer.Max},
			{image.Pt(outer.Min.X, inner.Min.Y), image.Pt(inner.Min.X, inner.Max.Y)},
			{image.Pt(inner.Max.X, inner.Min.Y), image.Pt(outer.Max.X, inner.Max.Y)},
		} {
			cv.fill(r, cv.t.Place)
		}
	}
}

// drawMarks draws a cell's pencil marks: the hint's marked candidates in
// bold, its eliminations in the error colour.
func drawMarks(cv *canvas, l layout, c int, marks engine.Digits, h *hint, normal, strong [10]*glyph) {
	t := cv.t
	if h != nil {
		marks |= h.extraMarks[c]
	}
	for _, d := range marks.Slice() {
		x, y := l.markCenter(c, d)
		cand := engine.Candidate{Cell: c, Digit: d}
		col, gs := t.Mark, normal
		if h != nil {
			if m, ok := h.top[cand]; ok && m.shape != shapeThinRing {
				col, gs = t.Given, strong
				if m.shape.filled() {
					// On a disc or square: the background colour reads best.
					col = t.Background
				}
			}
			if h.elim[cand] {
				col, gs = t.Error, normal
			}
		}
		drawCentered(cv.img, gs[d:d+1], x, y, image.NewUniform(col))
	}
}

// drawConflictMark puts a triangle in the top-right corner of a cell that
// breaks a rule: the shape says it where colour alone would not.
func drawConflictMark(cv *canvas, l layout, c int) {
	r := l.cellRect(c)
	s := float64(l.cell) * 0.24
	x, y := float64(r.Max.X)-float64(l.thin), float64(r.Min.Y)+float64(l.thin)
	dc := cv.dc
	dc.MoveTo(x-s, y)
	dc.LineTo(x, y)
	dc.LineTo(x, y+s)
	dc.ClosePath()
	dc.SetColor(cv.t.Error)
	dc.Fill()
}

// drawWrongMark underlines an entry that differs from the solution.
func drawWrongMark(cv *canvas, l layout, c int) {
	x, y := l.center(c)
	w, th := float64(l.cell)*0.44, math.Max(2, float64(l.cell)*0.06)
	y += float64(l.cell) * 0.35
	dc := cv.dc
	dc.DrawRoundedRectangle(x-w/2, y-th/2, w, th, th/2)
	dc.SetColor(cv.t.Error)
	dc.Fill()
}
