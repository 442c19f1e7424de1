package engine

import (
	"slices"
	"testing"
)

// TestBoardGivens checks every way a Board learns which filled cells are
// givens: NewBoard (all of them), Place (never), NewPosition (the puzzle's
// digits only), and the solving path's final board.
func TestBoardGivens(t *testing.T) {
	g := MustParse("040060072500800000600047000450006010007000200060500094000450009000001008890030040")
	b := NewBoard(g)
	for c := 0; c < NumCells; c++ {
		if b.IsGiven(c) != (g[c] != 0) {
			t.Fatalf("NewBoard: %s given = %v", CellName(c), b.IsGiven(c))
		}
	}
	var zero Board
	zero.Grid = g
	if !zero.IsGiven(1) {
		t.Error("a Board built from a grid alone must count its digits as givens")
	}

	b.Place(0, 1)
	if b.IsGiven(0) || !b.IsGiven(1) || b.Givens() != g {
		t.Error("Place must mark only the placed cell as not given")
	}

	progress := g
	progress[0], progress[1] = 1, 9 // r1c2 is a given 4: its progress digit is ignored
	p := NewPosition(g, progress)
	switch {
	case p.IsGiven(0) || p.Grid[0] != 1:
		t.Error("NewPosition: an entry counts as a given")
	case !p.IsGiven(1) || p.Grid[1] != 4:
		t.Error("NewPosition: a progress digit overrode a given")
	case p.Givens() != g:
		t.Error("NewPosition: Givens differ from the puzzle")
	case p.Cands[2].Has(1):
		t.Error("NewPosition: an entry does not rule out its peers' candidates")
	}

	path, err := SolvePath(g)
	if err != nil || !path.Solved {
		t.Fatalf("SolvePath: %v (solved %v)", err, path.Solved)
	}
	if path.Final.Givens() != g {
		t.Error("the path's final board counts a placed digit as a given (or a given as placed)")
	}
}

// TestAvoidableRectangleNeedsNonGivens replays HoDoKu's avoidable
// rectangle cases with every filled cell made a given: then no swap is
// possible (givens cannot move), and the technique must find nothing.
func TestAvoidableRectangleNeedsNonGivens(t *testing.T) {
	n := 0
	for _, c := range loadReglib(t) {
		if c.code != "0607" && c.code != "0608" {
			continue
		}
		n++
		kind := 1
		if c.code == "0608" {
			kind = 2
		}
		tech := avoidableRectangle{kind: kind}
		if len(AllSteps(tech, &c.board)) == 0 {
			t.Errorf("line %d: no avoidable rectangle as given", c.line)
		}
		b := Board{Grid: c.board.Grid, Cands: c.board.Cands} // every digit a given
		if steps := AllSteps(tech, &b); len(steps) > 0 {
			t.Errorf("line %d: avoidable rectangle on givens: %v", c.line, steps[0])
		}
		if _, ok := nextStep(&c.board, false, []Technique{tech}); ok {
			t.Errorf("line %d: avoidable rectangle without the uniqueness permission", c.line)
		}
	}
	if n == 0 {
		t.Fatal("no avoidable rectangle cases")
	}
}

// TestAvoidableRectangleShape checks a type 1 step's data: three filled
// corners with their digits, the empty corner without the digit it loses
// (so a level-2 picture does not show it), and the result.
func TestAvoidableRectangleShape(t *testing.T) {
	for _, c := range loadReglib(t) {
		if c.code != "0607" {
			continue
		}
		s, ok := avoidableRectangle{kind: 1}.Find(&c.board)
		if !ok {
			t.Fatalf("line %d: nothing found", c.line)
		}
		roles := map[Role]int{}
		for _, p := range s.Pattern {
			roles[p.Role]++
			switch p.Role {
			case RoleSolved:
				if c.board.IsGiven(p.Cell) || c.board.Grid[p.Cell] == 0 || p.Digits != DigitSet(c.board.Grid[p.Cell]) {
					t.Errorf("line %d: solved corner %s is wrong", c.line, CellName(p.Cell))
				}
			case RoleCorner:
				for _, e := range s.Eliminations {
					if e.Cell == p.Cell && p.Digits.Has(e.Digit) {
						t.Errorf("line %d: the corner shows the digit it loses", c.line)
					}
				}
			}
		}
		if roles[RoleSolved] != 3 || roles[RoleCorner] != 1 || roles[RoleEliminated] != 1 || s.Digits.Count() != 2 {
			t.Errorf("line %d: roles %v, digits %v", c.line, roles, s.Digits.Slice())
		}
		if len(s.Units) != 4 || len(s.Cells) != 4 || s.Variant != "type-1" {
			t.Errorf("line %d: units %v cells %v variant %q", c.line, s.Units, s.Cells, s.Variant)
		}
	}
}

// TestTemplatesEmptyGrid counts an empty grid's templates: 46,656 for
// every digit, none shared, none ruled out.
func TestTemplatesEmptyGrid(t *testing.T) {
	b := NewBoard(Grid{})
	ts, ok := newTemplates(&b)
	if !ok {
		t.Fatal("no templates")
	}
	for d := 1; d <= 9; d++ {
		if n := len(ts.list[d]); n != 46656 {
			t.Errorf("digit %d: %d templates, want 46656", d, n)
		}
		if !ts.every[d].isEmpty() || ts.some[d].count() != NumCells {
			t.Errorf("digit %d: every %d cells, some %d", d, ts.every[d].count(), ts.some[d].count())
		}
	}
	for _, tech := range []Technique{template{set: true}, template{set: false}} {
		if steps := AllSteps(tech, &b); len(steps) > 0 {
			t.Errorf("%s on an empty grid: %v", tech.Name(), steps[0])
		}
	}
}

// TestTemplateShape checks a template step's data on HoDoKu's cases: the
// digit, every candidate of it as RoleTemplate, the result, and the other
// digits' cells when they decide it.
func TestTemplateShape(t *testing.T) {
	others := 0
	for _, c := range loadReglib(t) {
		if c.code != "1201" && c.code != "1202" {
			continue
		}
		tech := template{set: c.code == "1201"}
		for _, s := range AllSteps(tech, &c.board) {
			d := s.Digits.First()
			if s.Digits.Count() != 1 {
				t.Fatalf("line %d: digits %v", c.line, s.Digits.Slice())
			}
			var tpl []int
			for _, p := range s.Pattern {
				switch p.Role {
				case RoleTemplate:
					tpl = append(tpl, p.Cell)
				case RoleTemplateOther:
					others++
					if p.Digits != DigitSet(uint8(p.Group)) || uint8(p.Group) == d || !c.board.Cands[p.Cell].Has(d) {
						t.Errorf("line %d: other digit's cell %s is wrong", c.line, CellName(p.Cell))
					}
				}
			}
			var want []int
			for cell := 0; cell < NumCells; cell++ {
				if c.board.Cands[cell].Has(d) {
					want = append(want, cell)
				}
			}
			if !slices.Equal(tpl, want) {
				t.Errorf("line %d: template cells %v, want every candidate of %d %v", c.line, tpl, d, want)
			}
		}
	}
	if others == 0 {
		t.Error("no case shows another digit's cells, though most of HoDoKu's need them")
	}
}

// TestHintBoardKnowsEntries builds the hint's position for a player whose
// entries are HoDoKu's placed digits: the entries are not givens there, so
// the avoidable rectangle is found, with the player's pencil marks.
func TestHintBoardKnowsEntries(t *testing.T) {
	n := 0
	for _, c := range loadReglib(t) {
		if c.code != "0607" {
			continue
		}
		n++
		puzzle := c.board.Givens()
		cfg := hintConfig{marks: c.board.Cands, hasMarks: true}
		b := hintBoard(puzzle, c.board.Grid, &cfg)
		for cell := 0; cell < NumCells; cell++ {
			if b.IsGiven(cell) != c.board.IsGiven(cell) {
				t.Fatalf("line %d: %s given %v in the hint's position", c.line, CellName(cell), b.IsGiven(cell))
			}
		}
		want := reglibResult(nil, c.elims)
		found := false
		for _, s := range AllSteps(avoidableRectangle{kind: 1}, &b) {
			found = found || slices.Equal(reglibResult(nil, s.Eliminations), want)
		}
		if !found {
			t.Errorf("line %d: the hint's position misses the avoidable rectangle", c.line)
		}
	}
	if n == 0 {
		t.Fatal("no cases")
	}
}
