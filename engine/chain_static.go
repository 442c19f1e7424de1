package engine

import (
	"fmt"
	"iter"
	"strings"
)

// staticChain finds chains of static implications (the links of the
// current pencil marks, nothing assumed removed) from a candidate back to
// its own negation, the way Sudoku Explainer's forcing chains do, and
// reports them as the alternating inference chain they are: if the chain
// runs "A is not a, so ..., so B is b" then A=a or B=b holds, and every
// candidate that sees both is false. The rules select the family:
// X-Chain (one digit, links in units), XY-Chain (bivalue cells) or AIC
// (both).
type staticChain struct {
	name  string
	score float64
	rules chainRules
	// loops: when the chain's two ends cannot both be true, the chain
	// closes into a continuous nice loop, and every link of it eliminates.
	loops bool
	// groups lets the chain pass through grouped nodes: the two or three
	// places of a digit where a box and a line cross.
	groups bool
}

func (t staticChain) Name() string   { return t.name }
func (t staticChain) Score() float64 { return t.score }

// path returns the literals from the hypothesis to lit, following the one
// parent every literal of a static chain has.
func (p *chainProp) path(lit int) []int {
	var out []int
	var buf []int
	for {
		out = append(out, lit)
		if p.cause[lit] == causeAssumed {
			break
		}
		buf = p.parents(lit, buf[:0])
		if len(buf) == 0 {
			break
		}
		lit = buf[0]
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// weakLinked reports whether two distinct candidates cannot both be true:
// the same cell, or the same digit in cells that see each other.
func weakLinked(x, y Candidate) bool {
	if x == y {
		return false
	}
	return x.Cell == y.Cell || x.Digit == y.Digit && SeesCell(x.Cell, y.Cell)
}

// pathText writes a linear chain: "if r2c3 is not 5, then r7c3 is 5 (the
// only other place ...), so ...".
func (p *chainProp) pathText(path []int) string {
	var sb strings.Builder
	for i, l := range path {
		switch i {
		case 0:
			sb.WriteString("if ")
		case 1:
			sb.WriteString(", then ")
		default:
			sb.WriteString(", so ")
		}
		sb.WriteString(p.nodeText(l))
		if i > 0 {
			if r := p.reasonText(l); r != "" {
				sb.WriteString(" (" + r + ")")
			}
		}
	}
	return sb.String()
}

// All lists the chain found from every candidate (HoDoKu's tests look
// for one particular instance).
func (t staticChain) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		p := newChainProp(b)
		p.rules = t.rules
		p.groups = t.groups
		p.ignoreConflicts = true
		for cell := 0; cell < NumCells; cell++ {
			for x := b.Cands[cell]; x != 0; x &= x - 1 {
				ci := chainCand(cell, x.First())
				for _, on := range [2]bool{true, false} {
					start := chainLit(ci, on)
					p.stopAt = start ^ 1
					p.run(start)
					if !p.hit {
						continue
					}
					if s, ok := t.step(b, p, p.path(start^1)); ok && !yield(s) {
						return
					}
				}
			}
		}
		// Then every chain by its two ends: from "A is not a" to each
		// "B is b" it reaches.
		p.stopAt = -1
		var starts []int
		for cell := 0; cell < NumCells; cell++ {
			for x := b.Cands[cell]; x != 0; x &= x - 1 {
				starts = append(starts, chainLit(chainCand(cell, x.First()), false))
			}
		}
		if t.groups {
			for gi := range chainGroups {
				for d := uint8(1); d <= 9; d++ {
					if p.groupValid(gi, d) {
						starts = append(starts, chainLit(chainGroupNode(gi, d), false))
					}
				}
			}
		}
		for _, start := range starts {
			p.run(start)
			ends := append([]int16(nil), p.derived...)
			for _, l := range ends {
				end := int(l)
				if !chainLitOn(end) || end>>1 <= start>>1 {
					continue
				}
				inner := p.path(end)
				s := Step{Technique: t.name, Score: chainScore(t.score, len(inner)+2)}
				t.chainShape(&s, p, inner)
				if s, ok := t.endStep(b, p, inner, s); ok && !yield(s) {
					return
				}
			}
		}
		if !t.loops {
			return
		}
		// Then HoDoKu's nice loops and AICs, each distinct result once
		// (chain_loops.go); the grouped chains may pass through ALSs.
		g := newLoopGraph(b, t.groups, t.groups)
		done := map[string]bool{}
		if g.endSteps(t, done, yield) {
			g.loopSteps(t, yield)
		}
	}
}

func (t staticChain) Find(b *Board) (Step, bool) {
	p := newChainProp(b)
	p.rules = t.rules
	p.groups = t.groups
	p.ignoreConflicts = true
	bestN, bestStart := 1<<30, -1
	for cell := 0; cell < NumCells; cell++ {
		for x := b.Cands[cell]; x != 0; x &= x - 1 {
			d := x.First()
			ci := chainCand(cell, d)
			for _, on := range [2]bool{true, false} {
				start := chainLit(ci, on)
				p.stopAt = start ^ 1
				p.run(start)
				if !p.hit {
					continue
				}
				if n := len(p.path(start ^ 1)); n < bestN {
					bestN, bestStart = n, start
				}
			}
		}
	}
	if bestStart < 0 {
		return Step{}, false
	}
	p.stopAt = bestStart ^ 1
	p.run(bestStart)
	return t.step(b, p, p.path(bestStart^1))
}

// chainShape records the chain's cells, units, candidates and links.
func (t staticChain) chainShape(s *Step, p *chainProp, inner []int) {
	for i, l := range inner {
		for _, cd := range p.nodeCands(l >> 1) {
			if !containsInt(s.Cells, cd.Cell) {
				s.Cells = append(s.Cells, cd.Cell)
			}
			s.Proof = append(s.Proof, cd)
		}
		if p.cause[l] == causeHidden && !containsInt(s.Units, int(p.par[l])) {
			s.Units = append(s.Units, int(p.par[l]))
		}
		if i > 0 {
			s.Links = append(s.Links, Link{From: p.nodeCands(inner[i-1] >> 1)[0], To: p.nodeCands(l >> 1)[0], Strong: chainLitOn(l)})
		}
	}
}

// step turns the chain V, A, ..., B, not-V into a step.
func (t staticChain) step(b *Board, p *chainProp, path []int) (Step, bool) {
	s := Step{Technique: t.name, Score: chainScore(t.score, len(path))}
	inner := path[1 : len(path)-1]
	t.chainShape(&s, p, inner)
	v := chainCandOf(path[0])
	if !chainLitOn(path[0]) {
		// not-V leads to V: V is true, and (as SE and HoDoKu put it) the
		// cell's other candidates go.
		for x := b.Cands[v.Cell].Without(v.Digit); x != 0; x &= x - 1 {
			s.Eliminations = append(s.Eliminations, Candidate{Cell: v.Cell, Digit: x.First()})
		}
		if len(s.Eliminations) == 0 {
			s.Placements = []Candidate{v}
		}
		s.Text = fmt.Sprintf("%s: %s. Assuming %s leads to its opposite, so %s must be %d: remove %s.",
			t.name, capitalize(p.pathText(path)), litText(path[0]), CellName(v.Cell), v.Digit, candList(s.Eliminations))
		return s, true
	}
	return t.endStep(b, p, inner, s)
}

// endStep finishes the step of the chain inner, which runs from "A is
// not a" to "B is b": A=a or B=b, so every candidate that sees both goes
// (or, for a loop, every candidate that sees both ends of any link).
func (t staticChain) endStep(b *Board, p *chainProp, inner []int, s Step) (Step, bool) {
	// The chain's nodes, each as the candidates it stands for (a group
	// node stands for several).
	nodes := make([][]Candidate, len(inner))
	for i, l := range inner {
		nodes[i] = p.nodeCands(l >> 1)
	}
	first, last := nodes[0], nodes[len(nodes)-1]
	// Either every link holds both ways (a loop) or only the two ends
	// matter.
	loop := t.loops && len(nodes) >= 4 && p.nodesWeak(last, first)
	var pairs [][2][]Candidate
	if loop {
		for i := range nodes {
			pairs = append(pairs, [2][]Candidate{nodes[i], nodes[(i+1)%len(nodes)]})
		}
	} else {
		pairs = [][2][]Candidate{{first, last}}
	}
	// A loop's nodes stay; a chain's inner nodes may go too, when they
	// see both ends (the ends are true or false as a pair, whatever the
	// chain went through).
	keep := map[Candidate]bool{}
	for i, n := range nodes {
		if loop || i == 0 || i == len(nodes)-1 {
			for _, c := range n {
				keep[c] = true
			}
		}
	}
	seen := map[Candidate]bool{}
	for _, pr := range pairs {
		for cell := 0; cell < NumCells; cell++ {
			for x := b.Cands[cell]; x != 0; x &= x - 1 {
				c := Candidate{Cell: cell, Digit: x.First()}
				if !keep[c] && !seen[c] && p.nodesWeak([]Candidate{c}, pr[0]) && p.nodesWeak([]Candidate{c}, pr[1]) {
					seen[c] = true
					s.Eliminations = append(s.Eliminations, c)
				}
			}
		}
	}
	if len(s.Eliminations) == 0 {
		return Step{}, false
	}
	sortCands(s.Eliminations)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %s. So either %s or %s",
		t.name, capitalize(p.pathText(inner)), p.nodeText(inner[0]^1), p.nodeText(inner[len(inner)-1]))
	if loop {
		fmt.Fprintf(&sb, "; and since %s and %s cannot both hold, the chain closes into a loop in which every link holds both ways, so every candidate that sees both ends of a link is false",
			p.nodeText(inner[len(inner)-1]), p.nodeText(inner[0]^1))
	} else {
		sb.WriteString("; every candidate that sees both is false")
	}
	fmt.Fprintf(&sb, ": remove %s.", candList(s.Eliminations))
	s.Text = sb.String()
	return s, true
}

func containsInt(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
