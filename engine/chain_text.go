package engine

import (
	"fmt"
	"math"
	"strings"
)

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

// litText says a literal in words: "r1c5 is 7" or "r1c5 is not 7".
func litText(lit int) string {
	if chainLitOn(lit) {
		return fmt.Sprintf("%s is %d", CellName(chainLitCell(lit)), chainLitDigit(lit))
	}
	return fmt.Sprintf("%s is not %d", CellName(chainLitCell(lit)), chainLitDigit(lit))
}

// sharedUnitName names a unit that two distinct peer cells share, the
// row or column before the box.
func sharedUnitName(a, b int) string {
	for i := 0; i < 3; i++ {
		if CellUnits[a][i] == CellUnits[b][i] {
			return UnitName(CellUnits[a][i])
		}
	}
	return ""
}

// reasonText says why the propagation derived lit, for a player who
// follows the chain step by step.
func (p *chainProp) reasonText(lit int) string {
	if chainIsGroup(lit>>1) || p.cause[lit] == causePeerOn && chainIsGroup(int(p.par[lit])>>1) {
		return p.groupReason(lit)
	}
	cell, d := chainLitCell(lit), chainLitDigit(lit)
	switch p.cause[lit] {
	case causeCellOn:
		return fmt.Sprintf("%s already holds %d", CellName(cell), chainLitDigit(int(p.par[lit])))
	case causePeerOn:
		o := chainLitCell(int(p.par[lit]))
		return fmt.Sprintf("%s is %d in the same %s", CellName(o), d, strings.Fields(sharedUnitName(cell, o))[0])
	case causeNaked:
		return fmt.Sprintf("the only candidate left in %s", CellName(cell))
	case causeHidden:
		return fmt.Sprintf("the only place left for %d in %s", d, UnitName(int(p.par[lit])))
	case causeAdvanced:
		return p.adv[p.par[lit]].text()
	}
	return ""
}

// netText lists, in order, how the hypothesis leads to the given
// literals: "If r1c2 is 4, then r1c5 is not 4 (...), so r1c5 is 7 (...),
// ...". Only the implications the targets depend on are listed.
func (p *chainProp) netText(targets ...int) string {
	return p.litsText(p.ancestors(targets...))
}

// litsText writes literals derived in order, the first the hypothesis.
func (p *chainProp) litsText(anc []int) string {
	var sb strings.Builder
	for i, l := range anc {
		switch {
		case i == 0:
			sb.WriteString("if ")
			sb.WriteString(litText(l))
		case i == 1:
			sb.WriteString(", then ")
			sb.WriteString(p.nodeText(l))
		default:
			sb.WriteString(", so ")
			sb.WriteString(p.nodeText(l))
		}
		if i > 0 {
			if r := p.reasonText(l); r != "" {
				sb.WriteString(" (")
				sb.WriteString(r)
				sb.WriteString(")")
			}
		}
	}
	return sb.String()
}

// chainLinks draws the implications behind the targets: a strong link
// into every literal turned on, a weak link into every literal turned off.
func (p *chainProp) chainLinks(targets ...int) []Link {
	var links []Link
	var buf []int
	for _, l := range p.ancestors(targets...) {
		buf = p.parents(l, buf[:0])
		for _, q := range buf {
			if len(links) >= 200 {
				return links
			}
			links = append(links, Link{From: chainCandOf(q), To: chainCandOf(l), Strong: chainLitOn(l)})
		}
	}
	return links
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

// candList writes candidates grouped by digit: "5 from r1c2, r3c4; 7 from
// r9c9".
func candList(cs []Candidate) string {
	var byDigit [10][]string
	for _, c := range cs {
		byDigit[c.Digit] = append(byDigit[c.Digit], CellName(c.Cell))
	}
	var parts []string
	for d := 1; d <= 9; d++ {
		if len(byDigit[d]) > 0 {
			parts = append(parts, fmt.Sprintf("%d from %s", d, strings.Join(byDigit[d], ", ")))
		}
	}
	return strings.Join(parts, "; ")
}

// capitalize upper-cases the first letter of a sentence.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// sortCands orders candidates by cell, then digit, so steps are stable.
func sortCands(cs []Candidate) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && (cs[j].Cell < cs[j-1].Cell || cs[j].Cell == cs[j-1].Cell && cs[j].Digit < cs[j-1].Digit); j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}
