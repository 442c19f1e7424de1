package render

import (
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// roleLook is what render draws for one pattern cell of a role, at
// level 3: the shape round its candidate (noMark for none), the frame
// in its cell (noFrame for none), whether the cell is in the tinted
// area, crossed out, or drawn as the result.
type roleLook struct {
	mark    shape
	frame   frameKind
	area    bool
	crossed bool
	result  bool
	// filled: the role is about a digit on the board, so the cell
	// holds one (a blocker, a solved corner).
	filled bool
}

const (
	noMark  shape     = 255
	noFrame frameKind = 255
)

// roleLooks is render's table of roles (roles.go's comment, the "drawn
// as" table of docs/commands.md) as data: every role of engine.Roles must be here, so a
// new role gets a shape in the PNG hints before it ships, as RoleShape must
// give it the board's before internal/tsgen writes the board's SHAPES.
var roleLooks = map[engine.Role]roleLook{
	engine.RoleBase:          {mark: shapeRing, frame: noFrame},
	engine.RoleCover:         {mark: shapeDashedRing, frame: noFrame},
	engine.RoleFin:           {mark: shapeFinSquare, frame: noFrame},
	engine.RolePivot:         {mark: shapeRing, frame: framePivot},
	engine.RolePincer:        {mark: shapeRing, frame: framePincer},
	engine.RoleALS:           {mark: shapeRing, frame: frameALS},
	engine.RoleOn:            {mark: shapeDisc, frame: noFrame},
	engine.RoleOff:           {mark: shapeRing, frame: noFrame},
	engine.RoleEliminated:    {mark: noMark, frame: noFrame, result: true},
	engine.RolePlaced:        {mark: noMark, frame: noFrame, result: true},
	engine.RoleUnit:          {mark: noMark, frame: noFrame, area: true},
	engine.RoleSubset:        {mark: shapeRing, frame: noFrame},
	engine.RoleBlocker:       {mark: noMark, frame: frameBlocker, filled: true},
	engine.RoleCorner:        {mark: shapeRing, frame: noFrame},
	engine.RoleExtra:         {mark: shapeDashedRing, frame: noFrame},
	engine.RoleColourA:       {mark: shapeDisc, frame: noFrame},
	engine.RoleColourB:       {mark: shapeSquare, frame: noFrame},
	engine.RoleAssumption:    {mark: shapeDoubleRing, frame: noFrame},
	engine.RoleSolved:        {mark: noMark, frame: frameSolved, filled: true},
	engine.RoleTemplate:      {mark: shapeRing, frame: noFrame},
	engine.RoleTemplateOther: {mark: shapeSquare, frame: noFrame},
	engine.RoleRuledOut:      {mark: noMark, frame: noFrame, crossed: true},
	engine.RoleExcluder:      {mark: shapeRing, frame: noFrame},
	engine.RoleERBox:         {mark: shapeRing, frame: noFrame},
}

// TestEveryRoleHasALook draws one pattern cell of each of the engine's
// roles at level 3 and requires the look roleLooks gives it; a role
// missing from roleLooks fails, as does one render would draw otherwise.
func TestEveryRoleHasALook(t *testing.T) {
	for _, r := range engine.Roles() {
		if _, ok := roleLooks[r]; !ok {
			t.Errorf("role %q has no look in roleLooks: decide how render draws it", r)
		}
	}
	for r := range roleLooks {
		if !slices.Contains(engine.Roles(), r) {
			t.Errorf("roleLooks has %q, which is not in engine.Roles", r)
		}
	}
	const cell, digit = 40, 5 // r5c5, a 5
	c := engine.Candidate{Cell: cell, Digit: digit}
	for _, r := range engine.Roles() {
		want, ok := roleLooks[r]
		if !ok {
			continue
		}
		t.Run(string(r), func(t *testing.T) {
			var pos Position
			if want.filled {
				pos.Progress[cell] = digit // a digit the player put there
			}
			b, err := newBoard(pos, engine.Grid{})
			if err != nil {
				t.Fatal(err)
			}
			s := engine.Step{Technique: "Test", Pattern: []engine.PatternCell{{Cell: cell, Digits: engine.DigitSet(digit), Role: r}}}
			h, err := newHint(s, 3, 0, b)
			if err != nil {
				t.Fatal(err)
			}
			got := roleLook{mark: noMark, frame: noFrame, area: h.area[cell], crossed: slices.Contains(h.crossed, cell),
				result: h.elim[c] || h.placed[cell] == digit, filled: want.filled}
			for _, m := range h.marks {
				if m.c == c {
					got.mark = m.shape
					break
				}
			}
			for _, f := range h.frames {
				if f.cell == cell {
					got.frame = f.kind
					break
				}
			}
			if got != want {
				t.Errorf("%q is drawn as %+v, want %+v", r, got, want)
			}
		})
	}
}

// boardShape is the web board's shape (BoardShape) for a look: the
// board has no frames, so a pivot is its "frame" and the cell-wide marks
// of a blocker and a solved corner are rings round the cell.
func (l roleLook) boardShape() BoardShape {
	switch {
	case l.result:
		return ShapeResult
	case l.area:
		return ShapeArea
	case l.crossed:
		return ShapeCross
	case l.frame == frameBlocker:
		return ShapeCell
	case l.frame == frameSolved:
		return ShapeCellDashed
	case l.frame == framePivot:
		return ShapeFrame
	}
	return map[shape]BoardShape{
		shapeRing: ShapeRing, shapeDashedRing: ShapeDashed, shapeFinSquare: ShapeFin, shapeEndoFin: ShapeEndo,
		shapeDisc: ShapeDisc, shapeSquare: ShapeSquare, shapeDoubleRing: ShapeDouble,
	}[l.mark]
}

// TestBoardDrawsRolesAsRenderDoes holds RoleShape, the table the web
// board's SHAPES is generated from (internal/tsgen), to what render
// draws, role by role: the board once drew a chain's true candidates as
// rings while the PNG drew discs.
func TestBoardDrawsRolesAsRenderDoes(t *testing.T) {
	for _, r := range engine.Roles() {
		want := roleLooks[r].boardShape()
		if got, ok := RoleShape(r); !ok {
			t.Errorf("RoleShape has no shape for %q", r)
		} else if got != want {
			t.Errorf("the board draws %q as %q, render as %q", r, got, want)
		}
	}
	for r := range roleShapes {
		if !slices.Contains(engine.Roles(), r) {
			t.Errorf("roleShapes has %q, which is not in engine.Roles", r)
		}
	}
}
