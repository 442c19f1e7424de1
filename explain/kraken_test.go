package explain

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// TestKrakenGolden words the first Kraken fish along the solving path of
// an sxbank_diabolical puzzle: the golden texts, the hint invariants in
// every language, and level 2 stopping each fin's chain before the cell it
// reaches.
func TestKrakenGolden(t *testing.T) {
	g := engine.MustParse("900200006003080000006905320008000102050070030204000600069508700000040200800003005")
	p, err := engine.SolvePath(g)
	if err != nil {
		t.Fatal(err)
	}
	b := engine.NewBoard(g)
	var s engine.Step
	found := false
	for _, st := range p.Steps {
		if s, found = engine.KrakenFish().Find(&b); found {
			break
		}
		b.Apply(st)
	}
	if !found {
		t.Fatal("no Kraken fish along the path")
	}
	checkStepWords(t, &b, s)
	e := s.Eliminations[0]
	two := strings.Join(Hint(nil, engine.HintResult{Kind: engine.HintStep, Step: s}, 2), "\n")
	if strings.Contains(two, engine.CellName(e.Cell)) {
		t.Errorf("level 2 names %s:\n%s", engine.CellName(e.Cell), two)
	}
	golden(t, filepath.Join("testdata", "complexfish", "kraken-fish-1.golden"), playerTexts(s), *updateComplexFish, "update-complexfish")
}
