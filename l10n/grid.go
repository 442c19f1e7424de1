package l10n

import (
	"fmt"
	"unicode"

	"github.com/sudokubot/sudokubot/engine"
)

// GridProblem words why a text is not a grid (engine.Parse's error) as a
// phrase of the catalogue, so that a player reads it in their language
// inside a sentence such as "new.unreadable". The bad character is shown
// as inline code; positions are the text's line and character.
func GridProblem(pe *engine.ParseError) Msg {
	switch pe.Kind {
	case engine.ParseNoCells:
		return M("grid.no_cells")
	case engine.ParseCellCount:
		return M("grid.cell_count", "Cells", pe.Cells)
	case engine.ParseTooManyCells:
		return M("grid.too_many", "Char", shownChar(pe.Char), "Line", pe.Line, "Col", pe.Col)
	case engine.ParseBadChar:
		return M("grid.bad_char", "Char", shownChar(pe.Char), "Line", pe.Line, "Col", pe.Col)
	case engine.ParseRowLength:
		return M("grid.row_length", "Row", pe.Row, "Line", pe.Line, "RowCells", pe.RowCells)
	}
	return M("grid.cell_count", "Cells", pe.Cells)
}

// shownChar is a character of a player's text as inline code: a
// backtick (which would end the code) as ˋ, and one that does not print
// (a control character, a lone combining mark) by its code point.
func shownChar(r rune) string {
	switch {
	case r == '`':
		r = 'ˋ'
	case !unicode.IsPrint(r) || unicode.Is(unicode.Mn, r):
		return fmt.Sprintf("`U+%04X`", r)
	}
	return "`" + string(r) + "`"
}
