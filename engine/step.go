package engine

// Candidate is one digit in one cell: a placement, an elimination or a
// candidate that proves a step.
type Candidate struct {
	Cell  int   // 0..80
	Digit uint8 // 1..9
}

// Link joins two candidates of a chain. A strong link means "if From is
// false then To is true"; a weak link means "if From is true then To is
// false". Render draws strong links solid and weak links dashed.
type Link struct {
	From, To Candidate
	Strong   bool
}

// Step is one logical deduction: what it does, what proves it, and how to
// say it.
type Step struct {
	// Technique is the technique's name, e.g. "Hidden Single", "X-Wing".
	Technique string
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
	// Text is the plain-English explanation in r4c6/b5 notation.
	Text string
}
