package l10n

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/engine"
)

// TestGridAlt: a grid's alt text names every row and every blank, in the
// reader's language, and fits Discord's 1,024 characters even when every
// cell is blank (the longest) and a hint's words come first.
func TestGridAlt(t *testing.T) {
	g, err := engine.Parse("530070000600195000098000060800060003400803001700020006060000280000419005000080079")
	if err != nil {
		t.Fatal(err)
	}
	got := English().GridAlt("alt.board", g)
	if !strings.HasPrefix(got, "Sudoku grid, row by row: Row 1: 5, 3, blank, blank, 7, blank, blank, blank, blank. Row 2: 6, blank,") ||
		!strings.HasSuffix(got, "Row 9: blank, blank, blank, blank, 8, blank, blank, 7, 9.") {
		t.Errorf("English alt text:\n%s", got)
	}
	for _, tag := range Tags() {
		l := For(discordLocale(tag))
		var empty engine.Grid
		alt := l.GridAlt("alt.solution", empty)
		blank := l.T("alt.blank")
		if n := strings.Count(alt, blank); n != 81 || blank == "alt.blank" {
			t.Errorf("%s: %d blanks named %q in %s", tag, n, blank, alt)
		}
		for r := 1; r <= 9; r++ {
			if row := l.T("alt.row", "Row", r, "Cells", ""); !strings.Contains(alt, strings.TrimRight(row, ".。 ")) {
				t.Errorf("%s: row %d (%q) missing from %s", tag, r, row, alt)
			}
		}
		withHint := l.T("alt.hint_area", "Items", strings.Repeat("r9c9, ", 20)) + alt
		if n := utf8.RuneCountInString(alt); n > MaxAlt-200 {
			t.Errorf("%s: an empty grid's alt text is %d characters, leaving too little room for a hint's", tag, n)
		}
		if n := utf8.RuneCountInString(ClipAlt(withHint + strings.Repeat("x", MaxAlt))); n != MaxAlt {
			t.Errorf("%s: clipped alt text of %d characters", tag, n)
		}
		if tag == "de" || tag == "ja" {
			t.Logf("%s: %s", tag, alt[:min(len(alt), 160)])
		}
	}
}
