package explain

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/shareddata"
)

var updateForcing = flag.Bool("update-forcing", false, "rewrite the forcing chain golden files")

// forcingCases are positions of csp_rules_ser_examples.txt where every
// technique rated below the forcing technique is exhausted: the technique
// finds its step there.
var forcingCases = []struct {
	golden    string
	technique string
	line      int // the line of csp_rules_ser_examples.txt
	variant   string
}{
	{"nishio", "Nishio Forcing Chain", 27, "contradiction"},
	{"cell", "Cell/Region Forcing Chain", 23, "cell"},
	{"region", "Cell/Region Forcing Chain", 20, "region"},
	{"dynamic-cell", "Dynamic Forcing Chain", 24, "cell"},
	{"dynamic-region", "Dynamic Forcing Chain", 80, "region"},
	{"dynamic-contradiction", "Dynamic Forcing Chain", 37, "contradiction"},
	{"dynamic-plus-cell", "Dynamic Forcing Chain (+)", 34, "cell"},
	{"dynamic-plus-contradiction", "Dynamic Forcing Chain (+)", 50, "contradiction"},
	{"nested", "Nested Forcing Chain", 82, "nested"},
}

// puzzleAtLine reads the puzzle on a line of a shared set.
func puzzleAtLine(t *testing.T, file string, line int) engine.Grid {
	t.Helper()
	f, err := os.Open(shareddata.Puzzles(t, file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if n == line {
			return engine.MustParse(strings.Fields(sc.Text())[0])
		}
	}
	t.Fatalf("%s has no line %d", file, line)
	return engine.Grid{}
}

// stuckStep finds the technique's step where everything rated below it
// is exhausted.
func stuckStep(t *testing.T, g engine.Grid, technique string) (engine.Board, engine.Step, bool) {
	t.Helper()
	var tech engine.Technique
	for _, x := range engine.Catalogue() {
		if x.Name().String() == technique {
			tech = x
		}
	}
	if tech == nil {
		t.Fatalf("no technique %q", technique)
	}
	b := frozenBoard(t, fmt.Sprintf("stuck before %s@%s", technique, g), func() engine.Board {
		var below []engine.Technique
		for _, x := range engine.Catalogue() {
			if x.Score() < tech.Score() {
				below = append(below, x)
			}
		}
		p, err := engine.SolvePathWith(g, engine.PathOptions{Techniques: below})
		if err != nil {
			t.Fatal(err)
		}
		return p.Final
	})
	s, ok := tech.Find(&b)
	return b, s, ok
}

func TestForcingGolden(t *testing.T) {
	for _, tc := range forcingCases {
		t.Run(tc.golden, func(t *testing.T) {
			b, s, ok := stuckStep(t, puzzleAtLine(t, "csp_rules_ser_examples.txt", tc.line), tc.technique)
			if !ok {
				t.Fatalf("%s finds nothing", tc.technique)
			}
			if tc.variant != "" && s.Variant != tc.variant {
				t.Fatalf("variant %q, want %q", s.Variant, tc.variant)
			}
			for _, err := range checkStep(&b, s) {
				t.Error(err)
			}
			golden(t, filepath.Join("testdata", "forcing", tc.golden+".txt"), playerTexts(s), *updateForcing, "update-forcing")
		})
	}
}

// cellLit builds a literal from a cell name ("r1c5") and a digit.
func cellLit(name string, d uint8, on bool) engine.Lit {
	return engine.Lit{Cell: engine.CellAt(int(name[1]-'1'), int(name[3]-'1')), Digit: d, On: on}
}

// TestForcingForms words forms the shared sets may not reach: a double
// forcing chain (a candidate true and false), a contradiction from a
// candidate assumed false, and a branch too long for a line or a hint.
func TestForcingForms(t *testing.T) {
	r1c5on, r1c5off := cellLit("r1c5", 7, true), cellLit("r1c5", 7, false)
	double := engine.Step{
		Technique: "Dynamic Forcing Chain", Variant: "double", Digits: engine.DigitSet(7),
		Eliminations: []engine.Candidate{{Cell: engine.CellAt(2, 5), Digit: 3}},
		Branches: []engine.Branch{
			{Assume: r1c5on, Steps: []engine.Implication{
				{Lit: cellLit("r1c6", 7, false), Reason: engine.ReasonSameUnit, Unit: 0, From: []engine.Lit{r1c5on}},
				{Lit: cellLit("r1c6", 3, true), Reason: engine.ReasonNakedSingle, Unit: -1, From: []engine.Lit{cellLit("r1c6", 7, false)}},
				{Lit: cellLit("r3c6", 3, false), Reason: engine.ReasonSameUnit, Unit: engine.FirstCol + 5, From: []engine.Lit{cellLit("r1c6", 3, true)}},
			}},
			{Assume: r1c5off, Steps: []engine.Implication{
				{Lit: cellLit("r1c5", 3, true), Reason: engine.ReasonNakedSingle, Unit: -1, From: []engine.Lit{r1c5off}},
				{Lit: cellLit("r3c6", 3, false), Reason: engine.ReasonSameUnit, Unit: engine.FirstBox + 1, From: []engine.Lit{cellLit("r1c5", 3, true)}},
			}},
		},
	}
	r2c2off := cellLit("r2c2", 5, false)
	offContradiction := engine.Step{
		Technique: "Dynamic Forcing Chain", Variant: "contradiction", Digits: engine.DigitSet(5),
		Placements: []engine.Candidate{{Cell: engine.CellAt(1, 1), Digit: 5}},
		Branches: []engine.Branch{{Assume: r2c2off, Steps: []engine.Implication{
			{Lit: cellLit("r2c2", 9, true), Reason: engine.ReasonNakedSingle, Unit: -1, From: []engine.Lit{r2c2off}},
			{Lit: cellLit("r2c8", 9, false), Reason: engine.ReasonSameUnit, Unit: 1, From: []engine.Lit{cellLit("r2c2", 9, true)}},
			{Lit: cellLit("r2c8", 9, true), Reason: engine.ReasonHiddenSingle, Unit: engine.FirstBox + 2, From: []engine.Lit{cellLit("r3c9", 9, false)}},
			{Lit: cellLit("r2c2", 5, true), Reason: engine.ReasonHiddenSingle, Unit: 1, From: []engine.Lit{cellLit("r2c3", 5, false)}},
		}, Contradiction: &engine.Contradiction{Kind: engine.ContradictionBoth, Cell: engine.CellAt(1, 7), Unit: -1, Digit: 9}}},
	}
	// A long branch: a digit ruled out along a row and column in turn.
	long := engine.Step{
		Technique: "Cell/Region Forcing Chain", Variant: "cell", Digits: engine.DigitSet(1, 2, 3),
		Eliminations: []engine.Candidate{{Cell: engine.CellAt(8, 8), Digit: 4}},
	}
	for _, d := range []uint8{1, 2, 3} {
		a := cellLit("r1c1", d, true)
		br := engine.Branch{Assume: a}
		prev := a
		for i := 0; i < 60; i++ {
			l := engine.Lit{Cell: (i*7 + int(d)) % 80, Digit: uint8(i%9 + 1), On: i%2 == 1}
			br.Steps = append(br.Steps, engine.Implication{Lit: l, Reason: engine.ReasonHiddenSingle, Unit: i % 27, From: []engine.Lit{prev}})
			prev = l
		}
		br.Steps = append(br.Steps, engine.Implication{Lit: cellLit("r9c9", 4, false), Reason: engine.ReasonSameCell, Unit: -1, From: []engine.Lit{prev}})
		long.Branches = append(long.Branches, br)
	}
	tests := []struct {
		name    string
		s       engine.Step
		summary [2]string // what the first line says at levels 2 and 3
	}{
		{"double", double, [2]string{"r1c5 is 7 or not; follow each case", "both cases lead to r3c6 not being 3"}},
		{"contradiction from a candidate assumed false", offContradiction, [2]string{"Suppose r2c2 is not x, one of its candidates", "If r2c2 were not 5, its consequences would contradict each other, so r2c2 is 5."}},
		{"long branches", long, [2]string{"r1c1 can only be 1, 2 or 3; follow each case", "each of them leads to r9c9 not being 4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := engine.HintResult{Kind: engine.HintStep, Step: tt.s}
			for level := 2; level <= 3; level++ {
				lines := Hint(nil, h, level)
				if !strings.Contains(lines[0], tt.summary[level-2]) {
					t.Errorf("level %d first line %q lacks %q", level, lines[0], tt.summary[level-2])
				}
				text := strings.Join(lines, "\n")
				if !fitsMessage(lines, tt.s) {
					t.Errorf("level %d text of %d characters", level, len(text))
				}
				if level == 2 {
					if l := leaks(text, tt.s); len(l) > 0 {
						t.Errorf("level 2 names the result %v:\n%s", l, text)
					}
				}
			}
			lines := Step(nil, tt.s)
			for _, l := range lines {
				if len(l) > MaxLine {
					t.Errorf("steps line of %d bytes: %q", len(l), l)
				}
			}
			if got := len(lines) - 2; got < len(tt.s.Branches) {
				t.Errorf("%d branch lines for %d branches:\n%s", got, len(tt.s.Branches), strings.Join(lines, "\n"))
			}
		})
	}
}
