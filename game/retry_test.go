package game

import (
	"context"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// marksHinter finds step A (an elimination of digit d in cell c) while
// the player's marks allow d in c, and then step B (a placement), as the
// engine does once a level-3 hint took A's elimination out of the marks.
type marksHinter struct {
	c int
	d uint8
}

func (m marksHinter) Hint(_ context.Context, puzzle, progress engine.Grid, marks *[engine.NumCells]engine.Digits) (Hint, error) {
	if cands := Candidates(puzzle, progress, marks); cands[m.c].Has(m.d) {
		s := engine.Step{Technique: "X-Wing", Eliminations: []engine.Candidate{{Cell: m.c, Digit: m.d}}}
		return Hint{Result: engine.HintResult{Kind: engine.HintStep, Step: s}, Step: &s}, nil
	}
	s := engine.Step{Technique: "Hidden Single", Placements: []engine.Candidate{{Cell: 0, Digit: 5}}}
	return Hint{Result: engine.HintResult{Kind: engine.HintStep, Step: s}, Step: &s}, nil
}

// TestRetryCountsOnce: an action asked again after its answer was lost
// (the reply failed after the commit: the player saw nothing and asks
// again, with a new interaction) counts once; what the player asks after
// a change counts as the rules say.
func TestRetryCountsOnce(t *testing.T) {
	ctx := context.Background()
	_, _, g0 := newFake(t)
	// c is an empty cell with a wrong candidate d.
	c, d := -1, uint8(0)
	auto := engine.PencilMarks(g0.Givens, g0.Entries)
	for cell := range g0.Givens {
		for digit := uint8(1); digit <= 9 && c < 0; digit++ {
			if g0.Givens[cell] == 0 && auto[cell].Has(digit) && digit != g0.Solution[cell] {
				c, d = cell, digit
			}
		}
	}
	far := empties(g0)[len(empties(g0))-1] // a right move away from c
	type act struct {
		do    string // "hint", "check", "move", "wrong"
		level int
	}
	for _, tc := range []struct {
		name     string
		acts     []act
		hints    [3]int
		mistakes int
		// last is whether the last hint counted.
		last bool
	}{
		{"answer asked again", []act{{"hint", 3}, {"hint", 3}}, [3]int{0, 0, 1}, 0, false},
		{"answer asked three times", []act{{"hint", 3}, {"hint", 3}, {"hint", 3}}, [3]int{0, 0, 1}, 0, false},
		{"nudge asked again", []act{{"hint", 1}, {"hint", 1}}, [3]int{1, 0, 0}, 0, false},
		{"reasoning asked again", []act{{"hint", 2}, {"hint", 2}}, [3]int{0, 1, 0}, 0, false},
		{"deeper level opens more", []act{{"hint", 1}, {"hint", 1}, {"hint", 3}, {"hint", 3}}, [3]int{0, 0, 1}, 0, false},
		{"nudge after the answer is the next hint", []act{{"hint", 3}, {"hint", 1}}, [3]int{1, 0, 1}, 0, true},
		{"answer after a move is the next hint", []act{{"hint", 3}, {"move", 0}, {"hint", 3}}, [3]int{0, 0, 2}, 0, true},
		{"check asked again", []act{{"wrong", 0}, {"check", 0}, {"check", 0}}, [3]int{}, 1, false},
		{"hint and check each asked again", []act{{"wrong", 0}, {"hint", 3}, {"check", 0}, {"hint", 3}, {"check", 0}}, [3]int{0, 0, 1}, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, _, g := newFake(t)
			s := New(f, marksHinter{c: c, d: d}, nil)
			var first, last HintResult
			for i, a := range tc.acts {
				switch a.do {
				case "hint":
					res, err := s.Hint(ctx, HintInput{GameID: g.ID, User: "u", Level: a.level})
					if err != nil {
						t.Fatalf("act %d: %v", i, err)
					}
					if first.Hint.Step == nil {
						first = res
					}
					last = res
				case "check":
					if _, err := s.Check(ctx, CheckInput{GameID: g.ID, User: "u"}); err != nil {
						t.Fatalf("act %d: %v", i, err)
					}
				case "move", "wrong":
					m := far
					if a.do == "wrong" {
						m = store.Move{Cell: far.Cell, Digit: wrongDigit(g, far.Cell)}
					}
					if _, err := s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: []store.Move{m}}); err != nil {
						t.Fatalf("act %d: %v", i, err)
					}
				}
			}
			got := f.games[g.ID]
			if got.Hints != tc.hints || got.Mistakes != tc.mistakes {
				t.Fatalf("hints %v, mistakes %d; want %v, %d", got.Hints, got.Mistakes, tc.hints, tc.mistakes)
			}
			if last.Hint.Step != nil && last.Counted != tc.last {
				t.Fatalf("last hint counted %v, want %v", last.Counted, tc.last)
			}
			if last.Hint.Step != nil && !tc.last && last.Hint.Key() != first.Hint.Key() {
				t.Fatalf("a hint asked again is %q, not the hint counted %q", last.Hint.Key(), first.Hint.Key())
			}
		})
	}
}

// TestRepeatsHint is the rule alone.
func TestRepeatsHint(t *testing.T) {
	counted := store.Game{HintKey: "k", HintLevel: 3, HintVersion: 4, Version: 4}
	moved := counted
	moved.Version = 5
	for _, tc := range []struct {
		name  string
		g     store.Game
		level int
		want  bool
	}{
		{"the same level on the board the hint left", counted, 3, true},
		{"a shallower level", counted, 1, false},
		{"after a change", moved, 3, false},
		{"no hint yet", store.Game{}, 1, false},
	} {
		if got := RepeatsHint(tc.g, tc.level); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
