package explain

import (
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// TestExpertName: the expert name is the language's own where its
// catalogue spells the key another way (en-US's American "Coloring"),
// the key everywhere else (en-GB's British spelling, German, which
// shows the English key), and a hint's bracket shows it.
func TestExpertName(t *testing.T) {
	for _, c := range []struct {
		tag  string
		tech engine.TechniqueID
		want string
	}{
		{"en-US", engine.TechSimpleColouring, "Simple Coloring"},
		{"en-US", engine.TechMultiColouring, "Multi-Coloring"},
		{"en-US", engine.TechXWing, "X-Wing"},
		{"en-US", engine.TechFrankenSwordfish, "Franken Swordfish"},
		{"en-GB", engine.TechSimpleColouring, "Simple Colouring"},
		{"en-GB", engine.TechMultiColouring, "Multi-Colouring"},
		{"en-GB", engine.TechXWing, "X-Wing"},
		{"de", engine.TechSimpleColouring, "Simple Colouring"},
		{"de", engine.TechMultiColouring, "Multi-Colouring"},
		{"de", engine.TechXWing, "X-Wing"},
		{"en-US", "No Such Technique", "No Such Technique"},
	} {
		l := l10n.For(c.tag)
		if got := ExpertName(l, c.tech); got != c.want {
			t.Errorf("%s: ExpertName(%s) = %q, want %q", c.tag, c.tech, got, c.want)
		}
		if a, ok := Technique(l, c.tech); ok && a.Expert != c.want {
			t.Errorf("%s: Technique(%s).Expert = %q, want %q", c.tag, c.tech, a.Expert, c.want)
		}
	}
	if got := ExpertName(nil, engine.TechSimpleColouring); got != "Simple Coloring" {
		t.Errorf("ExpertName(nil) = %q, want English's", got)
	}
	for _, c := range []struct{ tag, want string }{
		{"en-US", "Coloring (Simple Coloring)"},
		{"en-GB", "Colouring (Simple Colouring)"},
		{"de", "Färben (Simple Colouring)"},
	} {
		s := engine.Step{Technique: engine.TechSimpleColouring}
		if got := name(l10n.For(c.tag), s); got != c.want {
			t.Errorf("%s: name = %q, want %q", c.tag, got, c.want)
		}
	}
}
