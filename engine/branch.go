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
	Kind  string // "empty-cell", "no-place", "twice", "both"
	Cell  int
	Unit  int
	Digit uint8
}

// ContradictionBoth is the contradiction of a candidate that a branch
// proves both true and false (Cell, Digit).
const ContradictionBoth = "both"
