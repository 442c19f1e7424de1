package engine

import (
	"iter"
	"slices"
)

// alignedExclusion is Sudoku Explainer's Aligned Pair (size 2) and Triple
// (size 3) Exclusion. A few base cells, each seeing at least two common
// "excluder" cells that hold 2..size candidates, cannot take a combination
// of digits that repeats a digit in a unit, or that uses up every candidate
// of one excluder (it would be left empty). A digit of a base cell that
// appears in no allowed combination is removed.
//
// The search follows SE 1.2.1 (AlignedExclusion.java): base cells have two
// or more candidates and at least one excluder; pairs need two common
// excluders holding exactly two candidates; a triple is a pair plus a cell
// seen by an excluder of the pair, with two common excluders holding two or
// three candidates.
type alignedExclusion struct{ size int }

// RoleExcluder is the role of an aligned exclusion's excluder: a cell that
// all the base cells see, whose few candidates the base cells cannot use
// up between them.
const RoleExcluder Role = "excluder"

func (t alignedExclusion) Name() TechniqueID {
	if t.size == 2 {
		return TechAlignedPairExclusion
	}
	return TechAlignedTripleExclusion
}

func (t alignedExclusion) Score() float64 {
	if t.size == 2 {
		return scoreAlignedPairExclusion
	}
	return scoreAlignedTripleExclusion
}

func (t alignedExclusion) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t alignedExclusion) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		// small: empty cells that can act as excluders.
		var small cellSet
		for c := 0; c < NumCells; c++ {
			if b.Grid[c] != 0 {
				continue
			}
			if k := b.Cands[c].Count(); k >= 2 && k <= t.size {
				small.add(c)
			}
		}
		var excl [NumCells]cellSet
		var bases []int
		for c := 0; c < NumCells; c++ {
			if b.Grid[c] != 0 || b.Cands[c].Count() < 2 {
				continue
			}
			single := false
			for _, p := range Peers[c] {
				if b.Grid[p] == 0 && b.Cands[p].Count() <= 1 {
					single = true
					break
				}
			}
			e := peerSet[c].and(small)
			if single || e.isEmpty() {
				continue
			}
			excl[c] = e
			bases = append(bases, c)
		}
		var baseSet cellSet
		for _, c := range bases {
			baseSet.add(c)
		}
		seen := map[[3]int]bool{}
		for i := 0; i < len(bases); i++ {
			for j := i + 1; j < len(bases); j++ {
				c0, c1 := bases[i], bases[j]
				pairCommon := excl[c0].and(excl[c1])
				if pairCommon.count() < 2 {
					continue // every set holding both needs two common excluders
				}
				if t.size == 2 {
					if s, ok := t.check(b, []int{c0, c1}, pairCommon); ok && !yield(s) {
						return
					}
					continue
				}
				twin := excl[c0].or(excl[c1]).and(baseSet)
				twin = twin.andNot(cellBit(c0)).andNot(cellBit(c1))
				var buf [NumCells]int
				for _, c2 := range twin.cells(buf[:0]) {
					common := pairCommon.and(excl[c2])
					if common.count() < 2 {
						continue
					}
					key := sort3(c0, c1, c2)
					if seen[key] {
						continue
					}
					seen[key] = true
					if s, ok := t.check(b, key[:], common); ok && !yield(s) {
						return
					}
				}
			}
		}
	}
}

func sort3(a, b, c int) [3]int {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return [3]int{a, b, c}
}

// check enumerates the digit combinations of the base cells and returns the
// step removing every digit that no allowed combination uses.
func (t alignedExclusion) check(b *Board, cells []int, common cellSet) (Step, bool) {
	if common.count() < 2 {
		return Step{}, false
	}
	var buf [NumCells]int
	excluders := common.cells(buf[:0])
	n := len(cells)
	var digits [3][]uint8
	for i, c := range cells {
		digits[i] = b.Cands[c].Slice()
	}
	var allowed [3]Digits
	var used cellSet // excluders that rule out a combination
	var idx [3]int
	var vals [3]uint8
	for {
		for i := 0; i < n; i++ {
			vals[i] = digits[i][idx[i]]
		}
		ok := true
		for i := 0; i < n && ok; i++ {
			for j := i + 1; j < n; j++ {
				if vals[i] == vals[j] && SeesCell(cells[i], cells[j]) {
					ok = false
					break
				}
			}
		}
		if ok {
			var set Digits
			for i := 0; i < n; i++ {
				set = set.With(vals[i])
			}
			for _, e := range excluders {
				if b.Cands[e]&^set == 0 {
					ok = false
					used.add(e)
					break
				}
			}
		}
		if ok {
			for i := 0; i < n; i++ {
				allowed[i] = allowed[i].With(vals[i])
			}
		}
		// next combination
		k := 0
		for k < n {
			idx[k]++
			if idx[k] < len(digits[k]) {
				break
			}
			idx[k] = 0
			k++
		}
		if k == n {
			break
		}
	}
	var elims []Candidate
	for i, c := range cells {
		for _, d := range (b.Cands[c] &^ allowed[i]).Slice() {
			elims = append(elims, Candidate{c, d})
		}
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	var lockers []int
	var proof []Candidate
	for _, e := range excluders {
		if !used.has(e) {
			continue
		}
		lockers = append(lockers, e)
		for _, d := range b.Cands[e].Slice() {
			proof = append(proof, Candidate{e, d})
		}
	}
	// The units through which the base cells see their excluders.
	var units []int
	for _, e := range lockers {
		for _, c := range cells {
			for _, u := range CellUnits[c] {
				if unitSet[u].has(e) && !slices.Contains(units, u) {
					units = append(units, u)
					break
				}
			}
		}
	}
	s := Step{
		Technique:    t.Name(),
		Score:        t.Score(),
		Units:        units,
		Eliminations: elims,
		Cells:        append(append([]int(nil), cells...), lockers...),
		Proof:        proof,
		Houses:       make([]House, len(units)),
	}
	for i, u := range units {
		s.Houses[i] = House{Unit: u, Role: RoleUnit}
	}
	// The pattern carries every candidate of the base cells and the
	// excluders, so that each combination can be checked from it alone.
	pattern := make([]PatternCell, 0, len(cells)+len(lockers)+len(cells))
	for _, c := range cells {
		pattern = append(pattern, PatternCell{Cell: c, Digits: b.Cands[c], Role: RoleBase})
	}
	for _, e := range lockers {
		pattern = append(pattern, PatternCell{Cell: e, Digits: b.Cands[e], Role: RoleExcluder})
	}
	s.Pattern = wingsAddElims(pattern, elims)
	return s, true
}
