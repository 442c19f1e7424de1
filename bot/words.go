package bot

import (
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// Small phrases that sentences of the catalogue take as fields: counts,
// level names and lists, each in the player's language.

// count is a counted noun ("3 cells") from a plural message of the
// catalogue, such as "n.cells".
func count(id string, n int) l10n.Msg { return l10n.M(id, "Count", n) }

// levelName is a level as players read it ("Medium").
func levelName(l *l10n.Lang, level engine.Level) string { return l.Level(level) }

// quote shows a player's own text in an error as inline code
// (l10n.Quote: every door quotes alike).
func quote(s string) l10n.Phrase { return l10n.Quote(s) }

// cellList names cells for a message: "r1c2, r3c4 and r5c6".
func cellList(l *l10n.Lang, cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = "`" + engine.CellName(c) + "`"
	}
	return l.List(names)
}
