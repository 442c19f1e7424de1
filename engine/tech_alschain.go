package engine

import (
	"iter"
	"slices"
)

// alsGraph is the board's almost locked sets (findALS) joined by their
// restricted common digits (rccs): what ALS-XY-Wing, ALS-XY-Chain and
// Death Blossom search.
type alsGraph struct {
	sets []als
	adj  [][]alsEdge // the sets joined to each set, with the digits
	cand [10]cellSet // the cells holding each digit
}

// alsEdge joins a set to set to by the restricted common digits rcc.
type alsEdge struct {
	to  int
	rcc Digits
}

// newALSGraph finds the sets and, with links, the restricted commons
// between them (every pair of sets is compared).
func newALSGraph(b *Board, links bool) *alsGraph {
	g := &alsGraph{sets: findALS(b)}
	for c := 0; c < NumCells; c++ {
		for x := b.Cands[c]; x != 0; x &= x - 1 {
			g.cand[x.First()].add(c)
		}
	}
	if !links {
		return g
	}
	g.adj = make([][]alsEdge, len(g.sets))
	for i := range g.sets {
		for j := i + 1; j < len(g.sets); j++ {
			if g.sets[i].digits&g.sets[j].digits == 0 {
				continue
			}
			if r := rccs(&g.sets[i], &g.sets[j]); r != 0 {
				g.adj[i] = append(g.adj[i], alsEdge{j, r})
				g.adj[j] = append(g.adj[j], alsEdge{i, r})
			}
		}
	}
	return g
}

// alsXYChain: almost locked sets A, B, C, ... joined one to the next by
// restricted common digits, consecutive links by different digits. If
// the first set lacks a digit Z (not its link digit), it is locked and
// holds its link digit X1, which the second set then lacks; the second
// set is locked and holds X2, which the third lacks, and so on: the last
// set lacks its link digit and holds all its others. So a digit Z of both
// ends (neither end's link digit) is in the first set or in the last, and
// no cell that sees every Z of both can hold it. HoDoKu's ALS-XY-Chain: at
// least four sets (two are an ALS-XZ, three an ALS-XY-Wing).
type alsXYChain struct {
	// maxSets bounds the sets of a chain (0: no bound). The solving path
	// may take a bound to stay fast; the library cases are met without.
	maxSets int
	// exhaustive turns off the filter (alsReach) of a bounded search:
	// the test that the filter loses no chain compares with it.
	exhaustive bool
}

// pathALSChainMaxSets bounds the chains of the solving path (the catalogue):
// longer ones cost more than the path's budget and teach little.
const pathALSChainMaxSets = 5

// alsChainMinSets: fewer sets are an ALS-XZ or an ALS-XY-Wing.
const alsChainMinSets = 4

func (alsXYChain) Name() TechniqueID { return TechALSXYChain }
func (alsXYChain) Score() float64    { return scoreALSXYChain }

// Find returns a chain of fewest sets (the lowest rating: each set adds
// to the length bonus), stopping at the first chain of four.
func (t alsXYChain) Find(b *Board) (Step, bool) {
	return lowest(t.All(b), alsChainScore(alsChainMinSets))
}

// alsChainScore rates a chain of n sets: SE's length bonus for a chain
// of two nodes per restricted common (the digit's places in the two sets
// it joins), so that four sets rate the base 7.0 and each further set
// adds about 0.1.
func alsChainScore(n int) float64 { return chainScore(scoreALSXYChain, 2*(n-1)) }

// alsChainState is a chain's last set and the digit that joined it (the
// digit the set lacks if the chain's start lacks Z), with the number of
// links capped at alsChainMinSets-1, so that a chain long enough is not
// hidden by a shorter one that reaches the same set.
type alsChainState struct {
	set   int
	digit uint8
	links int
}

// index numbers the states of a search: parent and depth are indexed
// by it.
func (s alsChainState) index() int { return (s.set*10+int(s.digit))*alsChainMinSets + s.links }

// All lists every ALS-XY-Chain that eliminates something, each result
// once: from every set and first link, a breadth-first search over
// (set, digit) finds the shortest chain to every set it reaches.
func (t alsXYChain) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		g := newALSGraph(b, true)
		n := len(g.sets)
		q := &alsChainSearch{t: t, b: b, g: g, seen: map[string]bool{}, yield: yield,
			parent: make([]int32, n*10*alsChainMinSets), zTo: make([]Digits, n)}
		q.depth = make([]int32, len(q.parent))
		q.mark = make([]int32, len(q.parent))
		for j := range g.sets {
			for z := g.sets[j].digits; z != 0; z &= z - 1 {
				if d := z.First(); !g.sets[j].seen[d].and(g.cand[d]).isEmpty() {
					q.byDigit[d] = append(q.byDigit[d], j)
				}
			}
		}
		if t.maxSets >= alsChainMinSets && !t.exhaustive {
			q.reach = newALSReach(g, t.maxSets-3)
		}
		for i := range g.sets {
			if !q.from(i) {
				return
			}
		}
	}
}

// alsChainSearch is the state of one All: the breadth-first search's
// arrays, reused from start to start (mark holds the search's stamp).
type alsChainSearch struct {
	t                   alsXYChain
	b                   *Board
	g                   *alsGraph
	parent, depth, mark []int32
	stamp               int32
	queue               []alsChainState
	// zTo are, for the current start, the digits Z it shares with each
	// set that some cell outside both sees in both: the ends worth
	// reaching.
	zTo     []Digits
	targets []int     // the sets with a zTo
	byDigit [10][]int // the sets holding each digit that some cell outside sees
	reach   *alsReach // for a bounded search: which first links reach a target
	seen    map[string]bool
	yield   func(Step) bool
}

// from searches the chains that start at set i; false when yield asked
// to stop.
func (q *alsChainSearch) from(i int) bool {
	g := q.g
	a0 := &g.sets[i]
	var zAny Digits
	for _, j := range q.targets {
		q.zTo[j] = 0
	}
	q.targets = q.targets[:0]
	for z := a0.digits; z != 0; z &= z - 1 {
		d := z.First()
		v0 := a0.seen[d].and(g.cand[d])
		if v0.isEmpty() {
			continue
		}
		for _, j := range q.byDigit[d] {
			aj := &g.sets[j]
			if j == i || v0.and(aj.seen[d]).andNot(a0.cells.or(aj.cells)).isEmpty() {
				continue
			}
			if q.zTo[j] == 0 {
				q.targets = append(q.targets, j)
			}
			q.zTo[j] = q.zTo[j].With(d)
			zAny = zAny.With(d)
		}
	}
	if q.reach != nil {
		q.reach.aim(q.targets, q.zTo)
	}
	for _, e := range g.adj[i] {
		for x := e.rcc; x != 0; x &= x - 1 {
			x1 := x.First()
			if zAny.Without(x1) == 0 || q.reach != nil && !q.reach.hits(e.to, x1) {
				continue
			}
			if !q.bfs(i, e.to, x1) {
				return false
			}
		}
	}
	return true
}

// bfs searches from the start's first link (to set next by x1); false
// when yield asked to stop.
func (q *alsChainSearch) bfs(i, next int, x1 uint8) bool {
	g := q.g
	q.stamp++
	start := alsChainState{next, x1, 1}
	q.queue = append(q.queue[:0], start)
	si := start.index()
	q.mark[si], q.parent[si], q.depth[si] = q.stamp, -1, 1
	for len(q.queue) > 0 {
		st := q.queue[0]
		q.queue = q.queue[1:]
		si := st.index()
		if st.links == alsChainMinSets-1 && q.zTo[st.set].Without(x1).Without(st.digit) != 0 {
			if s, ok := q.t.step(q.b, g, i, x1, q.zTo[st.set], st, q.parent, q.depth[si]); ok {
				if key := s.String(); !q.seen[key] {
					q.seen[key] = true
					if !q.yield(s) {
						return false
					}
				}
			}
		}
		if q.t.maxSets > 0 && int(q.depth[si])+2 > q.t.maxSets {
			continue
		}
		for _, f := range g.adj[st.set] {
			if f.to == i {
				continue
			}
			for y := f.rcc.Without(st.digit); y != 0; y &= y - 1 {
				nx := alsChainState{f.to, y.First(), min(st.links+1, alsChainMinSets-1)}
				ni := nx.index()
				if q.mark[ni] == q.stamp {
					continue
				}
				q.mark[ni], q.parent[ni], q.depth[ni] = q.stamp, int32(si), q.depth[si]+1
				q.queue = append(q.queue, nx)
			}
		}
	}
	return true
}

// step writes the chain that starts at set i with link digit x1 and ends
// in state end (found by the search, its links read back through
// parent), if it is a chain of distinct sets and eliminates something.
func (t alsXYChain) step(b *Board, g *alsGraph, i int, x1 uint8, zs Digits, end alsChainState, parent []int32, links int32) (Step, bool) {
	// Read the chain back: sets[k] joined to sets[k-1] by digits[k].
	sets := make([]int, links+1)
	digits := make([]uint8, links+1)
	sets[0] = i
	for k, si := int(links), int32(end.index()); k >= 1; k-- {
		st := si / alsChainMinSets
		sets[k], digits[k] = int(st/10), uint8(st%10)
		si = parent[si]
	}
	var inChain cellSet
	for k, s := range sets {
		if slices.Index(sets, s) != k {
			return Step{}, false // a set twice: not a chain of sets
		}
		if k > 0 && !g.sets[sets[k-1]].cells.and(g.sets[s].cells).isEmpty() {
			// neighbours that share cells (sound, but hard to follow);
			// sets further apart may, as in HoDoKu
			return Step{}, false
		}
		inChain = inChain.or(g.sets[s].cells)
	}
	// No elimination inside the chain (HoDoKu would take some from its
	// middle sets): the words name every cell of the chain with its
	// digits, which must not give the result away.
	a0, ak := &g.sets[i], &g.sets[end.set]
	var elims []Candidate
	var zUsed Digits
	for z := (zs & ak.digits).Without(x1).Without(end.digit); z != 0; z &= z - 1 {
		d := z.First()
		victims := a0.seen[d].and(ak.seen[d]).and(g.cand[d]).andNot(inChain)
		if victims.isEmpty() {
			continue
		}
		zUsed = zUsed.With(d)
		elims = append(elims, elimsOf(victims, d)...)
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	sortCands(elims)
	return alsChainStep(b, g, sets, digits, zUsed, elims), true
}

// alsChainStep is the step's data: every set as an ALS group in chain
// order, each link digit's places in the two sets it joins (on in the
// first, off in the second, as the reading from "the first set lacks Z"
// has them), Z's places in the first set off and in the last on, and the
// links in reading order: for each Z, Z in the first set to X1 in it
// (the set's strong link), then each restricted common (weak) and the
// strong link through the next set, and for each Z the last link digit
// to Z in the last set.
func alsChainStep(b *Board, g *alsGraph, sets []int, digits []uint8, zs Digits, elims []Candidate) Step {
	k := len(sets) - 1
	s := Step{Technique: TechALSXYChain, Eliminations: elims, Digits: zs}
	s.Score = alsChainScore(len(sets))
	addCell := func(c int) {
		if !slices.Contains(s.Cells, c) {
			s.Cells = append(s.Cells, c)
		}
	}
	for gi, si := range sets {
		a := &g.sets[si]
		s.Units = append(s.Units, a.unit)
		s.Houses = append(s.Houses, House{Unit: a.unit, Role: RoleALS})
		for _, c := range a.cells.cells(nil) {
			addCell(c)
			s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: b.Cands[c], Role: RoleALS, Group: gi})
		}
	}
	node := func(si int, d uint8) (Candidate, []int) {
		cs := g.sets[si].byDig[d].cells(nil)
		if len(cs) == 1 {
			return Candidate{Cell: cs[0], Digit: d}, nil
		}
		return Candidate{Cell: cs[0], Digit: d}, cs
	}
	mark := func(si int, d uint8, role Role, grp int) {
		for _, c := range g.sets[si].byDig[d].cells(nil) {
			s.Pattern = append(s.Pattern, PatternCell{Cell: c, Digits: DigitSet(d), Role: role, Group: grp})
			s.Proof = append(s.Proof, Candidate{Cell: c, Digit: d})
		}
	}
	alsLink := func(si int, from, to uint8) Link {
		f, fg := node(si, from)
		t, tg := node(si, to)
		return Link{From: f, To: t, Strong: true, FromGroup: fg, ToGroup: tg, ALS: g.sets[si].cells.cells(nil)}
	}
	for _, z := range zs.Slice() {
		mark(sets[0], z, RoleOff, ChainStart)
		s.Links = append(s.Links, alsLink(sets[0], z, digits[1]))
	}
	for j := 1; j <= k; j++ {
		d := digits[j]
		mark(sets[j-1], d, RoleOn, ChainInner)
		mark(sets[j], d, RoleOff, ChainInner)
		f, fg := node(sets[j-1], d)
		t, tg := node(sets[j], d)
		s.Links = append(s.Links, Link{From: f, To: t, FromGroup: fg, ToGroup: tg})
		if j < k {
			s.Links = append(s.Links, alsLink(sets[j], d, digits[j+1]))
		}
	}
	for _, z := range zs.Slice() {
		mark(sets[k], z, RoleOn, ChainEnd)
		s.Links = append(s.Links, alsLink(sets[k], digits[k], z))
	}
	for _, e := range elims {
		s.Pattern = append(s.Pattern, PatternCell{Cell: e.Cell, Digits: DigitSet(e.Digit), Role: RoleEliminated})
	}
	return s
}

// alsReach over-approximates the bounded search so that it runs only
// from first links that can end somewhere useful: for every state (a
// set and the digit it lacks), the states reachable from it in 1 to
// levels links, walks included, as a bit set. A chain of at most maxSets
// sets is then found by the search only if its end is in this set for
// the first link's successors with levels = maxSets-3.
type alsReach struct {
	id    []int32 // state id by set*10+digit, -1 if no link lacks it
	outs  [][]alsReachOut
	ins   [][]alsReachOut // the states of each set
	words int
	reach []uint64   // words per state
	ends  [][]uint64 // by first link's state, made when first asked
	// the ends aim marked for the current start
	two     []uint64
	one     [10][]uint64
	oneUsed Digits
}

// alsReachOut is a link out of a set: the state it leads to.
type alsReachOut struct {
	id    int32
	digit uint8
}

func newALSReach(g *alsGraph, levels int) *alsReach {
	r := &alsReach{id: make([]int32, len(g.sets)*10), outs: make([][]alsReachOut, len(g.sets)), ins: make([][]alsReachOut, len(g.sets))}
	for k := range r.id {
		r.id[k] = -1
	}
	n := int32(0)
	for j := range g.sets {
		for _, e := range g.adj[j] {
			for x := e.rcc; x != 0; x &= x - 1 {
				d := x.First()
				k := e.to*10 + int(d)
				if r.id[k] < 0 {
					r.id[k] = n
					r.ins[e.to] = append(r.ins[e.to], alsReachOut{n, d})
					n++
				}
				r.outs[j] = append(r.outs[j], alsReachOut{r.id[k], d})
			}
		}
	}
	r.words = (int(n) + 63) / 64
	set := make([]int, n) // the set of each state
	dig := make([]uint8, n)
	for k, id := range r.id {
		if id >= 0 {
			set[id], dig[id] = k/10, uint8(k%10)
		}
	}
	r.reach = make([]uint64, int(n)*r.words)
	r.ends = make([][]uint64, n)
	r.two = make([]uint64, r.words)
	prev := make([]uint64, len(r.reach))
	for range levels {
		copy(prev, r.reach)
		for s := range n {
			row := r.reach[int(s)*r.words : int(s+1)*r.words]
			for _, o := range r.outs[set[s]] {
				if o.digit == dig[s] {
					continue
				}
				row[o.id/64] |= 1 << (o.id % 64)
				for w, x := range prev[int(o.id)*r.words : int(o.id+1)*r.words] {
					row[w] |= x
				}
			}
		}
	}
	return r
}

// aim marks the ends worth reaching from the current start: the states
// of the target sets (a set and the digit it lacks) that leave the set
// two Z's or more (any first link will do), or exactly one (then the
// first link must not be by that digit).
func (r *alsReach) aim(targets []int, zTo []Digits) {
	clear(r.two)
	for z := r.oneUsed; z != 0; z &= z - 1 {
		clear(r.one[z.First()])
	}
	r.oneUsed = 0
	for _, j := range targets {
		for _, o := range r.ins[j] {
			left := zTo[j].Without(o.digit)
			switch left.Count() {
			case 0:
				continue
			case 1:
				z := left.First()
				if r.one[z] == nil {
					r.one[z] = make([]uint64, r.words)
				}
				r.one[z][o.id/64] |= 1 << (o.id % 64)
				r.oneUsed = r.oneUsed.With(z)
			default:
				r.two[o.id/64] |= 1 << (o.id % 64)
			}
		}
	}
}

// hits reports whether the first link into set next by x1 can reach, in
// two links or more, an end aim marked that leaves a Z other than x1.
func (r *alsReach) hits(next int, x1 uint8) bool {
	s1 := r.id[next*10+int(x1)]
	if s1 < 0 {
		return false
	}
	ends := r.ends[s1]
	if ends == nil {
		// the states two links or more past the first link
		ends = make([]uint64, r.words)
		for _, o := range r.outs[next] {
			if o.digit == x1 {
				continue
			}
			for w, x := range r.reach[int(o.id)*r.words : int(o.id+1)*r.words] {
				ends[w] |= x
			}
		}
		r.ends[s1] = ends
	}
	ones := r.oneUsed.Without(x1)
	for w, e := range ends {
		if e == 0 {
			continue
		}
		m := r.two[w]
		for z := ones; z != 0; z &= z - 1 {
			m |= r.one[z.First()][w]
		}
		if e&m != 0 {
			return true
		}
	}
	return false
}
