package explain

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// rawID is a catalogue id that reached the text unrendered.
var rawID = regexp.MustCompile(`\b(tech|hint|basic|unit|lit|structural|role|result|sep|list)\.[a-z0-9_.]+`)

// TestEveryLanguageKeepsTheInvariants words real paths through the shared
// sets in every language: every text is non-empty and fits a message (a
// proof by cases: its first line, fitsMessage), no
// catalogue id or template error shows, and no level-1 or level-2 text
// names a result (a result cell with its digit in one clause, once the
// language's unit names are taken out).
//
// Each language words at most perTechnique steps of each technique and
// variant met on the paths (the first ones), which keeps every pairing of
// a technique with a language and drops the dozens of singles each path
// repeats; -sweep words every step in every language.
func TestEveryLanguageKeepsTheInvariants(t *testing.T) {
	t.Parallel()
	const perTechnique = 3
	sets := []struct {
		file string
		n    int
	}{{"sxbank_hard.txt", 3}, {"sxbank_diabolical.txt", 3}, {"sxbank_hardest_se8.8plus.txt", 2}, {"csp_rules_ser_examples.txt", 2}}
	type checked struct {
		where string
		step  engine.Step
	}
	var steps []checked
	seen := map[string]int{}
	for _, set := range sets {
		for i, g := range sharedPuzzles(t, set.file, set.n) {
			p, err := engine.SolvePath(g)
			if err != nil {
				t.Fatalf("%s %d: %v", set.file, i+1, err)
			}
			for j, s := range p.Steps {
				key := s.Technique.String() + "/" + s.Variant
				if seen[key] >= perTechnique && !*sweep {
					continue
				}
				seen[key]++
				steps = append(steps, checked{fmt.Sprintf("%s puzzle %d step %d (%s)", set.file, i+1, j+1, s.Technique), s})
			}
		}
	}
	for _, locale := range l10n.DiscordLocales() {
		l := l10n.For(locale)
		for _, c := range steps {
			for _, err := range checkLanguage(l, c.step) {
				t.Errorf("%s, %s: %v", c.where, locale, err)
			}
		}
	}
	if len(seen) < 10 {
		t.Errorf("the paths met %d techniques: too few to try every language on", len(seen))
	}
}

func checkLanguage(l *l10n.Lang, s engine.Step) []error {
	var errs []error
	h := engine.HintResult{Kind: engine.HintStep, Cells: s.Cells, Step: s}
	for i, line := range Step(l, s) {
		if textWidth(line) > MaxLine {
			errs = append(errs, fmt.Errorf("step line %d is %d columns wide, over MaxLine: %s", i, textWidth(line), line))
		}
	}
	for level := 1; level <= engine.HintLevels; level++ {
		lines := Hint(l, h, level)
		for i, line := range lines {
			// The first line stands alone (a nudge with its definition
			// may run longer); the lines of a proof keep to MaxLine.
			if i > 0 && textWidth(line) > MaxLine {
				errs = append(errs, fmt.Errorf("level %d line %d is %d columns wide, over MaxLine: %s", level, i, textWidth(line), line))
			}
		}
		text := strings.Join(lines, "\n")
		if n := len([]rune(text)); !fitsMessage(lines, s) || strings.TrimSpace(text) == "" {
			errs = append(errs, fmt.Errorf("level %d text of %d characters", level, n))
		}
		for _, bad := range []string{"%!", "<no value>", "{{"} {
			if strings.Contains(text, bad) {
				errs = append(errs, fmt.Errorf("level %d shows %q: %s", level, bad, text))
			}
		}
		if id := rawID.FindString(text); id != "" {
			errs = append(errs, fmt.Errorf("level %d shows the catalogue id %s: %s", level, id, text))
		}
		if level < 3 {
			for _, leak := range leaks(withoutUnits(l, text), s) {
				errs = append(errs, fmt.Errorf("level %d names the result %s: %q", level, leak, text))
			}
		}
	}
	return errs
}

// formValues is every form of a noun.
func formValues(f l10n.Forms) []string {
	var out []string
	for k, v := range f {
		if k != "kind" {
			out = append(out, v)
		}
	}
	return out
}

// withoutUnits takes the language's unit names out of a text, singly and
// as the lists where() and structural() write, so that a unit's number is
// not taken for a digit.
func withoutUnits(l *l10n.Lang, text string) string {
	var names []string
	for u := range 27 {
		names = append(names, formValues(unitL(l, u))...)
	}
	for k := range 3 {
		for a := range 9 {
			for b := a + 1; b < 9; b++ {
				names = append(names, formValues(unitsL(l, []int{k*9 + a, k*9 + b}))...)
			}
		}
	}
	// As the hint sets them (Chinese spaced round the unit's number).
	names = finish(l, names, len(names))
	// Longest first, so that "row 12" style prefixes never cut a name.
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			if len(names[j]) > len(names[i]) {
				names[i], names[j] = names[j], names[i]
			}
		}
	}
	for _, n := range names {
		text = strings.ReplaceAll(text, n, " ")
	}
	return text
}

// newFamilyID is a catalogue id of these families left unrendered.
var newFamilyID = regexp.MustCompile(`(^|[^\pL])(ar|tpl)\.[a-z0-9_]+`)

// checkStepWords checks a real step's words: the technique has words, the
// step keeps the invariants (checkStep), and in every language
// checkLanguage holds and no catalogue id of the newer families shows.
func checkStepWords(t *testing.T, b *engine.Board, s engine.Step) {
	t.Helper()
	if _, ok := Technique(nil, s.Technique); !ok {
		t.Fatalf("%s has no words", s.Technique)
	}
	for _, err := range checkStep(b, s) {
		t.Error(err)
	}
	h := engine.HintResult{Kind: engine.HintStep, Cells: s.Cells, Step: s}
	for _, locale := range l10n.DiscordLocales() {
		l := l10n.For(locale)
		for _, err := range checkLanguage(l, s) {
			t.Errorf("%s: %v", locale, err)
		}
		for level := 1; level <= engine.HintLevels; level++ {
			text := strings.Join(Hint(l, h, level), "\n")
			if id := newFamilyID.FindString(text); id != "" {
				t.Errorf("%s level %d shows a catalogue id %q: %s", locale, level, id, text)
			}
		}
	}
}
