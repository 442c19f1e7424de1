package engine

import "iter"

// alsXYWing: three almost locked sets A, B and a pivot C. A and C share a
// restricted common digit X (every X of A sees every X of C), B and C
// another one, Y. C cannot lack both X and Y (it would be left with fewer
// digits than cells), so X is in C or Y is in C; X in C keeps X out of A,
// which is then locked and holds every one of its other digits, and Y in
// C does the same for B. A digit Z common to A and B
// (neither X nor Y) is therefore true in A or in B, and no cell that sees
// every Z of both can hold it.
type alsXYWing struct{}

func (alsXYWing) Name() TechniqueID { return TechALSXYWing }
func (alsXYWing) Score() float64    { return scoreALSXYWing }

// Find returns the first ALS-XY-Wing that eliminates something.
func (t alsXYWing) Find(b *Board) (Step, bool) {
	for s := range t.All(b) {
		return s, true
	}
	return Step{}, false
}

// rccs are the restricted common digits of two sets: digits of both,
// none of them in a cell the sets share, whose every candidate in one
// sees every candidate in the other. Sets may overlap (HoDoKu's type 2):
// a digit that is not in the shared cells is still true in at most one
// of them.
func rccs(a, c *als) Digits {
	if a.cells == c.cells {
		return 0
	}
	shared := a.cells.and(c.cells)
	var out Digits
	for x := a.digits & c.digits; x != 0; x &= x - 1 {
		d := x.First()
		if a.byDig[d].and(shared).isEmpty() && c.byDig[d].and(shared).isEmpty() &&
			a.byDig[d].andNot(c.seen[d]).isEmpty() {
			out = out.With(d)
		}
	}
	return out
}

// All lists every ALS-XY-Wing that eliminates something, each result once.
func (t alsXYWing) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		g := newALSGraph(b, true)
		sets, adj, cand := g.sets, g.adj, &g.cand
		seen := map[string]bool{}
		for ci := range sets {
			c := &sets[ci]
			for ei, ea := range adj[ci] {
				for _, eb := range adj[ci][ei+1:] {
					a, bb := &sets[ea.to], &sets[eb.to]
					if a.cells == bb.cells {
						continue
					}
					for x := ea.rcc; x != 0; x &= x - 1 {
						for y := eb.rcc; y != 0; y &= y - 1 {
							dx, dy := x.First(), y.First()
							if dx == dy {
								continue
							}
							s, ok := alsXYWingStep(b, a, bb, c, dx, dy, cand)
							if !ok {
								continue
							}
							if key := s.String(); !seen[key] {
								seen[key] = true
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
}

// alsXYWingStep writes the step of sets a and b joined through pivot c by
// x (a-c) and y (b-c), if a common digit of a and b eliminates something.
func alsXYWingStep(b *Board, a, bb, c *als, x, y uint8, cand *[10]cellSet) (Step, bool) {
	union := a.cells.or(bb.cells).or(c.cells)
	var elims []Candidate
	var zs Digits
	for z := (a.digits & bb.digits).Without(x).Without(y); z != 0; z &= z - 1 {
		d := z.First()
		victims := a.seen[d].and(bb.seen[d]).and(cand[d]).andNot(union)
		if victims.isEmpty() {
			continue
		}
		zs = zs.With(d)
		elims = append(elims, elimsOf(victims, d)...)
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	sortCands(elims)
	s := Step{Technique: TechALSXYWing, Score: scoreALSXYWing, Eliminations: elims, Digits: zs,
		Units:  []int{a.unit, bb.unit, c.unit},
		Houses: []House{{Unit: a.unit, Role: RoleALS}, {Unit: bb.unit, Role: RoleALS}, {Unit: c.unit, Role: RoleALS}}}
	for g, set := range [3]*als{a, bb, c} {
		for _, cell := range set.cells.cells(nil) {
			s.Cells = append(s.Cells, cell)
			s.Pattern = append(s.Pattern, PatternCell{Cell: cell, Digits: b.Cands[cell], Role: RoleALS, Group: g})
			for d := b.Cands[cell]; d != 0; d &= d - 1 {
				s.Proof = append(s.Proof, Candidate{Cell: cell, Digit: d.First()})
			}
		}
	}
	for _, k := range [2]struct {
		from, to *als
		d        uint8
	}{{a, c, x}, {c, bb, y}} {
		l := Link{From: Candidate{Cell: k.from.byDig[k.d].first(), Digit: k.d}, To: Candidate{Cell: k.to.byDig[k.d].first(), Digit: k.d}}
		if g := k.from.byDig[k.d].cells(nil); len(g) > 1 {
			l.FromGroup = g
		}
		if g := k.to.byDig[k.d].cells(nil); len(g) > 1 {
			l.ToGroup = g
		}
		s.Links = append(s.Links, l)
	}
	for _, e := range elims {
		s.Pattern = append(s.Pattern, PatternCell{Cell: e.Cell, Digits: DigitSet(e.Digit), Role: RoleEliminated})
	}
	return s, true
}
