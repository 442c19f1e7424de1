package engine

import "iter"

// remotePairs finds chains of bivalue cells that all hold the same two
// digits, each seeing the next: along the chain the two digits alternate,
// so two cells an odd number of links apart (three or more) hold
// different digits, and any cell that sees both can hold neither.
type remotePairs struct{}

func (remotePairs) Name() TechniqueID { return chainNameRemotePairs }
func (remotePairs) Score() float64    { return scoreRemotePair }

func (t remotePairs) Find(b *Board) (Step, bool) { return first(t.All(b)) }

// All lists one step per chain (connected group of cells of one pair).
func (remotePairs) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		for x := uint8(1); x <= 9; x++ {
			for y := x + 1; y <= 9; y++ {
				pair := DigitSet(x, y)
				var cells []int
				for c := 0; c < NumCells; c++ {
					if b.Cands[c] == pair {
						cells = append(cells, c)
					}
				}
				if len(cells) >= 4 && !remotePairsIn(b, pair, cells, yield) {
					return
				}
			}
		}
	}
}

// remotePairsIn looks at the bivalue cells of one pair, component by
// component; it returns false when yield asked to stop.
func remotePairsIn(b *Board, pair Digits, cells []int, yield func(Step) bool) bool {
	n := len(cells)
	comp := make([]int, n)
	for i := range comp {
		comp[i] = -1
	}
	for root := 0; root < n; root++ {
		if comp[root] >= 0 {
			continue
		}
		// the component of root
		var members []int
		comp[root] = root
		queue := []int{root}
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			members = append(members, i)
			for j := 0; j < n; j++ {
				if comp[j] < 0 && SeesCell(cells[i], cells[j]) {
					comp[j] = root
					queue = append(queue, j)
				}
			}
		}
		if len(members) < 4 {
			continue
		}
		if s, ok := remotePairsComponent(b, pair, cells, members); ok && !yield(s) {
			return false
		}
	}
	return true
}

func remotePairsComponent(b *Board, pair Digits, cells []int, members []int) (Step, bool) {
	// distances between members (BFS from each); an odd distance of 3 or
	// more means different digits.
	m := len(members)
	dist := make([][]int, m)
	prev := make([][]int, m)
	for a := 0; a < m; a++ {
		dist[a] = make([]int, m)
		prev[a] = make([]int, m)
		for i := range dist[a] {
			dist[a][i] = -1
		}
		dist[a][a] = 0
		queue := []int{a}
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			for j := 0; j < m; j++ {
				if dist[a][j] < 0 && SeesCell(cells[members[i]], cells[members[j]]) {
					dist[a][j] = dist[a][i] + 1
					prev[a][j] = i
					queue = append(queue, j)
				}
			}
		}
	}
	inChain := map[int]bool{}
	for _, i := range members {
		inChain[cells[i]] = true
	}
	var elims []Candidate
	seen := map[Candidate]bool{}
	firstA, firstB := -1, -1
	for a := 0; a < m; a++ {
		for c := a + 1; c < m; c++ {
			if dist[a][c] < 3 || dist[a][c]%2 == 0 {
				continue
			}
			ca, cc := cells[members[a]], cells[members[c]]
			found := false
			for v := 0; v < NumCells; v++ {
				if inChain[v] || b.Cands[v]&pair == 0 || !SeesCell(v, ca) || !SeesCell(v, cc) {
					continue
				}
				for x := b.Cands[v] & pair; x != 0; x &= x - 1 {
					cd := Candidate{Cell: v, Digit: x.First()}
					if !seen[cd] {
						seen[cd] = true
						elims = append(elims, cd)
						found = true
					}
				}
			}
			if found && firstA < 0 {
				firstA, firstB = a, c
			}
		}
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	sortCands(elims)
	// the path between the first pair that eliminates, for the text
	var path []int
	for i := firstB; i != firstA; i = prev[firstA][i] {
		path = append(path, cells[members[i]])
	}
	path = append(path, cells[members[firstA]])
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	// Along the path the two digits alternate: the first cell's first
	// digit off turns its second on, which turns the next cell's second
	// off, and so on.
	ds := pair.Slice()
	s := Step{Technique: chainNameRemotePairs, Score: scoreRemotePair, Eliminations: elims}
	var nodes []chainNode
	off, on := ds[0], ds[1]
	for _, c := range path {
		nodes = append(nodes, chainNode{cells: []int{c}, d: off}, chainNode{cells: []int{c}, d: on, on: true})
		off, on = on, off
	}
	chainData(b, &s, nodes, false)
	s.Digits = pair
	for _, i := range members {
		if !containsInt(s.Cells, cells[i]) {
			s.Cells = append(s.Cells, cells[i])
		}
	}
	return s, true
}
