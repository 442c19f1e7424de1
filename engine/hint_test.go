package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// hintPuzzle is an easy puzzle (sxbank_easy.txt line 3) and hintSolution
// its solution.
const (
	hintPuzzle   = "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	hintSolution = "158723469367954821294816375619238547485697132732145986976381254841572693523469718"
)

// withDigits returns g with the given cells ("r1c1=5") filled.
func withDigits(t *testing.T, g Grid, moves ...string) Grid {
	t.Helper()
	for _, m := range moves {
		var r, c, d int
		if _, err := fmt.Sscanf(m, "r%dc%d=%d", &r, &c, &d); err != nil {
			t.Fatalf("bad move %q: %v", m, err)
		}
		g[CellAt(r-1, c-1)] = uint8(d)
	}
	return g
}

func TestHintKinds(t *testing.T) {
	puzzle := MustParse(hintPuzzle)
	sol := MustParse(hintSolution)
	tests := []struct {
		name     string
		progress Grid
		kind     HintKind
		cells    []string
		texts    [3]string // substrings each level's text must contain
		notIn    []string  // substrings no level may contain
	}{
		{
			name:     "conflict in a row",
			progress: withDigits(t, Grid{}, "r1c1=5"), // r1c2 is a given 5
			kind:     HintConflict,
			cells:    []string{"r1c1", "r1c2"},
			texts:    [3]string{"look at row 1", "r1c1 and r1c2 both hold 5 in row 1", "Clear r1c1"},
		},
		{
			name:     "wrong entry",
			progress: withDigits(t, Grid{}, "r1c1=2"), // right is 1, 2 clashes with nothing
			kind:     HintMistake,
			cells:    []string{"r1c1"},
			texts:    [3]string{"check box 1", "r1c1 is not right", "Clear r1c1"},
			notIn:    []string{"is 1", "Place 1", "1 in r1c1", "be 1"},
		},
		{
			name:     "two wrong entries, one right",
			progress: withDigits(t, Grid{}, "r1c1=2", "r9c9=7", "r1c3=8"),
			kind:     HintMistake,
			cells:    []string{"r1c1", "r9c9"},
			texts:    [3]string{"2 of your digits", "r1c1 and r9c9 are not right", "Clear r1c1 and r9c9"},
		},
		{
			name:     "solved",
			progress: sol,
			kind:     HintSolved,
			texts:    [3]string{"solved", "solved", "solved"},
		},
		{
			name:     "step from the start",
			progress: Grid{},
			kind:     HintStep,
			texts:    [3]string{"Try ", "", "Result: place "},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := Hint(puzzle, tt.progress)
			if err != nil {
				t.Fatal(err)
			}
			if h.Kind != tt.kind {
				t.Fatalf("kind = %v, want %v (%q)", h.Kind, tt.kind, h.Texts)
			}
			if tt.cells != nil {
				if got := hintCellNames(h.Cells); !slices.Equal(got, tt.cells) {
					t.Errorf("cells = %v, want %v", got, tt.cells)
				}
			}
			for lv := 1; lv <= HintLevels; lv++ {
				text := h.Text(lv)
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

// TestHintStepLevels checks that a step hint grows level by level: the
// nudge names the technique and an area but no cell of the result, level 2
// names the pattern's cells, and level 3 says what to place or remove.
func TestHintStepLevels(t *testing.T) {
	puzzle := MustParse(hintPuzzle)
	h, err := Hint(puzzle, Grid{})
	if err != nil {
		t.Fatal(err)
	}
	s := h.Step
	if h.Kind != HintStep || s.Technique == "" {
		t.Fatalf("want a step hint, got %v %+v", h.Kind, s)
	}
	if !strings.Contains(h.Text(1), s.Technique) {
		t.Errorf("nudge %q does not name %s", h.Text(1), s.Technique)
	}
	for _, p := range s.Placements {
		if strings.Contains(h.Text(1), CellName(p.Cell)) || strings.Contains(h.Text(2), fmt.Sprintf("place %d", p.Digit)) {
			t.Errorf("levels 1-2 give the result away: %q / %q", h.Text(1), h.Text(2))
		}
		if !strings.Contains(h.Text(3), fmt.Sprintf("Result: place %d in %s.", p.Digit, CellName(p.Cell))) {
			t.Errorf("level 3 %q does not give the placement", h.Text(3))
		}
	}
	for _, c := range s.Cells {
		if !strings.Contains(h.Text(2), CellName(c)) {
			t.Errorf("level 2 %q does not name pattern cell %s", h.Text(2), CellName(c))
		}
	}
	if h.Text(0) != h.Text(1) || h.Text(9) != h.Text(3) {
		t.Error("levels outside 1-3 are not clamped")
	}
}

// TestHintSkipsMadeResults enters the result of every hint in turn, as a
// player following the hints would, and checks that no hint repeats a
// placement already made and that the walk ends solved.
func TestHintSkipsMadeResults(t *testing.T) {
	puzzle := MustParse(hintPuzzle)
	var progress Grid
	for i := 0; i < NumCells; i++ {
		h, err := Hint(puzzle, progress)
		if err != nil {
			t.Fatal(err)
		}
		if h.Kind == HintSolved {
			return
		}
		if h.Kind != HintStep {
			t.Fatalf("hint %d: kind %v: %s", i, h.Kind, h.Text(3))
		}
		for _, p := range h.Step.Placements {
			if progress[p.Cell] != 0 || puzzle[p.Cell] != 0 {
				t.Fatalf("hint %d repeats %s", i, CellName(p.Cell))
			}
			progress[p.Cell] = p.Digit
		}
		if len(h.Step.Placements) == 0 {
			// An elimination-only step: the walk cannot record it without
			// pencil marks; stop here.
			return
		}
	}
	t.Fatal("hints never reached the solved position")
}

func TestAlreadyMade(t *testing.T) {
	pos := MustParse(hintPuzzle)
	var marks [NumCells]Digits
	marks[0] = DigitSet(1, 4)
	place := Step{Placements: []Candidate{{Cell: 1, Digit: 5}}}      // r1c2 is a given 5
	newPlace := Step{Placements: []Candidate{{Cell: 0, Digit: 1}}}   // r1c1 is empty
	elimGone := Step{Eliminations: []Candidate{{Cell: 0, Digit: 2}}} // not in the marks
	elimThere := Step{Eliminations: []Candidate{{Cell: 0, Digit: 4}}}
	elimUnmarked := Step{Eliminations: []Candidate{{Cell: 2, Digit: 2}}}
	tests := []struct {
		name  string
		step  Step
		marks bool
		want  bool
	}{
		{"placement already entered", place, false, true},
		{"new placement", newPlace, false, false},
		{"elimination without marks", elimGone, false, false},
		{"elimination missing from marks", elimGone, true, true},
		{"elimination still marked", elimThere, true, false},
		{"elimination in an unmarked cell", elimUnmarked, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := hintConfig{}
			if tt.marks {
				WithMarks(marks)(&cfg)
			}
			if got := alreadyMade(tt.step, pos, &cfg); got != tt.want {
				t.Errorf("alreadyMade = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestHintMarks(t *testing.T) {
	puzzle := MustParse(hintPuzzle)
	sol := MustParse(hintSolution)
	t.Run("marks without the solution digit", func(t *testing.T) {
		var marks [NumCells]Digits
		marks[0] = DigitSet(2, 4) // r1c1 is 1
		h, err := Hint(puzzle, Grid{}, WithMarks(marks))
		if err != nil {
			t.Fatal(err)
		}
		if h.Kind != HintMistake || !slices.Equal(h.Cells, []int{0}) || !strings.Contains(h.Text(2), "pencil marks in r1c1") {
			t.Errorf("got %v %v %q", h.Kind, h.Cells, h.Text(2))
		}
	})
	t.Run("marks narrow the candidates", func(t *testing.T) {
		// Mark every empty cell with its solution digit only: every cell
		// is then a naked single or better, and the hint must be sound.
		var marks [NumCells]Digits
		for c := range marks {
			if puzzle[c] == 0 {
				marks[c] = DigitSet(sol[c])
			}
		}
		h, err := Hint(puzzle, Grid{}, WithMarks(marks))
		if err != nil {
			t.Fatal(err)
		}
		if h.Kind != HintStep || len(h.Step.Placements) == 0 {
			t.Fatalf("want a placement, got %v %q", h.Kind, h.Text(3))
		}
	})
}

func TestHintErrors(t *testing.T) {
	puzzle := MustParse(hintPuzzle)
	tests := []struct {
		name             string
		puzzle, progress Grid
		want             error
	}{
		{"given changed", puzzle, withDigits(t, Grid{}, "r1c2=4"), ErrProgressMismatch},
		{"puzzle not unique", Grid{}, Grid{}, ErrMultipleSolutions},
		{"puzzle invalid", withDigits(t, puzzle, "r1c1=5"), Grid{}, ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Hint(tt.puzzle, tt.progress); !errors.Is(err, tt.want) {
				t.Errorf("error = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestReasoning(t *testing.T) {
	tests := []struct{ in, want string }{
		{"r2c3 and r2c8 are the only places for 5 in row 2; so 5 can be removed from r5c3", "r2c3 and r2c8 are the only places for 5 in row 2."},
		{"In row 4, 7 can only go in r4c6 (Hidden Single)", ""},
	}
	for _, tt := range tests {
		if got := reasoning(tt.in); got != tt.want {
			t.Errorf("reasoning(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestHintJoin(t *testing.T) {
	tests := []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a and b"},
		{[]string{"a", "b", "c"}, "a, b and c"},
	}
	for _, tt := range tests {
		if got := hintJoin(tt.in); got != tt.want {
			t.Errorf("hintJoin(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func ExampleHint() {
	puzzle := MustParse("050703060007000800000816000000030000005000100730040086906000204840572093000409000")
	var progress Grid
	progress[0] = 2 // r1c1: the solution has 1 there
	h, err := Hint(puzzle, progress)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(h.Kind)
	for level := 1; level <= HintLevels; level++ {
		fmt.Println(level, h.Text(level))
	}
	// Output:
	// mistake
	// 1 One of your digits is not right: check box 1.
	// 2 r1c1 is not right.
	// 3 Clear r1c1: the digit there does not belong to the solution.
}

func ExampleHint_step() {
	puzzle := MustParse("050703060007000800000816000000030000005000100730040086906000204840572093000409000")
	h, err := Hint(puzzle, Grid{})
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(h.Kind, "-", h.Step.Technique)
	fmt.Println(h.Text(1))
	fmt.Println(h.Text(3))
	// Output:
	// step - Hidden Single
	// Try Hidden Single: look at box 1.
	// In box 1, 8 can only go in r1c3 (Hidden Single). Result: place 8 in r1c3.
}

// TestHintFollowsEliminations plays a diabolical puzzle by the hints
// alone, as a bot would for a player who keeps no pencil marks: digits go
// into the grid and eliminations into marks kept with PencilMarks and
// ApplyTo. Every hint must be new and sound, and the walk must end solved.
func TestHintFollowsEliminations(t *testing.T) {
	ps := readRated(t, "sxbank_diabolical.txt")
	for _, p := range evenSample(ps, 3) {
		sol, err := Solve(p.grid)
		if err != nil {
			t.Fatal(err)
		}
		var progress Grid
		marks := PencilMarks(p.grid, progress)
		for i := 0; ; i++ {
			if i > NumCells*9 {
				t.Fatalf("line %d: no end after %d hints", p.line, i)
			}
			h, err := Hint(p.grid, progress, WithMarks(marks))
			if err != nil {
				t.Fatalf("line %d, hint %d: %v", p.line, i, err)
			}
			if h.Kind == HintSolved {
				break
			}
			if h.Kind != HintStep {
				t.Fatalf("line %d, hint %d: %v: %s", p.line, i, h.Kind, h.Text(3))
			}
			before := marks
			for _, pl := range h.Step.Placements {
				if sol[pl.Cell] != pl.Digit {
					t.Fatalf("line %d: wrong placement %v", p.line, pl)
				}
				progress[pl.Cell] = pl.Digit
			}
			h.ApplyTo(&marks)
			if len(h.Step.Placements) == 0 && marks == before {
				t.Fatalf("line %d, hint %d repeats an elimination already made: %s", p.line, i, h.Text(3))
			}
		}
	}
}

// FuzzHint feeds arbitrary player positions to Hint: it must never panic,
// and whatever it returns must be sound (a step's placements are the
// solution's digits, its eliminations never the solution's digit) and
// worded at every level.
func FuzzHint(f *testing.F) {
	f.Add(strings.Repeat("0", NumCells))
	f.Add("2" + strings.Repeat("0", NumCells-1))
	f.Add(hintSolution)
	f.Add("81" + strings.Repeat("3", 40))
	puzzle := MustParse(hintPuzzle)
	sol := MustParse(hintSolution)
	f.Fuzz(func(t *testing.T, in string) {
		var progress Grid
		for i := 0; i < len(in) && i < NumCells; i++ {
			progress[i] = in[i] % 10
		}
		h, err := Hint(puzzle, progress)
		if err != nil {
			if !errors.Is(err, ErrProgressMismatch) {
				t.Fatalf("unexpected error: %v", err)
			}
			return
		}
		for lv := 1; lv <= HintLevels; lv++ {
			if h.Text(lv) == "" {
				t.Fatalf("%v hint has no level %d text", h.Kind, lv)
			}
		}
		if h.Kind == HintStep {
			if err := checkStep(h.Step, sol); err != nil {
				t.Fatal(err)
			}
		}
	})
}
