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

// HasEffect reports whether the step places or eliminates anything.
func (s Step) HasEffect() bool { return len(s.Placements) > 0 || len(s.Eliminations) > 0 }

// String is the step's explanation, for logs and test failures.
func (s Step) String() string { return s.Text }

// String writes a candidate in the HoDoKu-like short form "r4c6#7".
func (c Candidate) String() string { return CellName(c.Cell) + "#" + string(rune('0'+c.Digit)) }

// cellList writes cells as "r5c3, r7c8".
func cellList(cells []int) string {
	var b strings.Builder
	for i, c := range cells {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(CellName(c))
	}
	return b.String()
}

// cellsAnd writes cells as "r5c3, r6c3 and r7c8".
func cellsAnd(cells []int) string {
	switch len(cells) {
	case 0:
		return ""
	case 1:
		return CellName(cells[0])
	}
	return cellList(cells[:len(cells)-1]) + " and " + CellName(cells[len(cells)-1])
}

// digitsAnd writes digits as "2, 5 and 7" or "2/5" style lists for people.
func digitsAnd(ds Digits) string {
	sl := ds.Slice()
	var b strings.Builder
	for i, d := range sl {
		switch {
		case i == 0:
		case i == len(sl)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteByte('0' + d)
	}
	return b.String()
}

// elimText writes eliminations grouped by digit: "5 can be removed from
// r5c3, r7c8" or, for several digits, "5 can be removed from r5c3; 7 from
// r1c1, r1c2".
func elimText(elims []Candidate) string {
	if len(elims) == 0 {
		return ""
	}
	var byDigit [10][]int
	for _, e := range elims {
		byDigit[e.Digit] = append(byDigit[e.Digit], e.Cell)
	}
	var parts []string
	for d := 1; d <= 9; d++ {
		if len(byDigit[d]) == 0 {
			continue
		}
		verb := " from "
		if len(parts) == 0 {
			verb = " can be removed from "
		}
		parts = append(parts, string(rune('0'+d))+verb+cellList(byDigit[d]))
	}
	return strings.Join(parts, "; ")
}

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
