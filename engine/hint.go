package engine

import (
	"errors"
	"fmt"
	"sort"
	"strings"
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

// HintResult is a hint for a player's position. Text(level) gives the
// words for a level; render draws Step (for a step) or marks Cells.
type HintResult struct {
	Kind HintKind
	// Cells are the conflicting or wrong cells, or the pattern cells of
	// the step.
	Cells []int
	// Step is the step to take (HintStep only).
	Step Step
	// Texts holds the text of levels 1, 2 and 3.
	Texts [HintLevels]string
}

// Text returns the hint's text at a level from 1 (a nudge) to 3 (the
// result); levels outside 1-3 are clamped.
func (h HintResult) Text(level int) string {
	level = min(max(level, 1), HintLevels)
	return h.Texts[level-1]
}

// HintOption adjusts Hint.
type HintOption func(*hintConfig)

type hintConfig struct {
	marks    [NumCells]Digits
	hasMarks bool
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
		t := "The puzzle is solved: every digit is right."
		return HintResult{Kind: HintSolved, Texts: [HintLevels]string{t, t, t}}, nil
	}
	b := NewBoard(pos)
	if cfg.hasMarks {
		for c := 0; c < NumCells; c++ {
			if b.Grid[c] == 0 && cfg.marks[c] != 0 {
				b.Cands[c] &= cfg.marks[c]
			}
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
			return stepHint(s), nil
		}
		b.Apply(s)
	}
	return HintResult{}, fmt.Errorf("hint: %w: no new step", ErrNotLogical)
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
	cellSet := map[int]bool{}
	var clashes, fix []string
	fixSet := map[int]bool{}
	for _, c := range cs {
		cellSet[c.A], cellSet[c.B] = true, true
		clashes = append(clashes, fmt.Sprintf("%s and %s both hold %d in %s", CellName(c.A), CellName(c.B), c.Digit, UnitName(c.Unit)))
		// The entry to clear: the one that is wrong, or both entries when
		// neither is a given and neither is right.
		for _, x := range []int{c.A, c.B} {
			if puzzle[x] == 0 && sol[x] != c.Digit && !fixSet[x] {
				fixSet[x] = true
				fix = append(fix, CellName(x))
			}
		}
	}
	cells := sortedKeys(cellSet)
	n := "Two of your digits clash"
	if len(cs) > 1 {
		n = fmt.Sprintf("%d pairs of digits clash", len(cs))
	}
	l1 := fmt.Sprintf("%s: look at %s.", n, UnitName(cs[0].Unit))
	l2 := strings.Join(clashes, "; ") + "."
	l3 := l2
	if len(fix) > 0 {
		l3 += " Clear " + hintJoin(fix) + "."
	}
	return HintResult{Kind: HintConflict, Cells: cells, Texts: [HintLevels]string{l1, l2, l3}}
}

// mistakeHint reports entries that differ from the solution and marked
// cells whose marks leave out the solution's digit, without saying the
// digit.
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
	var l1, l2, l3 []string
	if len(wrong) > 0 {
		names := hintCellNames(wrong)
		if len(wrong) == 1 {
			l1 = append(l1, fmt.Sprintf("One of your digits is not right: check %s.", UnitName(CellUnits[wrong[0]][2])))
			l2 = append(l2, names[0]+" is not right.")
		} else {
			l1 = append(l1, fmt.Sprintf("%d of your digits are not right.", len(wrong)))
			l2 = append(l2, hintJoin(names)+" are not right.")
		}
		l3 = append(l3, "Clear "+hintJoin(names)+": the digit there does not belong to the solution.")
	}
	if len(badMarks) > 0 {
		names := hintCellNames(badMarks)
		l1 = append(l1, "Some of your pencil marks rule out the right digit.")
		l2 = append(l2, "Your pencil marks in "+hintJoin(names)+" leave out the digit that belongs there.")
		l3 = append(l3, "Redo the pencil marks of "+hintJoin(names)+": the right digit is missing.")
	}
	cells := append(append([]int(nil), wrong...), badMarks...)
	return HintResult{Kind: HintMistake, Cells: cells, Texts: [HintLevels]string{
		strings.Join(l1, " "), strings.Join(l2, " "), strings.Join(l3, " "),
	}}, true
}

// stepHint words a step at the three levels: where to look, what proves
// it, and what it gives. Level 3 ends with a "Result:" summary in the
// same words for every technique, so a player can act on it at a glance.
func stepHint(s Step) HintResult {
	var area []string
	seen := map[int]bool{}
	for _, u := range s.Units {
		if !seen[u] {
			seen[u] = true
			area = append(area, UnitName(u))
		}
	}
	if len(area) == 0 {
		for _, c := range s.Cells {
			if u := CellUnits[c][2]; !seen[u] {
				seen[u] = true
				area = append(area, UnitName(u))
			}
		}
	}
	l1 := "Try " + s.Technique
	if len(area) > 0 {
		l1 += ": look at " + hintJoin(area)
	}
	l1 += "."
	l2 := s.Technique
	if len(s.Cells) > 0 {
		l2 += " on " + hintJoin(hintCellNames(s.Cells))
	}
	l2 += "."
	if why := reasoning(s.Text); why != "" {
		l2 += " " + why
	}
	l3 := sentence(s.Text)
	l3 = strings.TrimSpace(l3 + " Result: " + hintResultText(s) + ".")
	return HintResult{Kind: HintStep, Cells: s.Cells, Step: s, Texts: [HintLevels]string{l1, l2, l3}}
}

// sentence ends text with a full stop.
func sentence(text string) string {
	text = strings.TrimSpace(text)
	if text != "" && !strings.HasSuffix(text, ".") {
		text += "."
	}
	return text
}

// reasoning keeps the part of a step's explanation before its conclusion
// ("...; so 5 can be removed from r5c3"), so that level 2 explains without
// giving the result away. An explanation with no recognisable conclusion
// is left out of level 2 rather than risk revealing the result.
func reasoning(text string) string {
	for _, sep := range []string{"; so ", ", so ", ": so ", " so ", "; therefore ", ", hence "} {
		if i := strings.LastIndex(text, sep); i > 0 {
			return sentence(text[:i])
		}
	}
	return ""
}

// hintResultText says what the step gives, in one clause: "place 7 in
// r4c6; remove 5 from r5c3 and r7c8".
func hintResultText(s Step) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, fmt.Sprintf("place %d in %s", p.Digit, CellName(p.Cell)))
	}
	byDigit := map[uint8][]int{}
	var digits []int
	for _, e := range s.Eliminations {
		if _, ok := byDigit[e.Digit]; !ok {
			digits = append(digits, int(e.Digit))
		}
		byDigit[e.Digit] = append(byDigit[e.Digit], e.Cell)
	}
	sort.Ints(digits)
	for _, d := range digits {
		cells := byDigit[uint8(d)]
		sort.Ints(cells)
		parts = append(parts, fmt.Sprintf("remove %d from %s", d, hintJoin(hintCellNames(cells))))
	}
	return strings.Join(parts, "; ")
}

func hintCellNames(cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = CellName(c)
	}
	return out
}

// hintJoin joins words as English does: "a", "a and b", "a, b and c".
func hintJoin(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}
