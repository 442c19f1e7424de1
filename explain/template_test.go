package explain

import (
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

var updateTemplates = flag.Bool("update-templates", false, "rewrite the templates family's golden texts")

// plusBoard reads a grid in HoDoKu's notation, where a '+' before a digit
// marks a cell filled in (by the player or the solver), not a given.
func plusBoard(t *testing.T, s string) engine.Board {
	t.Helper()
	var givens, filled engine.Grid
	n, plus := 0, false
	for _, r := range s {
		switch {
		case r == '+':
			plus = true
			continue
		case r == '.' || r == '0':
		case r >= '1' && r <= '9' && n < engine.NumCells:
			if plus {
				filled[n] = uint8(r - '0')
			} else {
				givens[n] = uint8(r - '0')
			}
		default:
			t.Fatalf("bad grid character %q in %s", r, s)
		}
		plus = false
		n++
	}
	if n != engine.NumCells {
		t.Fatalf("grid of %d cells: %s", n, s)
	}
	return engine.NewPosition(givens, filled)
}

// TestTemplateGolden words HoDoKu's template cases (testdata/templates/
// positions.txt: technique:grid:deleted:eliminations:placements) in every
// language: the golden English texts, the invariants (no result at level
// 2), and the pattern a picture needs.
func TestTemplateGolden(t *testing.T) {
	count := map[string]int{}
	for _, fx := range readPositionFixtures(t, "templates") {
		tech := fx.tech
		count[string(tech.Name())]++
		slug := fmt.Sprintf("%s-%d", strings.ReplaceAll(strings.ToLower(string(tech.Name())), " ", "-"), count[string(tech.Name())])
		t.Run(slug, func(t *testing.T) {
			b := fx.board
			want := sortedCands(slices.Concat(fx.elims, fx.places))
			var s engine.Step
			found := false
			for _, x := range engine.AllSteps(tech, &b) {
				if slices.Equal(sortedCands(slices.Concat(x.Eliminations, x.Placements)), want) {
					s, found = x, true
				}
			}
			if !found {
				t.Fatalf("%s does not find the recorded step", tech.Name())
			}
			checkStepWords(t, &b, s)
			if !slices.ContainsFunc(s.Pattern, func(p engine.PatternCell) bool { return p.Role == engine.RoleTemplate }) {
				t.Error("no template cells in the pattern")
			}
			golden(t, filepath.Join("testdata", "templates", slug+".golden"), playerTexts(s), *updateTemplates, "update-templates")
		})
	}
	for _, name := range []string{"Template Set", "Template Delete"} {
		if count[name] == 0 {
			t.Errorf("no position for %s", name)
		}
	}
}

// TestAvoidableRectangleWords checks the avoidable rectangles of the
// uniqueness positions in every language (their golden English texts are
// in TestUniquenessGolden).
func TestAvoidableRectangleWords(t *testing.T) {
	n := 0
	for _, fx := range readPositionFixtures(t, "uniqueness") {
		if !strings.HasPrefix(string(fx.tech.Name()), "Avoidable") {
			continue
		}
		n++
		s := fx.find(t)
		b := fx.board
		checkStepWords(t, &b, s)
		en := strings.Join(Hint(nil, engine.HintResult{Kind: engine.HintStep, Step: s}, 2), "\n")
		if !strings.Contains(en, "not given") {
			t.Errorf("level 2 does not say the corners are not givens:\n%s", en)
		}
	}
	if n == 0 {
		t.Fatal("no avoidable rectangle positions")
	}
}
