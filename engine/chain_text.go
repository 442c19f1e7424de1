package engine

import "math"

// chainLengthBonus is Sudoku Explainer's length bonus for a chain of the
// given complexity (the number of nodes, the hypothesis counted): 0.1 for
// each threshold 4, 6, 8, 12, 16, 24, 32, ... that complexity-2 exceeds
// (SE 1.2.1 ChainingHint.getLengthDifficulty).
func chainLengthBonus(complexity int) float64 {
	length := complexity - 2
	added, ceil, odd := 0, 4, false
	for length > ceil {
		added++
		if odd {
			ceil = ceil * 4 / 3
		} else {
			ceil = ceil * 3 / 2
		}
		odd = !odd
	}
	return float64(added) / 10
}

// chainScore adds the length bonus to a base rating, rounded to one
// decimal as SE prints it.
func chainScore(base float64, complexity int) float64 {
	return math.Round((base+chainLengthBonus(complexity))*10) / 10
}

// chainCandOf turns a literal into the candidate it speaks about.
func chainCandOf(lit int) Candidate {
	return Candidate{Cell: chainLitCell(lit), Digit: chainLitDigit(lit)}
}

// chainProofOf gathers the cells, units and candidates of the literals
// the targets depend on, for highlighting.
func (p *chainProp) chainProofOf(s *Step, targets ...int) {
	seenCell := map[int]bool{}
	seenUnit := map[int]bool{}
	seenCand := map[Candidate]bool{}
	for _, c := range s.Cells {
		seenCell[c] = true
	}
	for _, u := range s.Units {
		seenUnit[u] = true
	}
	for _, c := range s.Proof {
		seenCand[c] = true
	}
	for _, l := range p.ancestors(targets...) {
		c := chainLitCell(l)
		if !seenCell[c] {
			seenCell[c] = true
			s.Cells = append(s.Cells, c)
		}
		if cd := chainCandOf(l); !seenCand[cd] {
			seenCand[cd] = true
			s.Proof = append(s.Proof, cd)
		}
		if p.cause[l] == causeHidden {
			if u := int(p.par[l]); !seenUnit[u] {
				seenUnit[u] = true
				s.Units = append(s.Units, u)
			}
		}
	}
}

// sortCands orders candidates by cell, then digit, so steps are stable.
func sortCands(cs []Candidate) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && (cs[j].Cell < cs[j-1].Cell || cs[j].Cell == cs[j-1].Cell && cs[j].Digit < cs[j-1].Digit); j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// chainLitOf turns a literal of the propagation into a Lit.
func chainLitOf(lit int) Lit {
	return Lit{Cell: chainLitCell(lit), Digit: chainLitDigit(lit), On: chainLitOn(lit)}
}

// sharedUnit returns a unit that two distinct peer cells share, the row
// or column before the box; -1 if they are not peers.
func sharedUnit(a, b int) int {
	for i := 0; i < 3; i++ {
		if CellUnits[a][i] == CellUnits[b][i] {
			return CellUnits[a][i]
		}
	}
	return -1
}

// implication says, as data, why the propagation derived lit and from
// which literals.
func (p *chainProp) implication(lit int) Implication {
	im := Implication{Lit: chainLitOf(lit), Unit: -1}
	for _, q := range p.parents(lit, nil) {
		im.From = append(im.From, chainLitOf(q))
	}
	switch p.cause[lit] {
	case causeAssumed:
		im.Reason = ReasonAssumed
	case causeCellOn:
		im.Reason = ReasonSameCell
	case causePeerOn:
		im.Reason = ReasonSameUnit
		im.Unit = sharedUnit(chainLitCell(lit), chainLitCell(int(p.par[lit])))
	case causeNaked:
		im.Reason = ReasonNakedSingle
	case causeHidden:
		im.Reason = ReasonHiddenSingle
		im.Unit = int(p.par[lit])
	case causeAdvanced:
		a := &p.adv[p.par[lit]]
		im.Reason = ReasonPattern
		im.Digits = a.digits
		switch a.kind {
		case advPointing:
			im.Technique, im.Units = PatternPointing, []int{a.u1, a.u2}
		case advClaiming:
			im.Technique, im.Units = PatternClaiming, []int{a.u1, a.u2}
		case advNakedPair:
			im.Technique, im.Units, im.Cells = PatternNakedPair, []int{a.u1}, []int{a.c1, a.c2}
		case advHiddenPair:
			im.Technique, im.Units, im.Cells = PatternHiddenPair, []int{a.u1}, []int{a.c1, a.c2}
		default:
			im.Technique, im.Units = PatternXWing, []int{a.u1, a.u2}
		}
	}
	return im
}

// proofOrder lists the literals the targets depend on (themselves
// included) so that a reader meets each right after what it follows from:
// depth first, premises before their conclusion, the earliest derived
// premise first. It holds the same literals as ancestors.
func (p *chainProp) proofOrder(targets ...int) []int {
	roots := append([]int(nil), targets...)
	sortInts(roots, func(a, b int) bool { return p.ord[a] < p.ord[b] })
	seen := make(map[int]bool)
	var out []int
	var visit func(l int)
	visit = func(l int) {
		if seen[l] {
			return
		}
		seen[l] = true
		par := p.parents(l, nil)
		sortInts(par, func(a, b int) bool { return p.ord[a] < p.ord[b] })
		for _, q := range par {
			visit(q)
		}
		out = append(out, l)
	}
	for _, t := range roots {
		visit(t)
	}
	return out
}

// branch is the proof of the targets from the assumption of the last run:
// the implications they need, each after those it follows from (see
// proofOrder), the assumption left out (it is the branch's Assume).
func (p *chainProp) branch(assume int, targets ...int) Branch {
	br := Branch{Assume: chainLitOf(assume)}
	for _, l := range p.proofOrder(targets...) {
		if p.cause[l] == causeAssumed {
			continue
		}
		br.Steps = append(br.Steps, p.implication(l))
	}
	return br
}

// maxBranchLinks bounds the links a forcing chain's picture draws.
const maxBranchLinks = 200

// branchLinks lists the implications of the branches that are links at
// position b: a weak link from a true candidate to one it rules out (same
// cell, or same digit in a peer) and a strong link from a false candidate
// to a true one when they are the only two candidates of a cell or the only
// two places of a digit in a unit. Implications that hold only inside a
// branch (a single that the branch's own eliminations make) are not links
// of the position and are left to the branches.
func branchLinks(b *Board, brs []Branch) []Link {
	var links []Link
	seen := map[[2]Candidate]bool{}
	var walk func(brs []Branch)
	walk = func(brs []Branch) {
		for _, br := range brs {
			for _, im := range br.Steps {
				for _, f := range im.From {
					if len(links) >= maxBranchLinks {
						return
					}
					from, to := Candidate{f.Cell, f.Digit}, Candidate{im.Lit.Cell, im.Lit.Digit}
					if seen[[2]Candidate{from, to}] || !realLink(b, f, im.Lit) {
						continue
					}
					seen[[2]Candidate{from, to}] = true
					links = append(links, Link{From: from, To: to, Strong: im.Lit.On})
				}
			}
			walk(br.Sub)
		}
	}
	walk(brs)
	return links
}

// realLink reports whether "from, so to" is a link of position b: weak
// (from true, to false) or strong (from false, to true).
func realLink(b *Board, from, to Lit) bool {
	if len(from.Group) > 0 || len(to.Group) > 0 || from.Cell == to.Cell && from.Digit == to.Digit {
		return false
	}
	for _, l := range [2]Lit{from, to} {
		if b.Grid[l.Cell] != 0 || !b.Cands[l.Cell].Has(l.Digit) {
			return false
		}
	}
	switch {
	case from.On && !to.On: // weak
		if from.Cell == to.Cell {
			return from.Digit != to.Digit
		}
		return from.Digit == to.Digit && SeesCell(from.Cell, to.Cell)
	case !from.On && to.On: // strong
		if from.Cell == to.Cell {
			return from.Digit != to.Digit && b.Cands[from.Cell] == DigitSet(from.Digit, to.Digit)
		}
		if from.Digit != to.Digit {
			return false
		}
		for _, u := range CellUnits[from.Cell] {
			places, both := 0, false
			for _, c := range UnitCells[u] {
				if b.Grid[c] == 0 && b.Cands[c].Has(from.Digit) {
					places++
					both = both || c == to.Cell
				}
			}
			if places == 2 && both {
				return true
			}
		}
	}
	return false
}
