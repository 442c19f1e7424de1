// Package stepjson is the JSON form of the engine's steps and hints, for
// every program that reads them: `sudokubot steps --json`, `sudokubot hint
// --json` and the web board's api/hint, which therefore share one set of
// fields and one set of level cuts (AtLevel).
package stepjson

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
)

// The JSON form of a step, shared by `steps --json`, `hint --json` and
// the web board: rows, columns and digits are 1-9 as in r4c6, roles and reasons are the
// engine's stable keys, and text is rendered by package explain. DESIGN.md
// documents the fields.

// Cell is a placement, an elimination or a link end.
type Cell struct {
	Row   int   `json:"row"`
	Col   int   `json:"col"`
	Digit uint8 `json:"digit,omitempty"`
}

// Pattern is one pattern cell with its role.
type Pattern struct {
	Row    int         `json:"row"`
	Col    int         `json:"col"`
	Digits Digits      `json:"digits"`
	Role   engine.Role `json:"role"`
	Group  int         `json:"group,omitempty"`
}

// House is a unit with its role: {"unit":"row","index":3,"role":"base"}.
type House struct {
	Unit  UnitKind    `json:"unit"`
	Index int         `json:"index"`
	Role  engine.Role `json:"role,omitempty"`
}

// UnitKind is what a House is: a row, a column or a box.
type UnitKind string

// The kinds of unit, in the engine's unit order (rows 0-8, columns 9-17,
// boxes 18-26).
const (
	UnitRow    UnitKind = "row"
	UnitColumn UnitKind = "column"
	UnitBox    UnitKind = "box"
)

// UnitKinds lists every UnitKind, for the web board's generated contract
// (internal/tsgen).
func UnitKinds() []UnitKind { return []UnitKind{UnitRow, UnitColumn, UnitBox} }

// Link is a link of a chain; a grouped end lists its cells.
type Link struct {
	From      Cell   `json:"from"`
	To        Cell   `json:"to"`
	Strong    bool   `json:"strong"`
	FromGroup []Cell `json:"from_group,omitempty"`
	ToGroup   []Cell `json:"to_group,omitempty"`
	ALS       []Cell `json:"als,omitempty"`
}

// Lit is a statement about a candidate: true (on) or false.
type Lit struct {
	Row   int    `json:"row"`
	Col   int    `json:"col"`
	Digit uint8  `json:"digit"`
	On    bool   `json:"on"`
	Group []Cell `json:"group,omitempty"`
}

// Implication is one step of a forcing chain's case, with what it
// follows from.
type Implication struct {
	Lit       Lit                `json:"lit"`
	Reason    engine.Reason      `json:"reason"`
	Unit      *House             `json:"unit,omitempty"`
	From      []Lit              `json:"from,omitempty"`
	Technique engine.TechniqueID `json:"technique,omitempty"`
	// The pattern of a "pattern" reason: its units, cells and digits.
	Units  []House `json:"units,omitempty"`
	Cells  []Cell  `json:"cells,omitempty"`
	Digits Digits  `json:"digits,omitempty"`
	// Text words the implication on its own, with what it follows from
	// (a hint's only: the board steps through a proof clause by clause).
	Text string `json:"text,omitempty"`
}

// Contradiction is how a case of a forcing chain ends.
type Contradiction struct {
	Kind  engine.ContradictionKind `json:"kind"`
	Row   int                      `json:"row,omitempty"`
	Col   int                      `json:"col,omitempty"`
	Unit  *House                   `json:"unit,omitempty"`
	Digit uint8                    `json:"digit,omitempty"`
}

// Branch is one case of a forcing chain.
type Branch struct {
	Assume Lit `json:"assume"`
	// Also are further assumptions whose case reads the same.
	Also          []Lit          `json:"also,omitempty"`
	Steps         []Implication  `json:"steps"`
	Contradiction *Contradiction `json:"contradiction,omitempty"`
	Sub           []Branch       `json:"sub,omitempty"`
	// Text words the assumption and End the contradiction the case ends
	// in (a hint's only, as Implication.Text).
	Text string `json:"text,omitempty"`
	End  string `json:"end,omitempty"`
}

// Step is one step. Pattern, houses, links and branches are the
// step's data; text is its explanation, line by line joined with "\n".
type Step struct {
	Technique    engine.TechniqueID `json:"technique"`
	Variant      string             `json:"variant,omitempty"`
	Score        float64            `json:"score"`
	Placements   []Cell             `json:"placements"`
	Eliminations []Cell             `json:"eliminations"`
	Text         string             `json:"text"`
	Digits       Digits             `json:"digits,omitempty"`
	Pattern      []Pattern          `json:"pattern"`
	Houses       []House            `json:"houses,omitempty"`
	Links        []Link             `json:"links,omitempty"`
	Branches     []Branch           `json:"branches,omitempty"`
}

// Cells lists candidates as cells with digits.
func Cells(cs []engine.Candidate) []Cell {
	out := make([]Cell, len(cs))
	for i, c := range cs {
		out[i] = Cand(c)
	}
	return out
}

// Cand is one candidate as a cell with its digit.
func Cand(c engine.Candidate) Cell {
	return Cell{Row: engine.RowOf(c.Cell) + 1, Col: engine.ColOf(c.Cell) + 1, Digit: c.Digit}
}

// Group lists cells (no digits); nil for none.
func Group(cells []int) []Cell {
	if len(cells) == 0 {
		return nil
	}
	out := make([]Cell, len(cells))
	for i, c := range cells {
		out[i] = At(c)
	}
	return out
}

// At is a cell (0-80) without a digit: row and column 1-9.
func At(cell int) Cell { return Cell{Row: engine.RowOf(cell) + 1, Col: engine.ColOf(cell) + 1} }

func unit(u int, role engine.Role) House {
	return House{Unit: UnitKinds()[u/9], Index: u%9 + 1, Role: role}
}

func lit(l engine.Lit) Lit {
	return Lit{Row: engine.RowOf(l.Cell) + 1, Col: engine.ColOf(l.Cell) + 1, Digit: l.Digit, On: l.On, Group: Group(l.Group)}
}

func branches(bs []engine.Branch) []Branch {
	if len(bs) == 0 {
		return nil
	}
	out := make([]Branch, len(bs))
	for i, b := range bs {
		j := Branch{Assume: lit(b.Assume), Steps: make([]Implication, len(b.Steps)), Sub: branches(b.Sub)}
		for _, a := range b.Also {
			j.Also = append(j.Also, lit(a))
		}
		for k, im := range b.Steps {
			ij := Implication{Lit: lit(im.Lit), Reason: im.Reason, Technique: im.Technique}
			if im.Unit >= 0 && im.Unit < engine.NumUnits && (im.Reason == engine.ReasonSameUnit || im.Reason == engine.ReasonHiddenSingle) {
				u := unit(im.Unit, "")
				ij.Unit = &u
			}
			for _, f := range im.From {
				ij.From = append(ij.From, lit(f))
			}
			for _, u := range im.Units {
				ij.Units = append(ij.Units, unit(u, ""))
			}
			ij.Cells, ij.Digits = Group(im.Cells), im.Digits.Slice()
			j.Steps[k] = ij
		}
		if c := b.Contradiction; c != nil {
			cj := &Contradiction{Kind: c.Kind, Digit: c.Digit}
			if c.Kind == engine.ContradictionNoPlace || c.Kind == engine.ContradictionTwice {
				u := unit(c.Unit, "")
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

// New is the JSON of a whole step, with its steps-listing text.
func New(s engine.Step) Step {
	return FromStep(s, strings.Join(explain.Step(nil, s), "\n"))
}

// FromStep is the JSON of s with text as its explanation.
func FromStep(s engine.Step, text string) Step {
	out := Step{
		Technique:    s.Technique,
		Variant:      s.Variant,
		Score:        s.Score,
		Placements:   Cells(s.Placements),
		Eliminations: Cells(s.Eliminations),
		Text:         text,
		Digits:       s.Digits.Slice(),
		Pattern:      make([]Pattern, 0, len(s.Pattern)),
		Branches:     branches(s.Branches),
	}
	for _, p := range s.Pattern {
		out.Pattern = append(out.Pattern, Pattern{Row: engine.RowOf(p.Cell) + 1, Col: engine.ColOf(p.Cell) + 1, Digits: p.Digits.Slice(), Role: p.Role, Group: p.Group})
	}
	for _, h := range s.Houses {
		out.Houses = append(out.Houses, unit(h.Unit, h.Role))
	}
	for _, l := range s.Links {
		out.Links = append(out.Links, Link{From: Cand(l.From), To: Cand(l.To), Strong: l.Strong,
			FromGroup: Group(l.FromGroup), ToGroup: Group(l.ToGroup), ALS: Group(l.ALS)})
	}
	return out
}

// AtLevel cuts a step down to what a hint level reveals, by the rules
// the words (package explain) and the picture (package render) follow:
// level 1 the technique and its houses; level 2 the whole pattern, links
// and branches but nothing of the result: no placements or eliminations,
// no pattern entry or link end that is a result candidate, each case of a
// forcing chain cut before its first result, and a refutation's tried
// digit written 0 wherever its proof names it (the letter x of the text,
// engine.Step.HideTried), so its proof is whole and its result hidden;
// level 3 everything.
func AtLevel(s engine.Step, level int) engine.Step {
	switch {
	case level >= 3:
		return s
	case level == 1:
		return engine.Step{Technique: s.Technique, Variant: s.Variant, Score: s.Score, Houses: s.Houses, Units: s.Units}
	}
	s = s.HideTried()
	res := map[engine.Candidate]bool{}
	for _, c := range append(slices.Clone(s.Placements), s.Eliminations...) {
		res[c] = true
	}
	out := s
	out.Placements, out.Eliminations = nil, nil
	out.Pattern = nil
	resCell := map[int]bool{}
	for c := range res {
		resCell[c.Cell] = true
	}
	for _, p := range s.Pattern {
		if p.Role == engine.RoleEliminated || p.Role == engine.RolePlaced {
			continue
		}
		if p.Role == engine.RoleTemplateOther && resCell[p.Cell] {
			continue // another digit's sure cell where a Template Delete removes
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
	// One case whose assumption is the result is a refutation; one case
	// from elsewhere (a Kraken fish's single fin) is not.
	refutation := len(s.Branches) == 1 && res[engine.Candidate{Cell: s.Branches[0].Assume.Cell, Digit: s.Branches[0].Assume.Digit}]
	out.Branches = branchesAtLevel2(s.Branches, res, refutation)
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

// Digits are candidate digits 1-9. They are written as a JSON array of
// numbers ([1,3,8]); encoding/json alone would write a []uint8 as base64.
type Digits []uint8

// MarshalJSON writes the digits as an array of numbers.
func (d Digits) MarshalJSON() ([]byte, error) {
	if d == nil {
		return []byte("[]"), nil
	}
	b := make([]byte, 0, 2+2*len(d))
	b = append(b, '[')
	for i, v := range d {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, uint64(v), 10)
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads an array of numbers.
func (d *Digits) UnmarshalJSON(b []byte) error {
	var v []int
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	out := make(Digits, 0, len(v))
	for _, x := range v {
		if x < 0 || x > 9 {
			return fmt.Errorf("stepjson: digit %d is outside 0-9", x)
		}
		out = append(out, uint8(x))
	}
	*d = out
	return nil
}
