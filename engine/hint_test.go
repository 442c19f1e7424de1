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
			t.Fatalf("hint %d: kind %v: cells %v", i, h.Kind, h.Cells)
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
		if h.Kind != HintMistake || !slices.Equal(h.Cells, []int{0}) || !slices.Equal(h.BadMarks, []int{0}) || len(h.Wrong) != 0 {
			t.Errorf("got %v cells %v bad marks %v wrong %v", h.Kind, h.Cells, h.BadMarks, h.Wrong)
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
			t.Fatalf("want a placement, got %v %v", h.Kind, h.Step)
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
				t.Fatalf("line %d, hint %d: %v: cells %v", p.line, i, h.Kind, h.Cells)
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
				t.Fatalf("line %d, hint %d repeats an elimination already made: %s", p.line, i, h.Step)
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
		if h.Kind == HintMistake && len(h.Wrong)+len(h.BadMarks) == 0 || h.Kind == HintConflict && len(h.Conflicts) == 0 {
			t.Fatalf("%v hint without its data: %+v", h.Kind, h)
		}
		if h.Kind == HintStep {
			if err := checkStep(h.Step, sol); err != nil {
				t.Fatal(err)
			}
		}
	})
}
