package render

import (
	"fmt"
	"slices"

	"github.com/sudokubot/sudokubot/engine"
)

// hint is a Step cut down to what its level shows, checked against the
// board it is drawn on, and turned into marks: cell fills, unit borders,
// shapes round candidates, arrows. Level 1 shows the area only; level 2
// the pattern with the roles of its parts but never the result (no placed
// digit, no eliminated candidate, no arrow into one); level 3 adds the
// result. A step with a Pattern is drawn from its roles (roles.go); one
// without is drawn from Cells, Proof and Units as before.
type hint struct {
	level      int
	area       [engine.NumCells]bool     // the units to look at (a light tint)
	fill       [engine.NumCells]fillKind // the pattern's cells, from level 2
	showMarks  [engine.NumCells]bool     // cells whose pencil marks the picture needs
	extraMarks [engine.NumCells]engine.Digits

	units   []unitMark  // base and cover units: borders and hatching
	frames  []cellFrame // frames inside cells: pivot, pincers, ALSs
	tried   []triedTag  // a refutation's hidden digit: cells said to be, or not be, x
	marks   []candMark  // shapes round candidates, in drawing order
	top     map[engine.Candidate]candMark
	arrows  []arrow // chain links and a forcing chain's implications
	blocks  []blockLine
	crossed []int // cells ruled out without a blocker
	// nextBranch is the colour index of the next nested case.
	nextBranch int
	assumed    map[engine.Candidate]bool // a forcing chain's assumptions
	// only is the case of a forcing chain drawn in full (1-based), the
	// others faded; 0 draws every case alike. fading is set while the
	// marks of another case are added.
	only   int
	fading bool

	result map[engine.Candidate]bool // placements and eliminations, at any level
	elim   map[engine.Candidate]bool // level 3
	elims  []engine.Candidate        // the same, in the step's order
	placed [engine.NumCells]uint8    // level 3
}

func checkCand(what string, c engine.Candidate) error {
	if c.Cell < 0 || c.Cell >= engine.NumCells || c.Digit < 1 || c.Digit > 9 {
		return fmt.Errorf("%w: %s candidate %d in cell %d is out of range", ErrHint, what, c.Digit, c.Cell)
	}
	return nil
}

func checkCell(what string, c int) error {
	if c < 0 || c >= engine.NumCells {
		return fmt.Errorf("%w: %s cell %d is out of range (0-80)", ErrHint, what, c)
	}
	return nil
}

func checkUnit(what string, u int) error {
	if u < 0 || u >= engine.NumUnits {
		return fmt.Errorf("%w: %s unit %d is out of range (0-26)", ErrHint, what, u)
	}
	return nil
}

// checkStep rejects a step that names cells, units or digits outside the
// board, or candidates in cells that already hold a digit.
func checkStep(s engine.Step, b *board) error {
	for _, u := range s.Units {
		if err := checkUnit("", u); err != nil {
			return err
		}
	}
	for _, h := range s.Houses {
		if err := checkUnit(string(h.Role), h.Unit); err != nil {
			return err
		}
	}
	for _, c := range s.Cells {
		if err := checkCell("", c); err != nil {
			return err
		}
	}
	for _, p := range s.Pattern {
		if err := checkCell(string(p.Role), p.Cell); err != nil {
			return err
		}
		if p.Digits&^engine.Digits(0x3fe) != 0 {
			return fmt.Errorf("%w: %s at %s has digits %#x outside 1-9", ErrHint, p.Role, engine.CellName(p.Cell), uint16(p.Digits))
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
		for _, cs := range [][]int{l.FromGroup, l.ToGroup, l.ALS} {
			for _, c := range cs {
				if err := checkCell("link", c); err != nil {
					return err
				}
			}
		}
	}
	for _, x := range []struct {
		what string
		cs   []engine.Candidate
	}{{"placed", s.Placements}, {"eliminated", s.Eliminations}, {"proof", s.Proof}, {"linked", linkCands}} {
		if err := cands(x.what, x.cs); err != nil {
			return err
		}
	}
	return checkBranches(s.Branches, 0)
}

// maxBranchDepth bounds nested forcing chains, so a malformed step cannot
// recurse without end.
const maxBranchDepth = 8

func checkBranches(bs []engine.Branch, depth int) error {
	if depth > maxBranchDepth && len(bs) > 0 {
		return fmt.Errorf("%w: branches nested deeper than %d", ErrHint, maxBranchDepth)
	}
	lit := func(l engine.Lit) error {
		if err := checkCand("branch", engine.Candidate{Cell: l.Cell, Digit: l.Digit}); err != nil {
			return err
		}
		for _, c := range l.Group {
			if err := checkCell("branch", c); err != nil {
				return err
			}
		}
		return nil
	}
	for _, br := range bs {
		if err := lit(br.Assume); err != nil {
			return err
		}
		for _, im := range br.Steps {
			if err := lit(im.Lit); err != nil {
				return err
			}
			for _, f := range im.From {
				if err := lit(f); err != nil {
					return err
				}
			}
		}
		if err := checkBranches(br.Sub, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func newHint(s engine.Step, level, only int, b *board) (*hint, error) {
	if err := checkStep(s, b); err != nil {
		return nil, err
	}
	if only < 0 || only > len(s.Branches) {
		return nil, fmt.Errorf("%w: case %d of a step with %d cases", ErrHint, only, len(s.Branches))
	}
	h := &hint{level: level, only: only, top: map[engine.Candidate]candMark{}, result: map[engine.Candidate]bool{}, elim: map[engine.Candidate]bool{}}
	for _, cs := range [][]engine.Candidate{s.Placements, s.Eliminations} {
		for _, c := range cs {
			h.result[c] = true
		}
	}
	for _, p := range s.Pattern {
		if p.Role == engine.RoleEliminated || p.Role == engine.RolePlaced {
			for _, d := range p.Digits.Slice() {
				h.result[engine.Candidate{Cell: p.Cell, Digit: d}] = true
			}
		}
	}

	if level < 3 {
		// A refutation's tried digit is the letter x of the text: its
		// candidates are drawn as their cells, never at the digit's place.
		// A step with one case whose assumption is its result refutes
		// that assumption whatever its variant says.
		if len(s.Branches) == 1 && s.Variant != engine.VariantNested {
			a := s.Branches[0].Assume
			if h.result[engine.Candidate{Cell: a.Cell, Digit: a.Digit}] {
				s.Variant = engine.VariantContradiction
			}
		}
		s = s.HideTried()
	}
	h.setArea(s, level)
	if level >= 2 {
		if hasRoles(s) {
			h.addRoles(s, b)
		} else {
			h.addFallback(s)
		}
		h.addLinks(s)
	}
	if level >= 3 {
		h.addResult(s, b)
	}
	h.finish(b)
	return h, nil
}

// hasRoles reports whether a step carries the structured data that
// pictures are drawn from; one without it is drawn from Cells and Proof.
func hasRoles(s engine.Step) bool {
	return len(s.Pattern)+len(s.Branches)+len(s.Houses) > 0
}

// setArea tints the units the step looks at: its houses, else its units,
// else (a chain) the boxes it works in.
func (h *hint) setArea(s engine.Step, level int) {
	var us []int
	for _, hs := range s.Houses {
		us = append(us, hs.Unit)
	}
	if len(us) == 0 {
		us = s.Units
	}
	for _, u := range us {
		for _, c := range engine.UnitCells[u] {
			h.area[c] = true
		}
	}
	for _, p := range s.Pattern {
		if p.Role == engine.RoleUnit {
			h.area[p.Cell] = true
		}
	}
	if len(us) > 0 || level > 1 {
		return
	}
	// A nudge for a step without units points to the boxes it works in,
	// but not to a result cell alone: from level 2 on its cells say more.
	var cells []int
	for _, p := range s.Pattern {
		if p.Role != engine.RoleEliminated && p.Role != engine.RolePlaced && p.Role != engine.RoleBlocker {
			cells = append(cells, p.Cell)
		}
	}
	cells = append(cells, s.Cells...)
	for _, cs := range [][]engine.Candidate{s.Proof, s.Placements} {
		for _, c := range cs {
			cells = append(cells, c.Cell)
		}
	}
	for _, l := range s.Links {
		cells = append(cells, l.From.Cell, l.To.Cell)
	}
	for _, br := range s.Branches {
		cells = append(cells, br.Assume.Cell)
	}
	for _, c := range cells {
		for _, o := range engine.UnitCells[engine.FirstBox+engine.BoxOf(c)] {
			h.area[o] = true
		}
	}
}

// addFallback draws a step that has no Pattern yet: its cells tinted and
// its proof ringed, without the candidates that are the result.
func (h *hint) addFallback(s engine.Step) {
	for _, c := range s.Cells {
		h.fill[c] = fillPattern
	}
	for _, c := range s.Proof {
		if h.result[c] {
			continue
		}
		h.mark(candMark{c: c, shape: shapeRing, paint: paintProof})
	}
}

// addResult draws level 3: eliminated candidates struck out on a red tint,
// placed digits framed.
func (h *hint) addResult(s engine.Step, b *board) {
	addElim := func(c engine.Candidate) {
		if h.elim[c] || b.grid[c.Cell] != 0 {
			return
		}
		h.elim[c] = true
		h.elims = append(h.elims, c)
		if h.fill[c.Cell] == fillNone {
			h.fill[c.Cell] = fillElim
		}
		h.need(c)
	}
	place := func(c engine.Candidate) {
		if b.grid[c.Cell] == 0 {
			h.placed[c.Cell] = c.Digit
		}
	}
	for _, c := range s.Eliminations {
		addElim(c)
	}
	for _, c := range s.Placements {
		place(c)
	}
	for _, p := range s.Pattern {
		for _, d := range p.Digits.Slice() {
			c := engine.Candidate{Cell: p.Cell, Digit: d}
			switch p.Role {
			case engine.RoleEliminated:
				addElim(c)
			case engine.RolePlaced:
				place(c)
			}
		}
	}
}

// need makes a candidate's cell show its pencil marks, this one included.
func (h *hint) need(c engine.Candidate) {
	h.showMarks[c.Cell] = true
	h.extraMarks[c.Cell] = h.extraMarks[c.Cell].With(c.Digit)
}

// mark adds a shape round a candidate. A candidate marked more than once
// (a forcing chain's branches meeting) gets its marks one outside the
// other; the first stays innermost and decides how its digit is drawn.
func (h *hint) mark(m candMark) {
	if m.c.Digit == 0 {
		// A refutation's hidden digit (engine.Step.HideTried): a
		// candidate's place would name the digit, so the cell is shaded
		// and framed and the letter x is drawn on its corner, off the
		// candidates' 3x3 grid (drawTried).
		h.fill[m.c.Cell] = max(h.fill[m.c.Cell], fillPattern)
		h.tag(m)
		return
	}
	for _, o := range h.marks {
		if o.c == m.c {
			if o.shape == m.shape && o.paint == m.paint {
				return
			}
			m.layer = max(m.layer, o.layer+1)
		}
	}
	if m.layer > maxLayer {
		// Three marks round a candidate are as many as stay readable.
		return
	}
	h.marks = append(h.marks, m)
	if _, ok := h.top[m.c]; !ok {
		h.top[m.c] = m
	}
	h.need(m.c)
}

// triedKind is what a proof says of a cell and the hidden digit x: the
// assumption (x is tried there), x is there, or x is not.
type triedKind uint8

const (
	triedOff triedKind = iota
	triedOn
	triedAssume
)

// triedTag is a cell a refutation's proof says holds, or does not hold,
// its hidden digit x: a frame round the cell and a badge with the letter
// x on the cell's top right corner, filled for "is x", hollow for "is not
// x", with a second frame for the assumption (the shapes of candidates:
// disc, ring, double ring).
type triedTag struct {
	cell  int
	kind  triedKind
	paint paint
	faded bool
}

// tag records a hidden-digit mark as its cell's tag; a cell said to be x
// in one place and not x in another keeps the stronger word (the
// assumption, then "is x"), and the case drawn in full wins over faded ones.
func (h *hint) tag(m candMark) {
	k := triedOff
	switch m.shape {
	case shapeDoubleRing:
		k = triedAssume
	case shapeDisc, shapeSquare:
		k = triedOn
	}
	for i, o := range h.tried {
		if o.cell != m.c.Cell {
			continue
		}
		if o.faded && !m.faded || o.faded == m.faded && k > o.kind {
			h.tried[i] = triedTag{cell: m.c.Cell, kind: k, paint: m.paint, faded: m.faded}
		}
		return
	}
	h.tried = append(h.tried, triedTag{cell: m.c.Cell, kind: k, paint: m.paint, faded: m.faded})
}

// maxArrows is the most arrows a picture draws before it leaves out those
// of a forcing chain's nested cases.
const maxArrows = 48

// maxLayer is the outermost layer of marks round one candidate.
const maxLayer = 2

// finish settles what depends on everything added: cells on given digits
// drop their candidate marks, and the marks are sorted outermost first so
// an inner disc is painted over an outer one.
func (h *hint) finish(b *board) {
	if len(h.arrows) > maxArrows {
		// The faded cases of a net go first: the case drawn is the
		// one being read.
		h.arrows = slices.DeleteFunc(h.arrows, func(a arrow) bool { return a.faded })
	}
	if len(h.arrows) > maxArrows {
		// A big nested proof would be a tangle: its inner cases keep
		// their marks, and only the outer case keeps its arrows.
		h.arrows = slices.DeleteFunc(h.arrows, func(a arrow) bool { return a.depth > 0 })
	}
	h.marks = slices.DeleteFunc(h.marks, func(m candMark) bool {
		// A link's bare end that is struck out needs no ring: the
		// strike-out says more.
		return b.grid[m.c.Cell] != 0 || m.shape == shapeThinRing && h.elim[m.c]
	})
	for c := range h.top {
		if b.grid[c.Cell] != 0 {
			delete(h.top, c)
		}
	}
	for c := range engine.NumCells {
		if b.grid[c] != 0 {
			h.showMarks[c] = false
		}
	}
	// Outermost first; within a layer by style, so that drawing can
	// batch shapes of one style into one path.
	// Faded arrows under the others.
	slices.SortStableFunc(h.arrows, func(a, b arrow) int { return b2i(b.faded) - b2i(a.faded) })
	slices.SortStableFunc(h.marks, func(a, b candMark) int {
		if a.layer != b.layer {
			return b.layer - a.layer
		}
		if a.faded != b.faded {
			// Faded marks under the case being read.
			return b2i(b.faded) - b2i(a.faded)
		}
		if a.shape != b.shape {
			return int(a.shape) - int(b.shape)
		}
		return int(a.paint) - int(b.paint)
	})
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}
