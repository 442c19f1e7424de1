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

// TestPractiseTechnique: a technique asked for by name is practised when
// a puzzle can be served for it; else the refusal says why, in the
// player's language, naming every technique that comes first instead of
// a never-first one (all three for Franken X-Wing).
func TestPractiseTechnique(t *testing.T) {
	t.Parallel()
	if _, err := PractiseTechnique(engine.DefaultTechniqueLibrary(), "no such thing"); refusal(err) != "train.unknown" {
		t.Errorf("an unknown technique: %v, want train.unknown", err)
	}
	said := map[string]bool{}
	named := map[engine.TechniqueID]int{}
	for _, id := range engine.TechniqueIDs() {
		got, err := PractiseTechnique(engine.DefaultTechniqueLibrary(), id.String())
		switch {
		case !engine.Trainable(id):
			continue
		case engine.Servable(id):
			if err != nil || got != id {
				t.Errorf("%s is served, yet %v, %v", id, got, err)
			}
			said["ok"] = true
			continue
		}
		by, never := engine.NeverFirst(id)
		want := "train.unavailable"
		if never {
			want = "train.never_first"
			var ge *Error
			if errors.As(err, &ge) {
				named[id] = namedEverywhere(t, ge, by)
			}
		}
		if refusal(err) != want {
			t.Errorf("%s: %v, want %s", id, err, want)
		}
		said[want] = true
	}
	if !said["ok"] || !said["train.never_first"] {
		t.Errorf("kinds met: %v", said)
	}
	if named[engine.TechFrankenXWing] != 3 {
		t.Errorf("Franken X-Wing's refusal names %d techniques in every language, want 3 (Hidden Single, Pointing, Claiming)", named[engine.TechFrankenXWing])
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
// served library holds (the shipped one and the background jobs' finds),
// so a gap the jobs close is offered at once; a never-first technique
// stays refused whatever a library holds.
func TestPractiseFromServedLibrary(t *testing.T) {
	t.Parallel()
	shipped := engine.DefaultTechniqueLibrary()
	some := shipped.Entries(engine.TechXWing)[0]
	gap, never := some, some
	gap.Technique, never.Technique = engine.TechTemplateSet, engine.TechFrankenXWing
	if shipped.Serves(gap.Technique) {
		t.Fatalf("%s is in the shipped library: pick a gap of it", gap.Technique)
	}
	lib := shipped.With([]engine.LibraryEntry{gap, never})

	if _, err := PractiseTechnique(engine.DefaultTechniqueLibrary(), string(gap.Technique)); refusal(err) != "train.unavailable" {
		t.Errorf("the shipped library: %v, want train.unavailable", err)
	}
	if got, err := PractiseTechnique(lib, string(gap.Technique)); err != nil || got != gap.Technique {
		t.Errorf("with a find of %s: %v, %v, want it practised", gap.Technique, got, err)
	}
	if !slices.Contains(Practisable(lib), gap.Technique) || slices.Contains(Practisable(engine.DefaultTechniqueLibrary()), gap.Technique) {
		t.Errorf("Practisable: %s offered with the find %v, without it %v; want only with it", gap.Technique,
			slices.Contains(Practisable(lib), gap.Technique), slices.Contains(Practisable(engine.DefaultTechniqueLibrary()), gap.Technique))
	}
	if _, err := PractiseTechnique(lib, string(never.Technique)); refusal(err) != "train.never_first" {
		t.Errorf("%s with a library entry: %v, want train.never_first", never.Technique, err)
	}
	if slices.Contains(Practisable(lib), never.Technique) {
		t.Errorf("Practisable offers %s, which is never first", never.Technique)
	}
}

// namedEverywhere is how many of the techniques a refusal names in
// every language, each one it leaves out reported.
func namedEverywhere(t *testing.T, e *Error, by []engine.TechniqueID) int {
	t.Helper()
	n := 0
	for _, b := range by {
		all := true
		for _, tag := range l10n.Tags() {
			l := l10n.For(tag)
			if l.Tag() != tag {
				t.Fatalf("no language %s", tag)
			}
			if text, name := e.Text(l), explain.TechniqueName(l, b); !strings.Contains(text, name) {
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
