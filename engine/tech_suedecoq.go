package engine

import (
	"iter"
	"math/bits"
)

// sueDeCoq: where a box meets a row or column, two or three empty cells
// (the intersection, I) hold at least two digits more than they have
// cells. With some cells of the line outside the box (L) and some cells
// of the box outside the line (B), whose candidates share no digit, the
// cells of I, L and B hold exactly as many digits as there are cells.
// Every two of those cells see each other except an L cell and a B cell,
// and they cannot share a digit, so every digit goes in exactly one of
// the cells: a digit of L (and of I) is in the line, so the rest of the
// line loses it; a digit of B, the rest of the box; a digit only I has,
// the rest of both.
type sueDeCoq struct{}

func (sueDeCoq) Name() TechniqueID { return TechSueDeCoq }
func (sueDeCoq) Score() float64    { return scoreSueDeCoq }

// Find returns the first Sue de Coq that eliminates something.
func (t sueDeCoq) Find(b *Board) (Step, bool) {
	for s := range t.All(b) {
		return s, true
	}
	return Step{}, false
}

// All lists every Sue de Coq that eliminates something, each result once.
func (t sueDeCoq) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		seen := map[string]bool{}
		for box := FirstBox; box < FirstBox+9; box++ {
			for _, line := range boxLines(box) {
				if !sdcAt(b, box, line, func(s Step) bool {
					key := s.String()
					if seen[key] {
						return true
					}
					seen[key] = true
					return yield(s)
				}) {
					return
				}
			}
		}
	}
}

// boxLines lists the three rows and three columns that cross a box.
func boxLines(box int) []int {
	b := box - FirstBox
	r0, c0 := (b/3)*3, (b%3)*3
	return []int{FirstRow + r0, FirstRow + r0 + 1, FirstRow + r0 + 2, FirstCol + c0, FirstCol + c0 + 1, FirstCol + c0 + 2}
}

// sdcAt tries every Sue de Coq of one box and line; false stops.
func sdcAt(b *Board, box, line int, f func(Step) bool) bool {
	var inter, lineRest, boxRest [9]int
	var ni, nl, nb int
	for _, c := range UnitCells[box] {
		if b.Cands[c] == 0 {
			continue
		}
		if CellUnits[c][line/9] == line {
			inter[ni] = c
			ni++
		} else {
			boxRest[nb] = c
			nb++
		}
	}
	for _, c := range UnitCells[line] {
		if b.Cands[c] != 0 && CellUnits[c][2] != box {
			lineRest[nl] = c
			nl++
		}
	}
	if ni < 2 || nl == 0 || nb == 0 {
		return true
	}
	var lineSubs, boxSubs [64]Digits
	sdcUnions(b, lineRest[:nl], &lineSubs)
	sdcUnions(b, boxRest[:nb], &boxSubs)
	for isub := 1; isub < 1<<ni; isub++ {
		n := bits.OnesCount(uint(isub))
		if n < 2 {
			continue
		}
		var v Digits
		for k := 0; k < ni; k++ {
			if isub&(1<<k) != 0 {
				v |= b.Cands[inter[k]]
			}
		}
		if v.Count() < n+2 {
			continue
		}
		for ls := 1; ls < 1<<nl; ls++ {
			lds := lineSubs[ls]
			// L must take at least one of the intersection's digits.
			if lds&v == 0 {
				continue
			}
			nL := bits.OnesCount(uint(ls))
			for bsub := 1; bsub < 1<<nb; bsub++ {
				bds := boxSubs[bsub]
				if bds&v == 0 || bds&lds != 0 {
					continue
				}
				if (v | lds | bds).Count() != n+nL+bits.OnesCount(uint(bsub)) {
					continue
				}
				iCells := sdcPick(inter[:ni], isub)
				L := sdcSet{cells: sdcPick(lineRest[:nl], ls), digits: lds}
				B := sdcSet{cells: sdcPick(boxRest[:nb], bsub), digits: bds}
				if s, ok := sdcStep(b, box, line, iCells, L, B, v); ok && !f(s) {
					return false
				}
			}
		}
	}
	return true
}

// sdcSet is a set of cells with the union of their candidates.
type sdcSet struct {
	cells  []int
	digits Digits
}

// sdcUnions fills out[sub] with the candidates of the cells a subset mask
// picks, for every subset.
func sdcUnions(b *Board, cells []int, out *[64]Digits) {
	for sub := 1; sub < 1<<len(cells); sub++ {
		low := bits.TrailingZeros(uint(sub))
		out[sub] = out[sub&(sub-1)] | b.Cands[cells[low]]
	}
}

// sdcPick lists the cells a subset mask picks.
func sdcPick(cells []int, mask int) []int {
	var out []int
	for k, c := range cells {
		if mask&(1<<k) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// sdcStep writes a Sue de Coq's step: its eliminations, and the
// intersection, line and box cells by role.
func sdcStep(b *Board, box, line int, iCells []int, ls, bs sdcSet, v Digits) (Step, bool) {
	in := map[int]bool{}
	for _, group := range [][]int{iCells, ls.cells, bs.cells} {
		for _, c := range group {
			in[c] = true
		}
	}
	var elims []Candidate
	remove := func(unit int, ds Digits) {
		for _, c := range UnitCells[unit] {
			if in[c] {
				continue
			}
			for x := b.Cands[c] & ds; x != 0; x &= x - 1 {
				elims = append(elims, Candidate{Cell: c, Digit: x.First()})
			}
		}
	}
	onlyI := v &^ ls.digits &^ bs.digits
	remove(line, ls.digits|onlyI)
	remove(box, bs.digits|onlyI)
	if len(elims) == 0 {
		return Step{}, false
	}
	elims = dedupeCands(elims)
	sortCands(elims)
	s := Step{Technique: TechSueDeCoq, Score: scoreSueDeCoq, Eliminations: elims, Digits: v,
		Units: []int{line, box}, Houses: []House{{Unit: line, Role: RoleUnit}, {Unit: box, Role: RoleUnit}}}
	for g, group := range [][]int{iCells, ls.cells, bs.cells} {
		role := RoleSubset
		if g > 0 {
			role = RoleALS
		}
		for _, c := range group {
			s.Cells = append(s.Cells, c)
			s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: b.Cands[c], Role: role, Group: g})
			for x := b.Cands[c]; x != 0; x &= x - 1 {
				s.Proof = append(s.Proof, Candidate{Cell: c, Digit: x.First()})
			}
		}
	}
	for _, e := range elims {
		s.Pattern = append(s.Pattern, PatternCell{Cell: e.Cell, Digits: DigitSet(e.Digit), Role: RoleEliminated})
	}
	return s, true
}

// dedupeCands drops repeated candidates, keeping the first of each.
func dedupeCands(cs []Candidate) []Candidate {
	seen := map[Candidate]bool{}
	out := cs[:0]
	for _, c := range cs {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}
