package explain

import (
	"strings"

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

// ExpertName is a technique's expert name in a language, the name a
// hint puts in brackets after the plain one: the engine's key ("Simple
// Colouring"), or the language's own spelling of it where its catalogue
// has one ("tech.<words>.expert": en-US "Simple Coloring"). The key is
// what is stored and looked up; this is only what a player reads.
func ExpertName(l *l10n.Lang, t engine.TechniqueID) string {
	if id := l10n.ExpertNameID(t); id != "" {
		if s, ok := lang(l).Own(id); ok {
			return s
		}
	}
	return t.String()
}

// SameName reports whether a technique's plain and expert names read as
// one name: equal but for letter case (en "Hidden single", the catalogue's
// sentence case, and the key "Hidden Single"), so a door shows the plain
// one alone rather than "Hidden single (Hidden Single)".
func SameName(plain, expert string) bool { return strings.EqualFold(plain, expert) }
