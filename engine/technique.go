package engine

import (
	"errors"
	"fmt"
	"iter"
)

// TechniqueID is a technique's stable key, e.g. "X-Wing": steps, grades,
// the SE exclusion list and package explain's catalogue of words all
// refer to a technique by it, and the JSON of steps and hints carries it
// as is. It is never shown to a player as words: explain gives a
// technique's names in every language, keyed by it, so renaming what
// players read never changes a key.
type TechniqueID string

// String returns the key itself, e.g. "X-Wing".
func (t TechniqueID) String() string { return string(t) }

// ErrUnknownTechnique is returned by ParseTechnique for a key that names
// no technique of the catalogue.
var ErrUnknownTechnique = errors.New("unknown technique")

// ParseTechnique reads a technique's key, exactly as TechniqueID.String
// writes it, and checks that the catalogue has that technique.
func ParseTechnique(s string) (TechniqueID, error) {
	t := TechniqueID(s)
	if _, ok := t.Info(); !ok {
		return "", fmt.Errorf("%w %q", ErrUnknownTechnique, s)
	}
	return t, nil
}

// Technique is one named solving technique. Find looks for the technique in
// a position and returns the first step it finds in a stable order.
type Technique interface {
	// Name is the technique's stable key, e.g. "X-Wing" (see TechniqueID).
	Name() TechniqueID
	// Score is the technique's base rating on the Sudoku Explainer scale;
	// a found step may rate higher (chains add a length bonus).
	Score() float64
	// Find returns a step that makes progress (at least one placement or
	// elimination), or false when the technique does not apply.
	Find(b *Board) (Step, bool)
}

// Enumerator is implemented by techniques that can list every instance
// they see in a position, not just the first. Tests use it to check that a
// technique finds one particular instance (HoDoKu's regression library);
// the driver only ever needs Find.
type Enumerator interface {
	All(b *Board) iter.Seq[Step]
}

// UniquenessTechnique marks techniques that are sound only when the puzzle
// has exactly one solution (unique rectangles, BUG). The driver skips them
// unless it is told the position comes from a unique puzzle.
type UniquenessTechnique interface {
	Technique
	AssumesUnique()
}

// AllSteps returns every step t finds in b: all instances when t is an
// Enumerator, otherwise the single step of Find.
func AllSteps(t Technique, b *Board) []Step {
	if e, ok := t.(Enumerator); ok {
		var out []Step
		for s := range e.All(b) {
			out = append(out, s)
		}
		return out
	}
	if s, ok := t.Find(b); ok {
		return []Step{s}
	}
	return nil
}

// first returns the first step of seq.
func first(seq iter.Seq[Step]) (Step, bool) {
	for s := range seq {
		return s, true
	}
	return Step{}, false
}

// lowest returns the lowest-rated step of seq, the first of equals. floor is
// the technique's base rating: once the best step so far is rated exactly
// floor nothing can beat it, so the search stops there (pass 0 to look at
// every step).
func lowest(seq iter.Seq[Step], floor float64) (Step, bool) {
	var best Step
	found := false
	for s := range seq {
		if !found || s.Score < best.Score {
			best, found = s, true
			if s.Score == floor {
				break
			}
		}
	}
	return best, found
}
