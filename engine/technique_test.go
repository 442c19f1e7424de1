package engine

import (
	"errors"
	"slices"
	"testing"
)

// TestParseTechnique: every technique of the catalogue and off its path
// is found again by its key, which is also what its steps carry; a key
// the catalogue lacks is refused.
func TestParseTechnique(t *testing.T) {
	for _, tech := range slices.Concat(Catalogue(), OffPath()) {
		id, err := ParseTechnique(tech.Name().String())
		if err != nil || id != tech.Name() {
			t.Errorf("ParseTechnique(%q) = %q, %v", tech.Name(), id, err)
		}
		if got, ok := TechniqueNamed(id); !ok || got.Name() != id {
			t.Errorf("TechniqueNamed(%q) = %v, %v", id, got, ok)
		}
	}
	for _, bad := range []string{"", "x-wing", "X-Wing ", "Hidden Single\n", "Not A Technique"} {
		if _, err := ParseTechnique(bad); !errors.Is(err, ErrUnknownTechnique) {
			t.Errorf("ParseTechnique(%q) = %v, want ErrUnknownTechnique", bad, err)
		}
	}
}
