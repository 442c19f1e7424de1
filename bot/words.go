package bot

import (
	"strings"

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

// joinWords joins words as the language lists them: "a, b and c".
func joinWords(l *l10n.Lang, words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], l.T("list.sep")) + l.T("list.last") + words[len(words)-1]
}
