package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestCatalogueOrder(t *testing.T) {
	cat := Catalogue()
	if len(cat) < len(patternTechniques()) {
		t.Fatalf("catalogue has %d techniques, fewer than the %d pattern ones", len(cat), len(patternTechniques()))
	}
	for i := 1; i < len(cat); i++ {
		if cat[i].Score() < cat[i-1].Score() {
			t.Errorf("%s (%.1f) after %s (%.1f)", cat[i].Name(), cat[i].Score(), cat[i-1].Name(), cat[i-1].Score())
		}
	}
	seen := map[string]bool{}
	for _, tech := range cat {
		key := fmt.Sprintf("%s %.1f", tech.Name(), tech.Score())
		if seen[key] {
			t.Errorf("%s twice in the catalogue", key)
		}
		seen[key] = true
		if tech.Score() < scoreFullHouse || tech.Score() > 12 {
			t.Errorf("%s has score %.1f outside the SE scale", tech.Name(), tech.Score())
		}
	}
	for _, want := range []string{"Full House", "Hidden Single", "Naked Single", "Direct Pointing", "Direct Claiming",
		"Direct Hidden Pair", "Direct Hidden Triple", "Pointing", "Claiming", "Naked Pair", "Naked Triple", "Naked Quad",
		"Hidden Pair", "Hidden Triple", "Hidden Quad", "X-Wing", "Swordfish", "Jellyfish", "Finned X-Wing",
		"Finned Swordfish", "Finned Jellyfish", "Skyscraper", "2-String Kite", "Turbot Fish", "Empty Rectangle",
		"Simple Colouring", "Multi-Colouring", "XY-Wing", "XYZ-Wing", "W-Wing", "WXYZ-Wing",
		"Unique Rectangle Type 1", "Unique Rectangle Type 2", "Unique Rectangle Type 3", "Unique Rectangle Type 4",
		"Hidden Rectangle", "BUG+1"} {
		found := false
		for _, tech := range cat {
			found = found || tech.Name().String() == want
		}
		if !found {
			t.Errorf("catalogue lacks %s", want)
		}
	}
}

// TestSEOrder pins the SE ratings DESIGN.md lists.
func TestSEOrder(t *testing.T) {
	want := []struct {
		tech  Technique
		score float64
	}{
		{fullHouse{}, 1.0}, {hiddenSingle{box: true}, 1.2}, {hiddenSingle{}, 1.5},
		{intersection{direct: true}, 1.7}, {intersection{claiming: true, direct: true}, 1.9},
		{hiddenSubset{size: 2, direct: true}, 2.0}, {nakedSingle{}, 2.3}, {hiddenSubset{size: 3, direct: true}, 2.5},
		{intersection{}, 2.6}, {intersection{claiming: true}, 2.8}, {nakedSubset{size: 2}, 3.0}, {fish{size: 2}, 3.2},
		{hiddenSubset{size: 2}, 3.4}, {nakedSubset{size: 3}, 3.6}, {fish{size: 3}, 3.8}, {hiddenSubset{size: 3}, 4.0},
		{xyWing{}, 4.2}, {xyzWing{}, 4.4}, {uniqueRectangle{kind: 1}, 4.5}, {nakedSubset{size: 4}, 5.0},
		{fish{size: 4}, 5.2}, {hiddenSubset{size: 4}, 5.4}, {bugPlusOne{}, 5.6},
	}
	for _, w := range want {
		if w.tech.Score() != w.score {
			t.Errorf("%s: score %.1f, want %.1f", w.tech.Name(), w.tech.Score(), w.score)
		}
	}
}

func TestLevels(t *testing.T) {
	tests := []struct {
		score float64
		want  Level
	}{
		{0, LevelEasy}, {1.0, LevelEasy}, {1.5, LevelEasy}, {1.6, LevelMedium}, {2.5, LevelMedium},
		{2.6, LevelHard}, {3.9, LevelHard}, {4.0, LevelExpert}, {5.9, LevelExpert}, {6.0, LevelMaster},
		{7.9, LevelMaster}, {8.0, LevelExtreme}, {11.9, LevelExtreme},
		{roundScore(6.5 + 0.1), LevelMaster}, {1.2 + 0.3, LevelEasy},
	}
	for _, tt := range tests {
		if got := LevelForScore(tt.score); got != tt.want {
			t.Errorf("LevelForScore(%v) = %v, want %v", tt.score, got, tt.want)
		}
	}
	for _, l := range Levels {
		got, err := ParseLevel(" " + strings.ToUpper(l.String()) + " ")
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, err)
		}
		if LevelForScore(l.MinScore()) != l {
			t.Errorf("%v: MinScore %.1f is in level %v", l, l.MinScore(), LevelForScore(l.MinScore()))
		}
	}
	if _, err := ParseLevel("diabolical"); !errors.Is(err, ErrUnknownLevel) || !strings.Contains(err.Error(), "diabolical") {
		t.Errorf("ParseLevel(diabolical) error = %v, want ErrUnknownLevel naming it", err)
	}
	if s := Level(42).String(); s != "Level(42)" {
		t.Errorf("Level(42).String() = %q", s)
	}
}

func TestSolvePathErrors(t *testing.T) {
	const easy = "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	tests := []struct {
		name string
		grid string
		want error
	}{
		{"conflict", "55" + easy[2:], ErrInvalid},
		{"empty grid", strings.Repeat("0", 81), ErrMultipleSolutions},
		{"no solution", "123456780000000009" + strings.Repeat("0", 63), ErrNoSolution},
	}
	for _, tt := range tests {
		_, err := SolvePath(MustParse(tt.grid))
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.want)
		}
	}
}

func TestSolvePath(t *testing.T) {
	// SE 3.2 (sxbank_hard.txt, public domain).
	g := MustParse("040060072500800000600047000450006010007000200060500094000450009000001008890030040")
	p, err := SolvePath(g)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Solved || p.Final.Grid != p.Solution {
		t.Fatalf("not solved: %d steps", len(p.Steps))
	}
	if err := checkPathSound(g, p); err != nil {
		t.Fatal(err)
	}
	h, ok := p.Hardest()
	if !ok || h.Score != p.Score() || p.Level() != LevelForScore(p.Score()) {
		t.Errorf("hardest %v (%v), score %.1f, level %v", h.Technique, ok, p.Score(), p.Level())
	}
	for i, s := range p.Steps {
		if len(s.Cells) == 0 || len(s.Units) == 0 || len(s.Proof) == 0 {
			t.Errorf("step %d (%s) lacks cells, units or proof: %+v", i+1, s.Technique, s)
		}
	}
	// The path always takes the easiest step: no step is followed by one
	// that was already available and easier. Check the first few.
	b := NewBoard(g)
	for i, s := range p.Steps[:10] {
		for _, tech := range Catalogue() {
			if tech.Score() >= s.Score {
				break
			}
			if other, ok := tech.Find(&b); ok {
				t.Errorf("step %d took %s (%.1f) but %s (%.1f) was available", i+1, s.Technique, s.Score, other.Technique, other.Score)
			}
		}
		b.Apply(s)
	}

	limited, err := SolvePathWith(g, PathOptions{MaxScore: 1.5})
	if err != nil || limited.Solved || limited.Score() > 1.5 {
		t.Errorf("MaxScore 1.5: solved=%v score=%.1f err=%v", limited.Solved, limited.Score(), err)
	}
	short, err := SolvePathWith(g, PathOptions{MaxSteps: 3})
	if err != nil || len(short.Steps) != 3 {
		t.Errorf("MaxSteps 3: %d steps, err=%v", len(short.Steps), err)
	}
}

// emptyBoardWith is an empty grid whose candidates for digit d are
// limited to the given cells in the given units.
func emptyBoardWith(d uint8, units []int, keep ...int) Board {
	b := NewBoard(Grid{})
	var k cellSet
	for _, c := range keep {
		k.add(c)
	}
	for _, u := range units {
		for _, c := range UnitCells[u] {
			if !k.has(c) {
				b.Eliminate(c, d)
			}
		}
	}
	return b
}

// stepData is a step's pattern and houses, as a fixture compares them:
// "base r2c3#5, eliminated r1c3#5 | base row 2, cover column 3".
func stepData(s Step) string {
	var pat, hs []string
	for _, p := range s.Pattern {
		cell := CellName(p.Cell)
		if p.Digits != 0 {
			cell += "#" + p.Digits.String()
		}
		pat = append(pat, fmt.Sprintf("%s %s", p.Role, cell))
	}
	for _, h := range s.Houses {
		hs = append(hs, fmt.Sprintf("%s %s", h.Role, UnitName(h.Unit)))
	}
	return strings.Join(pat, ", ") + " | " + strings.Join(hs, ", ")
}

func transposeBoard(b Board) Board { return reglibTransforms[1].board(b) }

// TestTechniqueFixtures checks a hand-made position per technique: the
// step's text (or, for a technique that no longer writes text, its pattern
// and houses, see stepData), and the same step on the transposed copy.
func TestTechniqueFixtures(t *testing.T) {
	r := func(row, col int) int { return CellAt(row-1, col-1) }
	tests := []struct {
		name  string
		tech  Technique
		board Board
		text  string
	}{
		{
			name:  "hidden single",
			tech:  hiddenSingle{},
			board: emptyBoardWith(7, []int{FirstRow + 3}, r(4, 6)),
			// The other cells of row 4 lost 7 without a 7 in sight.
			text: "placed r4c6#7, ruled-out r4c1, ruled-out r4c2, ruled-out r4c3, ruled-out r4c4, ruled-out r4c5, " +
				"ruled-out r4c7, ruled-out r4c8, ruled-out r4c9 | unit row 4",
		},
		{
			name:  "x-wing",
			tech:  fish{size: 2},
			board: emptyBoardWith(5, []int{FirstRow + 1, FirstRow + 4}, r(2, 3), r(2, 8), r(5, 3), r(5, 8)),
			text: "base r2c3#5, base r2c8#5, base r5c3#5, base r5c8#5, " +
				"eliminated r1c3#5, eliminated r1c8#5, eliminated r3c3#5, eliminated r3c8#5, eliminated r4c3#5, eliminated r4c8#5, eliminated r6c3#5, " +
				"eliminated r6c8#5, eliminated r7c3#5, eliminated r7c8#5, eliminated r8c3#5, eliminated r8c8#5, eliminated r9c3#5, eliminated r9c8#5 | " +
				"base row 2, base row 5, cover column 3, cover column 8",
		},
		{
			name:  "pointing",
			tech:  intersection{},
			board: emptyBoardWith(4, []int{FirstBox}, r(1, 1), r(1, 2)),
			text: "base r1c1#4, base r1c2#4, eliminated r1c4#4, eliminated r1c5#4, eliminated r1c6#4, eliminated r1c7#4, eliminated r1c8#4, eliminated r1c9#4 | " +
				"base box 1, cover row 1",
		},
	}
	wxyz := NewBoard(Grid{})
	wxyz.Cands[r(1, 1)] = DigitSet(1, 2, 3, 4)
	wxyz.Cands[r(1, 2)] = DigitSet(1, 4)
	wxyz.Cands[r(1, 3)] = DigitSet(2, 4)
	wxyz.Cands[r(4, 1)] = DigitSet(3, 4)
	tests = append(tests, struct {
		name  string
		tech  Technique
		board Board
		text  string
	}{
		name:  "wxyz-wing",
		tech:  wxyzWing{},
		board: wxyz,
		text:  "pivot r1c1#1234, pincer r1c2#14, pincer r1c3#24, pincer r4c1#34, eliminated r2c1#4, eliminated r3c1#4 | unit row 1, unit column 1",
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.board
			s, ok := tt.tech.Find(&b)
			if !ok {
				t.Fatal("not found")
			}
			if got := stepData(s); got != tt.text {
				t.Errorf("text:\n%s\nwant:\n%s", got, tt.text)
			}
			if why := checkStepShape(&b, tt.tech, s); why != "" {
				t.Error(why)
			}
			tb := transposeBoard(b)
			ts, ok := tt.tech.Find(&tb)
			if !ok {
				t.Fatal("not found on the transposed board")
			}
			want := reglibResult(reglibTransforms[1].cands(s.Placements), reglibTransforms[1].cands(s.Eliminations))
			if got := reglibResult(ts.Placements, ts.Eliminations); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("transposed result %v, want %v", got, want)
			}
		})
	}
}

func TestUniquenessNeedsPermission(t *testing.T) {
	cases := loadReglib(t)
	n := 0
	for _, c := range cases {
		if c.code != "0600" {
			continue
		}
		b := c.board
		only := []Technique{uniqueRectangle{kind: 1}}
		if _, ok := nextStep(&b, false, only); ok {
			t.Errorf("line %d: uniqueness step without permission", c.line)
		}
		if _, ok := nextStep(&b, true, only); !ok {
			t.Errorf("line %d: no uniqueness step with permission", c.line)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no UR cases")
	}
}

// TestBoardIndexTracksEdits checks that the cached index follows direct
// edits of Cands and Grid.
func TestBoardIndexTracksEdits(t *testing.T) {
	b := NewBoard(Grid{})
	if got := b.index().pos[FirstRow][5]; got != 0x1FF {
		t.Fatalf("empty board: row 1 positions of 5 = %b", got)
	}
	b.Cands[0] = b.Cands[0].Without(5)
	if got := b.index().pos[FirstRow][5]; got != 0x1FE {
		t.Errorf("after editing Cands: %b", got)
	}
	b.Place(40, 5) // r5c5: its peers r5c6 and r6c6 lose 5, r9c9 keeps it
	if ix := b.index(); ix.where[5].has(41) || ix.where[5].has(50) || !ix.where[5].has(80) {
		t.Errorf("after Place: positions of 5 are wrong")
	}
	c := b // a copy keeps its own index
	c.Eliminate(80, 1)
	if !b.index().where[1].has(80) || c.index().where[1].has(80) {
		t.Error("copies share the index")
	}
}

func TestBoardBroken(t *testing.T) {
	g := MustParse("040060072500800000600047000450006010007000200060500094000450009000001008890030040")
	b := NewBoard(g)
	if b.Broken() {
		t.Fatal("a fresh board is broken")
	}
	empty := b
	empty.Cands[0] = 0
	if !empty.Broken() {
		t.Error("a cell without candidates is not reported")
	}
	lost := b
	for _, c := range UnitCells[FirstRow] {
		lost.Eliminate(c, 1) // row 1 has no 1 yet
	}
	if !lost.Broken() {
		t.Error("a digit with no place in a row is not reported")
	}
}

// TestNextStepFromPlayerPosition checks a hint from the middle of a game:
// after some placements NextStep still finds a sound step.
func TestNextStepFromPlayerPosition(t *testing.T) {
	g := MustParse("040060072500800000600047000450006010007000200060500094000450009000001008890030040")
	sol, err := Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	played := g
	for c := 0; c < NumCells; c += 7 {
		played[c] = sol[c]
	}
	b := NewBoard(played)
	s, ok := NextStep(&b, true)
	if !ok {
		t.Fatal("no step")
	}
	if err := checkStep(s, sol); err != nil {
		t.Fatal(err)
	}
}

func ExampleSolvePath() {
	g := MustParse("040060072500800000600047000450006010007000200060500094000450009000001008890030040")
	p, err := SolvePath(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	h, _ := p.Hardest()
	fmt.Println(p.Solved, p.Level(), p.Score(), h.Technique)
	fmt.Println(p.Steps[0].Technique, p.Steps[0].Placements)
	// Output:
	// true hard 3.4 Hidden Pair
	// Hidden Single [r2c2#7]
}
