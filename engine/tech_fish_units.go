package engine

import (
	"iter"
	"math/bits"
)

// Franken and Mutant fish: the fish of tech_fish.go with base and cover
// sets drawn from any units, boxes included. n base units hold every place
// of the digit in them; when n cover units (none of them a base unit) hold
// all those places but the fins, each cover unit gets the digit from a base
// unit, so the digit leaves the rest of the cover units; a base place in
// two cover units would fill two of them at once, so it goes too
// ("cannibalism"). A place in two base units would fill two of them at
// once: it is an "endo fin". Either the fish holds or a fin (outside the
// cover units, or endo) is true, so with fins only the cells that see
// every fin lose the digit.
//
// The kinds follow HoDoKu's FishSolver: Franken when the base units are
// rows (or columns) and boxes and the cover units columns (or rows) and
// boxes, a box among them; Mutant for every other mix of rows, columns
// and boxes. Basic fish (rows against columns) are the line search's of
// tech_fish.go; this search finds them too, which a test checks, but the
// technique never asks it to.

// fishKind is the shape of a fish's base and cover units.
type fishKind uint8

const (
	fishBasic   fishKind = iota // rows against columns (tech_fish.go)
	fishFranken                 // rows and boxes against columns and boxes, or the transpose
	fishMutant                  // any other mix of rows, columns and boxes
)

// Unit-type bits of a set of units, for the kind of a fish.
const (
	fishRows = 1 << iota
	fishCols
	fishBoxes
)

// fishDefaultMaxFins and fishDefaultMaxEndoFins are HoDoKu's defaults
// (Options.MAX_FINS, MAX_ENDO_FINS): more fins rarely leave a cell that
// sees them all, and each one multiplies the search.
const (
	fishDefaultMaxFins     = 5
	fishDefaultMaxEndoFins = 2
)

// ComplexFish lists the Franken and Mutant fish techniques from size 2
// (X-Wing) to maxSize (at most 7, Leviathan), plain then finned, Franken
// then Mutant. Those up to PathFishSize are in the catalogue; the larger ones (OffPath)
// are for tests and tools that want them (HoDoKu's library has Squirmbag
// and Whale cases).
func ComplexFish(maxSize int) []Technique {
	var out []Technique
	for _, kind := range []fishKind{fishFranken, fishMutant} {
		for _, finned := range []bool{false, true} {
			for n := 2; n <= maxSize; n++ {
				out = append(out, fish{size: n, kind: kind, finned: finned})
			}
		}
	}
	return out
}

// complexFishLevel is the level of a Franken or Mutant fish, as HoDoKu
// grades them: Franken fish up to Jellyfish are "unfair" like the ALS
// techniques and chains (master); Mutant fish and every fish of five
// units or more are "extreme" like the forcing chains.
func complexFishLevel(t fish) Level {
	if t.kind == fishMutant || t.size >= 5 {
		return LevelExtreme
	}
	return LevelMaster
}

// PathFishSize is the largest Franken or Mutant fish that joins the
// solving path (the catalogue). Measured under load on the 100 first positions
// where the pattern techniques stop on sxbank_diabolical
// (BenchmarkFind*): up to Jellyfish a Find takes 7 µs median and at most
// 3 ms; a finned Mutant Squirmbag or Whale up to 10 ms. HoDoKu's default
// solver stops even earlier (Franken Swordfish); the larger sizes stay
// for the regression library and All.
const PathFishSize = 4

// unitTypes returns the unit-type bits of a set of units (bit u = unit u).
func unitTypes(units uint32) int {
	m := 0
	if units&0x1FF != 0 {
		m |= fishRows
	}
	if units&(0x1FF<<FirstCol) != 0 {
		m |= fishCols
	}
	if units&(0x1FF<<FirstBox) != 0 {
		m |= fishBoxes
	}
	return m
}

// classifyFish returns the kind of a fish with these base and cover units.
func classifyFish(base, cover uint32) fishKind {
	b, c := unitTypes(base), unitTypes(cover)
	switch {
	case b == fishRows && c == fishCols, b == fishCols && c == fishRows:
		return fishBasic
	case (b == fishRows || b == fishRows|fishBoxes) && (c == fishCols || c == fishCols|fishBoxes),
		(b == fishCols || b == fishCols|fishBoxes) && (c == fishRows || c == fishRows|fishBoxes):
		return fishFranken
	}
	return fishMutant
}

// unitFish is one fish found by the unit search.
type unitFish struct {
	d                     uint8
	base, cover           uint32  // unit bit sets
	baseCells, coverCells cellSet // the digit's places in them
	fins, endo            cellSet // exo fins (outside the cover) and endo fins
	cannibal              cellSet // places in two or more cover units
	elims                 cellSet
}

// fishSearch holds one digit's search state.
type fishSearch struct {
	t          fish
	d          uint8
	cands      cellSet // the digit's places
	useful     cellSet // places no template of the digit uses: the only possible eliminations
	unitCands  [NumUnits]cellSet
	baseUnits  []int
	coverOK    uint32 // units allowed as cover units in this orientation
	maxFins    int
	maxEndo    int
	base       uint32
	baseCells  cellSet
	endo       cellSet
	yield      func(unitFish) bool
	stopped    bool
	coverUnits [9]int
	// kinds accepts fish of these kinds (bit 1<<kind); zero means t.kind.
	kinds uint8
	// kraken looks for finned fish that eliminate nothing themselves: the
	// candidates their cover units would lose are reported (as elims) for
	// chains from the fins to decide (tech_kraken.go). The template
	// pruning does not apply, as the chains go through other digits.
	kraken bool
}

// allUnits enumerates every Franken or Mutant fish of t's size, kind and
// fin form in b.
func (t fish) allUnits(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		for d := uint8(1); d <= 9; d++ {
			if ix.where[d].isEmpty() {
				continue
			}
			useful := ix.where[d].andNot(templateCells(b, d))
			if useful.isEmpty() {
				continue // no fish of d can eliminate anything
			}
			fs := fishSearch{t: t, d: d, cands: ix.where[d], useful: useful,
				maxFins: t.maxFins(), maxEndo: t.maxEndo()}
			for u := 0; u < NumUnits; u++ {
				fs.unitCands[u] = unitSet[u].and(fs.cands)
			}
			fs.yield = func(f unitFish) bool {
				s, ok := t.unitStep(f)
				return !ok || yield(s)
			}
			for _, o := range t.orientations() {
				fs.run(o[0], o[1])
				if fs.stopped {
					return
				}
			}
		}
	}
}

func (t fish) maxFins() int {
	if !t.finned {
		return 0
	}
	if t.fins > 0 {
		return t.fins
	}
	return fishDefaultMaxFins
}

func (t fish) maxEndo() int {
	if !t.finned {
		return 0
	}
	if t.endoFins > 0 {
		return t.endoFins
	}
	return fishDefaultMaxEndoFins
}

const (
	rowUnits = uint32(0x1FF) << FirstRow
	colUnits = uint32(0x1FF) << FirstCol
	boxUnits = uint32(0x1FF) << FirstBox
)

// orientations lists the (base, cover) unit sets to search: basic fish
// (only searched here to check this search against the line search of
// tech_fish.go) rows against columns and the transpose; Franken fish
// have rows and boxes against columns and boxes, then the transpose;
// Mutant fish any unit on either side.
func (t fish) orientations() [][2]uint32 {
	if t.kind == fishBasic {
		return [][2]uint32{{rowUnits, colUnits}, {colUnits, rowUnits}}
	}
	if t.kind == fishFranken {
		return [][2]uint32{{rowUnits | boxUnits, colUnits | boxUnits}, {colUnits | boxUnits, rowUnits | boxUnits}}
	}
	all := rowUnits | colUnits | boxUnits
	return [][2]uint32{{all, all}}
}

// run searches the base units of baseOK against the cover units of
// coverOK.
func (fs *fishSearch) run(baseOK, coverOK uint32) {
	fs.coverOK = coverOK
	fs.baseUnits = fs.baseUnits[:0]
	for u := 0; u < NumUnits; u++ {
		n := fs.unitCands[u].count()
		if baseOK&(1<<u) == 0 || n == 0 || !fs.t.finned && n > fs.t.size {
			continue
		}
		fs.baseUnits = append(fs.baseUnits, u)
	}
	fs.base, fs.baseCells, fs.endo = 0, cellSet{}, cellSet{}
	fs.pickBase(0, 0)
}

// pickBase adds base units from fs.baseUnits[from:] until there are
// size of them, then searches their cover units.
func (fs *fishSearch) pickBase(from, n int) {
	if n == fs.t.size {
		fs.pickCover(0, fs.base, cellSet{}, cellSet{}, cellSet{})
		return
	}
	for i := from; i <= len(fs.baseUnits)-(fs.t.size-n) && !fs.stopped; i++ {
		u := fs.baseUnits[i]
		uc := fs.unitCands[u]
		endo := fs.endo.or(fs.baseCells.and(uc))
		if endo.count() > fs.maxEndo || (!fs.kraken && !endo.isEmpty() && commonPeers(endo).and(fs.useful).isEmpty()) {
			continue
		}
		saveBase, saveCells, saveEndo := fs.base, fs.baseCells, fs.endo
		fs.base |= 1 << u
		fs.baseCells = fs.baseCells.or(uc)
		fs.endo = endo
		fs.pickBase(i+1, n+1)
		fs.base, fs.baseCells, fs.endo = saveBase, saveCells, saveEndo
	}
}

// pickCover chooses cover units for the first base place that is neither
// covered nor a fin: one of its units (each cover set is reached once, by
// the first of its units that holds that place: the units tried before
// are barred), or, with fins left, the place is a fin and its units are
// barred. barred holds the units that may not be cover units.
func (fs *fishSearch) pickCover(k int, barred uint32, covered, cannibal, fins cellSet) {
	if fs.stopped {
		return
	}
	open := fs.baseCells.andNot(covered).andNot(fins).andNot(fs.endo)
	if open.isEmpty() {
		fs.extraCover(k, 0, barred, covered, cannibal, fins)
		return
	}
	c := open.first()
	tried := uint32(0)
	if k < fs.t.size {
		for _, u := range CellUnits[c] {
			bit := uint32(1) << u
			if fs.coverOK&bit == 0 || barred&bit != 0 {
				continue
			}
			uc := fs.unitCands[u]
			fs.coverUnits[k] = u
			fs.pickCover(k+1, barred|tried|bit, covered.or(uc), cannibal.or(covered.and(uc)), fins)
			tried |= bit
		}
	}
	if fins.count()+fs.endo.count() >= fs.maxFins {
		return
	}
	all := fins.or(fs.endo)
	all.add(c)
	if !fs.kraken && commonPeers(all).and(fs.useful).isEmpty() {
		return // no cell can see every fin
	}
	fins.add(c)
	var units uint32
	for _, u := range CellUnits[c] {
		units |= 1 << u
	}
	fs.pickCover(k, barred|units, covered, cannibal, fins)
}

// extraCover completes a cover set that already holds every base place
// but the fins with fewer than size units: any further cover units, in
// increasing order from minUnit (so each set is found once), that share a
// place with the base and hold no fin.
func (fs *fishSearch) extraCover(k, minUnit int, barred uint32, covered, cannibal, fins cellSet) {
	if k == fs.t.size {
		fs.check(covered, cannibal, fins)
		return
	}
	for u := minUnit; u < NumUnits && !fs.stopped; u++ {
		bit := uint32(1) << u
		uc := fs.unitCands[u]
		if fs.coverOK&bit == 0 || barred&bit != 0 || uc.and(fs.baseCells).isEmpty() || !uc.and(fins).isEmpty() {
			continue
		}
		fs.coverUnits[k] = u
		fs.extraCover(k+1, u+1, barred|bit, covered.or(uc), cannibal.or(covered.and(uc)), fins)
	}
}

// check reports the fish with the chosen cover units when it is of the
// technique's kind and fin form and eliminates something.
func (fs *fishSearch) check(covered, cannibal, fins cellSet) {
	var cover uint32
	for _, u := range fs.coverUnits[:fs.t.size] {
		cover |= 1 << u
	}
	kinds := fs.kinds
	if kinds == 0 {
		kinds = 1 << fs.t.kind
	}
	if kinds&(1<<classifyFish(fs.base, cover)) == 0 {
		return
	}
	allFins := fins.or(fs.endo)
	if allFins.isEmpty() == fs.t.finned {
		return
	}
	elims := covered.andNot(fs.baseCells).or(cannibal)
	if !allFins.isEmpty() {
		seen := elims.and(commonPeers(allFins))
		if fs.kraken {
			if !seen.isEmpty() {
				return // an ordinary finned fish
			}
		} else {
			elims = seen
		}
	}
	if elims.isEmpty() {
		return
	}
	f := unitFish{d: fs.d, base: fs.base, cover: cover, baseCells: fs.baseCells, coverCells: covered,
		fins: fins, endo: fs.endo, cannibal: cannibal.and(fs.baseCells), elims: elims}
	if !fs.yield(f) {
		fs.stopped = true
	}
}

// unitStep builds the step of a Franken or Mutant fish.
func (t fish) unitStep(f unitFish) (Step, bool) {
	elims := elimsOf(f.elims, f.d)
	s := Step{Technique: t.Name(), Score: t.Score(), Eliminations: elims}
	unitFishPattern(&s, f)
	if !f.fins.or(f.endo).isEmpty() {
		s.Variant = "finned"
	}
	s.Pattern = append(s.Pattern, basicCandPattern(elims, RoleEliminated)...)
	return s, len(elims) > 0
}

// unitFishPattern fills a step's fish: its digit, cells, base and cover
// houses, and its base places and fins (endo fins in group 1).
func unitFishPattern(s *Step, f unitFish) {
	d := f.d
	s.Cells = f.baseCells.cells(nil)
	s.Proof = candsOf(f.baseCells, d)
	s.Digits = DigitSet(d)
	for x := f.base; x != 0; x &= x - 1 {
		u := bits.TrailingZeros32(x)
		s.Units = append(s.Units, u)
		s.Houses = append(s.Houses, House{Unit: u, Role: RoleBase})
	}
	for x := f.cover; x != 0; x &= x - 1 {
		u := bits.TrailingZeros32(x)
		s.Units = append(s.Units, u)
		s.Houses = append(s.Houses, House{Unit: u, Role: RoleCover})
	}
	for _, c := range f.baseCells.andNot(f.fins.or(f.endo)).cells(nil) {
		s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: DigitSet(d), Role: RoleBase})
	}
	for _, c := range f.fins.cells(nil) {
		s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: DigitSet(d), Role: RoleFin})
	}
	// Endo fins are fins inside two base units: group 1 tells them apart.
	for _, c := range f.endo.cells(nil) {
		s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: DigitSet(d), Role: RoleFin, Group: 1})
	}
}

// templateCells returns the cells of digit d's templates in b: the nine
// cells, one in each row, column and box, where d could go in a solution
// consistent with b's candidates and filled cells. A candidate of d in no
// template is false; only such candidates can be eliminated by a fish, so
// the fish search looks no further for a digit whose candidates all lie
// in templates.
func templateCells(b *Board, d uint8) cellSet {
	var opts [9]uint16
	var filled [9]bool
	var placedCols, placedBoxes uint16
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			cell := CellAt(r, c)
			if b.Grid[cell] == d {
				opts[r], filled[r] = 1<<c, true
				placedCols |= 1 << c
				placedBoxes |= 1 << BoxOf(cell)
				break
			}
			if b.Grid[cell] == 0 && b.Cands[cell].Has(d) {
				opts[r] |= 1 << c
			}
		}
	}
	for r := 0; r < 9; r++ {
		if filled[r] {
			continue
		}
		opts[r] &^= placedCols
		for bx := 0; bx < 3; bx++ {
			if placedBoxes&(1<<(r/3*3+bx)) != 0 {
				opts[r] &^= 7 << (3 * bx)
			}
		}
	}
	var out cellSet
	var path [9]int
	var walk func(r int, cols uint16) bool
	// walk places rows r.. and adds every complete template's cells to
	// out; it reports whether some template completes.
	walk = func(r int, cols uint16) bool {
		if r == 9 {
			for i, c := range path {
				out.add(CellAt(i, c))
			}
			return true
		}
		var boxes uint16
		for i := r / 3 * 3; i < r; i++ {
			boxes |= 7 << (3 * (path[i] / 3))
		}
		ok := false
		for x := opts[r] &^ cols &^ boxes; x != 0; x &= x - 1 {
			c := bits.TrailingZeros16(x)
			path[r] = c
			if walk(r+1, cols|1<<c) {
				ok = true
			}
		}
		return ok
	}
	walk(0, 0)
	return out
}
