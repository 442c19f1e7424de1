package l10n

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// TestGridProblem: every way a text fails to be a grid is worded in every
// language, with the position and the character engine.Parse found, and
// no English from the engine's own Error.
func TestGridProblem(t *testing.T) {
	const easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	rows := make([]string, 9)
	for i := range rows {
		rows[i] = easy[9*i : 9*i+9]
	}
	short := append([]string(nil), rows...)
	short[3] = short[3][:8]
	cases := []struct {
		text string
		want []string // in the English phrase
	}{
		{"", []string{"no cells"}},
		{easy[:80], []string{"80"}},
		{easy + "7", []string{"`7`", "line 1", "character 82"}},
		{easy[:40] + "*" + easy[41:], []string{"`*`", "line 1", "character 41"}},
		{"`" + easy[1:], []string{"`ˋ`", "character 1"}},
		{"\x01" + easy[1:], []string{"`U+0001`"}},
		{strings.Join(short, "\n"), []string{"row 4", "line 4", "8 cells"}},
	}
	for _, c := range cases {
		_, err := engine.Parse(c.text)
		var pe *engine.ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("Parse(%q) = %v, want a *ParseError", c.text, err)
		}
		m := GridProblem(pe)
		en := m.In(English())
		for _, w := range c.want {
			if !strings.Contains(en, w) {
				t.Errorf("%v: %q lacks %q", pe, en, w)
			}
		}
		for _, tag := range Tags() {
			s := m.In(For(tag))
			if s == "" || strings.HasPrefix(s, "grid.") || (tag != "en-US" && tag != "en-GB" && s == en) {
				t.Errorf("%s: %v reads %q", tag, pe, s)
			}
		}
	}
}
