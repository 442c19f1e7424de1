package engine

import (
	"iter"
	"slices"
)

// deathBlossom: a stem cell and, for each of its candidates d, an almost
// locked set (a petal) holding d whose every d sees the stem. Whatever
// digit the stem holds, that digit's petal lacks it and is locked: it
// holds all its other digits. So a digit Z in every petal but not in the
// stem is in one of the petals, and no cell that sees every Z of every
// petal can hold it. Petals may share cells (HoDoKu's type 2): each
// petal's reasoning stands on its own.
type deathBlossom struct {
	// maxStem bounds the stem's candidates (0: no bound): the petal
	// combinations grow as a power of it.
	maxStem int
	// disjoint asks for petals that share no cell (HoDoKu's type 1):
	// overlapping petals are sound but hard to tell apart in a picture.
	disjoint bool
}

// pathDeathBlossom is the form the solving path takes (the catalogue): stems
// of at most three digits (the petal combinations of a larger stem cost
// too much) and petals that share no cell.
var pathDeathBlossom = deathBlossom{maxStem: 3, disjoint: true}

func (deathBlossom) Name() TechniqueID { return TechDeathBlossom }
func (deathBlossom) Score() float64    { return scoreDeathBlossom }

// Find returns the first blossom found; petals are tried smallest
// first, so it is a small one.
func (t deathBlossom) Find(b *Board) (Step, bool) { return first(t.All(b)) }

// All lists every Death Blossom that eliminates something, each result
// once.
func (t deathBlossom) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		g := newALSGraph(b, false)
		seen := map[string]bool{}
		for stem := 0; stem < NumCells; stem++ {
			ds := b.Cands[stem]
			if b.Grid[stem] != 0 || ds.Count() < 2 || t.maxStem > 0 && ds.Count() > t.maxStem {
				continue
			}
			// the petals each stem digit may take
			petals := make([][]int, 0, ds.Count())
			var all Digits = 0x3fe
			for _, d := range ds.Slice() {
				var ps []int
				var some Digits
				for ai := range g.sets {
					a := &g.sets[ai]
					if a.digits.Has(d) && !a.cells.has(stem) && a.seen[d].has(stem) {
						ps = append(ps, ai)
						some |= a.digits
					}
				}
				petals = append(petals, ps)
				all &= some
			}
			for z := all &^ ds; z != 0; z &= z - 1 {
				if !t.blossoms(b, g, stem, petals, z.First(), seen, yield) {
					return
				}
			}
		}
	}
}

// blossoms tries every choice of petals holding z (one per stem digit,
// in the stem's digit order) whose z's some cell sees, and yields the
// step of each; false when yield asked to stop.
func (t deathBlossom) blossoms(b *Board, g *alsGraph, stem int, petals [][]int, z uint8, seen map[string]bool, yield func(Step) bool) bool {
	pz := make([][]int, len(petals))
	for i, ps := range petals {
		for _, ai := range ps {
			if g.sets[ai].digits.Has(z) && !g.sets[ai].seen[z].and(g.cand[z]).isEmpty() {
				pz[i] = append(pz[i], ai)
			}
		}
		if len(pz[i]) == 0 {
			return true
		}
		slices.SortStableFunc(pz[i], func(x, y int) int { return g.sets[x].size - g.sets[y].size })
	}
	chosen := make([]int, len(petals))
	var rec func(i int, victims, used cellSet) bool
	rec = func(i int, victims, used cellSet) bool {
		if i == len(pz) {
			s, ok := deathBlossomStep(b, g, stem, chosen)
			if !ok {
				return true
			}
			key := s.String()
			if seen[key] {
				return true
			}
			seen[key] = true
			return yield(s)
		}
		for _, ai := range pz[i] {
			a := &g.sets[ai]
			v := victims.and(a.seen[z])
			if v.isEmpty() || t.disjoint && !used.and(a.cells).isEmpty() {
				continue
			}
			chosen[i] = ai
			if !rec(i+1, v, used.or(a.cells)) {
				return false
			}
		}
		return true
	}
	return rec(0, g.cand[z], cellSet{})
}

// deathBlossomStep writes the blossom of stem with petals (one per stem
// digit, in digit order), eliminating every digit of all petals that is
// not the stem's from the cells that see all its places in the petals.
func deathBlossomStep(b *Board, g *alsGraph, stem int, petals []int) (Step, bool) {
	stemDigits := b.Cands[stem].Slice()
	var zs Digits = 0x3fe
	for _, ai := range petals {
		zs &= g.sets[ai].digits
	}
	zs &^= b.Cands[stem]
	var elims []Candidate
	var used Digits
	for z := zs; z != 0; z &= z - 1 {
		d := z.First()
		victims := g.cand[d]
		for _, ai := range petals {
			victims = victims.and(g.sets[ai].seen[d])
		}
		if victims.isEmpty() {
			continue
		}
		used = used.With(d)
		elims = append(elims, elimsOf(victims, d)...)
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	sortCands(elims)
	s := Step{Technique: TechDeathBlossom, Score: scoreDeathBlossom, Eliminations: elims, Digits: used,
		Cells:   []int{stem},
		Pattern: []PatternCell{{Cell: stem, Digits: b.Cands[stem], Role: RolePivot}},
		Proof:   b.candidatesIn([]int{stem}),
		Units:   []int{FirstBox + BoxOf(stem)},
		// the stem's box, so that where to look includes the stem
		Houses: []House{{Unit: FirstBox + BoxOf(stem), Role: RoleUnit}}}
	group := func(cs cellSet, d uint8) (Candidate, []int) {
		cells := cs.cells(nil)
		if len(cells) == 1 {
			return Candidate{Cell: cells[0], Digit: d}, nil
		}
		return Candidate{Cell: cells[0], Digit: d}, cells
	}
	for i, ai := range petals {
		a := &g.sets[ai]
		d := stemDigits[i]
		if !slices.Contains(s.Units, a.unit) {
			s.Units = append(s.Units, a.unit)
		}
		s.Houses = append(s.Houses, House{Unit: a.unit, Role: RoleALS})
		for _, c := range a.cells.cells(nil) {
			s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: b.Cands[c], Role: RoleALS, Group: i})
			if !slices.Contains(s.Cells, c) {
				s.Cells = append(s.Cells, c)
				s.Proof = append(s.Proof, b.candidatesIn([]int{c})...)
			}
		}
		// the stem's d and the petal's d cannot both be true; with the
		// petal's d false, its z's are true (the petal's strong link)
		to, toGroup := group(a.byDig[d], d)
		s.Links = append(s.Links, Link{From: Candidate{Cell: stem, Digit: d}, To: to, ToGroup: toGroup})
		for _, z := range used.Slice() {
			zc, zg := group(a.byDig[z], z)
			s.Links = append(s.Links, Link{From: to, FromGroup: toGroup, To: zc, ToGroup: zg, Strong: true, ALS: a.cells.cells(nil)})
		}
	}
	for _, e := range elims {
		s.Pattern = append(s.Pattern, PatternCell{Cell: e.Cell, Digits: DigitSet(e.Digit), Role: RoleEliminated})
	}
	return s, true
}
