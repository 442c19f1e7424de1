package engine

import (
	"errors"
	"fmt"
	"slices"
)

// ErrProgressMismatch means the progress grid changes a given of the
// puzzle: it belongs to another puzzle.
var ErrProgressMismatch = errors.New("progress does not match the puzzle")

// HintKind says what a hint is about. The kinds come in the order Hint
// checks them: a broken rule first, then wrong entries, then a step.
type HintKind int

// The kinds of hint.
const (
	// HintConflict: two digits in one unit are equal; Cells are the cells
	// involved.
	HintConflict HintKind = iota + 1
	// HintMistake: entries (or pencil marks) contradict the solution;
	// Cells are the wrong cells. The digit is never revealed.
	HintMistake
	// HintStep: the next logical step from the player's position.
	HintStep
	// HintSolved: the board is complete and right.
	HintSolved
)

var hintKindNames = map[HintKind]string{
	HintConflict: "conflict", HintMistake: "mistake", HintStep: "step", HintSolved: "solved",
}

// String names the kind as the CLI's JSON does: "conflict", "mistake",
// "step" or "solved".
func (k HintKind) String() string {
	if n, ok := hintKindNames[k]; ok {
		return n
	}
	return fmt.Sprintf("HintKind(%d)", int(k))
}

// HintLevels is the number of levels of a hint: 1 nudge, 2 cells and
// reasoning, 3 the result.
const HintLevels = 3

// HintResult is a hint for a player's position, as data: package explain
// words it at each level and render draws it.
type HintResult struct {
	Kind HintKind
	// Cells are the conflicting or wrong cells, or the pattern cells of
	// the step.
	Cells []int
	// Conflicts are the clashes of a HintConflict; Clear are the entries
	// to clear (those that are not right; both when neither is).
	Conflicts []Conflict
	Clear     []int
	// Wrong are entries that differ from the solution and BadMarks cells
	// whose pencil marks leave out the solution's digit (HintMistake).
	Wrong, BadMarks []int
	// Step is the step to take (HintStep only).
	Step Step
}

// HintOption adjusts Hint.
type HintOption func(*hintConfig)

type hintConfig struct {
	marks     [NumCells]Digits
	hasMarks  bool
	practised TechniqueID
}

// Practising makes Hint show technique t first wherever it finds a step
// with an effect the player has not made (IllustrationStep), even where
// the teaching path would take an easier one: the hints of a training
// board served from an illustration (TrainingPuzzle), where the player
// asked to practise t and was told an easier step applies too, as long
// as the caller asks (package game: until a digit is placed). Elsewhere
// the hint is the path's, as without it. "" changes nothing.
func Practising(t TechniqueID) HintOption {
	return func(c *hintConfig) { c.practised = t }
}

// WithMarks gives Hint the player's pencil marks. A cell with no marks
// counts as unmarked: its candidates are those the filled cells allow.
// A marked cell's candidates are its marks (minus digits its peers rule
// out), so the hint works from what the player sees; marks that leave out
// the cell's solution digit are reported as a mistake.
func WithMarks(marks [NumCells]Digits) HintOption {
	return func(c *hintConfig) { c.marks, c.hasMarks = marks, true }
}

// Hint returns the next hint for a player's position. progress holds the
// player's board: the givens (or 0 in their place) and the digits entered
// so far, possibly wrong. Rule conflicts come first, then entries (or
// pencil marks) that differ from the solution, then the next logical step
// from the player's position, skipping steps whose result the player has
// already made. The puzzle itself must be valid with a unique solution.
func Hint(puzzle, progress Grid, opts ...HintOption) (HintResult, error) {
	var cfg hintConfig
	for _, o := range opts {
		o(&cfg)
	}
	sol, err := Solve(puzzle)
	if err != nil {
		return HintResult{}, fmt.Errorf("puzzle: %w", err)
	}
	pos := puzzle
	var entries []int
	for c := 0; c < NumCells; c++ {
		d := progress[c]
		switch {
		case d > 9:
			return HintResult{}, fmt.Errorf("progress: %s holds %d, a cell holds 0-9", CellName(c), d)
		case puzzle[c] != 0:
			if d != 0 && d != puzzle[c] {
				return HintResult{}, fmt.Errorf("%w: %s is a given %d, progress has %d", ErrProgressMismatch, CellName(c), puzzle[c], d)
			}
		case d != 0:
			pos[c] = d
			entries = append(entries, c)
		}
	}
	if cs := pos.Conflicts(); len(cs) > 0 {
		return conflictHint(cs, puzzle, sol), nil
	}
	if h, ok := mistakeHint(pos, entries, sol, &cfg); ok {
		return h, nil
	}
	if pos.Full() {
		return HintResult{Kind: HintSolved}, nil
	}
	b := hintBoard(puzzle, pos, &cfg)
	if cfg.practised != "" {
		work := b
		if s, ok := IllustrationStep(&work, cfg.practised); ok && checkStep(s, sol) == nil && !alreadyMade(s, pos, &cfg) {
			return HintResult{Kind: HintStep, Cells: s.Cells, Step: s}, nil
		}
	}
	// Each skipped step removes at least one candidate, so the loop ends.
	for range NumCells * 9 {
		s, ok := NextStep(&b, true)
		if !ok {
			return HintResult{}, fmt.Errorf("hint: %w", ErrNotLogical)
		}
		if err := checkStep(s, sol); err != nil {
			return HintResult{}, fmt.Errorf("hint: %w", err)
		}
		if !alreadyMade(s, pos, &cfg) {
			return HintResult{Kind: HintStep, Cells: s.Cells, Step: s}, nil
		}
		b.Apply(s)
	}
	return HintResult{}, fmt.Errorf("hint: %w: no new step", ErrNotLogical)
}

// hintBoard is the position a hint reasons from: the puzzle's givens, the
// player's entries (not givens: avoidable rectangles tell them apart) and
// the player's pencil marks where there are some.
func hintBoard(puzzle, pos Grid, cfg *hintConfig) Board {
	b := NewPosition(puzzle, pos)
	if cfg.hasMarks {
		for c := 0; c < NumCells; c++ {
			if b.Grid[c] == 0 && cfg.marks[c] != 0 {
				b.Cands[c] &= cfg.marks[c]
			}
		}
	}
	return b
}

// PencilMarks returns the candidates that a player's position implies:
// for each empty cell, the digits its filled peers allow (filled cells get
// none). A caller that keeps no marks for a player can start from these
// and record each elimination hint with ApplyTo, so that the next hint
// moves on instead of repeating an elimination the grid cannot show.
func PencilMarks(puzzle, progress Grid) [NumCells]Digits {
	pos := puzzle
	for c, d := range progress {
		if pos[c] == 0 && d <= 9 {
			pos[c] = d
		}
	}
	return NewBoard(pos).Cands
}

// ApplyTo records the hint's result in a player's pencil marks: it
// removes the step's eliminations (placements belong in the grid). Other
// kinds of hint change nothing.
func (h HintResult) ApplyTo(marks *[NumCells]Digits) {
	if h.Kind != HintStep {
		return
	}
	for _, e := range h.Step.Eliminations {
		marks[e.Cell] = marks[e.Cell].Without(e.Digit)
	}
}

// alreadyMade reports whether the player's position already shows the
// step's whole result: its digits entered and its eliminations missing
// from the player's pencil marks.
func alreadyMade(s Step, pos Grid, cfg *hintConfig) bool {
	for _, p := range s.Placements {
		if pos[p.Cell] != p.Digit {
			return false
		}
	}
	for _, e := range s.Eliminations {
		if pos[e.Cell] != 0 {
			continue
		}
		if !cfg.hasMarks || cfg.marks[e.Cell] == 0 || cfg.marks[e.Cell].Has(e.Digit) {
			return false
		}
	}
	return true
}

func conflictHint(cs []Conflict, puzzle, sol Grid) HintResult {
	cells := map[int]bool{}
	var clear []int
	for _, c := range cs {
		cells[c.A], cells[c.B] = true, true
		// The entry to clear: the one that is wrong, or both entries when
		// neither is a given and neither is right.
		for _, x := range []int{c.A, c.B} {
			if puzzle[x] == 0 && sol[x] != c.Digit && !slices.Contains(clear, x) {
				clear = append(clear, x)
			}
		}
	}
	return HintResult{Kind: HintConflict, Cells: sortedKeys(cells), Conflicts: cs, Clear: clear}
}

// mistakeHint reports entries that differ from the solution and marked
// cells whose marks leave out the solution's digit, without the digit.
func mistakeHint(pos Grid, entries []int, sol Grid, cfg *hintConfig) (HintResult, bool) {
	var wrong, badMarks []int
	for _, c := range entries {
		if pos[c] != sol[c] {
			wrong = append(wrong, c)
		}
	}
	if cfg.hasMarks {
		for c := 0; c < NumCells; c++ {
			if pos[c] == 0 && cfg.marks[c] != 0 && !cfg.marks[c].Has(sol[c]) {
				badMarks = append(badMarks, c)
			}
		}
	}
	if len(wrong) == 0 && len(badMarks) == 0 {
		return HintResult{}, false
	}
	cells := append(append([]int(nil), wrong...), badMarks...)
	return HintResult{Kind: HintMistake, Cells: cells, Wrong: wrong, BadMarks: badMarks}, true
}

func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
