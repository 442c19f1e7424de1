package explain

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// hintPuzzle is an easy puzzle (sxbank_easy.txt line 3) and hintSolution
// its solution.
const (
	hintPuzzle   = "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	hintSolution = "158723469367954821294816375619238547485697132732145986976381254841572693523469718"
)

// withDigits returns g with the given cells ("r1c1=5") filled.
func withDigits(t *testing.T, g engine.Grid, moves ...string) engine.Grid {
	t.Helper()
	for _, m := range moves {
		var r, c, d int
		if _, err := fmt.Sscanf(m, "r%dc%d=%d", &r, &c, &d); err != nil {
			t.Fatalf("bad move %q: %v", m, err)
		}
		g[engine.CellAt(r-1, c-1)] = uint8(d)
	}
	return g
}

func cellNames(cs []int) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = engine.CellName(c)
	}
	return out
}

// text is a hint's whole text at a level.
func text(h engine.HintResult, level int) string { return strings.Join(Hint(nil, h, level), "\n") }

func TestHintKinds(t *testing.T) {
	puzzle := engine.MustParse(hintPuzzle)
	sol := engine.MustParse(hintSolution)
	tests := []struct {
		name     string
		progress engine.Grid
		kind     engine.HintKind
		cells    []string
		texts    [3]string // substrings each level's text must contain
		notIn    []string  // substrings no level may contain
	}{
		{
			name:     "conflict in a row",
			progress: withDigits(t, engine.Grid{}, "r1c1=5"), // r1c2 is a given 5
			kind:     engine.HintConflict,
			cells:    []string{"r1c1", "r1c2"},
			texts:    [3]string{"look at row 1", "r1c1 and r1c2 both hold 5 in row 1", "Clear r1c1"},
		},
		{
			name:     "wrong entry",
			progress: withDigits(t, engine.Grid{}, "r1c1=2"), // right is 1, 2 clashes with nothing
			kind:     engine.HintMistake,
			cells:    []string{"r1c1"},
			texts:    [3]string{"check box 1", "r1c1 is not right", "Clear r1c1"},
			notIn:    []string{"is 1", "Place 1", "1 in r1c1", "be 1"},
		},
		{
			name:     "two wrong entries, one right",
			progress: withDigits(t, engine.Grid{}, "r1c1=2", "r9c9=7", "r1c3=8"),
			kind:     engine.HintMistake,
			cells:    []string{"r1c1", "r9c9"},
			texts:    [3]string{"2 of your digits", "r1c1 and r9c9 are not right", "Clear r1c1 and r9c9"},
		},
		{
			name:     "solved",
			progress: sol,
			kind:     engine.HintSolved,
			texts:    [3]string{"solved", "solved", "solved"},
		},
		{
			name:     "step from the start",
			progress: engine.Grid{},
			kind:     engine.HintStep,
			texts:    [3]string{"Try ", "", "Result: place "},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := engine.Hint(puzzle, tt.progress)
			if err != nil {
				t.Fatal(err)
			}
			if h.Kind != tt.kind {
				t.Fatalf("kind = %v, want %v (cells %v)", h.Kind, tt.kind, h.Cells)
			}
			if tt.cells != nil {
				if got := cellNames(h.Cells); !slices.Equal(got, tt.cells) {
					t.Errorf("cells = %v, want %v", got, tt.cells)
				}
			}
			for lv := 1; lv <= engine.HintLevels; lv++ {
				text := strings.Join(Hint(nil, h, lv), "\n")
				if text == "" {
					t.Errorf("level %d text is empty", lv)
				}
				if !strings.Contains(text, tt.texts[lv-1]) {
					t.Errorf("level %d text %q lacks %q", lv, text, tt.texts[lv-1])
				}
				for _, bad := range tt.notIn {
					if strings.Contains(text, bad) {
						t.Errorf("level %d text %q reveals the digit (%q)", lv, text, bad)
					}
				}
			}
		})
	}
}

// Testengine.HintStepLevels checks that a step hint grows level by level: the
// nudge names the technique and an area but no cell of the result, level 2
// names the pattern's cells, and level 3 says what to place or remove.
func TestHintStepLevels(t *testing.T) {
	puzzle := engine.MustParse(hintPuzzle)
	h, err := engine.Hint(puzzle, engine.Grid{})
	if err != nil {
		t.Fatal(err)
	}
	s := h.Step
	if h.Kind != engine.HintStep || s.Technique == "" {
		t.Fatalf("want a step hint, got %v %+v", h.Kind, s)
	}
	if !strings.Contains(strings.ToLower(text(h, 1)), strings.ToLower(string(s.Technique))) {
		t.Errorf("nudge %q does not name %s", text(h, 1), s.Technique)
	}
	for _, p := range s.Placements {
		if strings.Contains(text(h, 1), engine.CellName(p.Cell)) || strings.Contains(text(h, 2), fmt.Sprintf("place %d", p.Digit)) {
			t.Errorf("levels 1-2 give the result away: %q / %q", text(h, 1), text(h, 2))
		}
		if !strings.Contains(text(h, 3), fmt.Sprintf("Result: place %d in %s.", p.Digit, engine.CellName(p.Cell))) {
			t.Errorf("level 3 %q does not give the placement", text(h, 3))
		}
	}
	if l := leaks(text(h, 2), s); len(l) > 0 {
		t.Errorf("level 2 %q names the result %v", text(h, 2), l)
	}
	if text(h, 0) != text(h, 1) || text(h, 9) != text(h, 3) {
		t.Error("levels outside 1-3 are not clamped")
	}
}

func Example_mistake() {
	puzzle := engine.MustParse("050703060007000800000816000000030000005000100730040086906000204840572093000409000")
	var progress engine.Grid
	progress[0] = 2 // r1c1: the solution has 1 there
	h, err := engine.Hint(puzzle, progress)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(h.Kind)
	for level := 1; level <= engine.HintLevels; level++ {
		fmt.Println(level, text(h, level))
	}
	// Output:
	// mistake
	// 1 One of your digits is not right: check box 1.
	// 2 r1c1 is not right.
	// 3 Clear r1c1: the digit there does not belong to the solution.
}

func ExampleHint() {
	puzzle := engine.MustParse("050703060007000800000816000000030000005000100730040086906000204840572093000409000")
	h, err := engine.Hint(puzzle, engine.Grid{})
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(h.Kind, "-", h.Step.Technique)
	fmt.Println(text(h, 1))
	fmt.Println(text(h, 3))
	// Output:
	// step - Hidden Single
	// Try Hidden single. When a digit has only one place left in a row, column or box, it goes there. Look at box 1.
	// Hidden single: In box 1, 8 has only one place left: every other empty cell of box 1 sees the 8 in r3c4, r2c7 or r8c1. Result: place 8 in r1c3.
}
