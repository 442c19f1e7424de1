package engine

import (
	"fmt"
	"slices"
)

// The loop graph lists every nice loop and alternating inference chain of
// a position the way HoDoKu's chain solver sees them, for staticChain.All
// (the regression library looks for one particular instance; the driver
// only uses Find). Its nodes are candidates, grouped nodes (the two or
// three places of a digit where a box and a line cross) and, optionally,
// almost locked sets; a literal is a node on or off. A strong link turns
// an off node's partner on (a conjugate pair or a bivalue cell, or an ALS
// that lost its entry digit and so locks its other digits); a weak link
// turns off what an on node sees.
//
// Discontinuous loops and AICs depend only on their two ends, so they are
// found by a breadth-first search from every candidate; a continuous loop
// eliminates along every link, so each one is searched for as a simple
// cycle, depth first, within loopMaxLinks links.

// loopMaxLinks bounds the length of the continuous loops searched for
// (HoDoKu's longest in its regression library has 17 inferences).
const loopMaxLinks = 18

// loopMaxALS bounds the ALSs a continuous loop may pass through.
const loopMaxALS = 2

// loopMaxALSSize bounds the cells of the ALSs the chains pass through.
const loopMaxALSSize = 9

// Kinds of loop graph nodes.
const (
	lgCand   uint8 = iota // one candidate
	lgGroup               // the places of a digit in a box-line crossing
	lgALSIn               // the cells of an ALS holding its entry digit (only ever off)
	lgALSOut              // the cells of an ALS holding its exit digit (only ever on)
)

type lgNode struct {
	kind  uint8
	d     uint8
	cells cellSet
	seen  cellSet // the cells that see every cell of the node
	cell  int     // a candidate's cell
	als   int     // the ALS of an lgALSIn or lgALSOut node
}

type loopGraph struct {
	b      *Board
	nodes  []lgNode
	cand   [NumCells][10]int32 // the node of each candidate, -1 if none
	strong [][]int32           // node off -> node on
	weak   [][]int32           // node on -> node off
	sets   []als
	// digitCells[d] holds the cells with candidate d
	digitCells [10]cellSet
	// hasGroups: the graph has grouped nodes
	hasGroups bool
}

// lgALSLink is a strong link an ALS adds between two of its nodes: in -> out.
type lgALSLink struct{ in, out int32 }

func newLoopGraph(b *Board, groups, withALS bool) *loopGraph {
	g := &loopGraph{b: b, hasGroups: groups}
	// index finds a candidate or group node by its cells and digit.
	index := map[[3]uint64]int32{}
	g.addCands(index)
	if groups {
		g.addGroups(index)
	}
	var alsLinks, alsForced []lgALSLink
	if withALS {
		alsLinks, alsForced = g.addALSs()
	}
	g.strong = make([][]int32, len(g.nodes))
	g.weak = make([][]int32, len(g.nodes))
	byDigit := [10][]int32{}
	for i, n := range g.nodes {
		byDigit[n.d] = append(byDigit[n.d], int32(i))
	}
	g.linkWeak(&byDigit)
	g.linkStrong(index, &byDigit)
	for _, l := range alsLinks {
		g.strong[l.in] = append(g.strong[l.in], l.out)
	}
	for _, l := range alsForced {
		g.strong[l.in] = append(g.strong[l.in], g.cand[l.out/10][l.out%10])
	}
	return g
}

// addNode adds n to the graph and returns its number.
func (g *loopGraph) addNode(n lgNode) int32 {
	n.seen = commonPeers(n.cells)
	g.nodes = append(g.nodes, n)
	return int32(len(g.nodes) - 1)
}

// addCands adds a node for every candidate of the board.
func (g *loopGraph) addCands(index map[[3]uint64]int32) {
	b := g.b
	for c := 0; c < NumCells; c++ {
		for d := 0; d < 10; d++ {
			g.cand[c][d] = -1
		}
		for x := b.Cands[c]; x != 0; x &= x - 1 {
			d := x.First()
			g.digitCells[d].add(c)
			var m cellSet
			m.add(c)
			g.cand[c][d] = g.addNode(lgNode{kind: lgCand, d: d, cells: m, cell: c})
			index[[3]uint64{m.lo, m.hi, uint64(d)}] = g.cand[c][d]
		}
	}
}

// addGroups adds a node for the places of each digit in each box-line
// crossing that holds at least two of them.
func (g *loopGraph) addGroups(index map[[3]uint64]int32) {
	b := g.b
	for _, cg := range chainGroups {
		for d := uint8(1); d <= 9; d++ {
			var m cellSet
			n := 0
			for _, c := range cg.cells {
				if b.Cands[c].Has(d) {
					m.add(c)
					n++
				}
			}
			if n >= 2 {
				index[[3]uint64{m.lo, m.hi, uint64(d)}] = g.addNode(lgNode{kind: lgGroup, d: d, cells: m, cell: -1})
			}
		}
	}
}

// addALSs adds the entry and exit nodes of every ALS small enough and
// returns the strong links inside the sets and the forcing links they make
// (out holds cell*10+digit until the candidates are all numbered).
func (g *loopGraph) addALSs() (alsLinks, alsForced []lgALSLink) {
	b := g.b
	for _, a := range findALS(b) {
		if a.size < 2 || a.size > loopMaxALSSize {
			continue
		}
		ai := len(g.sets)
		g.sets = append(g.sets, a)
		var ins, outs []int32
		for x := a.digits; x != 0; x &= x - 1 {
			d := x.First()
			ins = append(ins, g.addNode(lgNode{kind: lgALSIn, d: d, cells: a.byDig[d], cell: -1, als: ai}))
			outs = append(outs, g.addNode(lgNode{kind: lgALSOut, d: d, cells: a.byDig[d], cell: -1, als: ai}))
		}
		for i, in := range ins {
			for j, out := range outs {
				if i != j {
					alsLinks = append(alsLinks, lgALSLink{in, out})
				}
			}
		}
		alsForced = alsForcing(b, &a, ins, alsForced)
	}
	return alsLinks, alsForced
}

// alsForcing appends to out the forcing links of a: a cell outside the set
// that sees all of several locked digits may lose all its candidates but
// one (HoDoKu's ALS forcing): that one turns on. Bivalue cells need no help.
// ins are a's entry nodes in digit order.
func alsForcing(b *Board, a *als, ins []int32, out []lgALSLink) []lgALSLink {
	k := 0
	for x := a.digits; x != 0; x &= x - 1 {
		entry := x.First()
		for c := 0; c < NumCells; c++ {
			if b.Cands[c].Count() < 3 || a.cells.has(c) {
				continue
			}
			rest := b.Cands[c]
			for y := a.digits.Without(entry); y != 0; y &= y - 1 {
				if a.seen[y.First()].has(c) {
					rest = rest.Without(y.First())
				}
			}
			if rest.Count() == 1 {
				out = append(out, lgALSLink{ins[k], int32(c*10 + int(rest.First()))})
			}
		}
		k++
	}
	return out
}

// linkWeak adds the weak links: same digit, every cell of one sees every
// cell of the other; or two digits of one cell.
func (g *loopGraph) linkWeak(byDigit *[10][]int32) {
	b := g.b
	for i, a := range g.nodes {
		if a.kind == lgALSIn {
			continue
		}
		for _, j := range byDigit[a.d] {
			bn := &g.nodes[j]
			if bn.kind == lgALSOut || int(j) == i {
				continue
			}
			if bn.cells.andNot(a.seen).isEmpty() {
				g.weak[i] = append(g.weak[i], j)
			}
		}
		if a.kind == lgCand {
			for x := b.Cands[a.cell].Without(a.d); x != 0; x &= x - 1 {
				g.weak[i] = append(g.weak[i], g.cand[a.cell][x.First()])
			}
		}
	}
}

// linkStrong adds the strong links of bivalue cells and of conjugate places
// in a unit (single candidates or groups); the ALS links come after.
func (g *loopGraph) linkStrong(index map[[3]uint64]int32, byDigit *[10][]int32) {
	b := g.b
	for c := 0; c < NumCells; c++ {
		if b.Cands[c].Count() == 2 {
			x, y := b.Cands[c].First(), b.Cands[c].Without(b.Cands[c].First()).First()
			g.strong[g.cand[c][x]] = append(g.strong[g.cand[c][x]], g.cand[c][y])
			g.strong[g.cand[c][y]] = append(g.strong[g.cand[c][y]], g.cand[c][x])
		}
	}
	for u := 0; u < NumUnits; u++ {
		um := unitSet[u]
		for d := uint8(1); d <= 9; d++ {
			var places cellSet
			for _, c := range UnitCells[u] {
				if b.Cands[c].Has(d) {
					places.add(c)
				}
			}
			for _, i := range byDigit[d] {
				a := &g.nodes[i]
				if a.kind > lgGroup || !a.cells.andNot(um).isEmpty() {
					continue
				}
				rest := places.andNot(a.cells)
				if j, ok := index[[3]uint64{rest.lo, rest.hi, uint64(d)}]; ok && !slices.Contains(g.strong[i], j) {
					g.strong[i] = append(g.strong[i], j)
				}
			}
		}
	}
}

// succ lists the literals a literal implies: node<<1|on.
func (g *loopGraph) succ(lit int32) []int32 {
	if lit&1 == 1 {
		return g.weak[lit>>1]
	}
	return g.strong[lit>>1]
}

// candsOf returns the candidates of digit d in the cells of m.
func (g *loopGraph) candsOf(m cellSet, d uint8) []Candidate {
	var out []Candidate
	for _, c := range m.cells(nil) {
		if g.b.Cands[c].Has(d) {
			out = append(out, Candidate{Cell: c, Digit: d})
		}
	}
	return out
}

// pathStep builds the step of the implication path lits (the hypothesis
// first) with the given result and variant; closed: the last literal
// links back to the first (a continuous loop).
func (g *loopGraph) pathStep(t staticChain, lits []int32, elims, places []Candidate, variant string, closed bool) Step {
	n := len(lits)
	if closed {
		n++
	}
	s := Step{Technique: t.name, Score: chainScore(t.score, n), Eliminations: elims, Placements: places, Variant: variant}
	sortCands(s.Eliminations)
	nodes := make([]chainNode, len(lits))
	for i, l := range lits {
		nd := &g.nodes[l>>1]
		cn := chainNode{cells: nd.cells.cells(nil), d: nd.d, on: l&1 == 1, kind: nd.kind}
		if nd.kind >= lgALSIn {
			cn.als = g.sets[nd.als].cells.cells(nil)
			cn.alsUnit = g.sets[nd.als].unit
		}
		nodes[i] = cn
	}
	chainData(g.b, &s, nodes, closed)
	return s
}

// bfs returns, for every literal reachable from start, the literal it was
// first reached from (-2 for start, -1 unreached).
func (g *loopGraph) bfs(start int32, par []int32) {
	for i := range par {
		par[i] = -1
	}
	par[start] = -2
	queue := []int32{start}
	for h := 0; h < len(queue); h++ {
		l := queue[h]
		for _, n := range g.succ(l) {
			nl := n<<1 | (l&1 ^ 1)
			if par[nl] == -1 {
				par[nl] = l
				queue = append(queue, nl)
			}
		}
	}
}

func lgPath(par []int32, end int32) []int32 {
	var out []int32
	for l := end; l >= 0; l = par[l] {
		out = append(out, l)
	}
	slices.Reverse(out)
	return out
}

// resultKey identifies a step's result, to list each distinct one once.
func resultKey(elims, places []Candidate) string {
	return fmt.Sprint(reglibLikeResult(places, elims))
}

func reglibLikeResult(places, elims []Candidate) []Candidate {
	out := make([]Candidate, 0, len(places)+len(elims))
	for _, p := range places {
		out = append(out, Candidate{p.Cell, p.Digit + 10})
	}
	out = append(out, elims...)
	sortCands(out)
	return out
}

// endSteps yields the discontinuous nice loops and AICs: every implication
// from a candidate's hypothesis to a conclusion about its own cell, or
// (AIC) from "A is not a" to "B is b".
func (g *loopGraph) endSteps(t staticChain, done map[string]bool, yield func(Step) bool) bool {
	b := g.b
	par := make([]int32, 2*len(g.nodes))
	emit := func(path []int32, elims, places []Candidate, variant string) bool {
		if len(elims) == 0 && len(places) == 0 {
			return true
		}
		k := resultKey(elims, places)
		if done[k] {
			return true
		}
		done[k] = true
		return yield(g.pathStep(t, path, elims, places, variant, false))
	}
	for c := 0; c < NumCells; c++ {
		for x := b.Cands[c]; x != 0; x &= x - 1 {
			d := x.First()
			s := g.cand[c][d]
			for _, on := range [2]int32{0, 1} {
				start := s<<1 | on
				g.bfs(start, par)
				// the hypothesis's own cell
				for y := b.Cands[c]; y != 0; y &= y - 1 {
					e := y.First()
					tn := g.cand[c][e]
					for _, ton := range [2]int32{0, 1} {
						end := tn<<1 | ton
						if end == start || par[end] == -1 {
							continue
						}
						var elims, places []Candidate
						switch {
						case e == d && on == 0: // not-A leads to A
							for z := b.Cands[c].Without(d); z != 0; z &= z - 1 {
								elims = append(elims, Candidate{Cell: c, Digit: z.First()})
							}
							if len(elims) == 0 {
								places = []Candidate{{Cell: c, Digit: d}}
							}
						case e == d: // A leads to not-A
							elims = []Candidate{{Cell: c, Digit: d}}
						case on == 0 && ton == 0: // not-A and A both rule out B
							elims = []Candidate{{Cell: c, Digit: e}}
						case on == 1 && ton == 1: // A leads to B, so A is false
							elims = []Candidate{{Cell: c, Digit: d}}
						default:
							continue
						}
						if !emit(lgPath(par, end), elims, places, VariantDiscontinuous) {
							return false
						}
					}
				}
				if on == 1 {
					continue
				}
				// AICs: not-A leads to B, so A or B
				if !g.aicSteps(s, par, emit) {
					return false
				}
			}
		}
	}
	if g.hasGroups {
		// AICs may also start at a grouped node
		for sn := range g.nodes {
			if g.nodes[sn].kind != lgGroup {
				continue
			}
			g.bfs(int32(sn)<<1, par)
			if !g.aicSteps(int32(sn), par, emit) {
				return false
			}
		}
	}
	return true
}

// aicSteps yields the AICs from "start is off" (par from bfs) to every
// node turned on: start or end is true, so a digit they share goes from
// every cell that sees both, and when their digits differ, each end's cell
// loses the other's digit if it sees the whole other end.
func (g *loopGraph) aicSteps(start int32, par []int32, emit func([]int32, []Candidate, []Candidate, string) bool) bool {
	b := g.b
	sn := &g.nodes[start]
	for tn := range g.nodes {
		tnode := &g.nodes[tn]
		end := int32(tn)<<1 | 1
		if int32(tn) == start || tnode.kind == lgALSIn || par[end] == -1 || !sn.cells.and(tnode.cells).isEmpty() {
			continue
		}
		var elims []Candidate
		if tnode.d == sn.d {
			elims = g.candsOf(sn.seen.and(tnode.seen), sn.d)
		} else {
			if sn.kind == lgCand && b.Cands[sn.cell].Has(tnode.d) && tnode.cells.andNot(peerSet[sn.cell]).isEmpty() {
				elims = append(elims, Candidate{Cell: sn.cell, Digit: tnode.d})
			}
			if tnode.kind == lgCand && b.Cands[tnode.cell].Has(sn.d) && sn.cells.andNot(peerSet[tnode.cell]).isEmpty() {
				elims = append(elims, Candidate{Cell: tnode.cell, Digit: sn.d})
			}
		}
		if !emit(lgPath(par, end), elims, nil, VariantAIC) {
			return false
		}
	}
	return true
}

// loopSteps yields the continuous nice loops: simple cycles of the
// implication graph, each searched for from its lowest candidate. In a loop every weak link holds both ways, so the digit goes
// from every cell that sees both ends of a weak link between cells, a
// cell with a weak link between two digits keeps only those two, and an
// ALS the loop passes through keeps its other digits locked.
func (g *loopGraph) loopSteps(t staticChain, yield func(Step) bool) bool {
	done := map[[10]cellSet]bool{}
	nl := 2 * len(g.nodes)
	// pred for the distance back to the start
	pred := make([][]int32, nl)
	for l := int32(0); l < int32(nl); l++ {
		for _, n := range g.succ(l) {
			to := n<<1 | (l&1 ^ 1)
			pred[to] = append(pred[to], l)
		}
	}
	dist := make([]int32, nl)
	used := make([]bool, len(g.nodes))
	var path []int32
	stop := false
	// at most one ALS per loop: enough for HoDoKu's, and the search
	// stays small
	alsUsed := 0
	var start int32
	var dfs func(l int32)
	dfs = func(l int32) {
		for _, n := range g.succ(l) {
			if stop {
				return
			}
			next := n<<1 | (l&1 ^ 1)
			if next == start {
				// from an "on" start, loops without an ALS were met
				// already the other way round
				if len(path) >= 4 && (start&1 == 0 || alsUsed > 0) {
					if !g.emitLoop(t, path, done, yield) {
						stop = true
					}
				}
				continue
			}
			if used[n] || n < start>>1 || dist[next] < 0 || int(dist[next])+len(path) > loopMaxLinks {
				continue
			}
			isALS := g.nodes[n].kind == lgALSIn
			// a second ALS only straight after the first (an ALS chain)
			if isALS && (alsUsed >= loopMaxALS || alsUsed > 0 && g.nodes[l>>1].kind != lgALSOut) {
				continue
			}
			used[n] = true
			if isALS {
				alsUsed++
			}
			path = append(path, next)
			dfs(next)
			path = path[:len(path)-1]
			used[n] = false
			if isALS {
				alsUsed--
			}
		}
	}
	// Both polarities of the start: a loop through an ALS runs one way
	// only (its links have no contrapositive in the graph), and its
	// lowest candidate may be on or off in it.
	for sl := 0; sl < 2*len(g.nodes); sl++ {
		s := sl >> 1
		if g.nodes[s].kind != lgCand || sl&1 == 1 && len(g.sets) == 0 {
			continue
		}
		start = int32(sl)
		// distances back to start (links), by reverse BFS
		for i := range dist {
			dist[i] = -1
		}
		dist[start] = 0
		queue := []int32{start}
		for h := 0; h < len(queue); h++ {
			for _, p := range pred[queue[h]] {
				if dist[p] < 0 && p>>1 >= start>>1 {
					dist[p] = dist[queue[h]] + 1
					queue = append(queue, p)
				}
			}
		}
		used[s] = true
		path = append(path[:0], start)
		dfs(start)
		used[s] = false
		if stop {
			return false
		}
	}
	return true
}

// emitLoop works out a continuous loop's eliminations, per digit as cell
// sets (the search meets many loops, most with a result already listed).
func (g *loopGraph) emitLoop(t staticChain, path []int32, done map[[10]cellSet]bool, yield func(Step) bool) bool {
	b := g.b
	// As HoDoKu does, a link between cells eliminates nothing in the
	// loop's own cells (their other digits go by the links inside them).
	var loopCells cellSet
	for _, l := range path {
		if n := &g.nodes[l>>1]; n.kind <= lgGroup {
			loopCells = loopCells.or(n.cells)
		}
	}
	var em [10]cellSet
	for i, l := range path {
		next := path[(i+1)%len(path)]
		a, nb := &g.nodes[l>>1], &g.nodes[next>>1]
		if l&1 == 1 { // weak link a -> nb
			if a.kind == lgCand && nb.kind == lgCand && a.cell == nb.cell {
				for z := b.Cands[a.cell].Without(a.d).Without(nb.d); z != 0; z &= z - 1 {
					em[z.First()].add(a.cell)
				}
				continue
			}
			em[a.d] = em[a.d].or(a.seen.and(nb.seen).andNot(loopCells).and(g.digitCells[a.d]))
			continue
		}
		if a.kind == lgALSIn {
			// exit by a digit z: the set holds x or z, not both, so its
			// other digits are locked. Exit by forcing a cell X: when the
			// set keeps x, X takes a digit the set then lacks, so the
			// digits that X cannot take are locked either way.
			set := &g.sets[a.als]
			rest := set.digits.Without(a.d)
			if nb.kind == lgALSOut {
				rest = rest.Without(nb.d)
			} else {
				rest &^= b.Cands[nb.cell]
			}
			for z := rest; z != 0; z &= z - 1 {
				w := z.First()
				em[w] = em[w].or(set.seen[w].andNot(set.cells).and(g.digitCells[w]))
			}
		}
	}
	empty := true
	for _, m := range em {
		empty = empty && m.isEmpty()
	}
	if empty || done[em] {
		return true
	}
	done[em] = true
	var elims []Candidate
	for d := uint8(1); d <= 9; d++ {
		for _, c := range em[d].cells(nil) {
			elims = append(elims, Candidate{Cell: c, Digit: d})
		}
	}
	return yield(g.pathStep(t, path, elims, nil, VariantContinuous, true))
}
