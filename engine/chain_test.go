package engine

import (
	"bufio"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestChainLengthBonus(t *testing.T) {
	// SE 1.2.1: 0.1 per threshold 4, 6, 8, 12, 16, 24, 32, ... that the
	// complexity minus 2 exceeds.
	tests := []struct {
		complexity int
		want       float64
	}{
		{2, 0}, {6, 0}, {7, 0.1}, {8, 0.1}, {9, 0.2}, {10, 0.2}, {11, 0.3},
		{14, 0.3}, {15, 0.4}, {18, 0.4}, {19, 0.5}, {26, 0.5}, {27, 0.6}, {34, 0.6}, {35, 0.7},
	}
	for _, tt := range tests {
		if got := chainLengthBonus(tt.complexity); got != tt.want {
			t.Errorf("chainLengthBonus(%d) = %v, want %v", tt.complexity, got, tt.want)
		}
	}
	if got := chainScore(6.6, 9); got != 6.8 {
		t.Errorf("chainScore(6.6, 9) = %v, want 6.8", got)
	}
}

// chainReglibLine returns the reglib line that starts with prefix.
func chainReglibLine(t *testing.T, prefix string) reglibCase {
	t.Helper()
	f, err := os.Open(reglibPath(t))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), prefix) {
			c, err := parseReglibLine(sc.Text())
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
	}
	t.Fatalf("no reglib line starts with %q", prefix)
	return reglibCase{}
}

// chainCheckShape checks what every step must carry.
func chainCheckShape(t *testing.T, b *Board, tech Technique, s Step) {
	t.Helper()
	if why := checkStepShape(b, tech, s); why != "" {
		t.Error(why)
	}
	if s.Technique != tech.Name() {
		t.Errorf("step named %q, technique is %q", s.Technique, tech.Name())
	}
	if len(s.Proof) == 0 {
		t.Errorf("step without proof candidates: %v", s)
	}
}

func TestChainFixtures(t *testing.T) {
	tests := []struct {
		name   string
		tech   Technique
		prefix string   // the reglib line
		elims  []string // expected eliminations, "r4c2#7"
		cells  []int    // cells that must be in the step's pattern
		// variant is the step's expected Variant; roles, roles its
		// pattern must hold (besides the eliminated candidates)
		variant string
		roles   []Role
	}{
		{
			name: "X-Chain", tech: chainXChain,
			prefix:  ":0701:7:3.4+52..8",
			elims:   []string{"r4c2#7"},
			variant: VariantAIC,
		},
		{
			name: "XY-Chain", tech: chainXYChain,
			prefix:  ":0702:8:..1...+3.9.6...4+1",
			elims:   []string{"r1c2#8", "r2c1#8", "r2c3#8", "r3c2#8", "r3c3#8", "r7c1#8", "r9c1#8"},
			cells:   []int{CellAt(0, 0), CellAt(2, 0)},
			variant: VariantAIC,
		},
		{
			name: "Remote Pair", tech: chainRemotePairs,
			prefix: ":0703:58:..+1.+4+9+2+636",
			elims:  []string{"r7c7#5", "r7c9#5", "r9c4#5", "r9c6#5", "r7c7#8", "r7c9#8", "r9c4#8", "r9c6#8"},
			roles:  []Role{RoleOn, RoleOff},
		},
		{
			name: "ALS-XZ", tech: chainALSXZ,
			prefix: ":0901-1:3:.24.6.+7..5.74",
			elims:  []string{"r2c7#3"},
			roles:  []Role{RoleALS},
		},
		{
			name: "Grouped AIC", tech: chainGroupedAIC,
			prefix:  ":0711-1:8:3.6..2.89...+6.+9.+5..5.8.1...",
			variant: VariantAIC,
		},
		{
			name: "Continuous Nice Loop", tech: chainAIC,
			prefix:  ":0706:124579:548..+3...+63",
			variant: VariantContinuous,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := chainReglibLine(t, tt.prefix)
			want := c.elims
			if len(tt.elims) > 0 {
				want = nil
				for _, e := range tt.elims {
					want = append(want, Candidate{Cell: CellAt(int(e[1]-'1'), int(e[3]-'1')), Digit: e[5] - '0'})
				}
			}
			sortCands(want)
			for _, tr := range reglibTransforms {
				b := tr.board(c.board)
				wantT := tr.cands(want)
				sortCands(wantT)
				var found *Step
				for _, s := range AllSteps(tt.tech, &b) {
					got := slices.Clone(s.Eliminations)
					sortCands(got)
					if slices.Equal(got, wantT) {
						found = &s
						break
					}
				}
				if found == nil {
					t.Errorf("%s: no step eliminates %v", tr.name, wantT)
					continue
				}
				chainCheckShape(t, &b, tt.tech, *found)
				for _, cell := range tt.cells {
					if !slices.Contains(found.Cells, tr.cell(cell)) {
						t.Errorf("%s: cells %v lack %s", tr.name, found.Cells, CellName(tr.cell(cell)))
					}
				}
				if found.Variant != tt.variant {
					t.Errorf("%s: variant %q, want %q", tr.name, found.Variant, tt.variant)
				}
				roles := map[Role]int{}
				for _, p := range found.Pattern {
					roles[p.Role]++
				}
				for _, r := range append([]Role{RoleEliminated}, tt.roles...) {
					if roles[r] == 0 {
						t.Errorf("%s: pattern has no %s: %v", tr.name, r, found.Pattern)
					}
				}
				if roles[RoleEliminated] != len(found.Eliminations) {
					t.Errorf("%s: pattern has %d eliminated, step %d", tr.name, roles[RoleEliminated], len(found.Eliminations))
				}
				if tt.tech != chainALSXZ && tt.tech != chainRemotePairs {
					nodes := len(found.Links) + 1
					if found.Variant == VariantContinuous {
						nodes--
					}
					if n := roles[RoleOn] + roles[RoleOff]; n < nodes {
						t.Errorf("%s: %d links but %d chain candidates", tr.name, len(found.Links), n)
					}
				}
			}
		})
	}
}

// TestChainForcingFixtures runs each forcing technique on the position of
// a hard puzzle where everything simpler is exhausted, as given and on
// transformed copies, and checks the step against the solution.
func TestChainForcingFixtures(t *testing.T) {
	const csp, hardest = "csp_rules_ser_examples.txt", "sxbank_hardest_se8.8plus.txt"
	tests := []struct {
		tech     Technique
		file     string
		line     int      // the file's line
		variants []string // the forms the step may take
	}{
		// Nishio's one-digit contradictions: since the grouped chains
		// pass through almost locked sets, no csp_rules puzzle is left
		// where they are the first step past the chains.
		{chainNishio, hardest, 14, []string{VariantContradiction}},
		{chainMultiple, csp, 20, []string{VariantCell, VariantRegion}},
		{chainDynamic, csp, 24, []string{VariantContradiction, VariantDouble, VariantCell, VariantRegion}},
		{chainDynamicPlus, csp, 34, []string{VariantContradiction, VariantDouble, VariantCell, VariantRegion}},
		{chainNested, csp, 82, []string{VariantNested}},
	}
	for _, tt := range tests {
		t.Run(string(tt.tech.Name()), func(t *testing.T) {
			recs := loadShared(t, tt.file)
			var rec *record
			for i := range recs {
				if recs[i].line == tt.line {
					rec = &recs[i]
				}
			}
			if rec == nil {
				t.Fatalf("no line %d", tt.line)
			}
			g := MustParse(rec.puzzle)
			// every technique rated below this one
			var below []Technique
			for _, x := range Catalogue() {
				if x.Score() < tt.tech.Score() {
					below = append(below, x)
				}
			}
			p, err := SolvePathWith(g, PathOptions{Techniques: below})
			if err != nil {
				t.Fatal(err)
			}
			if p.Solved {
				t.Fatalf("line %d is solved below %s", tt.line, tt.tech.Name())
			}
			for _, tr := range reglibTransforms {
				b := tr.board(p.Final)
				sol, err := Solve(tr.board(Board{Grid: p.Solution}).Grid)
				if err != nil {
					t.Fatal(err)
				}
				s, ok := tt.tech.Find(&b)
				if !ok {
					t.Errorf("%s: %s finds nothing", tr.name, tt.tech.Name())
					continue
				}
				if err := checkStep(s, sol); err != nil {
					t.Errorf("%s: %v", tr.name, err)
				}
				chainCheckShape(t, &b, tt.tech, s)
				if !slices.Contains(tt.variants, s.Variant) {
					t.Errorf("%s: variant %q, want one of %v", tr.name, s.Variant, tt.variants)
				}
				if err := checkBranches(&b, s); err != nil {
					t.Errorf("%s: %v", tr.name, err)
				}
			}
		})
	}
}

// TestChainSoundness solves sample puzzles of the shared sets by logic
// (SolvePath checks every step against the solution) and, where the
// pattern techniques are exhausted, checks every instance the chain
// techniques list.
func TestChainSoundness(t *testing.T) {
	t.Parallel() // pure: the engine keeps no state between calls
	sets := []struct {
		file  string
		every int
	}{
		{"sxbank_diabolical.txt", 25},
		{"cbg000_diabolical.txt", 25},
		{"csp_rules_ser_examples.txt", 8},
	}
	if *sweep {
		for i := range sets {
			sets[i].every = 1
		}
	}
	for _, set := range sets {
		t.Run(set.file, func(t *testing.T) {
			t.Parallel()
			recs := loadShared(t, set.file)
			for i := 0; i < len(recs); i += set.every {
				r := recs[i]
				g := MustParse(r.puzzle)
				p, err := SolvePath(g)
				if err != nil {
					t.Errorf("line %d: %v", r.line, err)
					continue
				}
				if !p.Solved {
					t.Errorf("line %d: not solved by logic", r.line)
				}
				stuck := chainStuckBoard(t, g)
				for _, tech := range []Technique{chainRemotePairs, chainXChain, chainXYChain, chainALSXZ, chainAIC, chainGroupedAIC} {
					for _, s := range AllSteps(tech, &stuck) {
						if err := checkStep(s, p.Solution); err != nil {
							t.Errorf("line %d: %v", r.line, err)
						}
					}
				}
				// The path's own search (Find, through almost locked
				// sets since 2026-11-29) at every position of the path.
				b := NewBoard(g)
				for _, st := range p.Steps {
					if s, ok := chainGroupedAIC.Find(&b); ok {
						if err := checkStep(s, p.Solution); err != nil {
							t.Errorf("line %d: Find: %v", r.line, err)
						}
					}
					b.Apply(st)
				}
			}
		})
	}
}

// TestChainConcurrent runs the techniques from several goroutines at once
// (the bot serves hints concurrently): every result must equal the
// sequential one.
func TestChainConcurrent(t *testing.T) {
	recs := loadShared(t, "csp_rules_ser_examples.txt")
	b := chainStuckBoard(t, MustParse(recs[len(recs)-1].puzzle))
	techs := []Technique{chainXChain, chainAIC, chainGroupedAIC, chainALSXZ, chainMultiple, chainDynamic, chainDynamicPlus, chainNested}
	want := make([]Step, len(techs))
	for i, tech := range techs {
		s, _ := tech.Find(&b)
		want[i] = s
	}
	errs := make(chan string, 4*len(techs))
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bb := b
			for i, tech := range techs {
				if s, _ := tech.Find(&bb); !reflect.DeepEqual(s, want[i]) {
					errs <- tech.Name().String() + ": " + fmt.Sprint(s.Eliminations, s.Placements, s.Links)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("concurrent result differs: %s", e)
	}
}

// TestChainBrokenBoard feeds the techniques positions that have no
// solution (a cell without candidates, a digit without a place): they
// must not panic, every step must act on current candidates, and the
// dynamic forcing chains must find the contradiction.
func TestChainBrokenBoard(t *testing.T) {
	recs := loadShared(t, "csp_rules_ser_examples.txt")
	base := chainStuckBoard(t, MustParse(recs[len(recs)-1].puzzle))
	var boards []Board
	for c := 0; c < NumCells && len(boards) < 3; c++ {
		if base.Cands[c].Count() >= 2 {
			b := base
			b.Cands[c] = 0
			boards = append(boards, b)
		}
	}
	b := base
	for c := 0; c < NumCells; c++ {
		if RowOf(c) == 0 {
			b.Cands[c] = b.Cands[c].Without(b.Cands[CellAt(0, 0)].First())
		}
	}
	boards = append(boards, b)
	for i := range boards {
		found := map[TechniqueID]bool{}
		for _, tech := range chainTechniques() {
			bd := boards[i]
			if s, ok := tech.Find(&bd); ok {
				found[tech.Name()] = true
				chainCheckShape(t, &bd, tech, s)
			}
		}
		// A position without a solution contradicts itself wherever one
		// starts: the dynamic and nested forcing chains, which follow
		// every consequence, must find a step (so the shapes above are
		// checked on every board).
		for _, name := range []TechniqueID{TechDynamicForcingChain, TechDynamicForcingChainPlus, TechNestedForcingChain} {
			if !found[name] {
				t.Errorf("board %d: %s finds no step in a position without a solution", i, name)
			}
		}
	}
}
