package engine

import "iter"

// colourCluster is a connected group of conjugate pairs of one digit,
// coloured alternately: exactly one of the two colours holds the digit.
type colourCluster struct {
	colour [2]cellSet
	links  []strongLink
}

func (c *colourCluster) all() cellSet { return c.colour[0].or(c.colour[1]) }

// colourClusters builds the clusters of digit d, in order of their first
// cell.
func colourClusters(ix *boardIndex, d uint8) []colourCluster {
	var buf [NumUnits]strongLink
	links := strongLinks(ix, d, buf[:0])
	var adj [NumCells][]int
	var linkOf [NumCells][]int
	for i, l := range links {
		adj[l.a] = append(adj[l.a], l.b)
		adj[l.b] = append(adj[l.b], l.a)
		linkOf[l.a] = append(linkOf[l.a], i)
	}
	var seen cellSet
	var out []colourCluster
	var stack []int
	for c := 0; c < NumCells; c++ {
		if len(adj[c]) == 0 || seen.has(c) {
			continue
		}
		var cl colourCluster
		var col [NumCells]int8
		stack = append(stack[:0], c)
		seen.add(c)
		cl.colour[0].add(c)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, li := range linkOf[x] {
				cl.links = append(cl.links, links[li])
			}
			for _, y := range adj[x] {
				if seen.has(y) {
					continue
				}
				seen.add(y)
				col[y] = 1 - col[x]
				cl.colour[col[y]].add(y)
				stack = append(stack, y)
			}
		}
		out = append(out, cl)
	}
	return out
}

// seenBy returns the cells that see at least one cell of s.
func seenBy(s cellSet) cellSet {
	var out cellSet
	var buf [NumCells]int
	for _, c := range s.cells(buf[:0]) {
		out = out.or(peerSet[c])
	}
	return out
}

// clusterStep builds a colouring step from its clusters: the first
// cluster's colours are group 0 of the pattern, a second cluster's (in
// Multi-Colouring) group 1.
func clusterStep(name TechniqueID, score float64, variant string, d uint8, elim cellSet, cls ...*colourCluster) Step {
	var links []Link
	var units []int
	var seenUnit [NumUnits]bool
	var pattern []PatternCell
	var all cellSet
	ds := DigitSet(d)
	var buf [NumCells]int
	for g, cl := range cls {
		for _, l := range cl.links {
			if !colourLinked(links, l.a, l.b) {
				// A pair may be conjugate in a line and a box: one link.
				links = append(links, Link{From: Candidate{l.a, d}, To: Candidate{l.b, d}, Strong: true})
			}
			if !seenUnit[l.unit] {
				seenUnit[l.unit] = true
				units = append(units, l.unit)
			}
		}
		for k, role := range [2]Role{RoleColourA, RoleColourB} {
			for _, c := range cl.colour[k].cells(buf[:0]) {
				pattern = append(pattern, PatternCell{Cell: c, Digits: ds, Role: role, Group: g})
			}
		}
		all = all.or(cl.all())
	}
	houses := make([]House, len(units))
	for i, u := range units {
		houses[i] = House{Unit: u, Role: RoleUnit}
	}
	elims := elimsOf(elim, d)
	return Step{
		Technique:    name,
		Score:        score,
		Eliminations: elims,
		Cells:        all.cells(nil),
		Units:        units,
		Proof:        candsOf(all, d),
		Links:        links,
		Digits:       ds,
		Pattern:      wingsAddElims(pattern, elims),
		Houses:       houses,
		Variant:      variant,
	}
}

// colourLinked reports whether links already join cells a and b.
func colourLinked(links []Link, a, b int) bool {
	for _, l := range links {
		if l.From.Cell == a && l.To.Cell == b {
			return true
		}
	}
	return false
}

// simpleColouring colours one digit's conjugate pairs. Colour wrap: two
// cells of one colour see each other, so that colour is false everywhere.
// Colour trap: a cell that sees both colours cannot hold the digit.
type simpleColouring struct{}

func (simpleColouring) Name() TechniqueID            { return TechSimpleColouring }
func (simpleColouring) Score() float64               { return scoreSimpleColouring }
func (t simpleColouring) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t simpleColouring) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		for d := uint8(1); d <= 9; d++ {
			clusters := colourClusters(ix, d)
			for i := range clusters {
				cl := &clusters[i]
				for k := 0; k < 2; k++ {
					if !selfSeeing(cl.colour[k]) {
						continue
					}
					if !yield(clusterStep(t.Name(), t.Score(), "wrap", d, cl.colour[k], cl)) {
						return
					}
				}
				elim := ix.where[d].andNot(cl.all()).and(seenBy(cl.colour[0])).and(seenBy(cl.colour[1]))
				if elim.isEmpty() {
					continue
				}
				if !yield(clusterStep(t.Name(), t.Score(), "trap", d, elim, cl)) {
					return
				}
			}
		}
	}
}

// selfSeeing reports whether two cells of s see each other.
func selfSeeing(s cellSet) bool {
	var buf [NumCells]int
	for _, c := range s.cells(buf[:0]) {
		if !peerSet[c].and(s).isEmpty() {
			return true
		}
	}
	return false
}

// multiColouring relates two clusters of the same digit. If colour a of
// one sees colour b of the other, a and b are not both true, so a' or b'
// (their opposites) is: cells seeing both a' and b' lose the digit. If
// colour a sees both colours of the other cluster, a is false.
type multiColouring struct{}

func (multiColouring) Name() TechniqueID            { return TechMultiColouring }
func (multiColouring) Score() float64               { return scoreMultiColouring }
func (t multiColouring) Find(b *Board) (Step, bool) { return first(t.All(b)) }

func (t multiColouring) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		for d := uint8(1); d <= 9; d++ {
			clusters := colourClusters(ix, d)
			for i := range clusters {
				for j := range clusters {
					if i == j {
						continue
					}
					c1, c2 := &clusters[i], &clusters[j]
					for a := 0; a < 2; a++ {
						seesA := seenBy(c1.colour[a])
						// Colour a sees both colours of the other cluster.
						if !seesA.and(c2.colour[0]).isEmpty() && !seesA.and(c2.colour[1]).isEmpty() {
							if !yield(clusterStep(t.Name(), t.Score(), "type-2", d, c1.colour[a], c1, c2)) {
								return
							}
						}
					}
					if i > j {
						continue // the colour-pair form is symmetric
					}
					// Colour a sees colour b: a' or b' is true. One step for
					// the cluster pair, as HoDoKu reports it.
					var elim cellSet
					for a := 0; a < 2; a++ {
						seesA := seenBy(c1.colour[a])
						for bb := 0; bb < 2; bb++ {
							if seesA.and(c2.colour[bb]).isEmpty() {
								continue
							}
							na, nb := c1.colour[1-a], c2.colour[1-bb]
							e := ix.where[d].andNot(na).andNot(nb).and(seenBy(na)).and(seenBy(nb))
							if e.isEmpty() {
								continue
							}
							elim = elim.or(e)
						}
					}
					if elim.isEmpty() {
						continue
					}
					if !yield(clusterStep(t.Name(), t.Score(), "type-1", d, elim, c1, c2)) {
						return
					}
				}
			}
		}
	}
}
