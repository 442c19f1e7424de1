package bot

import (
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// pictureAlt is the alt text of a board picture (Discord's attachment
// description): for a hint, what it highlights at its level, first;
// then the grid drawn, row by row, blanks named. A screen reader reads
// it where a sighted player sees the picture.
func pictureAlt(l *l10n.Lang, g store.Game, v view) string {
	head, grid := "alt.board", g.Board()
	if v.solution {
		head, grid = "alt.solution", g.Solution
	}
	alt := l.GridAlt(head, grid)
	if v.hint != nil {
		if h := hintAlt(l, v.hint.Wrong, v.hint.Step, v.hintLevel); h != "" {
			alt = h + l.T("sep.sentence") + alt
		}
	}
	return l10n.ClipAlt(alt)
}

// hintAlt says what a hint picture highlights: the wrong cells of a hint
// about mistakes; else the area (level 1), the pattern's cells (level 2)
// and the result (level 3), as the picture draws them.
func hintAlt(l *l10n.Lang, wrong []int, st *engine.Step, level int) string {
	sep := l.T("list.sep")
	if len(wrong) > 0 {
		return l.T("alt.hint_wrong", "Items", strings.Join(cellNames(wrong), sep))
	}
	if st == nil {
		return ""
	}
	var items []string
	for _, u := range st.Units {
		items = append(items, l.UnitWord(u))
	}
	if level >= 2 {
		items = append(items, cellNames(st.Cells)...)
	}
	var parts []string
	if len(items) > 0 {
		parts = append(parts, l.T("alt.hint_area", "Items", strings.Join(items, sep)))
	}
	if level >= 3 {
		var res []string
		for _, c := range st.Placements {
			res = append(res, l.T("lit.on", "Cell", engine.CellName(c.Cell), "Digit", c.Digit))
		}
		for _, c := range st.Eliminations {
			res = append(res, l.T("lit.off", "Cell", engine.CellName(c.Cell), "Digit", c.Digit))
		}
		if len(res) > 0 {
			parts = append(parts, l.T("alt.hint_result", "Items", strings.Join(res, sep)))
		}
	}
	return strings.Join(parts, l.T("sep.sentence"))
}

func cellNames(cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = engine.CellName(c)
	}
	return out
}
