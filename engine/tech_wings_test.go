package engine

import (
	"fmt"
	"slices"
	"testing"
)

// TestWingsData checks the structured data of the single-digit patterns
// and the wings on hand-made positions: the pattern's cells with their
// roles (the result included), the houses and the links.
func TestWingsData(t *testing.T) {
	r := func(row, col int) int { return CellAt(row-1, col-1) }
	withCands := func(cands map[int]Digits) Board {
		b := NewBoard(Grid{})
		for c, ds := range cands {
			b.Cands[c] = ds
		}
		return b
	}
	erBoard := emptyBoardWith(9, []int{FirstBox, FirstCol + 6}, r(1, 2), r(3, 2), r(2, 1), r(2, 3), r(2, 7), r(7, 7))
	wBoard := emptyBoardWith(4, []int{FirstRow + 4}, r(5, 2), r(5, 6))
	wBoard.Cands[r(1, 2)] = DigitSet(4, 7)
	wBoard.Cands[r(8, 6)] = DigitSet(4, 7)
	tests := []struct {
		name    string
		tech    Technique
		board   Board
		pattern []string // "cell role digits group", in pattern order
		houses  []string // "unit role"
		links   []string // "from-to" or "from=to" (strong), groups as [cells]
		variant string
	}{
		{
			name:  "skyscraper",
			tech:  singleDigitChain{kind: sdSkyscraper},
			board: emptyBoardWith(9, []int{FirstRow + 1, FirstRow + 6}, r(2, 2), r(2, 7), r(7, 3), r(7, 7)),
			pattern: []string{"r2c2 link-off 9 0", "r2c7 link-on 9 0", "r7c7 link-off 9 0", "r7c3 link-on 9 1",
				"r1c3 eliminated 9 0", "r3c3 eliminated 9 0", "r8c2 eliminated 9 0", "r9c2 eliminated 9 0"},
			houses: []string{"row 2 unit", "row 7 unit"},
			links:  []string{"r2c2#9=r2c7#9", "r2c7#9-r7c7#9", "r7c7#9=r7c3#9"},
		},
		{
			name:  "empty rectangle",
			tech:  emptyRectangle{},
			board: erBoard,
			pattern: []string{"r7c7 link-off 9 0", "r2c7 link-on 9 0", "r2c1 link-off 9 1", "r2c3 link-off 9 1",
				"r1c2 link-on 9 1", "r3c2 link-on 9 1", "r7c2 eliminated 9 0"},
			houses: []string{"box 1 er-box", "column 7 unit"},
			links:  []string{"r7c7#9=r2c7#9", "r2c7#9-[r2c1 r2c3]#9", "[r2c1 r2c3]#9=[r1c2 r3c2]#9"},
		},
		{
			name:  "xy-wing",
			tech:  xyWing{},
			board: withCands(map[int]Digits{r(5, 5): DigitSet(1, 2), r(5, 1): DigitSet(1, 3), r(2, 5): DigitSet(2, 3)}),
			pattern: []string{"r5c5 pivot 12 0", "r5c1 pincer 13 0", "r2c5 pincer 23 1",
				"r2c1 eliminated 3 0"},
			houses: []string{"row 5 unit", "column 5 unit"},
			links:  []string{"r5c1#3=r5c1#1", "r5c1#1-r5c5#1", "r5c5#1=r5c5#2", "r5c5#2-r2c5#2", "r2c5#2=r2c5#3"},
		},
		{
			name:  "w-wing",
			tech:  wWing{},
			board: wBoard,
			pattern: []string{"r1c2 pincer 47 0", "r8c6 pincer 47 1", "r5c2 link-off 4 0", "r5c6 link-on 4 0",
				"r1c6 eliminated 7 0", "r8c2 eliminated 7 0"},
			houses: []string{"row 5 unit"},
			links:  []string{"r1c2#7=r1c2#4", "r1c2#4-r5c2#4", "r5c2#4=r5c6#4", "r5c6#4-r8c6#4", "r8c6#4=r8c6#7"},
		},
		{
			name:  "colour trap",
			tech:  simpleColouring{},
			board: emptyBoardWith(5, []int{FirstRow, FirstCol + 4, FirstBox}, r(1, 1), r(1, 5), r(6, 5), r(3, 2)),
			pattern: []string{"r1c1 colour-a 5 0", "r6c5 colour-a 5 0", "r1c5 colour-b 5 0", "r3c2 colour-b 5 0",
				"r6c2 eliminated 5 0"},
			houses:  []string{"row 1 unit", "box 1 unit", "column 5 unit"},
			links:   []string{"r1c1#5=r1c5#5", "r1c1#5=r3c2#5", "r1c5#5=r6c5#5"},
			variant: "trap",
		},
		{
			name: "wxyz-wing",
			tech: wxyzWing{},
			board: withCands(map[int]Digits{r(1, 1): DigitSet(1, 2, 3, 4), r(1, 2): DigitSet(1, 4),
				r(1, 3): DigitSet(2, 4), r(4, 1): DigitSet(3, 4)}),
			pattern: []string{"r1c1 pivot 1234 0", "r1c2 pincer 14 0", "r1c3 pincer 24 1", "r4c1 pincer 34 2",
				"r2c1 eliminated 4 0", "r3c1 eliminated 4 0"},
			houses: []string{"row 1 unit", "column 1 unit"},
		},
	}
	cand := func(c Candidate, group []int) string {
		if len(group) == 0 {
			return c.String()
		}
		names := make([]string, len(group))
		for i, g := range group {
			names[i] = CellName(g)
		}
		return fmt.Sprintf("%v#%d", names, c.Digit)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.board
			s, ok := tt.tech.Find(&b)
			if !ok {
				t.Fatal("not found")
			}
			var pattern, hs, links []string
			for _, p := range s.Pattern {
				pattern = append(pattern, fmt.Sprintf("%s %s %s %d", CellName(p.Cell), p.Role, p.Digits, p.Group))
			}
			for _, h := range s.Houses {
				hs = append(hs, fmt.Sprintf("%s %s", UnitName(h.Unit), h.Role))
			}
			for _, l := range s.Links {
				sep := "-"
				if l.Strong {
					sep = "="
				}
				links = append(links, cand(l.From, l.FromGroup)+sep+cand(l.To, l.ToGroup))
			}
			if !slices.Equal(pattern, tt.pattern) {
				t.Errorf("pattern:\n%q\nwant:\n%q", pattern, tt.pattern)
			}
			if !slices.Equal(hs, tt.houses) {
				t.Errorf("houses %q, want %q", hs, tt.houses)
			}
			if !slices.Equal(links, tt.links) {
				t.Errorf("links %q, want %q", links, tt.links)
			}
			if s.Variant != tt.variant {
				t.Errorf("variant %q, want %q", s.Variant, tt.variant)
			}
			// The pattern's result is the step's result.
			var elims []Candidate
			for _, p := range s.Pattern {
				if p.Role == RoleEliminated {
					for _, d := range p.Digits.Slice() {
						elims = append(elims, Candidate{p.Cell, d})
					}
				}
			}
			if fmt.Sprint(reglibResult(nil, elims)) != fmt.Sprint(reglibResult(s.Placements, s.Eliminations)) {
				t.Errorf("pattern eliminates %v, step %v", elims, s.Eliminations)
			}
		})
	}
}
