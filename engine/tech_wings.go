package engine

import (
	"iter"
	"slices"
)

// xyWing: a pivot {x,y} sees pincers {x,z} and {y,z}. Whichever digit the
// pivot takes, one pincer becomes z, so cells seeing both pincers lose z.
type xyWing struct{}

func (xyWing) Name() TechniqueID            { return TechXYWing }
func (xyWing) Score() float64               { return scoreXYWing }
func (t xyWing) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t xyWing) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		for p := 0; p < NumCells; p++ {
			pc := b.Cands[p]
			if pc.Count() != 2 {
				continue
			}
			x, y := pc.Slice()[0], pc.Slice()[1]
			for _, a := range Peers[p] {
				ac := b.Cands[a]
				if ac.Count() != 2 || !ac.Has(x) || ac.Has(y) {
					continue
				}
				z := ac.Without(x).First()
				want := DigitSet(y, z)
				for _, c := range Peers[p] {
					if c == a || b.Cands[c] != want {
						continue
					}
					var pin cellSet
					pin.add(a)
					pin.add(c)
					elim := ix.where[z].and(commonPeers(pin)).andNot(cellBit(p))
					if elim.isEmpty() {
						continue
					}
					s := Step{
						Technique:    t.Name(),
						Score:        t.Score(),
						Eliminations: elimsOf(elim, z),
						Cells:        []int{p, a, c},
						Units:        unitsBetween(p, a, c),
						Proof:        []Candidate{{p, x}, {p, y}, {a, x}, {a, z}, {c, y}, {c, z}},
						Links: []Link{
							{From: Candidate{a, z}, To: Candidate{a, x}, Strong: true},
							{From: Candidate{a, x}, To: Candidate{p, x}},
							{From: Candidate{p, x}, To: Candidate{p, y}, Strong: true},
							{From: Candidate{p, y}, To: Candidate{c, y}},
							{From: Candidate{c, y}, To: Candidate{c, z}, Strong: true},
						},
					}
					s.Digits = DigitSet(z)
					s.Pattern = wingsAddElims([]PatternCell{
						{Cell: p, Digits: pc, Role: RolePivot},
						{Cell: a, Digits: ac, Role: RolePincer},
						{Cell: c, Digits: want, Role: RolePincer, Group: 1},
					}, s.Eliminations)
					s.Houses = wingHouses(s.Units)
					if !yield(s) {
						return
					}
				}
			}
		}
	}
}

// wingHouses gives a wing's units (those joining the pivot to the other
// cells) the unit role, each unit once.
func wingHouses(units []int) []House {
	out := make([]House, 0, len(units))
	for i, u := range units {
		if !slices.Contains(units[:i], u) {
			out = append(out, House{Unit: u, Role: RoleUnit})
		}
	}
	return out
}

// unitsBetween returns the units joining the pivot p to each pincer.
func unitsBetween(p int, pincers ...int) []int {
	var out []int
	for _, c := range pincers {
		for k := 0; k < 3; k++ {
			if CellUnits[p][k] == CellUnits[c][k] {
				out = append(out, CellUnits[p][k])
				break
			}
		}
	}
	return out
}

// xyzWing: a pivot {x,y,z} sees pincers {x,z} and {y,z}; one of the three
// is z, so cells seeing all three lose z.
type xyzWing struct{}

func (xyzWing) Name() TechniqueID            { return TechXYZWing }
func (xyzWing) Score() float64               { return scoreXYZWing }
func (t xyzWing) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t xyzWing) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		for p := 0; p < NumCells; p++ {
			pc := b.Cands[p]
			if pc.Count() != 3 {
				continue
			}
			for _, a := range Peers[p] {
				ac := b.Cands[a]
				if ac.Count() != 2 || ac&pc != ac {
					continue
				}
				for _, c := range Peers[p] {
					cc := b.Cands[c]
					if c <= a || cc.Count() != 2 || cc&pc != cc || cc == ac {
						continue
					}
					z := (ac & cc).First()
					var set cellSet
					set.add(p)
					set.add(a)
					set.add(c)
					elim := ix.where[z].and(commonPeers(set))
					if elim.isEmpty() {
						continue
					}
					proof := b.candidatesIn([]int{p, a, c})
					s := Step{
						Technique:    t.Name(),
						Score:        t.Score(),
						Eliminations: elimsOf(elim, z),
						Cells:        []int{p, a, c},
						Units:        unitsBetween(p, a, c),
						Proof:        proof,
					}
					s.Digits = DigitSet(z)
					s.Pattern = wingsAddElims([]PatternCell{
						{Cell: p, Digits: pc, Role: RolePivot},
						{Cell: a, Digits: ac, Role: RolePincer},
						{Cell: c, Digits: cc, Role: RolePincer, Group: 1},
					}, s.Eliminations)
					s.Houses = wingHouses(s.Units)
					if !yield(s) {
						return
					}
				}
			}
		}
	}
}

// wWing: two cells {x,y} that do not see each other, and a strong link on
// x whose ends see one cell each. One end is x, so the cell it sees is y,
// so one of the two cells is y: cells seeing both lose y.
type wWing struct{}

func (wWing) Name() TechniqueID            { return TechWWing }
func (wWing) Score() float64               { return scoreWWing }
func (t wWing) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t wWing) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		var buf [NumUnits]strongLink
		for c1 := 0; c1 < NumCells; c1++ {
			cs := b.Cands[c1]
			if cs.Count() != 2 {
				continue
			}
			for c2 := c1 + 1; c2 < NumCells; c2++ {
				if b.Cands[c2] != cs || SeesCell(c1, c2) {
					continue
				}
				var pair cellSet
				pair.add(c1)
				pair.add(c2)
				ds := cs.Slice()
				for k := 0; k < 2; k++ {
					x, y := ds[k], ds[1-k]
					elim := ix.where[y].and(commonPeers(pair))
					if elim.isEmpty() {
						continue
					}
					for _, l := range strongLinks(ix, x, buf[:0]) {
						for e := 0; e < 2; e++ {
							p, q := l.a, l.b
							if e == 1 {
								p, q = q, p
							}
							if p == c1 || p == c2 || q == c1 || q == c2 || !SeesCell(p, c1) || !SeesCell(q, c2) {
								continue
							}
							s := Step{
								Technique:    t.Name(),
								Score:        t.Score(),
								Eliminations: elimsOf(elim, y),
								Cells:        []int{c1, p, q, c2},
								Units:        []int{l.unit},
								Proof:        []Candidate{{c1, x}, {c1, y}, {p, x}, {q, x}, {c2, x}, {c2, y}},
								Links: []Link{
									{From: Candidate{c1, y}, To: Candidate{c1, x}, Strong: true},
									{From: Candidate{c1, x}, To: Candidate{p, x}},
									{From: Candidate{p, x}, To: Candidate{q, x}, Strong: true},
									{From: Candidate{q, x}, To: Candidate{c2, x}},
									{From: Candidate{c2, x}, To: Candidate{c2, y}, Strong: true},
								},
							}
							// Read from c1 not being y: c1 is x, p is
							// not, q is, c2 is not x, so c2 is y.
							xs := DigitSet(x)
							s.Digits = DigitSet(y)
							s.Pattern = wingsAddElims([]PatternCell{
								{Cell: c1, Digits: cs, Role: RolePincer},
								{Cell: c2, Digits: cs, Role: RolePincer, Group: 1},
								{Cell: p, Digits: xs, Role: RoleOff},
								{Cell: q, Digits: xs, Role: RoleOn},
							}, s.Eliminations)
							s.Houses = []House{{Unit: l.unit, Role: RoleUnit}}
							if !yield(s) {
								return
							}
						}
					}
				}
			}
		}
	}
}

// wxyzWing: four cells, a pivot and three cells it sees, holding only four
// digits between them, where every digit but one (z) is restricted: all its
// cells see each other, so it fills at most one of them. Four cells need
// four digits, so z must be among them: cells seeing every z of the wing
// lose z. (XYZ-Wing is the three-cell case.)
type wxyzWing struct{}

func (wxyzWing) Name() TechniqueID            { return TechWXYZWing }
func (wxyzWing) Score() float64               { return scoreWXYZWing }
func (t wxyzWing) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t wxyzWing) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		var wings [NumPeers]int
		for p := 0; p < NumCells; p++ {
			pc := b.Cands[p]
			if pc.Count() < 2 || pc.Count() > 4 {
				continue
			}
			n := 0
			for _, c := range Peers[p] {
				if k := b.Cands[c].Count(); k >= 2 && k <= 4 && (b.Cands[c]|pc).Count() <= 4 {
					wings[n] = c
					n++
				}
			}
			stop := false
			forCombos(n, 3, func(idx []int) bool {
				cells := [4]int{p, wings[idx[0]], wings[idx[1]], wings[idx[2]]}
				union := pc
				for _, c := range cells[1:] {
					union |= b.Cands[c]
				}
				if union.Count() != 4 {
					return true
				}
				z := uint8(0)
				var zCells cellSet
				for _, d := range union.Slice() {
					var dc cellSet
					for _, c := range cells {
						if b.Cands[c].Has(d) {
							dc.add(c)
						}
					}
					if !restricted(dc) {
						if z != 0 {
							return true // two unrestricted digits: no wing
						}
						z, zCells = d, dc
					}
				}
				if z == 0 {
					return true
				}
				var all cellSet
				for _, c := range cells {
					all.add(c)
				}
				elim := ix.where[z].and(commonPeers(zCells)).andNot(all)
				if elim.isEmpty() {
					return true
				}
				proof := b.candidatesIn(cells[:])
				s := Step{
					Technique:    t.Name(),
					Score:        t.Score(),
					Eliminations: elimsOf(elim, z),
					Cells:        cells[:],
					Units:        unitsBetween(p, cells[1:]...),
					Proof:        proof,
				}
				s.Digits = DigitSet(z)
				pattern := []PatternCell{{Cell: p, Digits: pc, Role: RolePivot}}
				for i, c := range cells[1:] {
					pattern = append(pattern, PatternCell{Cell: c, Digits: b.Cands[c], Role: RolePincer, Group: i})
				}
				s.Pattern = wingsAddElims(pattern, s.Eliminations)
				s.Houses = wingHouses(s.Units)
				if !yield(s) {
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

// restricted reports whether every two cells of s see each other.
func restricted(s cellSet) bool {
	cells := s.cells(nil)
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			if !SeesCell(cells[i], cells[j]) {
				return false
			}
		}
	}
	return true
}
