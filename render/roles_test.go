package render

import (
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

func (f roleFixture) position(t testing.TB) Position {
	t.Helper()
	g, err := engine.Parse(f.progress)
	if err != nil {
		t.Fatalf("%s: %v", f.name, err)
	}
	marks := engine.NewBoard(g).Cands
	return Position{Puzzle: g, Marks: &marks}
}

func roleFixtureNamed(t testing.TB, name string) roleFixture {
	t.Helper()
	for _, f := range roleFixtures {
		if f.name == name {
			return f
		}
	}
	t.Fatalf("no role fixture %q", name)
	return roleFixture{}
}

// roleGoldenCases draws every role fixture at levels 1 to 3 in the dark
// theme and at levels 2 and 3 in the light one.
func roleGoldenCases(t testing.TB) []goldenCase {
	var cases []goldenCase
	for _, f := range roleFixtures {
		p := f.position(t)
		step := f.step
		for _, th := range []Theme{Dark, Light} {
			for _, lv := range []int{1, 2, 3} {
				if th == Light && lv == 1 {
					continue
				}
				name := fmt.Sprintf("roles-%s-%d-%s", f.name, lv, th.Name)
				cases = append(cases, goldenCase{name, p, Options{Theme: th, Hint: &step, HintLevel: lv, Title: string(step.Technique)}})
			}
		}
	}
	return cases
}

// stripResult removes from a step everything that names its result: the
// placements and eliminations, the Pattern's result entries, true or
// false chain candidates and proof candidates that are the result, links
// and implications that end in a result candidate.
func stripResult(s engine.Step) engine.Step {
	res := map[engine.Candidate]bool{}
	for _, c := range slices.Concat(s.Placements, s.Eliminations) {
		res[c] = true
	}
	for _, p := range s.Pattern {
		if p.Role == engine.RoleEliminated || p.Role == engine.RolePlaced {
			for _, d := range p.Digits.Slice() {
				res[engine.Candidate{Cell: p.Cell, Digit: d}] = true
			}
		}
	}
	isRes := func(c engine.Candidate) bool { return res[c] }
	s.Placements, s.Eliminations = nil, nil
	s.Pattern = slices.DeleteFunc(slices.Clone(s.Pattern), func(p engine.PatternCell) bool {
		onOff := p.Role == engine.RoleOn || p.Role == engine.RoleOff
		if p.Role == engine.RoleTemplateOther && slices.ContainsFunc(engine.AllDigits.Slice(), func(d uint8) bool {
			return res[engine.Candidate{Cell: p.Cell, Digit: d}]
		}) {
			return true // another digit's sure cell where the step removes: the result
		}
		return p.Role == engine.RoleEliminated || p.Role == engine.RolePlaced || onOff && slices.ContainsFunc(p.Digits.Slice(), func(d uint8) bool {
			return res[engine.Candidate{Cell: p.Cell, Digit: d}]
		})
	})
	s.Proof = slices.DeleteFunc(slices.Clone(s.Proof), isRes)
	s.Links = slices.DeleteFunc(slices.Clone(s.Links), func(l engine.Link) bool { return res[l.From] || res[l.To] })
	var branches []engine.Branch
	assumed := map[engine.Candidate]bool{}
	assumptions(s.Branches, assumed, 0)
	for c := range assumed {
		delete(res, c)
	}
	for _, br := range s.Branches {
		branches = append(branches, stripBranch(br, res))
	}
	s.Branches = branches
	return s
}

// stripBranch removes a branch's implications (nested cases' too) whose
// literal is a result candidate (res holds no assumption: they stay).
func stripBranch(br engine.Branch, res map[engine.Candidate]bool) engine.Branch {
	br.Steps = slices.DeleteFunc(slices.Clone(br.Steps), func(im engine.Implication) bool {
		return res[engine.Candidate{Cell: im.Lit.Cell, Digit: im.Lit.Digit}]
	})
	var subs []engine.Branch
	for _, sub := range br.Sub {
		subs = append(subs, stripBranch(sub, res))
	}
	br.Sub = subs
	return br
}

type levelCase struct {
	name string
	pos  Position
	step engine.Step
}

func levelCases(t *testing.T) []levelCase {
	var cs []levelCase
	for _, f := range roleFixtures {
		cs = append(cs, levelCase{"roles-" + f.name, f.position(t), f.step})
	}
	for _, f := range stepFixtures {
		p, _ := f.position(t)
		cs = append(cs, levelCase{"fallback-" + f.name, p, f.step})
	}
	return cs
}

// TestLevel2HidesResult draws every fixture at level 2 twice, once as it
// is and once with its result taken out: the pictures must be the same
// pixel for pixel, so level 2 shows nothing of the result. Level 3 must
// add to level 2, in both themes.
func TestLevel2HidesResult(t *testing.T) {
	t.Parallel() // pure: no state shared with other tests
	for _, tc := range levelCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			bare := stripResult(tc.step)
			for _, th := range []Theme{Dark, Light} {
				draw := func(s engine.Step, level int) image.Image {
					t.Helper()
					img, err := Board(tc.pos, Options{Theme: th, Size: 400, Hint: &s, HintLevel: level})
					if err != nil {
						t.Fatal(err)
					}
					return img
				}
				two := draw(tc.step, 2)
				if n, msg := pixelDiff(two, draw(bare, 2), 0); n != 0 {
					t.Errorf("%s: level 2 depends on the result: %s", th.Name, msg)
				}
				if n, _ := pixelDiff(draw(tc.step, 3), two, 0); n == 0 {
					t.Errorf("%s: level 3 adds nothing to level 2", th.Name)
				}
			}
			b, err := newBoard(tc.pos, engine.Grid{})
			if err != nil {
				t.Fatal(err)
			}
			h, err := newHint(tc.step, 2, 0, b)
			if err != nil {
				t.Fatal(err)
			}
			if len(h.elims) > 0 || h.placed != ([engine.NumCells]uint8{}) {
				t.Errorf("level 2 keeps eliminations %v or placements", h.elims)
			}
			for _, m := range h.marks {
				if h.result[m.c] && (m.shape == shapeDisc || m.paint == paintOff || m.paint >= paintBranch) {
					t.Errorf("level 2 marks the result candidate %v as a chain's conclusion", m.c)
				}
			}
			for _, a := range h.arrows {
				for _, c := range slices.Concat(a.from, a.to) {
					if h.result[c] {
						t.Errorf("level 2 draws an arrow to or from the result candidate %v", c)
					}
				}
			}
		})
	}
}

// TestRoleMarks checks that each role gets its own shape (not colour
// alone): what a player who cannot tell the colours apart still sees.
func TestRoleMarks(t *testing.T) {
	type want struct {
		c     engine.Candidate
		shape shape
		paint paint
	}
	for _, tc := range []struct {
		fixture string
		marks   []want
		fills   map[int]fillKind
		frames  map[int]frameKind
		check   func(t *testing.T, h *hint)
	}{
		{fixture: "finned-x-wing",
			marks: []want{{cd(3, 4, 4), shapeRing, paintProof}, {cd(5, 9, 4), shapeFinSquare, paintFin}},
			fills: map[int]fillKind{cl(5, 9): fillFin, cl(3, 4): fillPattern},
			check: func(t *testing.T, h *hint) {
				var base, cover, fin int
				for _, u := range h.units {
					switch {
					case u.cover:
						cover++
					case u.fin:
						fin++
					default:
						base++
					}
				}
				if base != 2 || cover != 2 || fin != 1 {
					t.Errorf("%d base, %d cover and %d fin units, want 2, 2 and 1", base, cover, fin)
				}
				if h.area[cl(6, 9)] {
					t.Error("the fin's box is tinted like a base unit")
				}
			}},
		{fixture: "swordfish",
			check: func(t *testing.T, h *hint) {
				if len(h.units) != 6 {
					t.Errorf("%d units, want 6", len(h.units))
				}
				// Cover units are hatched, not tinted: r4c4 lies only in one.
				if h.area[cl(4, 4)] || !h.area[cl(1, 1)] {
					t.Errorf("area: cover-only r4c4 %v (want false), base r1c1 %v (want true)", h.area[cl(4, 4)], h.area[cl(1, 1)])
				}
			}},
		{fixture: "xy-wing",
			marks:  []want{{cd(2, 7, 4), shapeRing, paintProof}},
			frames: map[int]frameKind{cl(2, 7): framePivot, cl(3, 9): framePincer, cl(8, 7): framePincer}},
		{fixture: "als-xz",
			marks:  []want{{cd(2, 1, 4), shapeRing, paintALS}, {cd(4, 1, 7), shapeRing, paintALS + 1}},
			fills:  map[int]fillKind{cl(2, 1): fillALS, cl(2, 3): fillALS, cl(4, 1): fillALS + 1, cl(8, 1): fillALS + 1},
			frames: map[int]frameKind{cl(2, 1): frameALS, cl(8, 1): frameALS},
			check: func(t *testing.T, h *hint) {
				dashes := map[int]bool{}
				for _, f := range h.frames {
					dashes[f.dash] = true
				}
				if len(dashes) != 2 {
					t.Errorf("the two ALSs' frames share a line style: %v", h.frames)
				}
			}},
		{fixture: "xy-chain",
			marks: []want{{cd(4, 1, 7), shapeRing, paintOff}, {cd(4, 1, 8), shapeDisc, paintOn}, {cd(7, 5, 7), shapeDisc, paintOn}}},
		{fixture: "simple-colouring",
			marks: []want{{cd(7, 3, 9), shapeDisc, paintColourA}, {cd(7, 5, 9), shapeSquare, paintColourB}}},
		{fixture: "unique-rectangle",
			marks: []want{{cd(5, 6, 4), shapeRing, paintProof}, {cd(4, 6, 2), shapeDashedRing, paintFin}}},
		{fixture: "cell-forcing-chain",
			marks: []want{{cd(1, 4, 4), shapeDoubleRing, paintBranch}, {cd(1, 4, 2), shapeDoubleRing, paintBranch + 1},
				{cd(1, 4, 9), shapeDoubleRing, paintBranch + 2}, {cd(1, 3, 2), shapeRing, paintBranch + 1}, {cd(1, 3, 4), shapeDisc, paintBranch + 1}},
			check: func(t *testing.T, h *hint) {
				styles := map[paint]int{}
				for _, a := range h.arrows {
					if d, ok := styles[a.paint]; ok && d != a.dash {
						t.Errorf("branch %d has two line styles", a.paint)
					}
					styles[a.paint] = a.dash
				}
				if len(styles) != 2 { // the first branch's only arrow is the result's
					t.Errorf("arrows in %d colours, want 2: %v", len(styles), styles)
				}
			}},
		{fixture: "avoidable-rectangle",
			fills:  map[int]fillKind{cl(1, 1): fillPattern, cl(4, 1): fillPattern},
			frames: map[int]frameKind{cl(1, 1): frameSolved, cl(1, 2): frameSolved, cl(4, 2): frameSolved},
			check: func(t *testing.T, h *hint) {
				if _, ok := h.top[cd(4, 1, 7)]; ok {
					t.Error("level 2 marks the candidate the rectangle removes")
				}
			}},
		{fixture: "template",
			marks: []want{{cd(1, 3, 4), shapeRing, paintProof}, {cd(4, 6, 9), shapeSquare, paintOff}}},
		{fixture: "hidden-single-ruled-out",
			check: func(t *testing.T, h *hint) {
				if !slices.Equal(h.crossed, []int{cl(2, 5), cl(3, 5)}) || len(h.blocks) != 1 {
					t.Errorf("crossed %v, %d blocking lines; want r2c5 and r3c5, 1", h.crossed, len(h.blocks))
				}
				if h.fill[cl(2, 5)] != fillNone || !h.showMarks[cl(2, 5)] {
					t.Errorf("a ruled-out cell is tinted (%d) or hides its pencil marks", h.fill[cl(2, 5)])
				}
			}},
		{fixture: "hidden-single",
			check: func(t *testing.T, h *hint) {
				if len(h.blocks) != 2 {
					t.Errorf("%d blocking lines, want 2: %v", len(h.blocks), h.blocks)
				}
				if h.showMarks[cl(1, 6)] || len(h.marks) > 0 {
					t.Errorf("level 2 draws the single's cell r1c6 or marks %v", h.marks)
				}
			}},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			f := roleFixtureNamed(t, tc.fixture)
			b, err := newBoard(f.position(t), engine.Grid{})
			if err != nil {
				t.Fatal(err)
			}
			h, err := newHint(f.step, 2, 0, b)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.marks {
				m, ok := h.top[w.c]
				if !ok || m.shape != w.shape || m.paint != w.paint {
					t.Errorf("%v: mark %+v (%v), want shape %d paint %d", w.c, m, ok, w.shape, w.paint)
				}
			}
			for c, k := range tc.fills {
				if h.fill[c] != k {
					t.Errorf("%s: fill %d, want %d", engine.CellName(c), h.fill[c], k)
				}
			}
			for c, k := range tc.frames {
				if !slices.ContainsFunc(h.frames, func(f cellFrame) bool { return f.cell == c && f.kind == k }) {
					t.Errorf("%s: no frame of kind %d in %v", engine.CellName(c), k, h.frames)
				}
			}
			if tc.check != nil {
				tc.check(t, h)
			}
		})
	}
}

// TestEndoFinMark: a fin of group 1 (an endo fin, inside two base units)
// has its own shape, since the words single it out.
func TestEndoFinMark(t *testing.T) {
	f := roleFixtureNamed(t, "finned-x-wing")
	s := f.step
	s.Pattern = slices.Clone(s.Pattern)
	for i, p := range s.Pattern {
		if p.Role == engine.RoleFin {
			s.Pattern[i].Group = 1
		}
	}
	b, err := newBoard(f.position(t), engine.Grid{})
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		name string
		s    engine.Step
		want shape
	}{{"fin", f.step, shapeFinSquare}, {"endo fin", s, shapeEndoFin}} {
		h, err := newHint(step.s, 2, 0, b)
		if err != nil {
			t.Fatal(err)
		}
		if m := h.top[cd(5, 9, 4)]; m.shape != step.want || m.paint != paintFin {
			t.Errorf("%s r5c9: shape %d paint %d, want shape %d paint %d", step.name, m.shape, m.paint, step.want, paintFin)
		}
	}
}

// TestRoleBadInput rejects structured data that points off the board.
func TestRoleBadInput(t *testing.T) {
	p := roleFixtureNamed(t, "xy-chain").position(t)
	for _, tc := range []struct {
		name string
		s    engine.Step
	}{
		{"pattern cell 81", engine.Step{Pattern: []engine.PatternCell{{Cell: 81, Role: engine.RoleOn}}}},
		{"pattern digit 0", engine.Step{Pattern: []engine.PatternCell{{Cell: 3, Digits: 1, Role: engine.RoleOn}}}},
		{"house 27", engine.Step{Houses: []engine.House{{Unit: 27, Role: engine.RoleBase}}}},
		{"link group cell -1", engine.Step{Links: []engine.Link{{From: cd(4, 1, 7), To: cd(4, 1, 8), FromGroup: []int{-1}}}}},
		{"branch digit 10", engine.Step{Branches: []engine.Branch{{Assume: engine.Lit{Cell: 3, Digit: 10}}}}},
		{"implication cell 99", engine.Step{Branches: []engine.Branch{{Assume: on(1, 4, 2), Steps: []engine.Implication{{Lit: engine.Lit{Cell: 99, Digit: 2}}}}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, err := Board(p, Options{Hint: &tc.s, HintLevel: 2})
			if !errors.Is(err, ErrHint) || img != nil {
				t.Fatalf("got %v, %v; want ErrHint", img != nil, err)
			}
			t.Log(err)
		})
	}
}

// BenchmarkBoardHintPNGRoles is BenchmarkBoardHintPNG for a step drawn
// from its roles: a forcing chain's three branches over every pencil mark.
func BenchmarkBoardHintPNGRoles(b *testing.B) {
	f := roleFixtureNamed(b, "cell-forcing-chain")
	benchHintPNG(b, f.position(b), f.step)
}

// TestRefutationHidesItsAssumption: a step with one case refutes its
// assumption, which is the candidate it removes, whatever its variant.
// Level 2 must neither mark that candidate nor draw an arrow from it (it
// is drawn as its cell, tagged x); level 3 does.
func TestRefutationHidesItsAssumption(t *testing.T) {
	f := roleFixtureNamed(t, "cell-forcing-chain")
	s := f.step
	br := s.Branches[0]
	assume := engine.Candidate{Cell: br.Assume.Cell, Digit: br.Assume.Digit}
	s.Branches = []engine.Branch{br}
	s.Placements, s.Eliminations = nil, []engine.Candidate{assume}
	b, err := newBoard(f.position(t), engine.Grid{})
	if err != nil {
		t.Fatal(err)
	}
	for level, wantShown := range map[int]bool{2: false, 3: true} {
		h, err := newHint(s, level, 0, b)
		if err != nil {
			t.Fatal(err)
		}
		shown := false
		for _, m := range h.marks {
			shown = shown || m.c == assume && m.shape == shapeDoubleRing
		}
		for _, a := range h.arrows {
			shown = shown || slices.Contains(a.from, assume)
		}
		if shown != wantShown {
			t.Errorf("level %d: the refuted assumption %v drawn = %v, want %v", level, assume, shown, wantShown)
		}
		tagged := slices.Contains(h.tried, triedTag{cell: assume.Cell, kind: triedAssume, paint: paintBranch})
		if tagged == wantShown {
			t.Errorf("level %d: the refuted assumption's cell tagged x = %v, want %v", level, tagged, !wantShown)
		}
	}
}

// TestOneCaseFromElsewhereShowsItsAssumption: a step with one case whose
// assumption is not what it removes (a Kraken fish with one fin: the fin
// leads to the result) is no refutation; level 2 draws the assumption and
// the arrows from it.
func TestOneCaseFromElsewhereShowsItsAssumption(t *testing.T) {
	f := roleFixtureNamed(t, "cell-forcing-chain")
	s := f.step
	br := s.Branches[0]
	assume := engine.Candidate{Cell: br.Assume.Cell, Digit: br.Assume.Digit}
	s.Branches = []engine.Branch{br}
	b, err := newBoard(f.position(t), engine.Grid{})
	if err != nil {
		t.Fatal(err)
	}
	h, err := newHint(s, 2, 0, b)
	if err != nil {
		t.Fatal(err)
	}
	shown := false
	for _, m := range h.marks {
		shown = shown || m.c == assume && m.shape == shapeDoubleRing
	}
	if !shown {
		t.Errorf("level 2: the assumption %v of a one-case step that does not remove it is not drawn", assume)
	}
}

// TestRefutationHidesItsDigit: below level 3 a refutation's tried digit is
// the text's letter x, so the picture marks no candidate of that digit
// (a mark's place in its cell would name it) and draws no arrow to or
// from one; it shades their cells instead. Level 3 draws them.
func TestRefutationHidesItsDigit(t *testing.T) {
	f := roleFixtureNamed(t, "cell-forcing-chain")
	s := f.step
	br := s.Branches[0]
	x := br.Assume.Digit
	s.Variant = engine.VariantContradiction
	s.Branches = []engine.Branch{br}
	s.Placements, s.Eliminations = nil, []engine.Candidate{{Cell: br.Assume.Cell, Digit: x}}
	b, err := newBoard(f.position(t), engine.Grid{})
	if err != nil {
		t.Fatal(err)
	}
	for level, wantShown := range map[int]bool{2: false, 3: true} {
		h, err := newHint(s, level, 0, b)
		if err != nil {
			t.Fatal(err)
		}
		shown := false
		for _, m := range h.marks {
			shown = shown || m.c.Digit == x
		}
		for _, a := range h.arrows {
			for _, c := range slices.Concat(a.from, a.to) {
				shown = shown || c.Digit == x
			}
		}
		if shown != wantShown {
			t.Errorf("level %d: a candidate of the tried digit %d drawn = %v, want %v", level, x, shown, wantShown)
		}
		if level == 2 && h.fill[br.Assume.Cell] == fillNone {
			t.Errorf("level 2: the tried cell %s is not shaded", engine.CellName(br.Assume.Cell))
		}
		if level == 3 {
			if len(h.tried) > 0 {
				t.Errorf("level 3 names the digit, yet tags %d cells x", len(h.tried))
			}
			continue
		}
		// The text's "Suppose r?c? is x": the tried cell tagged as the
		// assumption, and the chain's arrows leave from that cell.
		if !slices.Contains(h.tried, triedTag{cell: br.Assume.Cell, kind: triedAssume, paint: paintBranch}) {
			t.Errorf("level 2: the tried cell %s is not tagged as the assumption: %+v", engine.CellName(br.Assume.Cell), h.tried)
		}
		from := false
		for _, a := range h.arrows {
			from = from || slices.Contains(a.from, engine.Candidate{Cell: br.Assume.Cell})
		}
		if !from {
			t.Errorf("level 2: no arrow leaves the tried cell %s: the chain has no start", engine.CellName(br.Assume.Cell))
		}
	}
}

// TestTriedTagOffTheCandidates: the badge with the letter x sits on a
// corner of its cell, where the grid lines cross, inside the board (never
// half off the picture): it keeps clear of every candidate's digit (half
// a digit is about a tenth of a cell), so it names no digit.
func TestTriedTagOffTheCandidates(t *testing.T) {
	l := newLayout(1000, false)
	cell := float64(l.cell)
	board := image.Rect(l.x0, l.y0, l.x0+9*l.cell, l.y0+9*l.cell)
	for c := range engine.NumCells {
		bx, by := l.triedCorner(c)
		r := l.cellRect(c)
		if bx != float64(r.Min.X) && bx != float64(r.Max.X) || by != float64(r.Min.Y) && by != float64(r.Max.Y) {
			t.Fatalf("%s: the x badge at (%.0f, %.0f) is not on a corner of the cell %v", engine.CellName(c), bx, by, r)
		}
		if int(bx) <= board.Min.X || int(bx) >= board.Max.X || int(by) <= board.Min.Y || int(by) >= board.Max.Y {
			t.Errorf("%s: the x badge at (%.0f, %.0f) is on the board's edge, half off the picture", engine.CellName(c), bx, by)
		}
		for d := uint8(1); d <= 9; d++ {
			x, y := l.markCenter(c, d)
			if dist := math.Hypot(bx-x, by-y); dist < cell*(triedBadge+0.1) {
				t.Errorf("%s: the x badge at (%.0f, %.0f) is %.0f px from candidate %d: it would read as that candidate", engine.CellName(c), bx, by, dist, d)
			}
		}
	}
}
