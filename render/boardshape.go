package render

import "github.com/sudokubot/sudokubot/engine"

// BoardShape is how the web board (web/src/overlay.ts) draws a pattern
// cell of a role: the board has no frames, so what render frames (a
// pivot) the board frames as a shape, and the cell-wide marks of a
// blocker and a solved corner are rings round the cell.
type BoardShape string

// The board's shapes.
const (
	ShapeDisc       BoardShape = "disc"        // a filled disc under the digit
	ShapeSquare     BoardShape = "square"      // a filled square under the digit
	ShapeFin        BoardShape = "fin"         // a square outline
	ShapeEndo       BoardShape = "endo"        // two squares: a fin inside two base units (group 1)
	ShapeRing       BoardShape = "ring"        // a ring round the digit
	ShapeDashed     BoardShape = "dashed"      // a dashed ring
	ShapeFrame      BoardShape = "frame"       // a frame round the candidate (a pivot)
	ShapeDouble     BoardShape = "double"      // two rings (a forcing chain's assumption)
	ShapeCell       BoardShape = "cell"        // a ring round the whole cell (a blocker)
	ShapeCellDashed BoardShape = "cell-dashed" // a dashed ring round the whole cell (a solved corner)
	ShapeCross      BoardShape = "cross"       // the cell crossed out
	ShapeResult     BoardShape = "result"      // drawn with the result, at level 3
	ShapeArea       BoardShape = "area"        // the cell tinted, nothing round a digit
)

// BoardShapes lists every BoardShape, for the board's contract.
func BoardShapes() []BoardShape {
	return []BoardShape{ShapeDisc, ShapeSquare, ShapeFin, ShapeEndo, ShapeRing, ShapeDashed, ShapeFrame,
		ShapeDouble, ShapeCell, ShapeCellDashed, ShapeCross, ShapeResult, ShapeArea}
}

// roleShapes is each role's shape on the board: what render draws for
// it (roles.go), in the board's terms. TestBoardDrawsRolesAsRenderDoes
// draws every role and holds this table to the picture; internal/tsgen
// writes it into web/src/contract.gen.ts (SHAPES), so the board draws
// each role as the PNG does and a new role fails there until it has one.
var roleShapes = map[engine.Role]BoardShape{
	engine.RoleBase:          ShapeRing,
	engine.RoleCover:         ShapeDashed,
	engine.RoleFin:           ShapeFin,
	engine.RolePivot:         ShapeFrame,
	engine.RolePincer:        ShapeRing,
	engine.RoleALS:           ShapeRing,
	engine.RoleOn:            ShapeDisc,
	engine.RoleOff:           ShapeRing,
	engine.RoleEliminated:    ShapeResult,
	engine.RolePlaced:        ShapeResult,
	engine.RoleUnit:          ShapeArea,
	engine.RoleSubset:        ShapeRing,
	engine.RoleBlocker:       ShapeCell,
	engine.RoleCorner:        ShapeRing,
	engine.RoleExtra:         ShapeDashed,
	engine.RoleColourA:       ShapeDisc,
	engine.RoleColourB:       ShapeSquare,
	engine.RoleAssumption:    ShapeDouble,
	engine.RoleSolved:        ShapeCellDashed,
	engine.RoleTemplate:      ShapeRing,
	engine.RoleTemplateOther: ShapeSquare,
	engine.RoleRuledOut:      ShapeCross,
	engine.RoleExcluder:      ShapeRing,
	engine.RoleERBox:         ShapeRing,
}

// RoleShape is how the web board draws a pattern cell of role r; false
// for a role render does not know.
func RoleShape(r engine.Role) (BoardShape, bool) {
	s, ok := roleShapes[r]
	return s, ok
}
