package render

import (
	"fmt"
	"math"
	"slices"

	"github.com/fogleman/gg"

	"github.com/sudokubot/sudokubot/engine"
)

// hint is a Step cut down to what its level shows, checked against the
// board it is drawn on.
type hint struct {
	area       [engine.NumCells]bool // level 1: the units to look at
	cells      [engine.NumCells]bool // level 2: the pattern
	showMarks  [engine.NumCells]bool // cells whose pencil marks the picture needs
	extraMarks [engine.NumCells]engine.Digits
	proof      map[engine.Candidate]bool // level 2
	proofs     []engine.Candidate        // the same, in the step's order
	links      []engine.Link             // level 2
	linked     []engine.Candidate        // link ends that are not proof
	elim       map[engine.Candidate]bool // level 3
	elims      []engine.Candidate        // the same, in the step's order
	elimCells  [engine.NumCells]bool     // cells that lose a candidate
	placed     [engine.NumCells]uint8    // level 3
}

func checkCand(what string, c engine.Candidate) error {
	if c.Cell < 0 || c.Cell >= engine.NumCells || c.Digit < 1 || c.Digit > 9 {
		return fmt.Errorf("%w: %s candidate %d in cell %d is out of range", ErrHint, what, c.Digit, c.Cell)
	}
	return nil
}

func newHint(s engine.Step, level int, b *board) (*hint, error) {
	h := &hint{proof: map[engine.Candidate]bool{}, elim: map[engine.Candidate]bool{}}
	for _, u := range s.Units {
		if u < 0 || u >= engine.NumUnits {
			return nil, fmt.Errorf("%w: unit %d is out of range (0-26)", ErrHint, u)
		}
	}
	for _, c := range s.Cells {
		if c < 0 || c >= engine.NumCells {
			return nil, fmt.Errorf("%w: cell %d is out of range (0-80)", ErrHint, c)
		}
	}
	// Candidates of the step must be in empty cells of this board; a
	// placement may repeat a digit the cell already holds.
	cands := func(what string, cs []engine.Candidate) error {
		for _, c := range cs {
			if err := checkCand(what, c); err != nil {
				return err
			}
			if d := b.grid[c.Cell]; d != 0 && !(what == "placed" && d == c.Digit) {
				return fmt.Errorf("%w: %s candidate %d at %s, which already holds %d", ErrHint, what, c.Digit, engine.CellName(c.Cell), d)
			}
		}
		return nil
	}
	var linkCands []engine.Candidate
	for _, l := range s.Links {
		linkCands = append(linkCands, l.From, l.To)
	}
	for _, x := range []struct {
		what string
		cs   []engine.Candidate
	}{{"placed", s.Placements}, {"eliminated", s.Eliminations}, {"proof", s.Proof}, {"linked", linkCands}} {
		if err := cands(x.what, x.cs); err != nil {
			return nil, err
		}
	}

	for _, u := range s.Units {
		for _, c := range engine.UnitCells[u] {
			h.area[c] = true
		}
	}
	if len(s.Units) == 0 && level == 1 {
		// A nudge for a step without units (a chain) points to the boxes
		// it works in; from level 2 on its cells say more.
		var cells []int
		cells = append(cells, s.Cells...)
		for _, cs := range [][]engine.Candidate{s.Proof, linkCands, s.Placements} {
			for _, c := range cs {
				cells = append(cells, c.Cell)
			}
		}
		for _, c := range cells {
			for _, o := range engine.UnitCells[engine.FirstBox+engine.BoxOf(c)] {
				h.area[o] = true
			}
		}
	}
	if level < 2 {
		return h, nil
	}
	need := func(c engine.Candidate) {
		h.showMarks[c.Cell] = true
		h.extraMarks[c.Cell] = h.extraMarks[c.Cell].With(c.Digit)
	}
	for _, c := range s.Cells {
		h.cells[c] = true
		h.showMarks[c] = true
	}
	for _, c := range s.Proof {
		h.proof[c] = true
		h.proofs = append(h.proofs, c)
		need(c)
	}
	for _, c := range linkCands {
		need(c)
		if !h.proof[c] && !slices.Contains(h.linked, c) {
			h.linked = append(h.linked, c)
		}
	}
	h.links = s.Links
	if level < 3 {
		return h, nil
	}
	for _, c := range s.Eliminations {
		h.elim[c] = true
		h.elims = append(h.elims, c)
		h.elimCells[c.Cell] = true
		need(c)
	}
	for _, p := range s.Placements {
		if b.grid[p.Cell] == 0 {
			h.placed[p.Cell] = p.Digit
		}
	}
	return h, nil
}

// drawHintLinks draws a chain's links. They go under the digits, so a
// link that crosses a cell leaves its digit readable.
func drawHintLinks(cv *canvas, l layout, h *hint) {
	for _, lk := range h.links {
		drawLink(cv, l, lk, float64(l.cell)*ringFrac)
	}
}

// ringFrac is the radius of the ring round a candidate, in cells.
const ringFrac = 0.145

// drawHintStrokes draws what goes over the digits: rings round proof
// candidates, chain links, strike-outs and placement frames.
func drawHintStrokes(cv *canvas, l layout, h *hint) {
	dc, t := cv.dc, cv.t
	cell := float64(l.cell)
	ringR := cell * ringFrac
	lw := math.Max(1.5, cell*0.032)

	dc.SetLineWidth(lw)
	dc.SetColor(t.Proof)
	for _, c := range h.proofs {
		if h.placed[c.Cell] != 0 {
			continue
		}
		x, y := l.markCenter(c.Cell, c.Digit)
		dc.DrawCircle(x, y, ringR)
		dc.Stroke()
	}

	dc.SetLineWidth(math.Max(1, lw*0.6))
	dc.SetColor(t.Link)
	for _, c := range h.linked {
		if h.elim[c] {
			continue // the strike-out says more
		}
		x, y := l.markCenter(c.Cell, c.Digit)
		dc.DrawCircle(x, y, ringR)
		dc.Stroke()
	}

	dc.SetDash()
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

// drawLink draws one chain link as a gently curved arrow from candidate to
// candidate: solid for a strong link, dashed for a weak one.
func drawLink(cv *canvas, l layout, lk engine.Link, r float64) {
	dc := cv.dc
	cell := float64(l.cell)
	x1, y1 := l.markCenter(lk.From.Cell, lk.From.Digit)
	x2, y2 := l.markCenter(lk.To.Cell, lk.To.Digit)
	dx, dy := x2-x1, y2-y1
	dist := math.Hypot(dx, dy)
	if dist < 2*r {
		return
	}
	lw := math.Max(1.5, cell*0.032)
	dc.SetColor(cv.t.Link)
	if lk.From.Cell == lk.To.Cell {
		// Inside one cell the candidates are neighbours: a short straight
		// connector between the rings says it without an arrowhead.
		sx, sy := towards(x1, y1, x2, y2, r)
		ex, ey := towards(x2, y2, x1, y1, r)
		dc.SetLineWidth(lw * 1.4)
		dc.SetLineCapButt()
		setLinkDash(dc, lk.Strong, cell*0.5)
		dc.DrawLine(sx, sy, ex, ey)
		dc.Stroke()
		dc.SetDash()
		return
	}
	// Bend towards the middle of the board, so links along an edge stay
	// inside it and clear of the labels.
	bend := math.Min(0.18*dist, cell*0.7)
	nx, ny := -dy/dist, dx/dist
	mx, my := (x1+x2)/2, (y1+y2)/2
	bx, by := float64(l.x0)+4.5*cell-mx, float64(l.y0)+4.5*cell-my
	if nx*bx+ny*by < 0 {
		nx, ny = -nx, -ny
	}
	cx, cy := mx+nx*bend, my+ny*bend
	// Start and end on the rings round the candidates.
	sx, sy := towards(x1, y1, cx, cy, r)
	ex, ey := towards(x2, y2, cx, cy, r)

	head := math.Max(6, cell*0.16)
	// Stop the shaft where the arrowhead begins.
	ax, ay := towards(ex, ey, cx, cy, head*0.8)

	dc.SetLineWidth(lw)
	dc.SetLineCapButt()
	setLinkDash(dc, lk.Strong, cell)
	dc.MoveTo(sx, sy)
	dc.QuadraticTo(cx, cy, ax, ay)
	dc.Stroke()
	dc.SetDash()

	ux, uy := ex-cx, ey-cy
	n := math.Hypot(ux, uy)
	ux, uy = ux/n, uy/n
	w := head * 0.45
	dc.MoveTo(ex, ey)
	dc.LineTo(ex-ux*head-uy*w, ey-uy*head+ux*w)
	dc.LineTo(ex-ux*head+uy*w, ey-uy*head-ux*w)
	dc.ClosePath()
	dc.Fill()
}

// setLinkDash makes strong links solid and weak links dashed, the dashes
// scaled to the cell.
func setLinkDash(dc *gg.Context, strong bool, cell float64) {
	if strong {
		dc.SetDash()
		return
	}
	dc.SetDash(cell*0.09, cell*0.07)
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
