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
	f, err := os.Open(filepath.Join("..", "..", "shared", "data", "puzzles", file))
	if err != nil {
		t.Skipf("shared puzzles not available: %v", err)
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
		if x.Name() == technique {
			tech = x
		}
	}
	if tech == nil {
		t.Fatalf("no technique %q", technique)
	}
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
	b := p.Final
	s, ok := tech.Find(&b)
	return b, s, ok
}

// forcingTexts is what a player reads of a step: the three hint levels
// and the steps listing.
func forcingTexts(s engine.Step) string {
	h := engine.HintResult{Kind: engine.HintStep, Cells: s.Cells, Step: s}
	var sb strings.Builder
	for level := 1; level <= engine.HintLevels; level++ {
		fmt.Fprintf(&sb, "== level %d\n%s\n", level, strings.Join(Hint(h, level), "\n"))
	}
	fmt.Fprintf(&sb, "== steps\n%s\n", strings.Join(Step(s), "\n"))
	return sb.String()
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
			got := forcingTexts(s)
			path := filepath.Join("testdata", "forcing", tc.golden+".txt")
			if *updateForcing {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update-forcing)", err)
			}
			if got != string(want) {
				t.Errorf("texts differ from %s (run with -update-forcing to accept):\n%s", path, got)
			}
		})
	}
}
