package render

import (
	"image"
	"image/color"
	"math"
	"slices"

	"github.com/fogleman/gg"

	"github.com/sudokubot/sudokubot/engine"
)

// ringFrac is the radius of the ring round a candidate, in cells.
const ringFrac = 0.145

// layerStep is how much farther out each further mark round one candidate
// sits, in cells.
const layerStep = 0.06

func (t Theme) paintColor(p paint) color.NRGBA {
	switch {
	case p >= paintBranch:
		return t.Branch[int(p-paintBranch)%numBranchCol]
	case p >= paintALS:
		return t.ALSLine[p-paintALS]
	}
	switch p {
	case paintOn:
		return t.On
	case paintOff:
		return t.Off
	case paintFin:
		return t.Fin
	case paintLink:
		return t.Link
	case paintColourA:
		return t.ColourA
	case paintColourB:
		return t.ColourB
	case paintError:
		return t.Error
	case paintBaseLine:
		return t.BaseLine
	case paintCoverLine:
		return t.CoverLine
	}
	return t.Proof
}

// fadedAlpha is how much of its colour a faded case keeps: enough to see
// where the other cases run, little enough that the case being read
// stands out.
const fadedAlpha = 0.22

// fadedColor is a paint's colour for a case drawn faded.
func (t Theme) fadedColor(p paint, faded bool) color.NRGBA {
	c := t.paintColor(p)
	if faded {
		c.A = uint8(float64(c.A) * fadedAlpha)
	}
	return c
}

func (t Theme) fillColor(f fillKind) (color.NRGBA, bool) {
	switch {
	case f >= fillALS:
		return t.ALSFill[min(int(f-fillALS), 2)], true
	case f == fillFin:
		return t.FinFill, true
	case f == fillPattern:
		return t.CellFill, true
	case f == fillElim:
		// A red tint leads the eye to where the step removes a
		// candidate; the strike-out itself is the shape that says so.
		return t.ErrorFill, true
	}
	return color.NRGBA{}, false
}

// unitRect is the rectangle of a unit's cells.
func (l layout) unitRect(u int) image.Rectangle {
	cs := engine.UnitCells[u]
	return l.cellRect(cs[0]).Union(l.cellRect(cs[8]))
}

// lineWidth is the width of rings and links.
func (l layout) lineWidth() float64 { return math.Max(1.5, float64(l.cell)*0.032) }

// drawHintUnits draws the fish's units over the fills and grid lines:
// cover units hatched where nothing else is drawn, then the borders,
// base solid and cover dashed.
func drawHintUnits(cv *canvas, l layout, h *hint) {
	if len(h.units) == 0 {
		return
	}
	dc, t := cv.dc, cv.t
	cell := float64(l.cell)
	var hatched [engine.NumCells]bool
	for _, u := range h.units {
		if !u.cover {
			continue
		}
		for _, c := range engine.UnitCells[u.unit] {
			hatched[c] = h.fill[c] == fillNone && !h.area[c]
		}
	}
	// "/" hatching, continuous from cell to cell: strike-outs run "\".
	gap := cell * 0.2
	for c, ok := range hatched {
		if !ok {
			continue
		}
		r := l.cellRect(c)
		x0, y0, x1, y1 := float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y)
		for k := math.Ceil((x0 + y0) / gap); k*gap <= x1+y1; k++ {
			s := k * gap
			ax, bx := math.Max(x0, s-y1), math.Min(x1, s-y0)
			if bx-ax < 1 {
				continue
			}
			dc.MoveTo(ax, s-ax)
			dc.LineTo(bx, s-bx)
		}
	}
	dc.SetColor(t.CoverHatch)
	dc.SetLineWidth(math.Max(1, cell*0.025))
	dc.SetLineCapButt()
	dc.Stroke()

	lw := math.Max(2, cell*0.05)
	dc.SetLineWidth(lw)
	dc.SetLineJoinRound()
	for _, cover := range []bool{true, false} {
		for _, u := range h.units {
			if u.cover != cover {
				continue
			}
			r := l.unitRect(u.unit)
			in := float64(l.thick)/2 + lw/2 + 1
			dc.SetLineCapButt()
			switch {
			case u.fin:
				// Outside the others: a box shares its edges with lines.
				in -= lw * 0.2
				dc.SetColor(t.Fin)
				dc.SetLineCapRound()
				dc.SetDash(cell*0.005, cell*0.09)
			case cover:
				// Inside the base border where the two run along one line.
				in += lw * 1.2
				dc.SetColor(t.CoverLine)
				dc.SetDash(cell*0.16, cell*0.1)
			default:
				dc.SetColor(t.BaseLine)
				dc.SetDash()
			}
			dc.DrawRectangle(float64(r.Min.X)+in, float64(r.Min.Y)+in, float64(r.Dx())-2*in, float64(r.Dy())-2*in)
			dc.Stroke()
		}
	}
	dc.SetDash()
}

// drawHintLinks draws what runs under the digits: the lines from a
// single's blockers and a chain's arrows, so a line that crosses a cell
// leaves its digit readable.
func drawHintLinks(cv *canvas, l layout, h *hint) {
	dc := cv.dc
	cell := float64(l.cell)
	if len(h.blocks)+len(h.crossed) > 0 {
		dc.SetColor(cv.t.Error)
		dc.SetLineWidth(math.Max(1.5, cell*0.04))
		dc.SetLineCapRound()
		dc.SetDash(cell*0.12, cell*0.08)
		for _, b := range h.blocks {
			x1, y1 := l.center(b.from)
			x2, y2 := l.center(b.to)
			// Start outside the ring round the blocker's digit.
			sx, sy := towards(x1, y1, x2, y2, cell*0.42)
			if b.ext {
				// Run on across the last cell it rules out.
				x2, y2 = towards(x2, y2, 2*x2-x1, 2*y2-y1, cell*0.4)
			} else {
				x2, y2 = towards(x2, y2, x1, y1, cell*0.25)
			}
			dc.DrawLine(sx, sy, x2, y2)
			dc.Stroke()
		}
		for _, c := range h.crossed {
			r := l.cellRect(c)
			in := cell * 0.18
			x0, y0 := float64(r.Min.X)+in, float64(r.Min.Y)+in
			x1, y1 := float64(r.Max.X)-in, float64(r.Max.Y)-in
			dc.DrawLine(x0, y0, x1, y1)
			dc.DrawLine(x1, y0, x0, y1)
			dc.Stroke()
		}
		dc.SetDash()
	}
	layers := map[engine.Candidate]int{}
	for _, m := range h.marks {
		layers[m.c] = max(layers[m.c], m.layer+1)
	}
	var groups [][]engine.Candidate
	for _, a := range h.arrows {
		for _, g := range [][]engine.Candidate{a.from, a.to} {
			if len(g) > 1 && !slices.ContainsFunc(groups, func(o []engine.Candidate) bool { return slices.Equal(o, g) }) {
				groups = append(groups, g)
				drawGroup(cv, l, g, a.paint, a.faded)
			}
		}
		drawArrow(cv, l, a, layers)
	}
}

// drawGroup draws a rounded outline round a grouped node's candidates, so
// they read as one end of a link.
func drawGroup(cv *canvas, l layout, g []engine.Candidate, p paint, faded bool) {
	dc := cv.dc
	cell := float64(l.cell)
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range g {
		x, y := l.nodeCenter(c)
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
	}
	r := cell * (ringFrac + 0.06)
	dc.SetDash()
	dc.SetColor(cv.t.fadedColor(p, faded))
	dc.SetLineWidth(math.Max(1, l.lineWidth()*0.7))
	dc.DrawRoundedRectangle(x0-r, y0-r, x1-x0+2*r, y1-y0+2*r, r)
	dc.Stroke()
}

// nodeEnd is where an arrow meets a chain node, and the radius round it
// that it stops at: the candidate itself, outside its marks, or for a
// group the member nearest to (tx, ty), on the outline round the group.
func nodeEnd(l layout, cs []engine.Candidate, tx, ty float64, layers map[engine.Candidate]int) (x, y, r float64) {
	cell := float64(l.cell)
	if len(cs) == 1 {
		x, y = l.nodeCenter(cs[0])
		if cs[0].Digit == 0 {
			return x, y, cell * triedFrac
		}
		return x, y, cell * (ringFrac + layerStep*float64(max(0, layers[cs[0]]-1)))
	}
	best := math.Inf(1)
	for _, c := range cs {
		cx, cy := l.nodeCenter(c)
		if d := math.Hypot(cx-tx, cy-ty); d < best {
			best, x, y = d, cx, cy
		}
	}
	return x, y, cell * (ringFrac + 0.06)
}

// triedBadge is the radius of the badge with the letter x on the corner
// of a cell said to be, or not be, a refutation's hidden digit.
const triedBadge = 0.16

// triedFrac is how far from a cell's centre an arrow stops at a cell
// said to be, or not be, the hidden digit x: at its frame.
const triedFrac = 0.47

// nodeCenter is where a chain node's candidate sits; a candidate of the
// hidden digit x (digit 0) is its whole cell, so its centre.
func (l layout) nodeCenter(c engine.Candidate) (float64, float64) {
	if c.Digit == 0 {
		return l.center(c.Cell)
	}
	return l.markCenter(c.Cell, c.Digit)
}

// nodeMiddle is the middle of a node's candidates.
func nodeMiddle(l layout, cs []engine.Candidate) (x, y float64) {
	for _, c := range cs {
		cx, cy := l.nodeCenter(c)
		x, y = x+cx, y+cy
	}
	return x / float64(len(cs)), y / float64(len(cs))
}

// setArrowDash sets an arrow's line style: strong solid, weak dashed, and
// each branch of a forcing chain a dash of its own.
func setArrowDash(dc *gg.Context, dash int, cell float64) {
	dc.SetLineCapButt()
	switch dash {
	case dashSolid, dashBranch:
		dc.SetDash()
	case dashWeak:
		dc.SetDash(cell*0.09, cell*0.07)
	default:
		switch (dash - dashBranch) % numBranchCol {
		case 1:
			dc.SetDash(cell*0.22, cell*0.08)
		case 2:
			dc.SetLineCapRound()
			dc.SetDash(cell*0.01, cell*0.09)
		case 3:
			dc.SetDash(cell*0.2, cell*0.07, cell*0.03, cell*0.07)
		case 4:
			dc.SetDash(cell*0.09, cell*0.07)
		case 5:
			dc.SetDash(cell*0.32, cell*0.07, cell*0.03, cell*0.07, cell*0.03, cell*0.07)
		default:
			dc.SetDash()
		}
	}
}

// drawArrow draws one link as a gently curved arrow from node to node.
func drawArrow(cv *canvas, l layout, a arrow, layers map[engine.Candidate]int) {
	dc := cv.dc
	cell := float64(l.cell)
	mx1, my1 := nodeMiddle(l, a.from)
	mx2, my2 := nodeMiddle(l, a.to)
	x1, y1, r1 := nodeEnd(l, a.from, mx2, my2, layers)
	x2, y2, r2 := nodeEnd(l, a.to, mx1, my1, layers)
	dx, dy := x2-x1, y2-y1
	dist := math.Hypot(dx, dy)
	if dist < r1+r2 {
		return
	}
	lw := l.lineWidth()
	if a.dash >= dashBranch {
		lw *= 1.15
	}
	dc.SetColor(cv.t.fadedColor(a.paint, a.faded))
	if len(a.from) == 1 && len(a.to) == 1 && a.from[0].Cell == a.to[0].Cell {
		// Inside one cell the candidates are neighbours: a short straight
		// connector between the rings says it without an arrowhead.
		sx, sy := towards(x1, y1, x2, y2, r1)
		ex, ey := towards(x2, y2, x1, y1, r2)
		dc.SetLineWidth(lw * 1.4)
		setArrowDash(dc, a.dash, cell*0.5)
		dc.DrawLine(sx, sy, ex, ey)
		dc.Stroke()
		dc.SetDash()
		return
	}
	// Bend towards the middle of the board, so links along an edge stay
	// inside it and clear of the labels; the branches of a forcing chain
	// bend by different amounts, so they run side by side.
	k, most := 0.18, 0.7
	if a.bend > 0 {
		k, most = 0.06+0.06*float64(a.bend-1), 0.25+0.18*float64(a.bend-1)
	}
	bend := math.Min(k*dist, cell*most)
	nx, ny := -dy/dist, dx/dist
	mx, my := (x1+x2)/2, (y1+y2)/2
	bx, by := float64(l.x0)+4.5*cell-mx, float64(l.y0)+4.5*cell-my
	if nx*bx+ny*by < 0 {
		nx, ny = -nx, -ny
	}
	cx, cy := mx+nx*bend, my+ny*bend
	// Start and end on the rings round the candidates.
	sx, sy := towards(x1, y1, cx, cy, r1)
	ex, ey := towards(x2, y2, cx, cy, r2)

	head := math.Max(6, cell*0.16)
	// Stop the shaft where the arrowhead begins.
	ax, ay := towards(ex, ey, cx, cy, head*0.8)

	dc.SetLineWidth(lw)
	setArrowDash(dc, a.dash, cell)
	dc.MoveTo(sx, sy)
	dc.QuadraticTo(cx, cy, ax, ay)
	dc.Stroke()
	dc.SetDash()
	dc.SetLineCapButt()

	ux, uy := ex-cx, ey-cy
	n := math.Hypot(ux, uy)
	if n == 0 {
		return
	}
	ux, uy = ux/n, uy/n
	w := head * 0.45
	dc.MoveTo(ex, ey)
	dc.LineTo(ex-ux*head-uy*w, ey-uy*head+ux*w)
	dc.LineTo(ex-ux*head+uy*w, ey-uy*head-ux*w)
	dc.ClosePath()
	dc.Fill()
}

// drawHintMarks draws the shapes round candidates, before the digits so a
// filled disc lies under its digit. Marks come outermost first. Shapes of
// one style are drawn as one path: a big forcing chain has hundreds.
func drawHintMarks(cv *canvas, l layout, h *hint) {
	dc := cv.dc
	cell := float64(l.cell)
	lw := l.lineWidth()
	type style struct {
		paint  paint
		fill   bool
		width  float64
		dashed bool
		faded  bool
	}
	var cur style
	pending := false
	flush := func() {
		if !pending {
			return
		}
		dc.SetColor(cv.t.fadedColor(cur.paint, cur.faded))
		if cur.fill {
			dc.Fill()
		} else {
			dc.SetLineWidth(cur.width)
			dc.SetLineCapButt()
			if cur.dashed {
				dc.SetDash(cell*0.06, cell*0.045)
			} else {
				dc.SetDash()
			}
			dc.Stroke()
			dc.SetDash()
		}
		pending = false
	}
	use := func(st style) {
		if pending && st != cur {
			flush()
		}
		cur, pending = st, true
	}
	for _, m := range h.marks {
		x, y := l.markCenter(m.c.Cell, m.c.Digit)
		r := cell * (ringFrac + layerStep*float64(m.layer))
		ring := style{paint: m.paint, faded: m.faded, width: lw}
		switch m.shape {
		case shapeRing:
			use(ring)
			dc.DrawCircle(x, y, r)
		case shapeThinRing:
			use(style{paint: m.paint, faded: m.faded, width: math.Max(1, lw*0.6)})
			dc.DrawCircle(x, y, r)
		case shapeDashedRing:
			use(style{paint: m.paint, faded: m.faded, width: lw, dashed: true})
			dc.DrawCircle(x, y, r)
		case shapeDisc:
			if m.layer > 0 {
				// Round an inner mark a disc is a thick ring, a gap
				// apart, so both colours show.
				use(style{paint: m.paint, faded: m.faded, width: lw * 1.6})
				dc.DrawCircle(x, y, r+lw*0.3)
				break
			}
			use(style{paint: m.paint, faded: m.faded, fill: true})
			dc.DrawCircle(x, y, r+lw/2)
		case shapeSquare:
			use(style{paint: m.paint, faded: m.faded, fill: true})
			s := r * 0.92
			dc.DrawRoundedRectangle(x-s, y-s, 2*s, 2*s, s*0.2)
		case shapeFinSquare:
			use(style{paint: m.paint, faded: m.faded, width: lw * 1.7})
			s := r * 1.02
			dc.DrawRectangle(x-s, y-s, 2*s, 2*s)
		case shapeEndoFin:
			use(style{paint: m.paint, faded: m.faded, width: lw * 1.7})
			s := r * 1.02
			dc.DrawRectangle(x-s, y-s, 2*s, 2*s)
			s += lw * 2.2
			dc.DrawRectangle(x-s, y-s, 2*s, 2*s)
		case shapeDoubleRing:
			use(ring)
			dc.DrawCircle(x, y, r)
			dc.DrawCircle(x, y, r+lw*1.7)
		}
	}
	flush()
}

// drawHintStrokes draws what goes over the digits: frames inside cells,
// strike-outs and placement frames.
func drawHintStrokes(cv *canvas, l layout, h *hint) {
	dc, t := cv.dc, cv.t
	cell := float64(l.cell)

	for _, f := range h.frames {
		r := l.cellRect(f.cell)
		x0, y0 := float64(r.Min.X), float64(r.Min.Y)
		dc.SetColor(t.paintColor(f.paint))
		dc.SetDash()
		dc.SetLineCapButt()
		switch f.kind {
		case framePivot:
			w := math.Max(2, cell*0.06)
			in := float64(l.thin) + w/2
			dc.SetLineWidth(w)
			dc.DrawRectangle(x0+in, y0+in, cell-2*in, cell-2*in)
			dc.Stroke()
		case framePincer:
			w := math.Max(2, cell*0.06)
			in := float64(l.thin) + w/2
			arm := cell * 0.26
			dc.SetLineWidth(w)
			dc.SetLineCapSquare()
			for _, k := range [4][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				cx := x0 + in + k[0]*(cell-2*in)
				cy := y0 + in + k[1]*(cell-2*in)
				sx, sy := 1-2*k[0], 1-2*k[1]
				dc.MoveTo(cx+sx*arm, cy)
				dc.LineTo(cx, cy)
				dc.LineTo(cx, cy+sy*arm)
			}
			dc.Stroke()
		case frameALS, frameContra:
			w := math.Max(1.5, cell*0.04)
			in := float64(l.thin) + w/2 + 1
			dc.SetLineWidth(w)
			switch {
			case f.kind == frameContra || f.dash == 1:
				dc.SetDash(cell*0.12, cell*0.07)
			case f.dash == 2:
				dc.SetLineCapRound()
				dc.SetDash(cell*0.005, cell*0.07)
			}
			dc.DrawRectangle(x0+in, y0+in, cell-2*in, cell-2*in)
			dc.Stroke()
			dc.SetDash()
		case frameBlocker:
			x, y := l.center(f.cell)
			dc.SetLineWidth(math.Max(1.5, cell*0.04))
			dc.DrawCircle(x, y, cell*0.38)
			dc.Stroke()
		case frameSolved:
			x, y := l.center(f.cell)
			dc.SetLineWidth(math.Max(1.5, cell*0.045))
			dc.SetDash(cell*0.09, cell*0.06)
			dc.DrawCircle(x, y, cell*0.38)
			dc.Stroke()
			dc.SetDash()
		}
	}
	dc.SetDash()
	drawTried(cv, l, h)

	dc.SetLineWidth(math.Max(1.5, cell*0.045))
	dc.SetLineCapRound()
	dc.SetColor(t.Error)
	for _, c := range h.elims {
		x, y := l.markCenter(c.Cell, c.Digit)
		s := cell * 0.13
		// Top left to bottom right: across the stem of a 7, not along it.
		dc.DrawLine(x-s, y-s*0.8, x+s, y+s*0.8)
		dc.Stroke()
	}

	dc.SetLineWidth(math.Max(2, cell*0.05))
	dc.SetColor(t.Place)
	for c, d := range h.placed {
		if d == 0 {
			continue
		}
		r := l.cellRect(c)
		in := cell * 0.1
		dc.DrawRoundedRectangle(float64(r.Min.X)+in, float64(r.Min.Y)+in, cell-2*in, cell-2*in, cell*0.12)
		dc.Stroke()
	}
}

// towards moves from (x, y) a distance d in the direction of (tx, ty).
func towards(x, y, tx, ty, d float64) (float64, float64) {
	dx, dy := tx-x, ty-y
	n := math.Hypot(dx, dy)
	if n == 0 {
		return x, y
	}
	return x + dx/n*d, y + dy/n*d
}

// triedCorner is where a cell's x badge sits: its top right corner, or
// the corner across from the board's edge for a cell on the last column
// or the first row, so the badge stays on the board.
func (l layout) triedCorner(c int) (float64, float64) {
	r := l.cellRect(c)
	x, y := float64(r.Max.X), float64(r.Min.Y)
	if engine.ColOf(c) == 8 {
		x = float64(r.Min.X)
	}
	if engine.RowOf(c) == 0 {
		y = float64(r.Max.Y)
	}
	return x, y
}

// drawTried draws the cells a refutation's proof says are, or are not,
// its hidden digit x: a frame round each (two for the assumption) and a
// badge with the letter x on the cell's top right corner, where the grid
// lines cross and no candidate sits; the badge is filled for "is x" and
// hollow for "is not x", as candidates are discs and rings.
func drawTried(cv *canvas, l layout, h *hint) {
	if len(h.tried) == 0 {
		return
	}
	dc, t := cv.dc, cv.t
	cell := float64(l.cell)
	lw := math.Max(1.5, cell*0.035)
	dc.SetDash()
	dc.SetLineCapButt()
	for _, g := range h.tried {
		r := l.cellRect(g.cell)
		x0, y0 := float64(r.Min.X), float64(r.Min.Y)
		dc.SetColor(t.fadedColor(g.paint, g.faded))
		dc.SetLineWidth(lw)
		in := float64(l.thin) + lw/2 + 1
		dc.DrawRectangle(x0+in, y0+in, cell-2*in, cell-2*in)
		if g.kind == triedAssume {
			in += lw * 1.8
			dc.DrawRectangle(x0+in, y0+in, cell-2*in, cell-2*in)
		}
		dc.Stroke()
	}
	letter := text{bold, cell * 0.27}.glyphs("x")
	for _, g := range h.tried {
		cx, cy := l.triedCorner(g.cell)
		rad := cell * triedBadge
		col := t.fadedColor(g.paint, g.faded)
		dc.SetColor(t.Background)
		dc.DrawCircle(cx, cy, rad+lw*0.6)
		dc.Fill()
		dc.SetColor(col)
		ink := col
		if g.kind == triedOff {
			dc.SetLineWidth(lw)
			dc.DrawCircle(cx, cy, rad-lw/2)
			dc.Stroke()
		} else {
			dc.DrawCircle(cx, cy, rad)
			dc.Fill()
			ink = t.Background
		}
		drawCentered(cv.img, letter, cx, cy, image.NewUniform(ink))
	}
}
