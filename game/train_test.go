package game

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// TestStartTraining: a training game starts just before its technique,
// with the path's digits as entries (no given among them) and its
// candidates as pencil marks, so the first hint teaches the technique;
// a technique off the solving path is refused before any work.
func TestStartTraining(t *testing.T) {
	onStores(t, func(t *testing.T, st *store.Store, _ store.Puzzle) {
		ctx := context.Background()
		svc := New(st, nil, nil)
		for _, tech := range []engine.TechniqueID{"X-Wing", "XY-Wing", "Hidden Single"} {
			res, err := svc.StartTraining(ctx, TrainInput{User: "u", Technique: tech,
				Puzzle: func(context.Context) (engine.TechniquePuzzle, error) {
					return engine.GenerateTechnique(engine.TechniqueOptions{Technique: tech, Seed: 7})
				}})
			if err != nil {
				t.Fatalf("%s: %v", tech, err)
			}
			g := res.Game
			if tech == "Hidden Single" {
				if res.FromPosition || g.Entries != (engine.Grid{}) {
					t.Errorf("%s: a single is practised from the givens, got entries %s", tech, g.Entries)
				}
				continue
			}
			if !res.FromPosition {
				t.Fatalf("%s: want the game to start before the technique", tech)
			}
			for c, d := range g.Entries {
				if d != 0 && g.Givens[c] != 0 {
					t.Fatalf("%s: entry in a given's cell %s", tech, engine.CellName(c))
				}
			}
			h, err := svc.Hint(ctx, HintInput{GameID: g.ID, User: "u", Level: 1})
			if err != nil {
				t.Fatal(err)
			}
			if h.Hint.Step == nil || h.Hint.Step.Technique != tech {
				t.Errorf("%s: first hint %+v, want the technique", tech, h.Hint.Result.Step.Technique)
			}
		}
		_, err := svc.StartTraining(ctx, TrainInput{User: "u", Technique: "Kraken Fish",
			Puzzle: func(context.Context) (engine.TechniquePuzzle, error) {
				t.Fatal("made a puzzle")
				return engine.TechniquePuzzle{}, nil
			}})
		if err == nil {
			t.Error("Kraken Fish: want a refusal")
		}
	})
}

// TestTrainingOnIllustration: a technique the library cannot serve is
// practised on an illustration: the game starts at its position, the
// result says so, and the hints show the technique first there (a
// level-3 hint and a repeat of it too), though the path's own next step
// is an easier one; once the player made it, the next hint is the path's.
func TestTrainingOnIllustration(t *testing.T) {
	onStores(t, func(t *testing.T, st *store.Store, _ store.Puzzle) {
		ctx := context.Background()
		svc := New(st, nil, nil)
		const tech = engine.TechRemotePair
		var tp engine.TechniquePuzzle
		res, err := svc.StartTraining(ctx, TrainInput{User: "u", Technique: tech,
			Puzzle: func(context.Context) (engine.TechniquePuzzle, error) {
				var err error
				tp, err = engine.TrainingPuzzle(engine.TrainOptions{Technique: tech, Seed: 3})
				return tp, err
			}})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Illustration || !res.FromPosition {
			t.Fatalf("Illustration %v, FromPosition %v: want both", res.Illustration, res.FromPosition)
		}
		plain, err := engine.Hint(tp.Puzzle, tp.Position.Grid, engine.WithMarks(tp.Position.Cands))
		if err != nil || plain.Step.Technique == tech {
			t.Fatalf("the path's own hint there: %s, %v; want an easier step", plain.Step.Technique, err)
		}
		for level := 1; level <= HintLevels; level++ {
			h, err := svc.Hint(ctx, HintInput{GameID: res.Game.ID, User: "u", Level: level})
			if err != nil {
				t.Fatal(err)
			}
			if h.Hint.Step == nil || h.Hint.Step.Technique != tech {
				t.Fatalf("level %d: hint %s, want %s", level, h.Hint.Result.Step.Technique, tech)
			}
		}
		// The level-3 hint took the remote pair's eliminations out of the
		// marks: asked again, it is that hint; a level-1 hint then moves on.
		again, err := svc.Hint(ctx, HintInput{GameID: res.Game.ID, User: "u", Level: HintLevels})
		if err != nil || again.Hint.Step == nil || again.Hint.Step.Technique != tech || again.Counted {
			t.Fatalf("asked again: %+v, %v; want the same remote pair, uncounted", again.Hint.Result.Step.Technique, err)
		}
		next, err := svc.Hint(ctx, HintInput{GameID: res.Game.ID, User: "u", Level: 1})
		if err != nil || next.Hint.Step == nil || next.Hint.Key() == again.Hint.Key() {
			t.Fatalf("after the remote pair: %+v, %v; want another step", next.Hint.Result, err)
		}
		// Once a digit is placed the hints are the path's: the player
		// found the technique or moved on, and is not walked through
		// remote pairs where a single applies. Another player's game of
		// the same board, a digit away from the remote pair placed first.
		res2, err := svc.StartTraining(ctx, TrainInput{User: "v", Technique: tech,
			Puzzle: func(context.Context) (engine.TechniquePuzzle, error) { return tp, nil }})
		if err != nil || !res2.Illustration {
			t.Fatalf("a second player's training: %v, Illustration %v", err, res2.Illustration)
		}
		away := -1
		for c := range engine.NumCells {
			if tp.Position.Grid[c] == 0 && !slices.Contains(tp.Step.Cells, c) && !slices.ContainsFunc(tp.Step.Eliminations, func(e engine.Candidate) bool { return e.Cell == c }) {
				away = c
				break
			}
		}
		if _, err := svc.Place(ctx, PlaceInput{GameID: res2.Game.ID, User: "v", Moves: []store.Move{{Cell: away, Digit: tp.Solution[away]}}}); err != nil {
			t.Fatal(err)
		}
		g, err := st.Game(ctx, res2.Game.ID)
		if err != nil {
			t.Fatal(err)
		}
		var opts []engine.HintOption
		if marks := PlayerMarks(g); marks != nil {
			opts = append(opts, engine.WithMarks(*marks))
		}
		if still, err := engine.Hint(g.Givens, g.Entries, append(opts, engine.Practising(tech))...); err != nil || still.Step.Technique != tech {
			t.Fatalf("the remote pair no longer applies a digit away (%s, %v): the check below checks nothing", still.Step.Technique, err)
		}
		path, err := engine.Hint(g.Givens, g.Entries, opts...)
		if err != nil {
			t.Fatal(err)
		}
		after, err := svc.Hint(ctx, HintInput{GameID: res2.Game.ID, User: "v", Level: 1})
		if err != nil || after.Hint.Key() != (Hint{Result: path}).Key() {
			t.Errorf("after a digit placed: hint %s, want the path's %s (%v)", after.Hint.Result.Step.Technique, path.Step.Technique, err)
		}
	})
}

// TestPractiseTechnique: a technique asked for by name is practised when
// a board can be served for it: a library puzzle, else an illustration,
// whose note names, for a never-first technique, every technique that
// comes first instead (all three for Franken X-Wing) in the player's
// language; an unknown one is refused.
func TestPractiseTechnique(t *testing.T) {
	t.Parallel()
	if _, err := PractiseTechnique(engine.DefaultTechniqueLibrary(), "no such thing"); refusal(err) != "train.unknown" {
		t.Errorf("an unknown technique: %v, want train.unknown", err)
	}
	named := map[engine.TechniqueID]int{}
	illustrated := 0
	for _, id := range engine.TechniqueIDs() {
		if !engine.Trainable(id) {
			continue
		}
		got, err := PractiseTechnique(engine.DefaultTechniqueLibrary(), id.String())
		if err != nil || got != id {
			t.Errorf("%s: %v, %v; want it practised", id, got, err)
		}
		if engine.Servable(id) {
			continue
		}
		illustrated++
		if by, never := engine.NeverFirst(id); never {
			named[id] = namedEverywhere(t, id, by)
		}
	}
	if illustrated == 0 {
		t.Error("no technique is practised on illustrations: the notes are untested")
	}
	if named[engine.TechFrankenXWing] != 3 {
		t.Errorf("Franken X-Wing's note names %d techniques in every language, want 3 (Hidden Single, Pointing, Claiming)", named[engine.TechFrankenXWing])
	}
	for _, id := range Practisable(engine.DefaultTechniqueLibrary()) {
		if _, err := PractiseTechnique(engine.DefaultTechniqueLibrary(), string(id)); err != nil {
			t.Errorf("Practisable offers %s, which is refused: %v", id, err)
		}
		// The lesson page tells a player to type the expert name as
		// their language spells it (en-US "Simple Coloring").
		for _, tag := range l10n.Tags() {
			name := explain.ExpertName(l10n.For(tag), id)
			if got, err := PractiseTechnique(engine.DefaultTechniqueLibrary(), name); err != nil || got != id {
				t.Errorf("%s: %s's expert name %q reads as %q, %v", tag, id, name, got, err)
			}
		}
	}
}

// TestPractiseFromServedLibrary: what may be practised is what the
// served library offers (the shipped one and the background jobs' finds,
// else the illustrations); a technique with neither is refused.
func TestPractiseFromServedLibrary(t *testing.T) {
	t.Parallel()
	shipped := engine.DefaultTechniqueLibrary()
	some := shipped.Entries(engine.TechXWing)[0]
	gap := some
	gap.Technique = engine.TechTemplateSet
	if shipped.Serves(gap.Technique) {
		t.Fatalf("%s is in the shipped library: pick a gap of it", gap.Technique)
	}
	lib := shipped.With([]engine.LibraryEntry{gap})
	if got, err := PractiseTechnique(lib, string(gap.Technique)); err != nil || got != gap.Technique || !lib.Serves(gap.Technique) {
		t.Errorf("with a find of %s: %v, %v, want it practised from the library", gap.Technique, got, err)
	}
	empty := &engine.TechniqueLibrary{}
	if _, err := PractiseTechnique(empty, string(engine.TechXWing)); refusal(err) != "train.unavailable" {
		t.Errorf("X-Wing from an empty library: %v, want train.unavailable", err)
	}
	if slices.Contains(Practisable(empty), engine.TechXWing) || !slices.Contains(Practisable(empty), gap.Technique) {
		t.Errorf("an empty library: X-Wing offered %v (want not), %s %v (want offered, on its illustrations)",
			slices.Contains(Practisable(empty), engine.TechXWing), gap.Technique, slices.Contains(Practisable(empty), gap.Technique))
	}
}

// namedEverywhere is how many of the techniques the illustration note of
// id names in every language, each one it leaves out reported.
func namedEverywhere(t *testing.T, id engine.TechniqueID, by []engine.TechniqueID) int {
	t.Helper()
	n := 0
	for _, b := range by {
		all := true
		for _, tag := range l10n.Tags() {
			l := l10n.For(tag)
			if l.Tag() != tag {
				t.Fatalf("no language %s", tag)
			}
			if text, name := IllustrationNote(l, id, "train.from_illustration"), explain.TechniqueName(l, b); !strings.Contains(text, name) {
				t.Errorf("%s: %q does not name %s (%q)", tag, text, b, name)
				all = false
			}
		}
		if all {
			n++
		}
	}
	return n
}

// refusal is the catalogue key of an *Error, "" for anything else.
func refusal(err error) string {
	var ge *Error
	if errors.As(err, &ge) {
		return ge.Msg.ID
	}
	return ""
}
