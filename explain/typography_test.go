package explain

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/typolint"
	"github.com/sudokubot/sudokubot/l10n"
)

// TestFitLineKeepsConnectives checks that a wrapped line never ends on a
// connective ("于是", "so", "⇒") that leads into the next line.
func TestFitLineKeepsConnectives(t *testing.T) {
	tests := []struct{ name, line, connective string }{
		{"zh", strings.Repeat("假设 r3c3 不是 6（同行）于是 ", 12), "于是"},
		{"en", strings.Repeat("r3c3 is not 6 (same row) so ", 14), "so"},
		{"de", strings.Repeat("r3c3 ist nicht 6 (dieselbe Zeile) ⇒ ", 10), "⇒"},
	}
	for _, tt := range tests {
		lines := fitLine(strings.TrimSpace(tt.line))
		if len(lines) < 2 {
			t.Fatalf("%s: not wrapped", tt.name)
		}
		for _, l := range lines[:len(lines)-1] {
			if strings.HasSuffix(strings.TrimSpace(l), tt.connective) {
				t.Errorf("%s: a line ends on %q: %q", tt.name, tt.connective, l)
			}
			if textWidth(l) > MaxLine {
				t.Errorf("%s: a line %d columns wide", tt.name, textWidth(l))
			}
		}
	}
}

// TestFitLineNotInsideNumbers checks that a wrapped line does not end on a
// comma between two numbers ("las filas 1,⏎ 2 y 5") when a clause comma
// earlier in the line can take the break.
func TestFitLineNotInsideNumbers(t *testing.T) {
	line := "Cada una de estas unidades (las columnas 1 y 9 y la caja 2) necesita un 9, tres en total, y todos sus sitios están en las filas 1, 3 y 5, que solo admiten uno cada una: así que en las filas 1, 3 y 5 el 9 solo puede estar en las columnas 1 y 9 y la caja 2 y ninguna otra de sus casillas puede ser 9."
	lines := fitLine(line)
	if len(lines) < 2 {
		t.Fatal("not wrapped")
	}
	for i, l := range lines[:len(lines)-1] {
		l = strings.TrimSpace(l)
		next := strings.TrimSpace(lines[i+1])
		if n := len(l); n >= 2 && l[n-1] == ',' && isASCIIDigit(l[n-2]) && next != "" && isASCIIDigit(next[0]) {
			t.Errorf("a line ends inside a list of numbers: %q", l)
		}
	}
}

// lintSteps are real steps in every family the catalogue words: the step
// each kept golden position leads to, the native cases, and every step of
// two solving paths.
func lintSteps(t *testing.T) []engine.Step {
	t.Helper()
	var steps []engine.Step
	boards, err := readPositions(positionsFile)
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(boards))
	for k := range boards {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		b := boards[k]
		if s, ok := engine.NextStep(&b, true); ok {
			steps = append(steps, s)
		}
	}
	for i := range nativeCases {
		steps = append(steps, nativeStep(t, i))
	}
	for _, g := range sharedPuzzles(t, "sxbank_diabolical.txt", 2) {
		p, err := engine.SolvePath(g)
		if err != nil {
			t.Fatal(err)
		}
		steps = append(steps, p.Steps...)
	}
	return steps
}

// lintHints are hints of the other kinds: a broken rule and a wrong
// entry, on a real puzzle.
func lintHints(t *testing.T) []engine.HintResult {
	t.Helper()
	g := sharedPuzzles(t, "sxbank_diabolical.txt", 1)[0]
	sol, err := engine.Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.HintResult
	empty := slices.Index(g[:], 0)
	wrong := g
	wrong[empty] = sol[empty]%9 + 1
	clash := g
	for c := range engine.NumCells {
		if g[c] == 0 && c/9 == empty/9 && c != empty {
			clash[empty], clash[c] = 5, 5
			break
		}
	}
	for _, progress := range []engine.Grid{wrong, clash} {
		h, err := engine.Hint(g, progress)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, h)
	}
	return out
}

// TestTypographyOfHints lints every hint level and steps listing of real
// steps in every language, as a native reader would read them (package
// typolint): ASCII punctuation after CJK text, doubled names, spaces round
// Latin text in Japanese, French punctuation without its narrow space,
// unfilled fields, Portuguese units without their article, German
// nominatives after "mit".
func TestTypographyOfHints(t *testing.T) {
	t.Parallel() // pure: the words are made from read-only catalogues
	steps := lintSteps(t)
	hints := lintHints(t)
	for _, s := range steps {
		hints = append(hints, engine.HintResult{Kind: engine.HintStep, Cells: s.Cells, Step: s})
	}
	for _, tag := range l10n.Tags() {
		l := l10n.For(tag)
		seen := map[string]bool{}
		report := func(what string, text string) {
			for _, p := range typolint.Check(tag, text) {
				if key := p.Rule + p.Near; !seen[key] {
					seen[key] = true
					t.Errorf("%s %s: %v", tag, what, p)
				}
			}
		}
		for _, h := range hints {
			for level := 1; level <= engine.HintLevels; level++ {
				report(fmt.Sprintf("%s level %d", h.Step.Technique, level), strings.Join(Hint(l, h, level), "\n"))
			}
		}
		for _, s := range steps {
			report(s.Technique.String()+" steps", strings.Join(Step(l, s), "\n"))
		}
	}
}
