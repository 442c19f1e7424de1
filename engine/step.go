package engine

import "strings"

// Candidate is one digit in one cell: a placement, an elimination or a
// candidate that proves a step.
type Candidate struct {
	Cell  int   // 0..80
	Digit uint8 // 1..9
}

// Link joins two candidates of a chain. A strong link means "if From is
// false then To is true"; a weak link means "if From is true then To is
// false". Render draws strong links solid and weak links dashed.
//
// A grouped node (a digit in two or three cells of one box and one line)
// lists all its cells in FromGroup or ToGroup, From.Cell or To.Cell being
// the first of them; a plain node leaves the group empty. An ALS link (one
// whose strength comes from an almost locked set, not from a unit or a
// cell) has ALS set to the set's cells.
type Link struct {
	From, To  Candidate
	Strong    bool
	FromGroup []int
	ToGroup   []int
	ALS       []int
}

// Role says what part a cell, candidate or unit plays in a step's pattern.
// Roles are stable keys, never words: the explain package and render turn
// them into text and pictures. Technique families may define more roles
// beside their techniques; the common ones are here.
type Role string

// The common roles.
const (
	RoleBase       Role = "base"       // a fish's base unit, or its candidates in it
	RoleCover      Role = "cover"      // a fish's cover unit, or its candidates in it
	RoleFin        Role = "fin"        // a fin of a finned or sashimi fish
	RolePivot      Role = "pivot"      // a wing's pivot (hinge) cell
	RolePincer     Role = "pincer"     // a wing's pincers
	RoleALS        Role = "als"        // a cell of an almost locked set
	RoleOn         Role = "link-on"    // a chain candidate that is true in the reasoning
	RoleOff        Role = "link-off"   // a chain candidate that is false in the reasoning
	RoleEliminated Role = "eliminated" // a candidate the step removes (the result)
	RolePlaced     Role = "placed"     // a digit the step places (the result)
	RoleUnit       Role = "unit"       // the unit a single, subset or intersection lives in
	RoleSubset     Role = "subset"     // a cell of a naked or hidden subset
	RoleBlocker    Role = "blocker"    // a digit outside the pattern that rules a cell out
	RoleCorner     Role = "corner"     // a corner of a unique rectangle or loop
	RoleExtra      Role = "extra"      // a candidate beyond a deadly pattern's digits
	RoleColourA    Role = "colour-a"   // the first colour of a colouring
	RoleColourB    Role = "colour-b"   // the second colour of a colouring
	RoleAssumption Role = "assumption" // an assumption a forcing chain starts from
)

// Roles lists every role a step may give a pattern cell or a house, the
// common ones and the technique families' own, in a fixed order. Programs
// that draw or describe roles from outside Go (the web board's generated
// contract, internal/tsgen) take their list from here, and a test checks
// that every Role constant of the package is in it.
func Roles() []Role {
	return []Role{
		RoleBase, RoleCover, RoleFin, RolePivot, RolePincer, RoleALS,
		RoleOn, RoleOff, RoleEliminated, RolePlaced, RoleUnit, RoleSubset,
		RoleBlocker, RoleCorner, RoleExtra, RoleColourA, RoleColourB, RoleAssumption,
		RoleSolved, RoleTemplate, RoleTemplateOther, RoleRuledOut, RoleExcluder, RoleERBox,
	}
}

// PatternCell is one cell of a step's pattern: the candidates (or the
// digit) that matter there and the role they play. A cell may appear more
// than once with different roles (a pivot that is also eliminated from).
type PatternCell struct {
	Cell   int
	Digits Digits
	Role   Role
	// Group tells apart the parts of a pattern that share a role: the
	// first and second ALS of an ALS-XZ, a chain's start and end.
	Group int
}

// House is a unit with its role in a step: the box of a hidden single,
// the base and cover units of a fish.
type House struct {
	Unit int
	Role Role
}

// Step is one logical deduction: what it does, what proves it, and how to
// say it.
type Step struct {
	// Technique is the technique's key, e.g. "Hidden Single", "X-Wing".
	Technique TechniqueID
	// Score is the step's rating on the Sudoku Explainer scale, including
	// any length bonus for chains.
	Score float64
	// Placements are digits the step puts into cells.
	Placements []Candidate
	// Eliminations are candidates the step removes.
	Eliminations []Candidate
	// Cells are the cells of the pattern (highlighted in a hint).
	Cells []int
	// Units are the units (0-26, see UnitCells) the step looks at: the area
	// that a level-1 nudge points to.
	Units []int
	// Proof are the candidates that prove the step (circled in a hint).
	Proof []Candidate
	// Links are the chain's links, in order, for chain techniques.
	Links []Link

	// Digits are the digits the pattern is about (the fish's digit, a
	// subset's digits, a wing's Z), when the technique has such digits.
	Digits Digits
	// Pattern lists the pattern's cells with their roles, the result's
	// eliminated and placed candidates included (RoleEliminated,
	// RolePlaced), so that a picture or a text can be drawn from it alone.
	Pattern []PatternCell
	// Houses are the units of the pattern with their roles.
	Houses []House
	// Branches are a forcing chain's cases: each assumption with the
	// implications its conclusion needs.
	Branches []Branch
	// Variant tells apart the forms of one technique that read differently
	// (a UR's type, "finned" or "sashimi", a loop's kind); a stable key,
	// never words.
	Variant string
}

// HasEffect reports whether the step places or eliminates anything.
func (s Step) HasEffect() bool { return len(s.Placements) > 0 || len(s.Eliminations) > 0 }

// String is a compact form of the step for logs and test failures: the
// technique and its result, "Pointing: -r1c4#3 -r2c4#3". Words for people
// come from package explain.
func (s Step) String() string {
	var b strings.Builder
	b.WriteString(string(s.Technique))
	if s.Variant != "" {
		b.WriteString(" [" + s.Variant + "]")
	}
	b.WriteString(":")
	for _, p := range s.Placements {
		b.WriteString(" +" + p.String())
	}
	for _, e := range s.Eliminations {
		b.WriteString(" -" + e.String())
	}
	return b.String()
}

// String writes a candidate in the HoDoKu-like short form "r4c6#7".
func (c Candidate) String() string { return CellName(c.Cell) + "#" + string(rune('0'+c.Digit)) }

// elimsOf lists digit d in every cell of set, in cell order.
func elimsOf(set cellSet, d uint8) []Candidate {
	var buf [NumCells]int
	cells := set.cells(buf[:0])
	out := make([]Candidate, len(cells))
	for i, c := range cells {
		out[i] = Candidate{Cell: c, Digit: d}
	}
	return out
}

// candsOf lists digit d in every cell of set, as proof candidates.
func candsOf(set cellSet, d uint8) []Candidate { return elimsOf(set, d) }

// candidatesIn lists every candidate of cells, cell by cell: the proof of
// a subset or a wing, whose cells' candidates are all part of it.
func (b *Board) candidatesIn(cells []int) []Candidate {
	var out []Candidate
	for _, c := range cells {
		for _, d := range b.Cands[c].Slice() {
			out = append(out, Candidate{c, d})
		}
	}
	return out
}
