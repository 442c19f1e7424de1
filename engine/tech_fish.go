package engine

import (
	"iter"
	"math/bits"
)

// fish: when a digit's places in n base lines (rows, or columns) all lie in
// n cover lines (columns, or rows), each cover line gets the digit from a
// base line, so it leaves the rest of the cover lines. n is 2 (X-Wing),
// 3 (Swordfish) or 4 (Jellyfish). The finned forms allow extra places
// ("fins") in the base lines, all in one box: either the fish holds or a
// fin is true, so only cover cells that also see every fin lose the digit.
// A finned fish whose base line has a single non-fin place is "sashimi".
//
// kind generalises the base and cover lines to any units: Franken fish
// (boxes among the rows or columns) and Mutant fish (rows and columns
// mixed), searched by allUnits (tech_fish_units.go) up to size 7
// (Leviathan). fins and endoFins bound a finned Franken or Mutant fish's
// fins (outside the cover units) and endo fins (in two base units); zero
// means HoDoKu's defaults, 5 and 2.
type fish struct {
	size     int
	finned   bool
	kind     fishKind
	fins     int
	endoFins int
}

var fishNames = [8]string{"", "", "X-Wing", "Swordfish", "Jellyfish", "Squirmbag", "Whale", "Leviathan"}

// FishSizeName is the name of a fish of n base units (2-7): "X-Wing",
// "Swordfish", "Jellyfish", "Squirmbag", "Whale", "Leviathan"; "" for
// another n.
func FishSizeName(n int) string {
	if n < 2 || n >= len(fishNames) {
		return ""
	}
	return fishNames[n]
}

func (t fish) Name() TechniqueID {
	name := fishNames[t.size]
	switch t.kind {
	case fishFranken:
		name = "Franken " + name
	case fishMutant:
		name = "Mutant " + name
	}
	if t.finned {
		return TechniqueID("Finned " + name)
	}
	return TechniqueID(name)
}

func (t fish) Score() float64 {
	if t.kind != fishBasic {
		return complexFishScore(t.kind, t.finned, t.size)
	}
	switch {
	case t.finned && t.size == 2:
		return scoreFinnedXWing
	case t.finned && t.size == 3:
		return scoreFinnedSwordfish
	case t.finned:
		return scoreFinnedJellyfish
	case t.size == 2:
		return scoreXWing
	case t.size == 3:
		return scoreSwordfish
	}
	return scoreJellyfish
}

func (t fish) Find(b *Board) (Step, bool) { return first(t.All(b)) }

// fishLine returns the cell at position j of line i: rows when byCol is
// false, columns when it is true.
func fishCell(byCol bool, i, j int) int {
	if byCol {
		return CellAt(j, i)
	}
	return CellAt(i, j)
}

func (t fish) All(b *Board) iter.Seq[Step] {
	if t.kind != fishBasic {
		return t.allUnits(b)
	}
	return func(yield func(Step) bool) {
		ix := b.index()
		maxCount := t.size
		if t.finned {
			maxCount = t.size + 3
		}
		for d := uint8(1); d <= 9; d++ {
			for _, byCol := range []bool{false, true} {
				baseKind, coverKind := FirstRow, FirstCol
				if byCol {
					baseKind, coverKind = FirstCol, FirstRow
				}
				// coverPos[j] holds the base lines where cover line j has d.
				var coverPos [9]uint16
				for j := 0; j < 9; j++ {
					coverPos[j] = ix.pos[coverKind+j][d]
				}
				var lines [9]int
				var masks [9]uint16
				n := 0
				for i := 0; i < 9; i++ {
					m := ix.pos[baseKind+i][d]
					k := bits.OnesCount16(m)
					if k >= 2 && k <= maxCount || t.finned && k == 1 {
						lines[n], masks[n] = i, m
						n++
					}
				}
				stop := false
				forCombos(n, t.size, func(idx []int) bool {
					var union, baseMask uint16
					var base [4]int
					var bm [4]uint16
					for k, i := range idx {
						union |= masks[i]
						baseMask |= 1 << lines[i]
						base[k], bm[k] = lines[i], masks[i]
					}
					uc := bits.OnesCount16(union)
					if !t.finned {
						if uc != t.size || !fishElims(&coverPos, union, baseMask, 0x1FF) {
							return true
						}
						s, ok := t.step(b, ix, d, byCol, base[:t.size], bm[:t.size], union, 0)
						if ok && !yield(s) {
							stop = true
							return false
						}
						return true
					}
					if uc <= t.size || uc > t.size+3 {
						return true
					}
					var cols [9]int
					m := 0
					for x := union; x != 0; x &= x - 1 {
						cols[m] = bits.TrailingZeros16(x)
						m++
					}
					ok := forCombos2(m, t.size, func(cidx []int) bool {
						var cover uint16
						for _, i := range cidx {
							cover |= 1 << cols[i]
						}
						fins := union &^ cover
						stack := bits.TrailingZeros16(fins) / 3
						if fins&^(7<<(3*stack)) != 0 {
							return true // fins in more than one box
						}
						var finLines uint16
						for k := 0; k < t.size; k++ {
							if bm[k]&fins != 0 {
								finLines |= 1 << base[k]
							}
						}
						band := bits.TrailingZeros16(finLines) / 3
						if finLines&^(7<<(3*band)) != 0 {
							return true
						}
						// Eliminations lie in the fins' box: cover lines of
						// its stack, base-kind lines of its band.
						if !fishElims(&coverPos, cover&(7<<(3*stack)), baseMask, 7<<(3*band)) {
							return true
						}
						s, ok := t.step(b, ix, d, byCol, base[:t.size], bm[:t.size], cover, fins)
						if ok && !yield(s) {
							return false
						}
						return true
					})
					if !ok {
						stop = true
						return false
					}
					return true
				})
				if stop {
					return
				}
			}
		}
	}
}

// fishElims reports whether some cover line of cover has the digit outside
// the base lines, within the lines of within.
func fishElims(coverPos *[9]uint16, cover, baseMask, within uint16) bool {
	for x := cover; x != 0; x &= x - 1 {
		if coverPos[bits.TrailingZeros16(x)]&^baseMask&within != 0 {
			return true
		}
	}
	return false
}

// forCombos2 is forCombos for a nested loop; it reports whether fn let the
// enumeration finish.
func forCombos2(n, k int, fn func(idx []int) bool) bool {
	done := true
	forCombos(n, k, func(idx []int) bool {
		if !fn(idx) {
			done = false
			return false
		}
		return true
	})
	return done
}

// step builds the fish of digit d on base lines with cover lines cover;
// finCols are the base lines' positions outside the cover (none for a
// basic fish).
func (t fish) step(b *Board, ix *boardIndex, d uint8, byCol bool, base []int, bm []uint16, cover, finCols uint16) (Step, bool) {
	var baseCells, fins, coverCells cellSet
	sashimi := false
	for k, i := range base {
		if bits.OnesCount16(bm[k]&cover) == 0 {
			return Step{}, false
		}
		if bits.OnesCount16(bm[k]&cover) == 1 {
			sashimi = true
		}
		for x := bm[k]; x != 0; x &= x - 1 {
			j := bits.TrailingZeros16(x)
			c := fishCell(byCol, i, j)
			if finCols&(1<<j) != 0 {
				fins.add(c)
			} else {
				baseCells.add(c)
			}
		}
	}
	var baseLines cellSet
	for _, i := range base {
		baseLines = baseLines.or(unitSet[fishUnit(byCol, i)])
	}
	for x := cover; x != 0; x &= x - 1 {
		coverCells = coverCells.or(unitSet[fishUnit(!byCol, bits.TrailingZeros16(x))])
	}
	elim := ix.where[d].and(coverCells).andNot(baseLines)
	if !fins.isEmpty() {
		fc := fins.cells(nil)
		bx := BoxOf(fc[0])
		for _, c := range fc[1:] {
			if BoxOf(c) != bx {
				return Step{}, false
			}
		}
		elim = elim.and(commonPeers(fins))
	}
	if elim.isEmpty() {
		return Step{}, false
	}
	name := fishNames[t.size]
	switch {
	case t.finned && sashimi:
		name = "Sashimi " + name
	case t.finned:
		name = "Finned " + name
	}
	var units []int
	for _, i := range base {
		units = append(units, fishUnit(byCol, i))
	}
	var coverIdx []int
	for x := cover; x != 0; x &= x - 1 {
		j := bits.TrailingZeros16(x)
		coverIdx = append(coverIdx, j)
		units = append(units, fishUnit(!byCol, j))
	}
	pattern := baseCells.or(fins)
	elims := elimsOf(elim, d)
	s := Step{
		Technique:    TechniqueID(name),
		Score:        t.Score(),
		Eliminations: elims,
		Cells:        pattern.cells(nil),
		Units:        units,
		Proof:        candsOf(pattern, d),
		Digits:       DigitSet(d),
	}
	for _, i := range base {
		s.Houses = append(s.Houses, House{Unit: fishUnit(byCol, i), Role: RoleBase})
	}
	for _, j := range coverIdx {
		s.Houses = append(s.Houses, House{Unit: fishUnit(!byCol, j), Role: RoleCover})
	}
	for _, c := range baseCells.cells(nil) {
		s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: DigitSet(d), Role: RoleBase})
	}
	if !fins.isEmpty() {
		fc := fins.cells(nil)
		for _, c := range fc {
			s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: DigitSet(d), Role: RoleFin})
		}
		// The fins' box: only cover cells in it can lose the digit.
		s.Houses = append(s.Houses, House{Unit: CellUnits[fc[0]][2], Role: RoleFin})
		s.Variant = "finned"
		if sashimi {
			s.Variant = "sashimi"
		}
	}
	s.Pattern = append(s.Pattern, basicCandPattern(elims, RoleEliminated)...)
	return s, true
}

func fishUnit(byCol bool, i int) int {
	if byCol {
		return FirstCol + i
	}
	return FirstRow + i
}
