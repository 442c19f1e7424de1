package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Grid is a Sudoku board: 81 cells in row-major order, 0 for an empty cell.
// It is a value type: copying a Grid copies the board.
type Grid [NumCells]uint8

// Sentinel errors of the engine, checked with errors.Is.
var (
	// ErrInvalid means the givens break a rule (a digit twice in a unit).
	// The error returned wraps it in a *ConflictError naming the cells.
	ErrInvalid = errors.New("invalid")
	// ErrNoSolution means the givens obey the rules but no solution exists.
	ErrNoSolution = errors.New("no solution")
	// ErrMultipleSolutions means the puzzle has more than one solution.
	ErrMultipleSolutions = errors.New("multiple solutions")
)

// ParseErrorKind is what is wrong with a grid's text. It is data, so that
// a front door can word it in the reader's language; Error gives the
// English for logs and the command line.
type ParseErrorKind int

// The kinds of ParseError, with the fields each one sets.
const (
	// ParseNoCells: the text holds no cell at all.
	ParseNoCells ParseErrorKind = iota + 1
	// ParseCellCount: the text holds Cells cells, not 81.
	ParseCellCount
	// ParseTooManyCells: Char, at Line and Col, would be cell 82.
	ParseTooManyCells
	// ParseBadChar: Char, at Line and Col, is neither a cell (1-9, 0 or
	// '.') nor a separator.
	ParseBadChar
	// ParseRowLength: of a board over nine lines, row Row (on Line) holds
	// RowCells cells, not 9; Cells counts the whole text's.
	ParseRowLength
)

// ParseError tells exactly why text is not a grid: where the bad character
// is, or how many cells were found.
type ParseError struct {
	Kind      ParseErrorKind
	Line, Col int  // 1-based position of Char or of the bad row; 0 when the error is the count
	Char      rune // the offending character, when there is one
	Cells     int  // cells found (all of them, or up to the error)
	Row       int  // ParseRowLength: the row (1-9) with the wrong count
	RowCells  int  // ParseRowLength: the cells found on that row
}

func (e *ParseError) Error() string {
	var msg string
	switch e.Kind {
	case ParseNoCells:
		msg = "no cells found, a grid has 81"
	case ParseCellCount:
		msg = fmt.Sprintf("found %d cells, a grid has 81", e.Cells)
	case ParseTooManyCells:
		msg = fmt.Sprintf("too many cells: %q is cell 82, a grid has 81", e.Char)
	case ParseBadChar:
		msg = fmt.Sprintf("unexpected character %q (cells are 1-9, with 0 or . for a blank)", e.Char)
	case ParseRowLength:
		msg = fmt.Sprintf("row %d has %d cells, a row has 9 (found %d cells, a grid has 81)", e.Row, e.RowCells, e.Cells)
	default:
		msg = fmt.Sprintf("not a grid (parse error kind %d)", int(e.Kind))
	}
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, msg)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, msg)
	}
	return msg
}

// Parse reads a grid from the common text forms: 81 characters on one line
// with '0' or '.' for blanks, or a board over several lines where spaces,
// tabs and the separators '|', '-', '+' are ignored. Anything else is an
// error that says what and where: a *ParseError with the line and column
// of a bad character, or the number of cells found. A board spread over
// nine lines must hold nine cells on each, and the error names the first
// line that does not, since that is where the typo is.
func Parse(text string) (Grid, error) {
	var g Grid
	n := 0
	var rowLines, rowCells []int // lines holding cells, and their counts
	for li, line := range strings.Split(text, "\n") {
		col, cells := 0, 0
		for _, r := range line {
			col++
			switch {
			case r >= '1' && r <= '9', r == '0', r == '.':
				if n == NumCells {
					return Grid{}, &ParseError{Kind: ParseTooManyCells, Line: li + 1, Col: col, Char: r, Cells: n + 1}
				}
				if r >= '1' && r <= '9' {
					g[n] = uint8(r - '0')
				}
				n++
				cells++
			case r == ' ', r == '\t', r == '\r', r == '|', r == '-', r == '+':
			default:
				return Grid{}, &ParseError{Kind: ParseBadChar, Line: li + 1, Col: col, Char: r, Cells: n}
			}
		}
		if cells > 0 {
			rowLines = append(rowLines, li+1)
			rowCells = append(rowCells, cells)
		}
	}
	// A board over nine lines must have nine cells on each: a row that is
	// one short beside a row one long is two typos, not a grid.
	if len(rowLines) == 9 {
		for i, c := range rowCells {
			if c != 9 {
				return Grid{}, &ParseError{Kind: ParseRowLength, Line: rowLines[i], Cells: n, Row: i + 1, RowCells: c}
			}
		}
	}
	if n == NumCells {
		return g, nil
	}
	if n == 0 {
		return Grid{}, &ParseError{Kind: ParseNoCells}
	}
	return Grid{}, &ParseError{Kind: ParseCellCount, Cells: n}
}

// MustParse is Parse for literals in tests and examples; it panics on error.
func MustParse(text string) Grid {
	g, err := Parse(text)
	if err != nil {
		panic(err)
	}
	return g
}

// String returns the canonical form: 81 characters, '.' for a blank.
func (g Grid) String() string {
	var b [NumCells]byte
	for i, d := range g {
		if d == 0 {
			b[i] = '.'
		} else {
			b[i] = '0' + d
		}
	}
	return string(b[:])
}

// Digits returns the grid as 81 digits with '0' for blanks, the form the
// CLI prints for solutions.
func (g Grid) Digits() string {
	var b [NumCells]byte
	for i, d := range g {
		b[i] = '0' + d
	}
	return string(b[:])
}

// Count returns the number of filled cells.
func (g Grid) Count() int {
	n := 0
	for _, d := range g {
		if d != 0 {
			n++
		}
	}
	return n
}

// Full reports whether every cell is filled.
func (g Grid) Full() bool { return g.Count() == NumCells }

// Conflict is one broken rule: two cells of a unit holding the same digit.
type Conflict struct {
	A, B  int // cells, A < B
	Digit uint8
	Unit  int
}

func (c Conflict) String() string {
	return fmt.Sprintf("%s and %s both hold %d", CellName(c.A), CellName(c.B), c.Digit)
}

// ConflictError lists every pair of cells that break a rule. It wraps
// ErrInvalid.
type ConflictError struct {
	Conflicts []Conflict
}

func (e *ConflictError) Error() string {
	parts := make([]string, len(e.Conflicts))
	for i, c := range e.Conflicts {
		parts[i] = c.String()
	}
	return "invalid: " + strings.Join(parts, "; ")
}

func (e *ConflictError) Unwrap() error { return ErrInvalid }

// Conflicts returns every pair of filled cells that share a unit and a
// digit, each pair once, ordered by cell.
func (g Grid) Conflicts() []Conflict {
	var out []Conflict
	for a := 0; a < NumCells; a++ {
		if g[a] == 0 {
			continue
		}
		for b := a + 1; b < NumCells; b++ {
			if g[b] == g[a] && SeesCell(a, b) {
				u := CellUnits[a][2]
				switch {
				case RowOf(a) == RowOf(b):
					u = CellUnits[a][0]
				case ColOf(a) == ColOf(b):
					u = CellUnits[a][1]
				}
				out = append(out, Conflict{A: a, B: b, Digit: g[a], Unit: u})
			}
		}
	}
	return out
}

// Validate returns a *ConflictError (wrapping ErrInvalid) when filled cells
// break a rule, and nil otherwise. An incomplete grid can be valid. A cell
// holding a value above 9 (possible only by setting it directly) is also
// an error wrapping ErrInvalid.
func (g Grid) Validate() error {
	if !g.hasConflict() {
		return nil
	}
	for c, d := range g {
		if d > 9 {
			return fmt.Errorf("%w: %s holds %d, a cell holds 0-9", ErrInvalid, CellName(c), d)
		}
	}
	if cs := g.Conflicts(); len(cs) > 0 {
		return &ConflictError{Conflicts: cs}
	}
	return nil
}

// hasConflict is the fast check behind Validate: one pass with a digit
// mask per unit, so that solving valid grids pays no quadratic scan.
func (g *Grid) hasConflict() bool {
	var rows, cols, boxes [9]uint16
	for cell, d := range g {
		if d == 0 {
			continue
		}
		if d > 9 {
			return true
		}
		bit := uint16(1) << d
		r, c := cell/9, cell%9
		b := r/3*3 + c/3
		if (rows[r]|cols[c]|boxes[b])&bit != 0 {
			return true
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[b] |= bit
	}
	return false
}
