package engine

import (
	"errors"
	"testing"
)

// TestGenerateTechnique: the puzzle's teaching path takes the technique
// at StepIndex, from Position, and nothing above its level; the same
// options give the same puzzle; the hint from Position (its candidates as
// the player's marks) is the technique.
func TestGenerateTechnique(t *testing.T) {
	for _, tech := range []TechniqueID{"Hidden Single", "Naked Single", "Pointing", "X-Wing", "Skyscraper", "XY-Wing"} {
		t.Run(string(tech), func(t *testing.T) {
			opts := TechniqueOptions{Technique: tech, Seed: 3}
			tp, err := GenerateTechnique(opts)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := GenerateTechnique(opts)
			if again.Puzzle != tp.Puzzle {
				t.Errorf("not reproducible: %s then %s", tp.Puzzle, again.Puzzle)
			}
			p, err := SolvePath(tp.Puzzle)
			if err != nil || !p.Solved {
				t.Fatalf("path: %v, solved %v", err, p.Solved)
			}
			if p.Steps[tp.StepIndex].Technique != tech {
				t.Errorf("step %d is %s", tp.StepIndex, p.Steps[tp.StepIndex].Technique)
			}
			for _, s := range p.Steps[:tp.StepIndex] {
				if s.Technique == tech {
					t.Errorf("an earlier step is already %s", tech)
				}
			}
			if g := GradePath(&p); g.Level > TechniqueLevel(tech, 0) || g != tp.Grade {
				t.Errorf("grade %v (returned %v), technique level %v", g, tp.Grade, TechniqueLevel(tech, 0))
			}
			if !tp.StartBefore {
				return
			}
			marks := tp.Position.Cands
			h, err := Hint(tp.Puzzle, tp.Position.Grid, WithMarks(marks))
			if err != nil || h.Kind != HintStep || h.Step.Technique != tech {
				t.Errorf("hint from the position: %v %+v", err, h.Step.Technique)
			}
		})
	}
}

func TestGenerateTechniqueRefusals(t *testing.T) {
	if _, err := GenerateTechnique(TechniqueOptions{Technique: "Kraken Fish"}); !errors.Is(err, ErrTechniqueOffPath) {
		t.Errorf("Kraken Fish: %v", err)
	}
	if _, err := GenerateTechnique(TechniqueOptions{Technique: "Nope"}); !errors.Is(err, ErrUnknownTechnique) {
		t.Errorf("Nope: %v", err)
	}
	_, err := GenerateTechnique(TechniqueOptions{Technique: "Jellyfish", Attempts: 1, DigOnly: true})
	if !errors.Is(err, ErrTechniqueNotReached) {
		t.Errorf("Jellyfish in one attempt: %v", err)
	}
}

func TestTechniqueIDs(t *testing.T) {
	ids := TechniqueIDs()
	if len(ids) != len(techniques) || ids[0] != "Full House" {
		t.Fatalf("%d ids, first %s", len(ids), ids[0])
	}
	for i := 1; i < len(ids); i++ {
		if TechniqueLevel(ids[i], 0) < TechniqueLevel(ids[i-1], 0) {
			t.Errorf("%s before %s", ids[i-1], ids[i])
		}
	}
	for in, want := range map[string]TechniqueID{"x-wing": "X-Wing", "XWing": "X-Wing", "hidden_single": "Hidden Single",
		"bug+1": "BUG+1", "2 string kite": "2-String Kite"} {
		if got, ok := LookupTechnique(in); !ok || got != want {
			t.Errorf("LookupTechnique(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := LookupTechnique("--"); ok {
		t.Error("empty key found")
	}
}

// TestLookupTechniqueSpellings: a technique is found by its key, its
// slug and its aliases, in either English spelling, as people type them.
func TestLookupTechniqueSpellings(t *testing.T) {
	for _, c := range []struct {
		in   string
		want TechniqueID
	}{
		{"Simple Colouring", TechSimpleColouring},
		{"simple colouring", TechSimpleColouring},
		{"simple-colouring", TechSimpleColouring},
		{"Simple Coloring", TechSimpleColouring},
		{"simple coloring", TechSimpleColouring},
		{"simple_coloring", TechSimpleColouring},
		{"SIMPLECOLORING", TechSimpleColouring},
		{"Multi-Colouring", TechMultiColouring},
		{"multi colouring", TechMultiColouring},
		{"Multi-Coloring", TechMultiColouring},
		{"multi coloring", TechMultiColouring},
		{"multicoloring", TechMultiColouring},
		{"coloring", ""},
		{"simple colorin", ""},
	} {
		got, ok := LookupTechnique(c.in)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("LookupTechnique(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
}

func TestTechniqueSlug(t *testing.T) {
	seen := map[string]TechniqueID{}
	for _, id := range TechniqueIDs() {
		s := id.Slug()
		if other, dup := seen[s]; dup {
			t.Errorf("%s and %s share slug %s", id, other, s)
		}
		seen[s] = id
		if back, ok := LookupTechnique(s); !ok || back != id {
			t.Errorf("%s: slug %s reads back as %s", id, s, back)
		}
	}
	if s := TechniqueID("Cell/Region Forcing Chain").Slug(); s != "cell-region-forcing-chain" {
		t.Errorf("slug %s", s)
	}
}
