package explain

import (
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

var updateComplexFish = flag.Bool("update-complexfish", false, "rewrite the Franken and Mutant fish golden texts")

// TestComplexFishGolden words a library fish of each form: the golden
// texts, the hint invariants (no result at level 2) in every language, and
// a pattern that tells base places, fins and endo fins apart.
func TestComplexFishGolden(t *testing.T) {
	count := map[string]int{}
	for _, fx := range readPositionFixtures(t, "complexfish") {
		name := fx.tech.Name()
		count[string(name)]++
		slug := strings.ToLower(strings.ReplaceAll(string(name), " ", "-"))
		t.Run(fmt.Sprintf("%s-%d", slug, count[string(name)]), func(t *testing.T) {
			b := fx.board
			var s engine.Step
			found := false
			for _, x := range engine.AllSteps(fx.tech, &b) {
				if slices.Equal(sortedCands(x.Eliminations), sortedCands(fx.elims)) {
					s, found = x, true
					break
				}
			}
			if !found {
				t.Fatalf("positions.txt:%d: %s does not find the library's step", fx.line, name)
			}
			checkStepWords(t, &b, s)
			for _, locale := range l10n.DiscordLocales() {
				a, _ := Technique(l10n.For(locale), s.Technique)
				if a.Plain == "" || a.Definition == "" || strings.Contains(a.Plain, "cfish.") || strings.Contains(a.Definition, "{{") {
					t.Errorf("%s: name %q, definition %q", locale, a.Plain, a.Definition)
				}
			}
			golden(t, filepath.Join("testdata", "complexfish", fmt.Sprintf("%s-%d.golden", slug, count[string(name)])), playerTexts(s), *updateComplexFish, "update-complexfish")
		})
	}
}

// TestComplexFishCannibalism: when a fish removes one of its own base
// places (one in two cover sets; the library has no such case, so the
// step is the library's Franken Swordfish with such a removal added), the
// reasoning says why in general, and level 2 still names no removed place.
func TestComplexFishCannibalism(t *testing.T) {
	fx := readPositionFixtures(t, "complexfish")[0]
	b := fx.board
	s := engine.AllSteps(fx.tech, &b)[0]
	var base int
	for _, p := range s.Pattern {
		if p.Role == engine.RoleBase {
			base = p.Cell
			break
		}
	}
	s.Eliminations = append(s.Eliminations, engine.Candidate{Cell: base, Digit: s.Digits.First()})
	h := engine.HintResult{Kind: engine.HintStep, Step: s}
	two := strings.Join(Hint(nil, h, 2), "\n")
	if !strings.Contains(two, "would give both their") {
		t.Errorf("no word on the cannibalistic place:\n%s", two)
	}
	for _, e := range s.Eliminations {
		if strings.Contains(two, engine.CellName(e.Cell)) {
			t.Errorf("level 2 names %s:\n%s", engine.CellName(e.Cell), two)
		}
	}
	plain := Hint(nil, engine.HintResult{Kind: engine.HintStep, Step: engine.AllSteps(fx.tech, &b)[0]}, 2)
	if strings.Contains(strings.Join(plain, "\n"), "would give both their") {
		t.Error("a fish that removes none of its base places speaks of one")
	}
}
