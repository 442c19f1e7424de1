package l10n

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/engine"
)

// MaxAlt is the most characters an image's alt text may have: Discord's
// limit on an attachment's description.
const MaxAlt = 1024

// GridAlt is a picture's grid as a screen reader reads it: the heading
// (a catalogue id: "alt.board", "alt.solution"), then row by row, each
// blank named. It is the alt text of the bot's board pictures, so that
// a player who cannot see them can still play.
func (l *Lang) GridAlt(head string, g engine.Grid) string {
	var sb strings.Builder
	sb.WriteString(l.T(head))
	blank := l.T("alt.blank")
	sep, next := l.T("list.sep"), l.T("sep.sentence")
	for r := range 9 {
		cells := make([]string, 9)
		for c := range 9 {
			if d := g[r*9+c]; d != 0 {
				cells[c] = strconv.Itoa(int(d))
			} else {
				cells[c] = blank
			}
		}
		sb.WriteString(next)
		sb.WriteString(l.T("alt.row", "Row", r+1, "Cells", strings.Join(cells, sep)))
	}
	return sb.String()
}

// UnitWord names a unit (0-26: rows, columns, boxes) as the hints do.
func (l *Lang) UnitWord(u int) string { return l.Unit(u).String() }

// Unit is a unit (0-26: rows, columns, boxes) as a noun, in every form
// the language's messages may ask of it.
func (l *Lang) Unit(u int) Forms {
	switch {
	case u < engine.FirstCol:
		return l.Noun("unit.row", KindHouse, "N", u-engine.FirstRow+1)
	case u < engine.FirstBox:
		return l.Noun("unit.column", KindHouse, "N", u-engine.FirstCol+1)
	}
	return l.Noun("unit.box", KindHouse, "N", u-engine.FirstBox+1)
}

// ClipAlt cuts an alt text to MaxAlt characters, marking the cut with "…".
func ClipAlt(s string) string {
	if utf8.RuneCountInString(s) <= MaxAlt {
		return s
	}
	return string([]rune(s)[:MaxAlt-1]) + "…"
}
