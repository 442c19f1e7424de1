package engine

import "testing"

// TestKrakenFish: every Kraken fish found where the pattern techniques
// stop on sxbank_diabolical puzzles (the first 200 of the first 10 they
// do not solve; they are many) is sound, removes a candidate of its cover units that no fin sees, and has
// one branch per fin, each ending in that removal.
func TestKrakenFish(t *testing.T) {
	t.Parallel() // pure: the engine keeps no state between calls
	recs := loadShared(t, "sxbank_diabolical.txt")
	tech := krakenFish{maxSize: 4, maxFins: 2}
	positions, found := 0, 0
	for _, r := range recs {
		if positions == 10 {
			break
		}
		g := MustParse(r.puzzle)
		sol, err := Solve(g)
		if err != nil {
			t.Fatal(err)
		}
		b := chainStuckBoard(t, g)
		if b.Solved() {
			continue
		}
		positions++
		n := 0
		for s := range tech.All(&b) {
			if n++; n > 200 {
				break
			}
			found++
			if err := checkStep(s, sol); err != nil {
				t.Fatalf("line %d: %v", r.line, err)
			}
			if why := checkStepShape(&b, tech, s); why != "" {
				t.Fatalf("line %d: %s", r.line, why)
			}
			if len(s.Eliminations) != 1 {
				t.Fatalf("line %d: %d eliminations: %v", r.line, len(s.Eliminations), s)
			}
			e := s.Eliminations[0]
			var fins []int
			inCover := false
			for _, p := range s.Pattern {
				if p.Role == RoleFin {
					fins = append(fins, p.Cell)
				}
			}
			for _, h := range s.Houses {
				if h.Role == RoleCover && unitSet[h.Unit].has(e.Cell) {
					inCover = true
				}
			}
			seesAll := true
			for _, f := range fins {
				seesAll = seesAll && SeesCell(f, e.Cell)
			}
			if !inCover || seesAll || len(fins) == 0 {
				t.Fatalf("line %d: %v with fins %v is no Kraken fish", r.line, s, fins)
			}
			assumed := 0
			for _, br := range s.Branches {
				assumed += 1 + len(br.Also)
				last := br.Steps[len(br.Steps)-1].Lit
				if last.Cell != e.Cell || last.Digit != e.Digit || last.On {
					t.Fatalf("line %d: branch from %s ends in %v", r.line, CellName(br.Assume.Cell), last)
				}
			}
			if assumed != len(fins) {
				t.Fatalf("line %d: %d branches for %d fins", r.line, assumed, len(fins))
			}
		}
	}
	if found == 0 {
		t.Error("no Kraken fish in 10 stuck positions")
	}
	t.Logf("%d Kraken fish in %d positions", found, positions)
}
