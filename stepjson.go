package main

import (
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
)

// The JSON form of a step, shared by `steps --json` and `hint --json`:
// rows, columns and digits are 1-9 as in r4c6, roles and reasons are the
// engine's stable keys, and text is rendered by package explain. DESIGN.md
// documents the fields.

// stepsCell is a placement, an elimination or a link end.
type stepsCell struct {
	Row   int   `json:"row"`
	Col   int   `json:"col"`
	Digit uint8 `json:"digit,omitempty"`
}

// patternJSON is one pattern cell with its role.
type patternJSON struct {
	Row    int     `json:"row"`
	Col    int     `json:"col"`
	Digits []uint8 `json:"digits"`
	Role   string  `json:"role"`
	Group  int     `json:"group,omitempty"`
}

// houseJSON is a unit with its role: {"unit":"row","index":3,"role":"base"}.
type houseJSON struct {
	Unit  string `json:"unit"`
	Index int    `json:"index"`
	Role  string `json:"role,omitempty"`
}

// linkJSON is a link of a chain; a grouped end lists its cells.
type linkJSON struct {
	From      stepsCell   `json:"from"`
	To        stepsCell   `json:"to"`
	Strong    bool        `json:"strong"`
	FromGroup []stepsCell `json:"from_group,omitempty"`
	ToGroup   []stepsCell `json:"to_group,omitempty"`
	ALS       []stepsCell `json:"als,omitempty"`
}

// litJSON is a statement about a candidate: true (on) or false.
type litJSON struct {
	Row   int         `json:"row"`
	Col   int         `json:"col"`
	Digit uint8       `json:"digit"`
	On    bool        `json:"on"`
	Group []stepsCell `json:"group,omitempty"`
}

type implicationJSON struct {
	Lit       litJSON    `json:"lit"`
	Reason    string     `json:"reason"`
	Unit      *houseJSON `json:"unit,omitempty"`
	From      []litJSON  `json:"from,omitempty"`
	Technique string     `json:"technique,omitempty"`
	// The pattern of a "pattern" reason: its units, cells and digits.
	Units  []houseJSON `json:"units,omitempty"`
	Cells  []stepsCell `json:"cells,omitempty"`
	Digits []uint8     `json:"digits,omitempty"`
}

type contradictionJSON struct {
	Kind  string     `json:"kind"`
	Row   int        `json:"row,omitempty"`
	Col   int        `json:"col,omitempty"`
	Unit  *houseJSON `json:"unit,omitempty"`
	Digit uint8      `json:"digit,omitempty"`
}

// branchJSON is one case of a forcing chain.
type branchJSON struct {
	Assume litJSON `json:"assume"`
	// Also are further assumptions whose case reads the same.
	Also          []litJSON          `json:"also,omitempty"`
	Steps         []implicationJSON  `json:"steps"`
	Contradiction *contradictionJSON `json:"contradiction,omitempty"`
	Sub           []branchJSON       `json:"sub,omitempty"`
}

// stepJSON is one step. Pattern, houses, links and branches are the
// step's data; text is its explanation, line by line joined with "\n".
type stepJSON struct {
	Technique    string        `json:"technique"`
	Variant      string        `json:"variant,omitempty"`
	Score        float64       `json:"score"`
	Placements   []stepsCell   `json:"placements"`
	Eliminations []stepsCell   `json:"eliminations"`
	Text         string        `json:"text"`
	Digits       []uint8       `json:"digits,omitempty"`
	Pattern      []patternJSON `json:"pattern"`
	Houses       []houseJSON   `json:"houses,omitempty"`
	Links        []linkJSON    `json:"links,omitempty"`
	Branches     []branchJSON  `json:"branches,omitempty"`
}

func stepsCells(cs []engine.Candidate) []stepsCell {
	out := make([]stepsCell, len(cs))
	for i, c := range cs {
		out[i] = candJSON(c)
	}
	return out
}

func candJSON(c engine.Candidate) stepsCell {
	return stepsCell{Row: engine.RowOf(c.Cell) + 1, Col: engine.ColOf(c.Cell) + 1, Digit: c.Digit}
}

func groupJSON(cells []int) []stepsCell {
	if len(cells) == 0 {
		return nil
	}
	out := make([]stepsCell, len(cells))
	for i, c := range cells {
		out[i] = stepsCell{Row: engine.RowOf(c) + 1, Col: engine.ColOf(c) + 1}
	}
	return out
}

func unitJSON(u int, role engine.Role) houseJSON {
	return houseJSON{Unit: [3]string{"row", "column", "box"}[u/9], Index: u%9 + 1, Role: string(role)}
}

func litToJSON(l engine.Lit) litJSON {
	return litJSON{Row: engine.RowOf(l.Cell) + 1, Col: engine.ColOf(l.Cell) + 1, Digit: l.Digit, On: l.On, Group: groupJSON(l.Group)}
}

func branchesJSON(bs []engine.Branch) []branchJSON {
	if len(bs) == 0 {
		return nil
	}
	out := make([]branchJSON, len(bs))
	for i, b := range bs {
		j := branchJSON{Assume: litToJSON(b.Assume), Steps: make([]implicationJSON, len(b.Steps)), Sub: branchesJSON(b.Sub)}
		for _, a := range b.Also {
			j.Also = append(j.Also, litToJSON(a))
		}
		for k, im := range b.Steps {
			ij := implicationJSON{Lit: litToJSON(im.Lit), Reason: string(im.Reason), Technique: im.Technique}
			if im.Unit >= 0 && im.Unit < engine.NumUnits && (im.Reason == engine.ReasonSameUnit || im.Reason == engine.ReasonHiddenSingle) {
				u := unitJSON(im.Unit, "")
				ij.Unit = &u
			}
			for _, f := range im.From {
				ij.From = append(ij.From, litToJSON(f))
			}
			for _, u := range im.Units {
				ij.Units = append(ij.Units, unitJSON(u, ""))
			}
			ij.Cells, ij.Digits = groupJSON(im.Cells), im.Digits.Slice()
			j.Steps[k] = ij
		}
		if c := b.Contradiction; c != nil {
			cj := &contradictionJSON{Kind: c.Kind, Digit: c.Digit}
			if c.Kind == "no-place" || c.Kind == "twice" {
				u := unitJSON(c.Unit, "")
				cj.Unit = &u
			} else {
				cj.Row, cj.Col = engine.RowOf(c.Cell)+1, engine.ColOf(c.Cell)+1
			}
			j.Contradiction = cj
		}
		out[i] = j
	}
	return out
}

// newStepJSON is the JSON of a whole step, with its steps-listing text.
func newStepJSON(s engine.Step) stepJSON {
	return stepToJSON(s, strings.Join(explain.Step(nil, s), "\n"))
}

func stepToJSON(s engine.Step, text string) stepJSON {
	out := stepJSON{
		Technique:    s.Technique,
		Variant:      s.Variant,
		Score:        s.Score,
		Placements:   stepsCells(s.Placements),
		Eliminations: stepsCells(s.Eliminations),
		Text:         text,
		Digits:       s.Digits.Slice(),
		Pattern:      make([]patternJSON, 0, len(s.Pattern)),
		Branches:     branchesJSON(s.Branches),
	}
	for _, p := range s.Pattern {
		out.Pattern = append(out.Pattern, patternJSON{Row: engine.RowOf(p.Cell) + 1, Col: engine.ColOf(p.Cell) + 1, Digits: p.Digits.Slice(), Role: string(p.Role), Group: p.Group})
	}
	for _, h := range s.Houses {
		out.Houses = append(out.Houses, unitJSON(h.Unit, h.Role))
	}
	for _, l := range s.Links {
		out.Links = append(out.Links, linkJSON{From: candJSON(l.From), To: candJSON(l.To), Strong: l.Strong,
			FromGroup: groupJSON(l.FromGroup), ToGroup: groupJSON(l.ToGroup), ALS: groupJSON(l.ALS)})
	}
	return out
}

// stepAtLevel cuts a step down to what a hint level reveals, by the rules
// the words (package explain) and the picture (package render) follow:
// level 1 the technique and its houses; level 2 the whole pattern, links
// and branches but nothing of the result: no placements or eliminations,
// no pattern entry or link end that is a result candidate, each case of a
// forcing chain cut before its first result, and a refutation's
// assumption (the candidate it removes) without its digit; level 3
// everything.
func stepAtLevel(s engine.Step, level int) engine.Step {
	switch {
	case level >= 3:
		return s
	case level == 1:
		return engine.Step{Technique: s.Technique, Variant: s.Variant, Score: s.Score, Houses: s.Houses, Units: s.Units}
	}
	res := map[engine.Candidate]bool{}
	for _, c := range append(slices.Clone(s.Placements), s.Eliminations...) {
		res[c] = true
	}
	out := s
	out.Placements, out.Eliminations = nil, nil
	out.Pattern = nil
	for _, p := range s.Pattern {
		if p.Role == engine.RoleEliminated || p.Role == engine.RolePlaced {
			continue
		}
		if p.Role == engine.RoleOn || p.Role == engine.RoleOff {
			for _, d := range p.Digits.Slice() {
				if res[engine.Candidate{Cell: p.Cell, Digit: d}] {
					p.Digits = p.Digits.Without(d)
				}
			}
			if p.Digits == 0 {
				continue
			}
		}
		out.Pattern = append(out.Pattern, p)
	}
	out.Links = slices.DeleteFunc(slices.Clone(s.Links), func(l engine.Link) bool { return res[l.From] || res[l.To] })
	out.Branches = branchesAtLevel2(s.Branches, res, len(s.Branches) == 1)
	return out
}

// branchesAtLevel2 cuts each case before its first implication that is a
// result; a refutation's assumption loses its digit.
func branchesAtLevel2(bs []engine.Branch, res map[engine.Candidate]bool, refutation bool) []engine.Branch {
	if len(bs) == 0 {
		return nil
	}
	out := make([]engine.Branch, len(bs))
	for i, b := range bs {
		assume := b.Assume
		hide := func(l engine.Lit) engine.Lit {
			if refutation && l.Cell == assume.Cell && l.Digit == assume.Digit {
				l.Digit = 0
			}
			return l
		}
		b.Assume = hide(b.Assume)
		steps := make([]engine.Implication, 0, len(b.Steps))
		for _, im := range b.Steps {
			if refutation && im.Reason == engine.ReasonAssumed {
				im.Lit = hide(im.Lit)
			} else if res[engine.Candidate{Cell: im.Lit.Cell, Digit: im.Lit.Digit}] {
				b.Contradiction = nil
				break
			}
			from := make([]engine.Lit, len(im.From))
			for k, f := range im.From {
				from[k] = hide(f)
			}
			im.From = from
			steps = append(steps, im)
		}
		b.Steps = steps
		b.Sub = branchesAtLevel2(b.Sub, res, false)
		out[i] = b
	}
	return out
}
