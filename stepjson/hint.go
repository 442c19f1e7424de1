package stepjson

import (
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/l10n"
)

// Hint is a hint as far as its level reveals it, in the steps' coordinates
// (rows, columns and digits 1-9): `sudokubot hint --json` prints it and
// the web board's api/hint answers it. Level 1 gives the kind, the
// technique and the area (units); level 2 adds the cells; level 3 the
// placements and eliminations. Texts holds the text of each level up to
// the requested one.
type Hint struct {
	Puzzle       string             `json:"puzzle,omitempty"`
	Progress     string             `json:"progress,omitempty"`
	Kind         HintKind           `json:"kind"`
	Level        int                `json:"level"`
	Text         string             `json:"text"`
	Texts        []string           `json:"texts"`
	Technique    engine.TechniqueID `json:"technique,omitempty"`
	Score        float64            `json:"score,omitempty"`
	Area         []string           `json:"area,omitempty"`
	Cells        []Cell             `json:"cells,omitempty"`
	Placements   []Cell             `json:"placements,omitempty"`
	Eliminations []Cell             `json:"eliminations,omitempty"`
	// The step's data as far as the level reveals it (AtLevel): the
	// same structure as a step of `steps --json`.
	Variant  string    `json:"variant,omitempty"`
	Pattern  []Pattern `json:"pattern,omitempty"`
	Houses   []House   `json:"houses,omitempty"`
	Links    []Link    `json:"links,omitempty"`
	Branches []Branch  `json:"branches,omitempty"`
}

// HintKind is what a hint is about (engine.HintKind as text).
type HintKind string

// The kinds of hint.
const (
	HintConflict HintKind = "conflict" // two equal digits in a unit
	HintMistake  HintKind = "mistake"  // entries or marks that contradict the solution
	HintStep     HintKind = "step"     // the next logical step
	HintSolved   HintKind = "solved"   // the board is complete and right
)

// HintKinds lists every HintKind, for the web board's generated contract.
func HintKinds() []HintKind { return []HintKind{HintConflict, HintMistake, HintStep, HintSolved} }

// FromHint is h at level (1-3), its texts in lang (nil: English).
// Puzzle and Progress are left for the caller to fill.
func FromHint(lang *l10n.Lang, h engine.HintResult, level int) Hint {
	out := Hint{
		Kind:  HintKind(h.Kind.String()),
		Level: level,
		Text:  strings.Join(explain.Hint(lang, h, level), "\n"),
	}
	for lv := 1; lv <= level; lv++ {
		out.Texts = append(out.Texts, strings.Join(explain.Hint(lang, h, lv), "\n"))
	}
	if h.Kind == engine.HintStep {
		out.Technique = h.Step.Technique
		out.Score = h.Step.Score
		js := FromStep(AtLevel(h.Step, level), "")
		out.Variant, out.Pattern, out.Houses, out.Links, out.Branches = js.Variant, js.Pattern, js.Houses, js.Links, js.Branches
		walkTexts(out.Branches, explain.Walk(lang, h.Step, level))
		for _, u := range h.Step.Units {
			if n := engine.UnitName(u); !slices.Contains(out.Area, n) {
				out.Area = append(out.Area, n)
			}
		}
	}
	switch {
	case level >= 3 || level == 2 && h.Kind != engine.HintStep:
		out.Cells = Group(h.Cells)
	case level == 2:
		// The pattern's cells without the result's: a hidden single's
		// cell is its answer.
		out.Cells = Group(PatternCells(AtLevel(h.Step, 2)))
	}
	if level >= 3 && h.Kind == engine.HintStep {
		out.Placements = Cells(h.Step.Placements)
		out.Eliminations = Cells(h.Step.Eliminations)
	}
	return out
}

// PatternCells lists the cells of a step's pattern, each once, in order.
func PatternCells(s engine.Step) []int {
	var out []int
	for _, p := range s.Pattern {
		if !slices.Contains(out, p.Cell) {
			out = append(out, p.Cell)
		}
	}
	return out
}

// walkTexts gives each case and implication of bs its text from ws, the
// whole step's cases worded for a walk. A level's cases keep the first
// implications of each case of the step, in order, so they pair by index.
func walkTexts(bs []Branch, ws []explain.WalkBranch) {
	for i := range bs {
		if i >= len(ws) {
			return
		}
		b, w := &bs[i], ws[i]
		b.Text = w.If
		for k := range b.Steps {
			if k < len(w.Steps) {
				b.Steps[k].Text = w.Steps[k]
			}
		}
		if b.Contradiction != nil {
			b.End = w.End
		}
		walkTexts(b.Sub, w.Sub)
	}
}
