package engine

import (
	"fmt"
	"maps"
	"testing"
)

func TestClassifyFish(t *testing.T) {
	row := func(i int) uint32 { return 1 << (FirstRow + i) }
	col := func(i int) uint32 { return 1 << (FirstCol + i) }
	box := func(i int) uint32 { return 1 << (FirstBox + i) }
	for _, tc := range []struct {
		name        string
		base, cover uint32
		want        fishKind
	}{
		{"rows against columns", row(0) | row(4), col(1) | col(7), fishBasic},
		{"columns against rows", col(0) | col(4), row(1) | row(7), fishBasic},
		{"a box among the base rows", row(1) | row(2) | box(5), col(1) | col(3) | col(7), fishFranken},
		{"a box among the cover columns", row(1) | row(2) | row(5), col(1) | col(3) | box(2), fishFranken},
		{"boxes on both sides", col(1) | box(0), row(2) | box(8), fishFranken},
		{"only boxes as base", box(0) | box(4), col(1) | col(4), fishMutant},
		{"rows and columns in the base", row(2) | col(5), col(1) | box(4), fishMutant},
		{"rows against rows", row(2) | row(5), row(1) | col(4), fishMutant},
	} {
		if got := classifyFish(tc.base, tc.cover); got != tc.want {
			t.Errorf("%s: kind %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestComplexFishKindsApart: on the library's Franken and Mutant
// positions, every step a Franken or Mutant technique finds has base and
// cover units of its kind, fins only when finned, and every elimination
// sees every fin; a finless technique's steps are fish without fins.
func TestComplexFishKindsApart(t *testing.T) {
	t.Parallel() // pure: the engine keeps no state between calls
	cases := loadReglib(t)
	seen := 0
	for _, c := range cases {
		if c.code[:3] != "033" && c.code[:3] != "034" && c.code[:3] != "036" {
			continue
		}
		for _, tech := range ComplexFish(4) {
			f := tech.(fish)
			for _, s := range AllSteps(f, &c.board) {
				seen++
				var base, cover uint32
				for _, h := range s.Houses {
					switch h.Role {
					case RoleBase:
						base |= 1 << h.Unit
					case RoleCover:
						cover |= 1 << h.Unit
					}
				}
				if classifyFish(base, cover) != f.kind {
					t.Fatalf("line %d: %s found a fish of another kind: %v", c.line, f.Name(), s)
				}
				var fins []int
				for _, p := range s.Pattern {
					if p.Role == RoleFin {
						fins = append(fins, p.Cell)
					}
				}
				if (len(fins) > 0) != f.finned || (s.Variant == "finned") != f.finned {
					t.Fatalf("line %d: %s with fins %v: %v", c.line, f.Name(), fins, s)
				}
				if len(fins) > fishDefaultMaxFins {
					t.Fatalf("line %d: %d fins: %v", c.line, len(fins), s)
				}
				for _, e := range s.Eliminations {
					for _, fin := range fins {
						if !SeesCell(e.Cell, fin) {
							t.Fatalf("line %d: %v does not see fin %s: %v", c.line, e, CellName(fin), s)
						}
					}
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no Franken or Mutant fish found in the library's positions")
	}
}

// TestFishMaxFins: the fin bound is a parameter. At the library's
// two-fin Finned Franken Jellyfish (r348b1 c3459, fins r1c1 and r3c8) the
// default bound finds fish with two fins; with one fin allowed, no step
// has more than one.
func TestFishMaxFins(t *testing.T) {
	c, err := parseReglibLine(":0342:3:..+5+648+1..+4...1.+6.86+1+8..75.+4+5+42..186.7+8+6...4.193+1...+7+521+6....34+5+85....+21+7..4+1..+9+86:218 918 222 923 924 344 955 386 986 295 296:319::")
	if err != nil {
		t.Fatal(err)
	}
	mostFins := func(f fish) (most, steps int) {
		for _, s := range AllSteps(f, &c.board) {
			n := 0
			for _, p := range s.Pattern {
				if p.Role == RoleFin {
					n++
				}
			}
			most = max(most, n)
			steps++
		}
		return most, steps
	}
	if most, _ := mostFins(fish{size: 4, kind: fishFranken, finned: true}); most < 2 {
		t.Errorf("default bound: at most %d fins, want the library's two-fin fish", most)
	}
	if most, steps := mostFins(fish{size: 4, kind: fishFranken, finned: true, fins: 1}); most != 1 || steps == 0 {
		t.Errorf("one fin allowed: %d steps with up to %d fins", steps, most)
	}
}

// TestTemplateCells: on a solved grid the digit's only template is its
// nine cells; a position whose candidates allow no template has none.
func TestTemplateCells(t *testing.T) {
	sol := MustParse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	b := NewBoard(sol)
	got := templateCells(&b, 5)
	var want cellSet
	for c := range NumCells {
		if sol[c] == 5 {
			want.add(c)
		}
	}
	if got != want {
		t.Errorf("templates of 5 on a solved grid: %v, want %v", got.cells(nil), want.cells(nil))
	}
	empty := NewBoard(Grid{})
	for c := range 9 {
		empty.Eliminate(CellAt(0, c), 1) // no place for 1 in row 1
	}
	if got := templateCells(&empty, 1); !got.isEmpty() {
		t.Errorf("templates of 1 with none possible: %v", got.cells(nil))
	}
}

// TestComplexFishSound: every Franken and Mutant fish up to Jellyfish
// found where the pattern techniques stop on sxbank_diabolical puzzles
// (the first 40 they do not solve) is sound against the solution and has
// a step's shape.
func TestComplexFishSound(t *testing.T) {
	// The pattern techniques rated below every Franken and Mutant fish.
	lowest := ComplexFish(2)[0].Score()
	var belowFish []Technique
	for _, x := range patternTechniques() {
		if x.Score() < lowest {
			belowFish = append(belowFish, x)
		}
	}
	recs := loadShared(t, "sxbank_diabolical.txt")
	positions, found := 0, 0
	for _, r := range recs {
		if positions == 40 {
			break
		}
		g := MustParse(r.puzzle)
		sol, err := Solve(g)
		if err != nil {
			t.Fatal(err)
		}
		// Where those stop: the catalogue's path would have taken the
		// fish already.
		p, err := SolvePathWith(g, PathOptions{Techniques: belowFish})
		if err != nil {
			t.Fatal(err)
		}
		b := p.Final
		if b.Solved() {
			continue
		}
		positions++
		for _, tech := range ComplexFish(PathFishSize) {
			for _, s := range AllSteps(tech, &b) {
				found++
				if err := checkStep(s, sol); err != nil {
					t.Fatalf("line %d: %v", r.line, err)
				}
				if why := checkStepShape(&b, tech, s); why != "" {
					t.Fatalf("line %d: %s", r.line, why)
				}
			}
		}
	}
	if found == 0 {
		t.Error("no Franken or Mutant fish in 40 stuck positions")
	}
	t.Logf("%d fish in %d positions", found, positions)
}

// TestUnitSearchCoversBasicFish: the unit search, asked for basic fish,
// finds exactly the eliminations the line search of tech_fish.go finds on
// every basic fish case of HoDoKu's library: one engine, the line search
// being its fast path for rows against columns.
func TestUnitSearchCoversBasicFish(t *testing.T) {
	results := func(steps []Step) map[string]bool {
		out := map[string]bool{}
		for _, s := range steps {
			out[fmt.Sprint(reglibResult(nil, s.Eliminations))] = true
		}
		return out
	}
	n := 0
	for _, c := range loadReglib(t) {
		f, ok := reglibPatternTechniques[c.code].(fish)
		if !ok || f.kind != fishBasic {
			continue
		}
		n++
		var unit []Step
		for s := range f.allUnits(&c.board) {
			unit = append(unit, s)
		}
		if got, want := results(unit), results(AllSteps(f, &c.board)); !maps.Equal(got, want) {
			t.Errorf("line %d (%s): unit search %v, line search %v", c.line, f.Name(), got, want)
		}
	}
	if n == 0 {
		t.Fatal("no basic fish case")
	}
}
