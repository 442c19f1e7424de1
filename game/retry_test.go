package game

import (
	"context"
	"errors"
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

func (m marksHinter) Hint(_ context.Context, q HintQuery) (Hint, error) {
	if cands := Candidates(q.Puzzle, q.Progress, q.Marks); cands[m.c].Has(m.d) {
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

// TestRetryOnStores: the rule on both real back ends (the hint's version
// is stored with the game): an answer asked again after its reply was
// lost, and a check asked again, count once; a web move sent again at the
// version it was made on is refused whole, the first kept whole.
func TestRetryOnStores(t *testing.T) {
	onStores(t, func(t *testing.T, st *store.Store, p store.Puzzle) {
		ctx := context.Background()
		g := start(t, st, "u", p)
		auto := engine.PencilMarks(g.Givens, g.Entries)
		c, d := -1, uint8(0)
		for cell := range g.Givens {
			for digit := uint8(1); digit <= 9 && c < 0; digit++ {
				if g.Givens[cell] == 0 && auto[cell].Has(digit) && digit != g.Solution[cell] {
					c, d = cell, digit
				}
			}
		}
		s := New(st, marksHinter{c: c, d: d}, nil)
		for range 2 {
			if _, err := s.Hint(ctx, HintInput{GameID: g.ID, User: "u", Level: 3}); err != nil {
				t.Fatal(err)
			}
		}
		e := empties(g)
		wrong := store.Move{Cell: e[len(e)-1].Cell, Digit: wrongDigit(g, e[len(e)-1].Cell)}
		if _, err := s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: []store.Move{wrong}}); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if _, err := s.Check(ctx, CheckInput{GameID: g.ID, User: "u"}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Hint(ctx, HintInput{GameID: g.ID, User: "u", Level: 3}); err != nil {
			t.Fatal(err)
		}
		got, err := st.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		// After the move, the answer asked is the next hint: counted.
		if got.Hints != [3]int{0, 0, 2} || got.Mistakes != 1 {
			t.Fatalf("hints %v, mistakes %d; want [0 0 2], 1", got.Hints, got.Mistakes)
		}
		v := got.Version
		moves := []store.Move{{Cell: e[0].Cell, Digit: e[0].Digit}, {Cell: e[1].Cell, Digit: 3, Pencil: true}}
		if _, err := s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: moves, Version: &v}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: moves, Version: &v}); !errors.Is(err, ErrStale) {
			t.Fatalf("the move sent again: %v, want ErrStale", err)
		}
		got, _ = st.Game(ctx, g.ID)
		if got.Version != v+1 || got.Entries[e[0].Cell] != e[0].Digit || !got.Pencil[e[1].Cell].Has(3) {
			t.Fatalf("after a move sent twice: version %d (want %d), entry %d, marks %v", got.Version, v+1, got.Entries[e[0].Cell], got.Pencil[e[1].Cell])
		}
	})
}
