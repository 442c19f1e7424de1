package render

import (
	"slices"

	"github.com/sudokubot/sudokubot/engine"
)

// The picture of a step's roles. Every role has a shape, so a player who
// cannot tell the colours apart still can tell the roles:
//
//	base unit        tint and a solid border       (BaseLine)
//	cover unit       hatching and a dashed border  (CoverLine, CoverHatch)
//	fin              a square round the candidate, the cell tinted (Fin, FinFill),
//	                 its box (a House with RoleFin) outlined in dots; an endo fin
//	                 (group 1: inside two base units) two squares
//	pivot            a solid frame inside the cell  (Proof)
//	pincer           corner brackets in the cell    (Off)
//	ALS 1, 2, 3      tint and a solid, dashed or dotted frame (ALSFill, ALSLine); a 4th ALS as the 1st, and so on
//	on (true)        a filled disc under the digit  (On)
//	off (false)      a ring round the digit         (Off)
//	colour A, B      a filled disc, a filled square (ColourA, ColourB)
//	assumption       a double ring                  (its branch's colour)
//	extra            a dashed ring                  (Fin)
//	base, subset,
//	corner, other    a ring                         (Proof)
//	blocker          a ring round the given and a line across what it rules out (Error)
//	solved           a dashed ring round a filled digit that is not a given, the cell tinted (Proof)
//	template         a ring                         (Proof)
//	template-other   a filled square; the digit in the background colour (Off)
//	ruled out        the cell crossed out with the blockers' dashes (Error)
//	branch i         its colour and its own dash, for marks and arrows (Branch[i])
//	eliminated       struck out on a red tint, level 3 only (Error)
//	placed           the digit framed, level 3 only (Place)

// roleRuledOut marks a cell of a hidden single's unit that lost the digit
// to an earlier step, not to a digit it sees (the singles family defines
// it as engine.RoleRuledOut; render names it here so as not to depend on
// that branch). It is crossed out with the blockers' dashes, its pencil
// marks shown.
const roleRuledOut engine.Role = "ruled-out"

// fillKind is a cell's background. Higher kinds win where roles meet.
type fillKind uint8

const (
	fillNone fillKind = iota
	fillElim
	fillPattern
	fillFin
	fillALS // fillALS+i for the i-th ALS, i < 3
)

// shape is what is drawn round a candidate.
type shape uint8

const (
	shapeRing shape = iota
	shapeDashedRing
	shapeThinRing   // a link's end that has no role of its own
	shapeDisc       // filled; the digit is drawn in the background colour
	shapeSquare     // filled square; the digit in the background colour
	shapeFinSquare  // square outline
	shapeEndoFin    // two squares: a fin inside two base units
	shapeDoubleRing // two rings
)

// filled reports whether the shape is painted under the digit.
func (s shape) filled() bool { return s == shapeDisc || s == shapeSquare }

// paint names a theme colour, so a hint is built before the theme is known.
type paint uint8

const (
	paintProof paint = iota
	paintOn
	paintOff
	paintFin
	paintLink
	paintColourA
	paintColourB
	paintError
	paintBaseLine
	paintCoverLine
	paintALS                    // paintALS+i: the i-th ALS's line colour
	paintBranch  = paintALS + 3 // paintBranch+i: branch i's colour
	numBranchCol = 6
)

// candMark is a shape round one candidate; layer 0 is innermost.
type candMark struct {
	c     engine.Candidate
	shape shape
	paint paint
	layer int
	faded bool // another case than the one drawn (Options.HintCase)
}

// unitMark is a fish's base, cover or fin unit.
type unitMark struct {
	unit  int
	cover bool
	fin   bool // the box of a fish's fin: a dotted border, no tint
}

// frameKind is a frame drawn inside a cell.
type frameKind uint8

const (
	framePivot   frameKind = iota // solid, thick
	framePincer                   // corner brackets
	frameALS                      // solid, dashed or dotted by ALS (dash)
	frameContra                   // a branch's contradiction: dashed
	frameBlocker                  // a ring round a given that rules cells out
	frameSolved                   // a dashed ring round a filled digit that is not a given
)

type cellFrame struct {
	cell  int
	kind  frameKind
	paint paint
	dash  int
}

// arrow joins two nodes of a chain (a node is one candidate or a group of
// them). dash picks the line style (see arrowDash), bend how far it curves
// off the straight line, so the branches of a forcing chain run apart.
type arrow struct {
	from, to []engine.Candidate
	paint    paint
	dash     int
	bend     int
	depth    int // the nesting of a forcing chain's case; 0 at the top
	faded    bool
}

// Arrow styles: a strong link is solid, a weak one dashed; a forcing
// chain's branch i uses dashBranch+i.
const (
	dashSolid = iota
	dashWeak
	dashBranch
)

// blockLine is a line from a digit across the cells it rules out.
type blockLine struct {
	from, to int // cells; the line runs centre to centre
	ext      bool
}

// alsIndex is the style of ALS group g: three styles, taken in turn, so
// that neighbours along an ALS chain (or two petals of a Death Blossom
// next to each other in the stem's order) never look alike.
func alsIndex(groups []int, g int) int {
	return slices.Index(groups, g) % 3
}

// addRoles builds the marks of a step that has a Pattern or Branches.
func (h *hint) addRoles(s engine.Step, b *board) {
	h.addHouses(s)

	var alsGroups []int
	base := map[engine.Candidate]bool{}
	for _, p := range s.Pattern {
		switch p.Role {
		case engine.RoleALS:
			if !slices.Contains(alsGroups, p.Group) {
				alsGroups = append(alsGroups, p.Group)
			}
		case engine.RoleBase:
			for _, d := range p.Digits.Slice() {
				base[engine.Candidate{Cell: p.Cell, Digit: d}] = true
			}
		}
	}
	slices.Sort(alsGroups)
	branches := len(s.Branches) > 0

	var blockers []engine.PatternCell
	for _, p := range s.Pattern {
		switch p.Role {
		case engine.RoleEliminated, engine.RolePlaced:
			continue // the result: level 3
		case engine.RoleBlocker:
			blockers = append(blockers, p)
			continue
		case engine.RoleUnit:
			continue // the area
		case engine.RoleSolved:
			// A filled corner of an avoidable rectangle: the digit is
			// there already, so it is ringed rather than a candidate.
			if b.grid[p.Cell] != 0 {
				h.fill[p.Cell] = max(h.fill[p.Cell], fillPattern)
				h.frames = append(h.frames, cellFrame{cell: p.Cell, kind: frameSolved, paint: paintProof})
			}
			continue
		case roleRuledOut:
			if b.grid[p.Cell] == 0 {
				h.crossed = append(h.crossed, p.Cell)
				h.showMarks[p.Cell] = true
			}
			continue
		}
		if b.grid[p.Cell] != 0 {
			continue
		}
		if branches && (p.Role == engine.RoleOn || p.Role == engine.RoleOff || p.Role == engine.RoleAssumption) {
			continue // drawn per branch
		}
		if p.Role == engine.RoleTemplateOther && h.level < 3 && h.resultCell(p.Cell) {
			// Another digit's sure cell that still holds the step's digit
			// is what a Template Delete removes: level 3 only.
			continue
		}
		fill := fillPattern
		sh, pt := shapeRing, paintProof
		switch p.Role {
		case engine.RoleFin:
			fill, sh, pt = fillFin, shapeFinSquare, paintFin
			if p.Group == 1 {
				// An endo fin sits where two base units cross: the words
				// single it out, so the picture does too.
				sh = shapeEndoFin
			}
		case engine.RoleALS:
			i := alsIndex(alsGroups, p.Group)
			fill, pt = fillALS+fillKind(i), paintALS+paint(i)
			h.frames = append(h.frames, cellFrame{cell: p.Cell, kind: frameALS, paint: pt, dash: i})
		case engine.RoleOn:
			sh, pt = shapeDisc, paintOn
		case engine.RoleOff:
			sh, pt = shapeRing, paintOff
		case engine.RoleColourA:
			sh, pt = shapeDisc, paintColourA
		case engine.RoleColourB:
			sh, pt = shapeSquare, paintColourB
		case engine.RoleAssumption:
			sh, pt = shapeDoubleRing, paintBranch
		case engine.RoleExtra:
			sh, pt = shapeDashedRing, paintFin
		case engine.RoleTemplateOther:
			sh, pt = shapeSquare, paintOff
		case engine.RoleCover:
			sh = shapeDashedRing
		case engine.RolePivot:
			h.frames = append(h.frames, cellFrame{cell: p.Cell, kind: framePivot, paint: paintProof})
		case engine.RolePincer:
			h.frames = append(h.frames, cellFrame{cell: p.Cell, kind: framePincer, paint: paintOff})
		}
		h.fill[p.Cell] = max(h.fill[p.Cell], fill)
		h.showMarks[p.Cell] = true
		for _, d := range p.Digits.Slice() {
			c := engine.Candidate{Cell: p.Cell, Digit: d}
			// A chain's true or false candidate that is also the result
			// is the conclusion: level 2 leaves it out. Other roles are
			// the pattern's shape, drawn whatever the pattern removes,
			// so that no gap in it gives the result away.
			onOff := p.Role == engine.RoleOn || p.Role == engine.RoleOff
			if (onOff && h.level < 3 && h.result[c]) || (p.Role == engine.RoleCover && base[c]) {
				continue
			}
			h.mark(candMark{c: c, shape: sh, paint: pt})
		}
	}
	h.addBlockers(s, b, blockers)
	h.addBranches(s, b)
}

// addBranches marks a forcing chain's cases: each in its own colour, or
// with Options.HintCase one in full and the others faded.
func (h *hint) addBranches(s engine.Step, b *board) {
	h.assumed = map[engine.Candidate]bool{}
	assumptions(s.Branches, h.assumed, 0)
	h.nextBranch = len(s.Branches)
	if h.only < 1 {
		for i, br := range s.Branches {
			h.addBranch(br, i, b, 0)
		}
		return
	}
	// One case drawn in full, the others faded: the drawn case goes
	// first so that its marks sit innermost where cases meet. Sub-cases
	// are numbered as when every case is drawn, so a case keeps its
	// colours from one part of a proof to the next.
	first := make([]int, len(s.Branches))
	for i, br := range s.Branches {
		first[i] = h.nextBranch
		h.nextBranch += countSubs(br, 0)
	}
	order := append([]int{h.only - 1}, slices.DeleteFunc(seq(len(s.Branches)), func(i int) bool { return i == h.only-1 })...)
	for _, i := range order {
		h.fading = i != h.only-1
		h.nextBranch = first[i]
		h.addBranch(s.Branches[i], i, b, 0)
	}
	h.fading = false
}

// countSubs counts the nested cases under br, as addBranch numbers them.
func countSubs(br engine.Branch, depth int) int {
	if depth >= maxBranchDepth {
		return 0
	}
	n := 0
	for _, sub := range br.Sub {
		n += 1 + countSubs(sub, depth+1)
	}
	return n
}

// seq is 0, 1, …, n-1.
func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// addHouses marks the step's units: base units tinted, cover units
// hatched and a fin's box outlined.
func (h *hint) addHouses(s engine.Step) {
	covered := false
	for _, hs := range s.Houses {
		switch hs.Role {
		case engine.RoleBase:
			h.units = append(h.units, unitMark{unit: hs.Unit})
		case engine.RoleCover:
			h.units = append(h.units, unitMark{unit: hs.Unit, cover: true})
			covered = true
		case engine.RoleFin:
			h.units = append(h.units, unitMark{unit: hs.Unit, fin: true})
			covered = true
		}
	}
	if covered {
		// Cover units are hatched and a fin's box outlined rather than
		// tinted: the tint is the base units'.
		h.area = [engine.NumCells]bool{}
		for _, hs := range s.Houses {
			if hs.Role != engine.RoleCover && hs.Role != engine.RoleFin {
				for _, c := range engine.UnitCells[hs.Unit] {
					h.area[c] = true
				}
			}
		}
	}
}

// addBranch marks case i of a forcing chain in its own colour and dash:
// the assumption double-ringed, true literals on discs, false ones in
// rings, and an arrow from each premise to what follows from it. The
// result is left out below level 3.
//
// The assumption of a refutation is what the step removes: below level 3
// its digit is the text's letter x (engine.Step.HideTried), so it and
// every candidate of that digit in the proof are drawn as their cells,
// framed with an x on the corner (triedTag), and the arrows to and from
// them run between cells: the chain keeps its shape without naming x.
func (h *hint) addBranch(br engine.Branch, i int, b *board, depth int) {
	pt := paintBranch + paint(i%numBranchCol)
	// Below level 3 an implication that is the result is left out, and
	// so are arrows into it; an assumption is always drawn, even when the
	// chain ends by removing it (a contradiction), with its arrows.
	hidden := func(l engine.Lit) bool {
		if l.Digit == 0 {
			return false // x, the tried digit: drawn as its cell
		}
		c := engine.Candidate{Cell: l.Cell, Digit: l.Digit}
		return h.level < 3 && h.result[c] && !h.assumed[c]
	}
	markLit := func(l engine.Lit, sh shape) {
		for _, c := range litCells(l) {
			if b.grid[c] == 0 {
				h.mark(candMark{c: engine.Candidate{Cell: c, Digit: l.Digit}, shape: sh, paint: pt, faded: h.fading})
			}
		}
	}
	markLit(br.Assume, shapeDoubleRing)
	h.fill[br.Assume.Cell] = max(h.fill[br.Assume.Cell], fillPattern)
	prev := br.Assume
	for _, im := range br.Steps {
		if im.Reason == engine.ReasonAssumed {
			continue
		}
		if hidden(im.Lit) {
			continue
		}
		sh := shapeRing
		if im.Lit.On {
			sh = shapeDisc
		}
		markLit(im.Lit, sh)
		from := im.From
		if len(from) == 0 {
			from = []engine.Lit{prev}
		}
		for _, f := range from {
			if hidden(f) || sameLit(f, im.Lit) {
				continue
			}
			h.arrows = append(h.arrows, arrow{from: litCands(f), to: litCands(im.Lit), paint: pt, dash: dashBranch + i, bend: i%numBranchCol + 1, depth: depth, faded: h.fading})
		}
		prev = im.Lit
	}
	if k := br.Contradiction; k != nil && k.Kind != engine.ContradictionNoPlace && k.Cell >= 0 && k.Cell < engine.NumCells && !h.fading {
		h.frames = append(h.frames, cellFrame{cell: k.Cell, kind: frameContra, paint: pt})
	}
	if depth < maxBranchDepth {
		// The cases of a nested proof are branches too: each its own
		// colour and dash, after the top-level branches'.
		for _, sub := range br.Sub {
			h.nextBranch++
			h.addBranch(sub, h.nextBranch-1, b, depth+1)
		}
	}
}

// assumptions collects the assumptions of branches and their cases.
func assumptions(bs []engine.Branch, into map[engine.Candidate]bool, depth int) {
	if depth > maxBranchDepth {
		return
	}
	for _, br := range bs {
		into[engine.Candidate{Cell: br.Assume.Cell, Digit: br.Assume.Digit}] = true
		assumptions(br.Sub, into, depth+1)
	}
}

func litCells(l engine.Lit) []int {
	if len(l.Group) > 0 {
		return l.Group
	}
	return []int{l.Cell}
}

func litCands(l engine.Lit) []engine.Candidate {
	cs := litCells(l)
	out := make([]engine.Candidate, len(cs))
	for i, c := range cs {
		out[i] = engine.Candidate{Cell: c, Digit: l.Digit}
	}
	return out
}

func sameLit(a, b engine.Lit) bool {
	return a.Cell == b.Cell && a.Digit == b.Digit && slices.Equal(a.Group, b.Group)
}

// addBlockers draws, for a single, the digits that rule out the other
// cells: a ring round each and a line across the cells it rules out in
// the unit the single lives in (or, with no unit, towards the pattern's
// cells). It never draws the single's digit.
func (h *hint) addBlockers(s engine.Step, b *board, blockers []engine.PatternCell) {
	if len(blockers) == 0 {
		return
	}
	// A hidden single's blockers hold its digit, and their lines run on
	// across the unit it lives in. A naked single's hold the other digits,
	// and their lines stop at the cell they all see; that cell comes from
	// the blockers, not from the result, so the lines give away no digit.
	var target []int
	ext := true
	var held engine.Digits
	for _, bl := range blockers {
		held |= bl.Digits
	}
	if held.Count() <= 1 {
		for _, hs := range s.Houses {
			if hs.Role == engine.RoleUnit {
				target = append(target, engine.UnitCells[hs.Unit][:]...)
			}
		}
		if len(target) == 0 {
			for _, u := range s.Units {
				target = append(target, engine.UnitCells[u][:]...)
			}
		}
	}
	if len(target) == 0 {
		ext = false
		for c := range engine.NumCells {
			all := b.grid[c] == 0
			for _, bl := range blockers {
				all = all && engine.SeesCell(c, bl.Cell)
			}
			if all {
				target = append(target, c)
			}
		}
	}
	for _, bl := range blockers {
		from := bl.Cell
		if b.grid[from] == 0 {
			// A blocker is a digit on the board; one that is only a
			// candidate gets a ring and no lines.
			for _, d := range bl.Digits.Slice() {
				h.mark(candMark{c: engine.Candidate{Cell: from, Digit: d}, shape: shapeRing, paint: paintError})
			}
			continue
		}
		h.frames = append(h.frames, cellFrame{cell: from, kind: frameBlocker, paint: paintError})
		var far [2]int // farthest ruled-out cell along the row and the column
		far[0], far[1] = -1, -1
		for _, c := range target {
			if c == from || b.grid[c] != 0 || !engine.SeesCell(from, c) {
				continue
			}
			switch {
			case engine.RowOf(c) == engine.RowOf(from):
				if far[0] < 0 || abs(engine.ColOf(c)-engine.ColOf(from)) > abs(engine.ColOf(far[0])-engine.ColOf(from)) {
					far[0] = c
				}
			case engine.ColOf(c) == engine.ColOf(from):
				if far[1] < 0 || abs(engine.RowOf(c)-engine.RowOf(from)) > abs(engine.RowOf(far[1])-engine.RowOf(from)) {
					far[1] = c
				}
			default:
				h.blocks = append(h.blocks, blockLine{from: from, to: c})
			}
		}
		for _, c := range far {
			if l := (blockLine{from: from, to: c, ext: ext}); c >= 0 && !slices.Contains(h.blocks, l) {
				h.blocks = append(h.blocks, l)
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// addLinks draws a chain's links, solid for strong and dashed for weak.
// Below level 3 a link into or out of the result is left out, and so is
// a forcing chain's Links when its Branches draw it.
func (h *hint) addLinks(s engine.Step) {
	if len(s.Branches) > 0 {
		return
	}
	var alsSets [][]int
	for _, l := range s.Links {
		if h.level < 3 && (h.result[l.From] || h.result[l.To]) {
			continue
		}
		from, to := groupCands(l.From, l.FromGroup), groupCands(l.To, l.ToGroup)
		dash := dashWeak
		if l.Strong {
			dash = dashSolid
		}
		h.arrows = append(h.arrows, arrow{from: from, to: to, paint: paintLink, dash: dash})
		for _, c := range slices.Concat(from, to) {
			if _, ok := h.top[c]; !ok {
				h.mark(candMark{c: c, shape: shapeThinRing, paint: paintLink})
			}
		}
		if len(l.ALS) > 0 {
			i := slices.IndexFunc(alsSets, func(a []int) bool { return slices.Equal(a, l.ALS) })
			if i < 0 {
				i = len(alsSets)
				alsSets = append(alsSets, l.ALS)
			}
			i %= 3
			for _, c := range l.ALS {
				if h.fill[c] < fillALS {
					h.fill[c] = fillALS + fillKind(i)
					h.frames = append(h.frames, cellFrame{cell: c, kind: frameALS, paint: paintALS + paint(i), dash: i})
				}
			}
		}
	}
}

func groupCands(c engine.Candidate, group []int) []engine.Candidate {
	if len(group) == 0 {
		return []engine.Candidate{c}
	}
	out := make([]engine.Candidate, len(group))
	for i, g := range group {
		out[i] = engine.Candidate{Cell: g, Digit: c.Digit}
	}
	return out
}

// resultCell says whether the step places or removes anything in cell c.
func (h *hint) resultCell(c int) bool {
	for d := uint8(1); d <= 9; d++ {
		if h.result[engine.Candidate{Cell: c, Digit: d}] {
			return true
		}
	}
	return false
}
