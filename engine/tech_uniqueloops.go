package engine

import (
	"fmt"
	"iter"
	"slices"
	"sync"
)

// A unique loop is Sudoku Explainer's generalisation of the unique
// rectangle (UniqueLoops.java in SE 1.2.1): a closed loop of six or more
// empty cells, each holding the digits a and b, consecutive cells sharing
// a unit (never two links in a row through the same kind of unit), where
// every unit the loop touches holds exactly two loop cells, one at an odd
// and one at an even position. Filling the loop with a and b alternately
// could then be swapped, so in a unique puzzle some loop cell takes
// another digit. Four-cell loops are the unique rectangles
// (tech_uniqueness.go); the types are the same:
//   - Type 1: only one cell holds other digits, so it is neither a nor b.
//   - Type 2: the cells with other digits share a single extra digit x,
//     so cells seeing all of them are not x.
//   - Type 3: two cells with other digits, in one unit, act as one cell
//     holding their extra digits and form a naked subset with other cells
//     of that unit.
//   - Type 4: two cells with other digits share a unit where a is confined
//     to them: one of them is a, so neither is b.
//
// SE rates a loop 4.5 plus 0.1 for 6 or more cells, 0.2 for 8 or more and
// 0.5 for 10 or more; type 3 adds 0.1 per naked-set cell.
type uniqueLoop struct{ kind int }

// maxLoopLength bounds the search; SE has no bound, but loops longer than
// this are vanishingly rare and the search grows quickly with length.
const maxLoopLength = 16

func (t uniqueLoop) Name() TechniqueID {
	return TechniqueID(fmt.Sprintf("Unique Loop Type %d", t.kind))
}

func (t uniqueLoop) Score() float64 {
	if t.kind == 3 {
		return scoreUniqueLoopType3
	}
	return scoreUniqueLoop
}

func (uniqueLoop) AssumesUnique() {}

// loopScore is SE's rating of a loop of n cells.
func loopScore(n int) float64 {
	s := 4.5
	if n >= 10 {
		s += 0.3
	}
	if n >= 8 {
		s += 0.2
	} else if n >= 6 {
		s += 0.1
	}
	return s
}

// Find returns the lowest-rated instance.
func (t uniqueLoop) Find(b *Board) (Step, bool) {
	return lowest(t.All(b), t.Score())
}

// loopFound is one valid loop: its cells in loop order and digits.
type loopFound struct {
	cells []int
	a, b  uint8
}

// findLoops lists the valid loops of 6+ cells with at most two cells
// holding extra digits, or more when they all share one extra digit.
func findLoops(b *Board) []loopFound {
	var out []loopFound
	seen := map[string]bool{}
	var path []int
	var onPath cellSet
	// visited[parity] counts the loop cells in each unit by position parity.
	var visited [2][NumUnits]bool
	for start := 0; start < NumCells; start++ {
		if b.Grid[start] != 0 || b.Cands[start].Count() != 2 {
			continue
		}
		pair := b.Cands[start]
		var dfs func(cell, lastKind int, extra Digits, nExtra int)
		dfs = func(cell, lastKind int, extra Digits, nExtra int) {
			par := len(path) % 2
			for _, u := range CellUnits[cell] {
				if visited[par][u] {
					return // a unit would hold two cells of one parity
				}
			}
			path = append(path, cell)
			onPath.add(cell)
			for _, u := range CellUnits[cell] {
				visited[par][u] = true
			}
			defer func() {
				path = path[:len(path)-1]
				onPath = onPath.andNot(cellBit(cell))
				for _, u := range CellUnits[cell] {
					visited[par][u] = false
				}
			}()
			for kind, u := range CellUnits[cell] {
				if kind == lastKind {
					continue
				}
				for _, next := range UnitCells[u] {
					if next == start && len(path) >= 6 && len(path)%2 == 0 {
						if loopValid(path) {
							key := loopKey(path, pair)
							if !seen[key] {
								seen[key] = true
								out = append(out, loopFound{slices.Clone(path), pair.First(), pair.Without(pair.First()).First()})
							}
						}
						continue
					}
					if onPath.has(next) || b.Grid[next] != 0 || b.Cands[next]&pair != pair || len(path) >= maxLoopLength {
						continue
					}
					ne, nn := extra, nExtra
					if b.Cands[next] != pair {
						ne |= b.Cands[next] &^ pair
						nn++
					}
					if nn > 2 && ne.Count() != 1 {
						continue
					}
					dfs(next, kind, ne, nn)
				}
			}
		}
		dfs(start, -1, 0, 0)
	}
	return out
}

// loopValid checks that every unit the loop touches holds exactly two of
// its cells, one at an odd and one at an even position.
func loopValid(path []int) bool {
	var odd, even [NumUnits]bool
	for i, c := range path {
		for _, u := range CellUnits[c] {
			if i%2 == 0 {
				if even[u] {
					return false
				}
				even[u] = true
			} else {
				if odd[u] {
					return false
				}
				odd[u] = true
			}
		}
	}
	return odd == even
}

func loopKey(path []int, pair Digits) string {
	cs := slices.Clone(path)
	slices.Sort(cs)
	return fmt.Sprint(cs, pair)
}

// loopCache keeps the loops of the last position searched: the four loop
// types are asked about the same position one after another.
var loopCache struct {
	sync.Mutex
	grid  Grid
	cands [NumCells]Digits
	ok    bool
	loops []loopFound
}

// cachedLoops returns findLoops(b), reusing the last result for the same
// position. The result is shared: callers must not modify it.
func cachedLoops(b *Board) []loopFound {
	loopCache.Lock()
	if loopCache.ok && loopCache.grid == b.Grid && loopCache.cands == b.Cands {
		loops := loopCache.loops
		loopCache.Unlock()
		return loops
	}
	loopCache.Unlock()
	loops := findLoops(b)
	loopCache.Lock()
	loopCache.grid, loopCache.cands, loopCache.ok, loopCache.loops = b.Grid, b.Cands, true, loops
	loopCache.Unlock()
	return loops
}

func (t uniqueLoop) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		for _, l := range cachedLoops(b) {
			if !t.loop(b, l, yield) {
				return
			}
		}
	}
}

// loop yields the steps of type t.kind for one loop.
func (t uniqueLoop) loop(b *Board, l loopFound, yield func(Step) bool) bool {
	pair := DigitSet(l.a, l.b)
	var extraCells []int
	var extra Digits
	for _, c := range l.cells {
		if b.Cands[c] != pair {
			extraCells = append(extraCells, c)
			extra |= b.Cands[c] &^ pair
		}
	}
	base := loopScore(len(l.cells))
	ix := b.index()
	switch {
	case len(extraCells) == 1 && t.kind == 1:
		c := extraCells[0]
		var elims []Candidate
		for _, d := range (b.Cands[c] & pair).Slice() {
			elims = append(elims, Candidate{c, d})
		}
		return yield(t.step(b, l, elims, base, nil, nil))
	case len(extraCells) >= 2 && extra.Count() == 1 && t.kind == 2:
		x := extra.First()
		var set cellSet
		for _, c := range extraCells {
			set.add(c)
		}
		elim := ix.where[x].and(commonPeers(set))
		if elim.isEmpty() {
			return true
		}
		return yield(t.step(b, l, elimsOf(elim, x), base, nil, nil))
	case len(extraCells) == 2 && t.kind == 3 && extra.Count() >= 2:
		return t.type3(b, l, extraCells, extra, base, yield)
	case len(extraCells) == 2 && t.kind == 4:
		c1, c2 := extraCells[0], extraCells[1]
		var set cellSet
		set.add(c1)
		set.add(c2)
		for _, pr := range [2][2]uint8{{l.a, l.b}, {l.b, l.a}} {
			x, y := pr[0], pr[1]
			for _, u := range sharedUnits(set) {
				if !ix.where[x].and(unitSet[u]).subsetOf(set) {
					continue
				}
				// Loop cells hold both digits, so x's places in u are
				// exactly c1 and c2: a strong link.
				elims := []Candidate{{c1, y}, {c2, y}}
				s := t.step(b, l, elims, base, []int{u}, nil)
				s.Links = []Link{{From: Candidate{c1, x}, To: Candidate{c2, x}, Strong: true}}
				return yield(s)
			}
		}
	}
	return true
}

// type3 looks, in each unit shared by the two extra cells, for other cells
// that with the extra digits make a naked subset.
func (t uniqueLoop) type3(b *Board, l loopFound, extraCells []int, extra Digits, base float64, yield func(Step) bool) bool {
	var set cellSet
	set.add(extraCells[0])
	set.add(extraCells[1])
	units := sharedUnits(set)
	for degree := extra.Count(); degree <= 7; degree++ {
		for _, u := range units {
			var others []int
			for _, c := range UnitCells[u] {
				if b.Grid[c] == 0 && !set.has(c) {
					others = append(others, c)
				}
			}
			if degree*2 > len(others)+2 {
				continue
			}
			ok := forCombos2(len(others), degree-1, func(idx []int) bool {
				union := extra
				var chosen cellSet
				for _, i := range idx {
					union |= b.Cands[others[i]]
					chosen.add(others[i])
				}
				if union.Count() != degree {
					return true
				}
				elims := outsideSubset(b, others, chosen, union)
				if len(elims) == 0 {
					return true
				}
				cs := chosen.cells(nil)
				s := t.step(b, l, elims, roundScore(base+0.1*float64(degree-1)), []int{u}, cs)
				s.Cells = append(s.Cells, cs...)
				return yield(s)
			})
			if !ok {
				return false
			}
		}
	}
	return true
}

// step builds a unique loop's step: the loop's cells in loop order with
// the pair's digits and their extra candidates, a naked subset's cells,
// the unit the reasoning works in (types 3 and 4) and the result.
func (t uniqueLoop) step(b *Board, l loopFound, elims []Candidate, score float64, units, subset []int) Step {
	pair := DigitSet(l.a, l.b)
	var proof []Candidate
	for _, c := range l.cells {
		for _, d := range (b.Cands[c] & pair).Slice() {
			proof = append(proof, Candidate{c, d})
		}
	}
	// Every unit the loop touches holds two of its cells; show those
	// first, then the unit the deduction works in.
	var touched [NumUnits]int
	var all []int
	for _, c := range l.cells {
		for _, u := range CellUnits[c] {
			touched[u]++
			if touched[u] == 2 {
				all = append(all, u)
			}
		}
	}
	var houses []House
	for _, u := range units {
		houses = append(houses, House{Unit: u, Role: RoleUnit})
		if !slices.Contains(all, u) {
			all = append(all, u)
		}
	}
	return Step{
		Technique:    t.Name(),
		Score:        roundScore(score),
		Eliminations: elims,
		Cells:        slices.Clone(l.cells),
		Units:        all,
		Proof:        proof,
		Digits:       pair,
		Pattern:      uqPattern(b, l.cells, pair, subset, elims),
		Houses:       houses,
		Variant:      fmt.Sprintf("type-%d", t.kind),
	}
}
