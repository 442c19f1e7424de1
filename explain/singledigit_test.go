package explain

import (
	"flag"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

var updateSingleDigit = flag.Bool("update-singledigit", false, "rewrite the golden files of testdata/singledigit")

func TestSingleDigitGoldens(t *testing.T) {
	runWingsGoldens(t, "singledigit", *updateSingleDigit, []string{
		"Skyscraper", "2-String Kite", "Turbot Fish", "Empty Rectangle", "Simple Colouring", "Multi-Colouring",
	})
}

// TestColouringBigChain checks that a chain too big for one line of
// colours is spread over several lines, none too long, naming every cell.
func TestColouringBigChain(t *testing.T) {
	s := engine.Step{Technique: "Simple Colouring", Variant: "trap", Digits: engine.DigitSet(5)}
	for c := 0; c < 60; c++ {
		role := engine.RoleColourA
		if c%2 == 1 {
			role = engine.RoleColourB
		}
		s.Pattern = append(s.Pattern, engine.PatternCell{Cell: c, Digits: s.Digits, Role: role})
		if c > 0 {
			s.Links = append(s.Links, engine.Link{From: engine.Candidate{Cell: c - 1, Digit: 5}, To: engine.Candidate{Cell: c, Digit: 5}, Strong: true})
		}
	}
	lines := reasonColouring(l10n.English(), s, true)
	text := strings.Join(lines, "\n")
	for i, l := range lines {
		if textWidth(l) > MaxLine {
			t.Errorf("line %d is %d columns wide: %q", i, textWidth(l), l)
		}
	}
	for c := 0; c < 60; c++ {
		if !strings.Contains(text, engine.CellName(c)+",") && !strings.Contains(text, engine.CellName(c)+" ") &&
			!strings.Contains(text, engine.CellName(c)+".") && !strings.Contains(text, engine.CellName(c)+";") {
			t.Errorf("%s is not named:\n%s", engine.CellName(c), text)
		}
	}
	if !strings.Contains(text, "A = r1c1, r1c3") || !strings.Contains(text, "B = r1c2, r1c4") {
		t.Errorf("colours not listed:\n%s", text)
	}
}
