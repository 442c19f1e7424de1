package engine

import "iter"

// strongLink is a conjugate pair: the only two places for a digit in a
// unit, so exactly one of them holds it.
type strongLink struct {
	a, b int // cells, a < b
	unit int
}

// strongLinks appends the conjugate pairs of digit d, in unit order.
func strongLinks(ix *boardIndex, d uint8, buf []strongLink) []strongLink {
	for u := 0; u < NumUnits; u++ {
		in := ix.where[d].and(unitSet[u])
		if in.count() != 2 {
			continue
		}
		var cs [2]int
		in.cells(cs[:0])
		buf = append(buf, strongLink{cs[0], cs[1], u})
	}
	return buf
}

// singleDigitKind says how a pair of strong links joined by a weak link is
// named: Skyscraper (two parallel lines), 2-String Kite (a row and a column
// whose ends meet in a box) or the general Turbot Fish.
type singleDigitKind int

const (
	sdSkyscraper singleDigitKind = iota
	sdKite
	sdTurbot
)

// singleDigitChain finds strong link x1=y1, weak link y1-y2, strong link
// y2=x2: one of x1, x2 holds the digit, so cells seeing both lose it.
type singleDigitChain struct {
	kind singleDigitKind
}

func (t singleDigitChain) Name() TechniqueID {
	switch t.kind {
	case sdSkyscraper:
		return TechSkyscraper
	case sdKite:
		return TechTwoStringKite
	}
	return TechTurbotFish
}

func (t singleDigitChain) Score() float64 {
	switch t.kind {
	case sdSkyscraper:
		return scoreSkyscraper
	case sdKite:
		return scoreTwoStringKite
	}
	return scoreTurbotFish
}

func (t singleDigitChain) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t singleDigitChain) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		var buf [NumUnits]strongLink
		for d := uint8(1); d <= 9; d++ {
			links := strongLinks(ix, d, buf[:0])
			for i := range links {
				for j := i + 1; j < len(links); j++ {
					l1, l2 := links[i], links[j]
					// Try the four ways to choose the linked ends y1, y2.
					for k := 0; k < 4; k++ {
						x1, y1 := l1.a, l1.b
						if k&1 != 0 {
							x1, y1 = y1, x1
						}
						x2, y2 := l2.a, l2.b
						if k&2 != 0 {
							x2, y2 = y2, x2
						}
						s, ok := t.step(b, ix, d, l1, l2, x1, y1, x2, y2)
						if ok && !yield(s) {
							return
						}
					}
				}
			}
		}
	}
}

func (t singleDigitChain) step(b *Board, ix *boardIndex, d uint8, l1, l2 strongLink, x1, y1, x2, y2 int) (Step, bool) {
	if x1 == x2 || x1 == y2 || y1 == x2 || y1 == y2 || !SeesCell(y1, y2) {
		return Step{}, false
	}
	if t.kind != sdTurbot && !t.matches(l1, l2, y1, y2) {
		return Step{}, false
	}
	var ends, pattern cellSet
	ends.add(x1)
	ends.add(x2)
	pattern = ends
	pattern.add(y1)
	pattern.add(y2)
	elim := ix.where[d].and(commonPeers(ends)).andNot(pattern)
	if elim.isEmpty() {
		return Step{}, false
	}
	ds := DigitSet(d)
	s := Step{
		Technique:    t.Name(),
		Score:        t.Score(),
		Eliminations: elimsOf(elim, d),
		Cells:        []int{x1, y1, y2, x2},
		Units:        []int{l1.unit, l2.unit},
		Proof:        []Candidate{{x1, d}, {y1, d}, {y2, d}, {x2, d}},
		Links: []Link{
			{From: Candidate{x1, d}, To: Candidate{y1, d}, Strong: true},
			{From: Candidate{y1, d}, To: Candidate{y2, d}},
			{From: Candidate{y2, d}, To: Candidate{x2, d}, Strong: true},
		},
		Digits: ds,
		// Read from x1 being false: x1 off, y1 on, y2 off, x2 on. The
		// chain's ends (group 0 and 1) are the cells one of which holds d.
		Pattern: []PatternCell{
			{Cell: x1, Digits: ds, Role: RoleOff},
			{Cell: y1, Digits: ds, Role: RoleOn},
			{Cell: y2, Digits: ds, Role: RoleOff},
			{Cell: x2, Digits: ds, Role: RoleOn, Group: 1},
		},
		Houses: []House{{Unit: l1.unit, Role: RoleUnit}, {Unit: l2.unit, Role: RoleUnit}},
	}
	s.Pattern = wingsAddElims(s.Pattern, s.Eliminations)
	return s, true
}

// wingsAddElims adds the result's eliminations to a pattern, one
// RoleEliminated entry per cell with every digit removed there.
func wingsAddElims(p []PatternCell, elims []Candidate) []PatternCell {
	start := len(p)
	for _, e := range elims {
		found := false
		for i := start; i < len(p); i++ {
			if p[i].Cell == e.Cell {
				p[i].Digits = p[i].Digits.With(e.Digit)
				found = true
				break
			}
		}
		if !found {
			p = append(p, PatternCell{Cell: e.Cell, Digits: DigitSet(e.Digit), Role: RoleEliminated})
		}
	}
	return p
}

// matches reports whether the links form a Skyscraper (two parallel lines,
// linked ends in one cross line, far ends not) or a 2-String Kite (a row
// and a column whose linked ends share a box).
func (t singleDigitChain) matches(l1, l2 strongLink, y1, y2 int) bool {
	row1, row2 := l1.unit < FirstCol, l2.unit < FirstCol
	col1, col2 := !row1 && l1.unit < FirstBox, !row2 && l2.unit < FirstBox
	switch t.kind {
	case sdSkyscraper:
		if row1 && row2 {
			return ColOf(y1) == ColOf(y2)
		}
		if col1 && col2 {
			return RowOf(y1) == RowOf(y2)
		}
	case sdKite:
		if (row1 && col2) || (col1 && row2) {
			return BoxOf(y1) == BoxOf(y2)
		}
	}
	return false
}

// emptyRectangle: a box whose places for a digit all lie on one row R and
// one column C of the box holds the digit on R or on C. With a strong link
// in a column X outside the box, from (R,X) to (q,X), the cell (q,C) loses
// the digit: if (R,X) is it, the box's row R is not, so its column C is;
// otherwise (q,X) is it. The same holds with rows and columns swapped.
type emptyRectangle struct{}

func (emptyRectangle) Name() TechniqueID            { return TechEmptyRectangle }
func (emptyRectangle) Score() float64               { return scoreEmptyRectangle }
func (t emptyRectangle) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t emptyRectangle) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		for d := uint8(1); d <= 9; d++ {
			for bx := 0; bx < 9; bx++ {
				box := ix.where[d].and(unitSet[FirstBox+bx])
				if box.count() < 2 {
					continue
				}
				r0, c0 := bx/3*3, bx%3*3
				for R := r0; R < r0+3; R++ {
					for C := c0; C < c0+3; C++ {
						rowPart := box.and(unitSet[FirstRow+R])
						colPart := box.and(unitSet[FirstCol+C])
						if !box.subsetOf(rowPart.or(colPart)) ||
							rowPart.andNot(colPart).isEmpty() || colPart.andNot(rowPart).isEmpty() {
							continue
						}
						for _, s := range t.steps(b, ix, d, bx, R, C, box) {
							if !yield(s) {
								return
							}
						}
					}
				}
			}
		}
	}
}

func (t emptyRectangle) steps(b *Board, ix *boardIndex, d uint8, bx, R, C int, box cellSet) []Step {
	var out []Step
	r0, c0 := bx/3*3, bx%3*3
	// Strong links in columns X outside the box, one end on row R.
	for X := 0; X < 9; X++ {
		if X >= c0 && X < c0+3 {
			continue
		}
		col := ix.where[d].and(unitSet[FirstCol+X])
		p := CellAt(R, X)
		if col.count() != 2 || !col.has(p) {
			continue
		}
		q := col.andNot(cellBit(p)).first()
		if RowOf(q) >= r0 && RowOf(q) < r0+3 {
			continue
		}
		target := CellAt(RowOf(q), C)
		if b.Cands[target].Has(d) {
			out = append(out, t.step(d, bx, R, C, box, p, q, FirstCol+X, target))
		}
	}
	// Strong links in rows Y outside the box, one end on column C.
	for Y := 0; Y < 9; Y++ {
		if Y >= r0 && Y < r0+3 {
			continue
		}
		row := ix.where[d].and(unitSet[FirstRow+Y])
		p := CellAt(Y, C)
		if row.count() != 2 || !row.has(p) {
			continue
		}
		q := row.andNot(cellBit(p)).first()
		if ColOf(q) >= c0 && ColOf(q) < c0+3 {
			continue
		}
		target := CellAt(R, ColOf(q))
		if b.Cands[target].Has(d) {
			out = append(out, t.step(d, bx, R, C, box, p, q, FirstRow+Y, target))
		}
	}
	return out
}

// RoleERBox is the role of an Empty Rectangle's box (a House) and of the
// box's candidates that make the rectangle.
const RoleERBox Role = "er-box"

// step builds the Empty Rectangle's step. Read as a chain from q being
// false: q off, p on; p sees the box's part on p's line (near), which is
// off, so the box's part on the other line (far) is on; target sees both
// far and q. The box's cells where the two lines cross belong to near.
func (t emptyRectangle) step(d uint8, bx, R, C int, box cellSet, p, q, linkUnit, target int) Step {
	boxCells := box.cells(nil)
	proof := candsOf(box, d)
	proof = append(proof, Candidate{p, d}, Candidate{q, d})
	// near: the box's cells on p's line; far: the rest of the box.
	nearLine := FirstRow + R
	if linkUnit < FirstCol {
		nearLine = FirstCol + C
	}
	var near, far []int
	for _, c := range boxCells {
		if unitSet[nearLine].has(c) {
			near = append(near, c)
		} else {
			far = append(far, c)
		}
	}
	ds := DigitSet(d)
	link := Link{From: Candidate{p, d}, To: Candidate{near[0], d}}
	if len(near) > 1 {
		link.ToGroup = near
	}
	boxLink := Link{From: Candidate{near[0], d}, To: Candidate{far[0], d}, Strong: true}
	if len(near) > 1 {
		boxLink.FromGroup = near
	}
	if len(far) > 1 {
		boxLink.ToGroup = far
	}
	pattern := []PatternCell{
		{Cell: q, Digits: ds, Role: RoleOff},
		{Cell: p, Digits: ds, Role: RoleOn},
	}
	for _, c := range near {
		pattern = append(pattern, PatternCell{Cell: c, Digits: ds, Role: RoleOff, Group: 1})
	}
	for _, c := range far {
		pattern = append(pattern, PatternCell{Cell: c, Digits: ds, Role: RoleOn, Group: 1})
	}
	s := Step{
		Technique:    t.Name(),
		Score:        t.Score(),
		Eliminations: []Candidate{{target, d}},
		Cells:        append(boxCells, p, q),
		Units:        []int{FirstBox + bx, linkUnit},
		Proof:        proof,
		Links: []Link{
			{From: Candidate{q, d}, To: Candidate{p, d}, Strong: true},
			link,
			boxLink,
		},
		Digits:  ds,
		Pattern: wingsAddElims(pattern, []Candidate{{target, d}}),
		Houses:  []House{{Unit: FirstBox + bx, Role: RoleERBox}, {Unit: linkUnit, Role: RoleUnit}},
	}
	return s
}
