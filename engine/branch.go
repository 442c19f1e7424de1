package engine

// Lit is a statement about one candidate: "r1c5 is 7" (On) or "r1c5 is
// not 7". A grouped literal ("7 is in r1c4 or r1c5") lists every cell in
// Group, Cell being the first.
type Lit struct {
	Cell  int
	Digit uint8
	On    bool
	Group []int
}

// Reason says why an implication of a forcing chain follows. Reasons are
// stable keys, never words.
type Reason string

// The reasons an implication can follow from its premises.
const (
	// ReasonAssumed: the branch's assumption.
	ReasonAssumed Reason = "assumed"
	// ReasonSameCell: another digit is true in the same cell.
	ReasonSameCell Reason = "same-cell"
	// ReasonSameUnit: the same digit is true in a peer (Unit says where).
	ReasonSameUnit Reason = "same-unit"
	// ReasonNakedSingle: the only candidate left in the cell.
	ReasonNakedSingle Reason = "naked-single"
	// ReasonHiddenSingle: the only place left for the digit in Unit.
	ReasonHiddenSingle Reason = "hidden-single"
	// ReasonPattern: a pattern found inside the branch (Technique names
	// it: pointing, a pair, an X-Wing).
	ReasonPattern Reason = "pattern"
	// ReasonBranch: a nested proof by cases (Sub holds it).
	ReasonBranch Reason = "branch"
)

// Reasons lists every Reason, for the web board's generated contract.
func Reasons() []Reason {
	return []Reason{ReasonAssumed, ReasonSameCell, ReasonSameUnit, ReasonNakedSingle, ReasonHiddenSingle, ReasonPattern, ReasonBranch}
}

// The patterns a dynamic forcing chain (+) finds inside a branch, as
// Implication.Technique names them.
const (
	// PatternPointing: in Units[0] (a box) the digit is left only in
	// Units[1] (a line), so the rest of the line loses it.
	PatternPointing = "pointing"
	// PatternClaiming: in Units[1] (a line) the digit is left only in
	// Units[0] (a box), so the rest of the box loses it.
	PatternClaiming = "claiming"
	// PatternNakedPair: Cells hold only Digits in Units[0].
	PatternNakedPair = "naked-pair"
	// PatternHiddenPair: Digits fit only in Cells in Units[0].
	PatternHiddenPair = "hidden-pair"
	// PatternXWing: the digit fits in Units[0] and Units[1] (two lines)
	// only in the same two crossing lines.
	PatternXWing = "x-wing"
)

// Implication is one line of a branch: a literal and why it follows.
type Implication struct {
	Lit    Lit
	Reason Reason
	// Unit is the unit of a same-unit or hidden-single reason, -1 if none.
	Unit int
	// From are the literals (earlier in the branch) it follows from.
	From []Lit
	// Technique names the pattern of a ReasonPattern (PatternPointing...).
	Technique TechniqueID
	// Units, Cells and Digits describe the pattern of a ReasonPattern (see
	// the Pattern constants); Digits holds its digit or digits.
	Units  []int
	Cells  []int
	Digits Digits
}

// Branch is one case of a forcing chain: an assumption, the implications
// its conclusion needs (in order, each after those it follows from), and
// how it ends.
type Branch struct {
	Assume Lit
	// Also are further assumptions whose branches read the same as this
	// one (the same implications for the same reasons): they are merged.
	Also  []Lit
	Steps []Implication
	// Contradiction is set when the branch ends in a contradiction rather
	// than in the step's conclusion: the unit or cell that breaks.
	Contradiction *Contradiction
	// Sub are nested cases (a proof by cases inside the branch): after
	// Steps, the cell of their assumptions can only hold their digits,
	// and every case ends in a contradiction.
	Sub []Branch
}

// Contradiction is how a branch breaks: a cell left with no candidate, a
// unit left with no place for a digit, a digit true twice in a unit, or a
// candidate derived both true and false.
type Contradiction struct {
	Kind  ContradictionKind
	Cell  int
	Unit  int
	Digit uint8
}

// ContradictionKind is what a branch's contradiction is.
type ContradictionKind string

// The kinds of contradiction.
const (
	ContradictionEmptyCell ContradictionKind = "empty-cell" // a cell left without a candidate (Cell)
	ContradictionNoPlace   ContradictionKind = "no-place"   // a digit left without a place in Unit
	ContradictionTwice     ContradictionKind = "twice"      // a digit twice in Unit
	// ContradictionBoth is the contradiction of a candidate that a branch
	// proves both true and false (Cell, Digit).
	ContradictionBoth ContradictionKind = "both"
)

// ContradictionKinds lists every ContradictionKind, for the web board's
// generated contract.
func ContradictionKinds() []ContradictionKind {
	return []ContradictionKind{ContradictionEmptyCell, ContradictionNoPlace, ContradictionTwice, ContradictionBoth}
}

// Refutes reports whether s refutes the assumption of its one case (a
// Nishio or dynamic contradiction, a nested proof by cases) and returns
// that assumption: the step's result is its negation.
func (s Step) Refutes() (Lit, bool) {
	if (s.Variant != VariantContradiction && s.Variant != VariantNested) || len(s.Branches) != 1 {
		return Lit{}, false
	}
	return s.Branches[0].Assume, true
}

// HideTried returns s with the digit a refutation tries written as 0
// wherever its proof names it (assumptions, implications and what they
// follow from, patterns inside a case, contradictions, pattern entries and
// links), so the proof reads with a letter for that digit and gives no
// result away; s itself and any other step are returned unchanged. The
// placements and eliminations are left for the caller to cut.
func (s Step) HideTried() Step {
	tried, ok := s.Refutes()
	if !ok || tried.Digit == 0 {
		return s
	}
	x := tried.Digit
	digit := func(d uint8) uint8 {
		if d == x {
			return 0
		}
		return d
	}
	digits := func(ds Digits) Digits {
		if ds.Has(x) {
			return ds.Without(x).With(0)
		}
		return ds
	}
	lit := func(l Lit) Lit {
		l.Digit = digit(l.Digit)
		return l
	}
	var hide func(bs []Branch) []Branch
	hide = func(bs []Branch) []Branch {
		if bs == nil {
			return nil
		}
		out := make([]Branch, len(bs))
		for i, b := range bs {
			b.Assume = lit(b.Assume)
			also := make([]Lit, len(b.Also))
			for k, a := range b.Also {
				also[k] = lit(a)
			}
			b.Also = also
			steps := make([]Implication, len(b.Steps))
			for k, im := range b.Steps {
				im.Lit = lit(im.Lit)
				from := make([]Lit, len(im.From))
				for j, f := range im.From {
					from[j] = lit(f)
				}
				im.From = from
				im.Digits = digits(im.Digits)
				steps[k] = im
			}
			b.Steps = steps
			if c := b.Contradiction; c != nil {
				cc := *c
				cc.Digit = digit(cc.Digit)
				b.Contradiction = &cc
			}
			b.Sub = hide(b.Sub)
			out[i] = b
		}
		return out
	}
	out := s
	out.Branches = hide(s.Branches)
	out.Digits = digits(s.Digits)
	out.Pattern = make([]PatternCell, len(s.Pattern))
	for i, p := range s.Pattern {
		if p.Role != RoleEliminated && p.Role != RolePlaced {
			p.Digits = digits(p.Digits)
		}
		out.Pattern[i] = p
	}
	out.Links = make([]Link, len(s.Links))
	for i, l := range s.Links {
		l.From.Digit, l.To.Digit = digit(l.From.Digit), digit(l.To.Digit)
		out.Links[i] = l
	}
	return out
}
