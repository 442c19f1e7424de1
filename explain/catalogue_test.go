package explain

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// TestEveryTechniqueWorded: every technique of the engine's catalogue has
// a family this package words and a name and definition in every
// language, and so does every named variant.
func TestEveryTechniqueWorded(t *testing.T) {
	for _, info := range engine.Techniques() {
		if _, _, ok := worded(info.ID); !ok {
			t.Errorf("%s: no wording for family %q (reasonOf)", info.ID, info.Family)
		}
	}
	for _, tag := range l10n.Tags() {
		l := l10n.For(tag)
		all := append(Techniques(l), Variants(l)...)
		if len(all) != len(engine.Techniques())+len(variants) {
			t.Errorf("%s: %d techniques and variants, want %d", tag, len(all), len(engine.Techniques())+len(variants))
		}
		for _, a := range all {
			for _, w := range []string{a.Plain, a.Definition} {
				if w == "" || strings.HasPrefix(w, "tech.") || strings.HasPrefix(w, "cfish.") {
					t.Errorf("%s: %s %q: words %q", tag, a.Technique, a.Variant, w)
				}
			}
		}
	}
	if _, ok := Technique(nil, "No Such Technique"); ok {
		t.Error("Technique knows a key the catalogue does not have")
	}
}
