package explain

import (
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// TechniqueName is a technique's plain name in a language ("X-Wing",
// "Aile X"), its key when the catalogue has no words for it: the one way
// every door names a technique in a sentence or a list.
func TechniqueName(l *l10n.Lang, t engine.TechniqueID) string {
	if a, ok := Technique(l, t); ok && a.Plain != "" {
		return a.Plain
	}
	return t.String()
}
