package l10n

import (
	"strings"

	"github.com/sudokubot/sudokubot/engine"
)

// Optional messages are the ones a language, English included, may leave
// out because it has nothing of its own to say: a technique's expert
// name ("tech.<words>.expert"), which a language gives only where it
// spells the engine's key its own way (en-US "Simple Coloring" for the
// British key "Simple Colouring"). A language without one shows the key.
// Falling back to English, as T does, would be wrong here: en-GB would
// read en-US's spelling. Own reads them.

// IsOptional reports a message id that a language may have or lack
// whatever English does: "tech.<words>.expert", where <words> is the
// words key (engine.TechniqueInfo.Words) of a technique that has words
// of its own. A Franken or Mutant fish shares its words with the fish of
// other sizes, so an expert name there would name them all: it has none.
func IsOptional(id string) bool {
	_, ok := expertNameOf(id)
	return ok
}

// ExpertNameID is the id of a technique's expert name in the catalogue
// ("tech.simple_colouring.expert"); "" for a technique that cannot have
// one (see IsOptional).
func ExpertNameID(t engine.TechniqueID) string {
	info, ok := t.Info()
	if !ok || info.Family == engine.FamilyComplexFish {
		return ""
	}
	return "tech." + info.Words + ".expert"
}

// expertNameOf is the technique whose expert name id is; false for any
// other id.
func expertNameOf(id string) (engine.TechniqueID, bool) {
	words, ok := strings.CutPrefix(id, "tech.")
	if !ok {
		return "", false
	}
	if words, ok = strings.CutSuffix(words, ".expert"); !ok {
		return "", false
	}
	for _, info := range engine.Techniques() {
		if info.Words == words && info.Family != engine.FamilyComplexFish {
			return info.ID, true
		}
	}
	return "", false
}

// Own renders message id as this language's own file words it, and
// false when the file lacks it: unlike T, it never falls back to
// English. It is for the optional messages (IsOptional).
func (l *Lang) Own(id string, kv ...any) (string, bool) {
	if l == nil || !l.own[id] {
		return "", false
	}
	return l.T(id, kv...), true
}
