package engine

import (
	"errors"
	"fmt"
	"slices"
)

// checkBranches checks a forcing chain step's branches: every implication
// follows, for the reason it gives, from literals stated before it in its
// branch; a branch of a common conclusion ends in that conclusion; a
// contradiction states its candidate both ways; nested cases split one
// cell; and the pattern shows the assumptions and the result.
func checkBranches(b *Board, s Step) error {
	if len(s.Branches) == 0 {
		return errors.New("no branches")
	}
	var target Lit
	switch {
	case len(s.Placements) == 1 && len(s.Eliminations) == 0:
		target = Lit{Cell: s.Placements[0].Cell, Digit: s.Placements[0].Digit, On: true}
	case len(s.Eliminations) == 1 && len(s.Placements) == 0:
		target = Lit{Cell: s.Eliminations[0].Cell, Digit: s.Eliminations[0].Digit}
	default:
		return fmt.Errorf("result %v %v is not one literal", s.Placements, s.Eliminations)
	}
	refute := s.Variant == VariantContradiction || s.Variant == VariantNested
	if refute {
		if len(s.Branches) != 1 {
			return fmt.Errorf("%d branches for one assumption", len(s.Branches))
		}
		a := s.Branches[0].Assume
		if a.Cell != target.Cell || a.Digit != target.Digit || a.On == target.On {
			return fmt.Errorf("assumption %v is not the opposite of the result %v", a, target)
		}
	}
	for i, br := range s.Branches {
		if err := checkBranch(b, br, nil); err != nil {
			return fmt.Errorf("branch %d: %w", i+1, err)
		}
		if refute {
			continue
		}
		if br.Contradiction != nil || len(br.Sub) > 0 {
			return fmt.Errorf("branch %d of a common conclusion ends in a contradiction or cases", i+1)
		}
		if n := len(br.Steps); n == 0 || !sameLit(br.Steps[n-1].Lit, target) {
			return fmt.Errorf("branch %d does not end in the result %v", i+1, target)
		}
	}
	roles := map[Role]bool{}
	for _, pc := range s.Pattern {
		roles[pc.Role] = true
	}
	want := RoleEliminated
	if target.On {
		want = RolePlaced
	}
	if !roles[RoleAssumption] || !roles[want] {
		return fmt.Errorf("pattern lacks the assumption or the result: %v", s.Pattern)
	}
	return nil
}

// checkBranch checks one branch; known are the literals true in the
// branches around it (a nested case's parents).
func checkBranch(b *Board, br Branch, known []Lit) error {
	stated := append(slices.Clone(known), br.Assume)
	stated = append(stated, br.Also...)
	has := func(l Lit) bool {
		return slices.ContainsFunc(stated, func(x Lit) bool { return sameLit(x, l) })
	}
	for k, im := range br.Steps {
		l := im.Lit
		if !b.Cands[l.Cell].Has(l.Digit) {
			return fmt.Errorf("step %d: %v is not a candidate", k+1, l)
		}
		for _, f := range im.From {
			if !has(f) {
				return fmt.Errorf("step %d (%v) follows from %v, not stated before", k+1, l, f)
			}
		}
		ok := true
		switch im.Reason {
		case ReasonSameCell:
			ok = !l.On && len(im.From) == 1 && im.From[0].On && im.From[0].Cell == l.Cell && im.From[0].Digit != l.Digit
		case ReasonSameUnit:
			f := im.From
			ok = !l.On && len(f) == 1 && f[0].On && f[0].Digit == l.Digit && im.Unit >= 0 &&
				slices.Contains(UnitCells[im.Unit][:], f[0].Cell) && slices.Contains(UnitCells[im.Unit][:], l.Cell)
		case ReasonNakedSingle:
			ok = l.On && len(im.From) > 0
			for _, f := range im.From {
				ok = ok && !f.On && f.Cell == l.Cell
			}
		case ReasonHiddenSingle:
			ok = l.On && len(im.From) > 0 && im.Unit >= 0 && slices.Contains(UnitCells[im.Unit][:], l.Cell)
			for _, f := range im.From {
				ok = ok && !f.On && f.Digit == l.Digit && slices.Contains(UnitCells[im.Unit][:], f.Cell)
			}
		case ReasonPattern:
			ok = !l.On && im.Technique != "" && len(im.Units) > 0 && len(im.From) > 0
		default:
			ok = false
		}
		if !ok {
			return fmt.Errorf("step %d: %v does not follow from %v by %s", k+1, l, im.From, im.Reason)
		}
		stated = append(stated, l)
	}
	if c := br.Contradiction; c != nil {
		on, off := Lit{Cell: c.Cell, Digit: c.Digit, On: true}, Lit{Cell: c.Cell, Digit: c.Digit}
		if c.Kind != ContradictionBoth || !has(on) || !has(off) {
			return fmt.Errorf("contradiction %+v is not stated both ways", *c)
		}
		if len(br.Sub) > 0 {
			return errors.New("a branch both contradicts itself and splits into cases")
		}
		return nil
	}
	if len(br.Sub) == 0 {
		return nil
	}
	cell := br.Sub[0].Assume.Cell
	for i, sub := range br.Sub {
		if sub.Assume.Cell != cell || !sub.Assume.On {
			return fmt.Errorf("case %d (%v) is not a digit of %s", i+1, sub.Assume, CellName(cell))
		}
		if sub.Contradiction == nil && len(sub.Sub) == 0 {
			return fmt.Errorf("case %d (%v) ends in neither a contradiction nor cases", i+1, sub.Assume)
		}
		if err := checkBranch(b, sub, stated); err != nil {
			return fmt.Errorf("case %d (%v): %w", i+1, sub.Assume, err)
		}
	}
	return nil
}
