package render

import "github.com/sudokubot/sudokubot/engine"

// roleFixture is a step built by hand with the structured data (Pattern,
// Houses, Links, Branches) of one technique, to draw every role. The
// positions are those of stepFixtures; the steps show the roles, and only
// some are sound deductions there (see sound), so they are not checked by
// TestFixturesSound. Real engine steps gain this data from the technique
// families, and render/engine_steps_test.go draws them.
type roleFixture struct {
	name     string
	progress string // the position (no givens are needed apart from it)
	sound    bool   // a true deduction in the position
	step     engine.Step
}

// The positions: p1 is stepFixtures' middle game, p2 the XY-Wing's and p0
// the hidden single's start.
const (
	p0 = "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19"
	p1 = "57..681.3.3..15.6.691..75...53.....112..8.3..94...127.31.8.6452.8.1...3.26..43819"
	p2 = "5.91.32.77132...9.8..7953...5.67982.287431956..6528.7...5812739..83...42...9..6.."
)

// cl is the cell at 1-based row r and column c.
func cl(r, c int) int { return (r-1)*9 + c - 1 }

func pc(r, c int, role engine.Role, ds ...uint8) engine.PatternCell {
	return engine.PatternCell{Cell: cl(r, c), Digits: engine.DigitSet(ds...), Role: role}
}

func pg(r, c int, role engine.Role, group int, ds ...uint8) engine.PatternCell {
	p := pc(r, c, role, ds...)
	p.Group = group
	return p
}

func cd(r, c int, d uint8) engine.Candidate { return engine.Candidate{Cell: cl(r, c), Digit: d} }

func on(r, c int, d uint8) engine.Lit  { return engine.Lit{Cell: cl(r, c), Digit: d, On: true} }
func off(r, c int, d uint8) engine.Lit { return engine.Lit{Cell: cl(r, c), Digit: d} }

func imp(l engine.Lit, why engine.Reason, from ...engine.Lit) engine.Implication {
	return engine.Implication{Lit: l, Reason: why, Unit: -1, From: from}
}

func row(r int) int { return engine.FirstRow + r - 1 }
func col(c int) int { return engine.FirstCol + c - 1 }
func box(b int) int { return engine.FirstBox + b - 1 }

var roleFixtures = []roleFixture{
	{name: "avoidable-rectangle", progress: p1, step: engine.Step{
		Technique: "Avoidable Rectangle Type 1", Variant: "type-1", Digits: engine.DigitSet(5, 7),
		Units: []int{row(1), row(4), col(1), col(2)},
		Pattern: []engine.PatternCell{
			pc(1, 1, engine.RoleSolved, 5), pc(1, 2, engine.RoleSolved, 7), pc(4, 1, engine.RoleCorner), pc(4, 2, engine.RoleSolved, 5),
			pc(4, 1, engine.RoleEliminated, 7),
		},
		Eliminations: []engine.Candidate{cd(4, 1, 7)},
	}},
	{name: "template", progress: p1, step: engine.Step{
		Technique: "Template Set", Variant: "set", Digits: engine.DigitSet(4),
		Units: []int{row(1), row(2), row(3), row(4), row(5), row(8)},
		Pattern: []engine.PatternCell{
			pc(1, 3, engine.RoleTemplate, 4), pc(1, 4, engine.RoleTemplate, 4), pc(1, 8, engine.RoleTemplate, 4),
			pc(2, 1, engine.RoleTemplate, 4), pc(2, 3, engine.RoleTemplate, 4), pc(2, 4, engine.RoleTemplate, 4),
			pc(2, 9, engine.RoleTemplate, 4), pc(3, 4, engine.RoleTemplate, 4), pc(3, 8, engine.RoleTemplate, 4),
			pc(3, 9, engine.RoleTemplate, 4), pc(4, 4, engine.RoleTemplate, 4), pc(4, 6, engine.RoleTemplate, 4),
			pc(4, 8, engine.RoleTemplate, 4), pc(5, 4, engine.RoleTemplate, 4), pc(5, 6, engine.RoleTemplate, 4),
			pc(5, 8, engine.RoleTemplate, 4), pc(5, 9, engine.RoleTemplate, 4), pc(8, 1, engine.RoleTemplate, 4),
			pc(8, 3, engine.RoleTemplate, 4), pg(4, 6, engine.RoleTemplateOther, 9, 9),
			pc(8, 1, engine.RolePlaced, 4),
		},
		Placements: []engine.Candidate{cd(8, 1, 4)},
	}},
	{name: "template-delete", progress: p1, step: engine.Step{
		// Another digit's sure cell that still holds the step's digit is a
		// removal: level 2 must not draw it.
		Technique: "Template Delete", Variant: "delete", Digits: engine.DigitSet(4),
		Units: []int{row(1), row(2), row(3), row(4), row(5), row(8)},
		Pattern: []engine.PatternCell{
			pc(1, 3, engine.RoleTemplate, 4), pc(1, 4, engine.RoleTemplate, 4), pc(1, 8, engine.RoleTemplate, 4),
			pc(2, 1, engine.RoleTemplate, 4), pc(2, 3, engine.RoleTemplate, 4), pc(2, 4, engine.RoleTemplate, 4),
			pc(2, 9, engine.RoleTemplate, 4), pc(3, 4, engine.RoleTemplate, 4), pc(3, 8, engine.RoleTemplate, 4),
			pc(3, 9, engine.RoleTemplate, 4), pc(4, 4, engine.RoleTemplate, 4), pc(4, 8, engine.RoleTemplate, 4),
			pc(5, 4, engine.RoleTemplate, 4), pc(5, 6, engine.RoleTemplate, 4), pc(5, 8, engine.RoleTemplate, 4),
			pc(5, 9, engine.RoleTemplate, 4), pc(8, 1, engine.RoleTemplate, 4), pc(8, 3, engine.RoleTemplate, 4),
			pg(4, 6, engine.RoleTemplateOther, 9, 9), pc(4, 6, engine.RoleEliminated, 4),
		},
		Eliminations: []engine.Candidate{cd(4, 6, 4)},
	}},
	{name: "finned-x-wing", progress: p1, step: engine.Step{
		Technique: "Finned X-Wing", Variant: "finned", Digits: engine.DigitSet(4),
		Houses: []engine.House{{Unit: row(3), Role: engine.RoleBase}, {Unit: row(5), Role: engine.RoleBase},
			{Unit: col(4), Role: engine.RoleCover}, {Unit: col(8), Role: engine.RoleCover}, {Unit: box(6), Role: engine.RoleFin}},
		Pattern: []engine.PatternCell{
			pc(3, 4, engine.RoleBase, 4), pc(3, 8, engine.RoleBase, 4),
			pc(5, 4, engine.RoleBase, 4), pc(5, 8, engine.RoleBase, 4),
			pc(5, 9, engine.RoleFin, 4),
			pc(4, 8, engine.RoleEliminated, 4),
		},
		Eliminations: []engine.Candidate{cd(4, 8, 4)},
	}},
	{name: "swordfish", progress: p1, sound: true, step: engine.Step{
		Technique: "Swordfish", Digits: engine.DigitSet(9),
		Houses: []engine.House{{Unit: row(1), Role: engine.RoleBase}, {Unit: row(2), Role: engine.RoleBase}, {Unit: row(5), Role: engine.RoleBase},
			{Unit: col(4), Role: engine.RoleCover}, {Unit: col(6), Role: engine.RoleCover}, {Unit: col(8), Role: engine.RoleCover}},
		Pattern: []engine.PatternCell{
			pc(1, 4, engine.RoleBase, 9), pc(1, 8, engine.RoleBase, 9), pc(2, 4, engine.RoleBase, 9),
			pc(5, 4, engine.RoleBase, 9), pc(5, 6, engine.RoleBase, 9), pc(5, 8, engine.RoleBase, 9),
			pc(4, 4, engine.RoleEliminated, 9), pc(4, 6, engine.RoleEliminated, 9), pc(4, 8, engine.RoleEliminated, 9),
			pc(8, 6, engine.RoleEliminated, 9),
		},
		Eliminations: []engine.Candidate{cd(4, 4, 9), cd(4, 6, 9), cd(4, 8, 9), cd(8, 6, 9)},
	}},
	{name: "xy-wing", progress: p2, sound: true, step: engine.Step{
		Technique: "XY-Wing", Digits: engine.DigitSet(1),
		Pattern: []engine.PatternCell{
			pc(2, 7, engine.RolePivot, 4, 5),
			pc(3, 9, engine.RolePincer, 1, 4), pc(8, 7, engine.RolePincer, 1, 5),
			pc(9, 9, engine.RoleEliminated, 1),
		},
		Eliminations: []engine.Candidate{cd(9, 9, 1)},
	}},
	{name: "als-xz", progress: p1, step: engine.Step{
		Technique: "ALS-XZ", Digits: engine.DigitSet(4, 8),
		Pattern: []engine.PatternCell{
			pg(2, 1, engine.RoleALS, 1, 4, 8), pg(2, 3, engine.RoleALS, 1, 2, 4, 8),
			pg(4, 1, engine.RoleALS, 2, 7, 8), pg(8, 1, engine.RoleALS, 2, 4, 7),
			pc(1, 3, engine.RoleEliminated, 4),
		},
		Links:        []engine.Link{{From: cd(2, 1, 8), To: cd(4, 1, 8)}},
		Eliminations: []engine.Candidate{cd(1, 3, 4)},
	}},
	{name: "xy-chain", progress: p1, sound: true, step: engine.Step{
		Technique: "XY-Chain", Digits: engine.DigitSet(7),
		Pattern: []engine.PatternCell{
			pc(4, 1, engine.RoleOff, 7), pc(4, 1, engine.RoleOn, 8),
			pc(2, 1, engine.RoleOff, 8), pc(2, 1, engine.RoleOn, 4),
			pc(8, 1, engine.RoleOff, 4), pc(8, 1, engine.RoleOn, 7),
			pc(7, 3, engine.RoleOff, 7), pc(7, 3, engine.RoleOn, 9),
			pc(7, 5, engine.RoleOff, 9), pc(7, 5, engine.RoleOn, 7),
			pc(4, 5, engine.RoleEliminated, 7),
		},
		Links:        linksOf("xy-chain"),
		Eliminations: []engine.Candidate{cd(4, 5, 7)},
	}},
	{name: "cell-forcing-chain", progress: p1, step: engine.Step{
		Technique: "Cell Forcing Chain", Variant: "cell", Digits: engine.DigitSet(2, 4, 9),
		Pattern: []engine.PatternCell{
			pc(1, 4, engine.RoleAssumption, 2, 4, 9),
			pc(5, 4, engine.RoleEliminated, 4),
		},
		Branches: []engine.Branch{
			{Assume: on(1, 4, 4), Steps: []engine.Implication{
				imp(off(5, 4, 4), engine.ReasonSameUnit, on(1, 4, 4)),
			}},
			{Assume: on(1, 4, 2), Steps: []engine.Implication{
				imp(off(1, 3, 2), engine.ReasonSameUnit, on(1, 4, 2)),
				imp(on(1, 3, 4), engine.ReasonNakedSingle, off(1, 3, 2)),
				imp(on(1, 8, 9), engine.ReasonNakedSingle, on(1, 4, 2), on(1, 3, 4)),
				imp(off(5, 8, 9), engine.ReasonSameUnit, on(1, 8, 9)),
				imp(on(5, 8, 4), engine.ReasonNakedSingle, off(5, 8, 9)),
				imp(off(5, 4, 4), engine.ReasonSameUnit, on(5, 8, 4)),
			}},
			{Assume: on(1, 4, 9), Steps: []engine.Implication{
				imp(off(4, 4, 9), engine.ReasonSameUnit, on(1, 4, 9)),
				imp(off(5, 6, 9), engine.ReasonSameUnit, off(4, 4, 9)),
				imp(on(5, 6, 4), engine.ReasonNakedSingle, off(5, 6, 9)),
				imp(off(5, 4, 4), engine.ReasonSameUnit, on(5, 6, 4)),
			}},
		},
		Eliminations: []engine.Candidate{cd(5, 4, 4)},
	}},
	{name: "hidden-single", progress: p0, sound: true, step: engine.Step{
		Technique: "Hidden Single", Digits: engine.DigitSet(8),
		Houses: []engine.House{{Unit: box(2), Role: engine.RoleUnit}},
		Pattern: []engine.PatternCell{
			pc(5, 5, engine.RoleBlocker, 8), pc(7, 4, engine.RoleBlocker, 8),
			pc(1, 6, engine.RolePlaced, 8),
		},
		Placements: []engine.Candidate{cd(1, 6, 8)},
	}},
	// A hidden single whose unit has cells that lost the digit to earlier
	// steps: no digit on the board rules them out, the pencil marks do.
	{name: "hidden-single-ruled-out", progress: p0, step: engine.Step{
		Technique: "Hidden Single", Digits: engine.DigitSet(8),
		Houses: []engine.House{{Unit: box(2), Role: engine.RoleUnit}},
		Pattern: []engine.PatternCell{
			pc(7, 4, engine.RoleBlocker, 8),
			{Cell: cl(2, 5), Role: roleRuledOut}, {Cell: cl(3, 5), Role: roleRuledOut},
			pc(1, 6, engine.RolePlaced, 8),
		},
		Placements: []engine.Candidate{cd(1, 6, 8)},
	}},
	{name: "naked-single", progress: p0, sound: true, step: engine.Step{
		Technique: "Naked Single", Digits: engine.DigitSet(5),
		Pattern: []engine.PatternCell{
			pc(7, 4, engine.RoleBlocker, 8), pc(7, 7, engine.RoleBlocker, 4), pc(7, 9, engine.RoleBlocker, 2),
			pc(2, 8, engine.RoleBlocker, 6), pc(6, 8, engine.RoleBlocker, 7), pc(8, 8, engine.RoleBlocker, 3),
			pc(9, 8, engine.RoleBlocker, 1), pc(9, 9, engine.RoleBlocker, 9),
			pc(7, 8, engine.RolePlaced, 5),
		},
		Placements: []engine.Candidate{cd(7, 8, 5)},
	}},
	{name: "grouped-chain", progress: p1, step: engine.Step{
		Technique: "Grouped X-Chain", Digits: engine.DigitSet(2),
		Pattern: []engine.PatternCell{
			pc(3, 5, engine.RoleOff, 2),
			pc(1, 4, engine.RoleOn, 2), pc(2, 4, engine.RoleOn, 2), pc(3, 4, engine.RoleOn, 2),
			pc(4, 4, engine.RoleOff, 2), pc(4, 5, engine.RoleOn, 2),
			pc(8, 5, engine.RoleEliminated, 2),
		},
		Links: []engine.Link{
			{From: cd(3, 5, 2), To: cd(1, 4, 2), ToGroup: []int{cl(1, 4), cl(2, 4), cl(3, 4)}, Strong: true},
			{From: cd(1, 4, 2), FromGroup: []int{cl(1, 4), cl(2, 4), cl(3, 4)}, To: cd(4, 4, 2)},
			{From: cd(4, 4, 2), To: cd(4, 5, 2), Strong: true},
		},
		Eliminations: []engine.Candidate{cd(8, 5, 2)},
	}},
	{name: "simple-colouring", progress: p1, step: engine.Step{
		Technique: "Simple Colouring", Digits: engine.DigitSet(9),
		Pattern: []engine.PatternCell{
			pc(7, 3, engine.RoleColourA, 9), pc(7, 5, engine.RoleColourB, 9),
			pc(8, 3, engine.RoleColourB, 9), pc(8, 6, engine.RoleColourA, 9),
			pc(4, 6, engine.RoleColourB, 9),
			pc(8, 5, engine.RoleEliminated, 9),
		},
		Links: []engine.Link{
			{From: cd(7, 3, 9), To: cd(7, 5, 9), Strong: true},
			{From: cd(7, 3, 9), To: cd(8, 3, 9), Strong: true},
			{From: cd(8, 3, 9), To: cd(8, 6, 9), Strong: true},
			{From: cd(8, 6, 9), To: cd(4, 6, 9), Strong: true},
		},
		Eliminations: []engine.Candidate{cd(8, 5, 9)},
	}},
	{name: "unique-rectangle", progress: p1, step: engine.Step{
		Technique: "Unique Rectangle", Variant: "type-4", Digits: engine.DigitSet(4, 9),
		Pattern: []engine.PatternCell{
			pc(5, 6, engine.RoleCorner, 4, 9), pc(5, 8, engine.RoleCorner, 4, 9),
			pc(4, 6, engine.RoleCorner, 4, 9), pc(4, 8, engine.RoleCorner, 4, 9),
			pc(4, 6, engine.RoleExtra, 2), pc(4, 8, engine.RoleExtra, 8),
			pc(4, 8, engine.RoleEliminated, 4),
		},
		Eliminations: []engine.Candidate{cd(4, 8, 4)},
	}},
}

// linksOf returns the links of a stepFixture.
func linksOf(name string) []engine.Link {
	for _, f := range stepFixtures {
		if f.name == name {
			return f.step.Links
		}
	}
	panic("no step fixture " + name)
}
