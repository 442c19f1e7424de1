package explain

import (
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

var updateBasic = flag.Bool("update-basic", false, "rewrite the golden files of testdata/basic")

// familyCase is a real instance of a technique: the first step with the
// given key in the position before step `step` (0-based) of the solving
// path of puzzle `puzzle` (0-based) of a shared set. The path's own step is
// taken when it matches; otherwise the first instance AllSteps finds, for
// techniques the path never reaches for.
type familyCase struct {
	key    string
	file   string
	puzzle int
	step   int
}

// familyKey names a step for the golden files: its technique, and what
// sets a form apart (a hidden single's unit kind, a cell that lost its
// digit to an earlier step, a locked subset).
func familyKey(s engine.Step) string {
	k := s.Technique.String()
	if s.Technique == "Hidden Single" && len(s.Houses) > 0 {
		k += " " + [3]string{"row", "column", "box"}[s.Houses[0].Unit/9]
	}
	for _, p := range s.Pattern {
		if p.Role == engine.RoleRuledOut {
			k += " ruled-out"
			break
		}
	}
	if s.Technique == "Naked Single" && len(patternCells(s, engine.RoleBlocker)) < 8 {
		k += " removed"
	}
	if s.Variant == "locked" {
		k += " locked"
	}
	return k
}

// loadCase finds a case's step and the board it was found on. The board
// is kept in testdata/positions.txt (frozenBoard), so a change of the
// solving path does not move the case.
func loadCase(t *testing.T, c familyCase) (engine.Board, engine.Step) {
	t.Helper()
	key := fmt.Sprintf("%s@%s:%d:%d", c.key, c.file, c.puzzle+1, c.step+1)
	b := frozenBoard(t, key, func() engine.Board { return pathBoard(t, c) })
	techs := slices.Concat(engine.Catalogue(), engine.OffPath())
	for _, tech := range techs {
		if s, ok := tech.Find(&b); ok && familyKey(s) == c.key {
			return b, s
		}
	}
	for _, tech := range techs {
		for _, s := range engine.AllSteps(tech, &b) {
			if familyKey(s) == c.key {
				return b, s
			}
		}
	}
	t.Fatalf("no %s at %s puzzle %d step %d", c.key, c.file, c.puzzle+1, c.step+1)
	return b, engine.Step{}
}

// pathBoard is the position before step c.step of the solving path of
// puzzle c.puzzle.
func pathBoard(t *testing.T, c familyCase) engine.Board {
	t.Helper()
	gs := sharedPuzzles(t, c.file, c.puzzle+1)
	if len(gs) <= c.puzzle {
		t.Fatalf("%s has no puzzle %d", c.file, c.puzzle)
	}
	p, err := engine.SolvePath(gs[c.puzzle])
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Steps) <= c.step {
		t.Fatalf("path has %d steps", len(p.Steps))
	}
	b := engine.NewBoard(gs[c.puzzle])
	for _, s := range p.Steps[:c.step] {
		b.Apply(s)
	}
	return b
}

// checkGoldens runs every case through the invariants and compares its
// texts with testdata/<dir>/<key>.txt.
func checkGoldens(t *testing.T, dir string, update bool, cases []familyCase) {
	for _, c := range cases {
		t.Run(c.key, func(t *testing.T) {
			b, s := loadCase(t, c)
			if _, ok := Technique(nil, s.Technique); !ok {
				t.Fatalf("%s is not registered", s.Technique)
			}
			for _, err := range checkStep(&b, s) {
				t.Error(err)
			}
			checkPatternResult(t, s)
			got := fmt.Sprintf("# %s: %s puzzle %d, before step %d\n%s", c.key, c.file, c.puzzle+1, c.step+1, playerTexts(s))
			golden(t, filepath.Join("testdata", dir, strings.ReplaceAll(strings.ToLower(c.key), " ", "-")+".txt"), got, update, "update-"+dir)
		})
	}
}

// checkPatternResult checks that the pattern's eliminated and placed
// entries are exactly the step's result, so that a picture drawn from the
// pattern alone shows the same result as the text, and that the step has
// houses for level 1 to point at.
func checkPatternResult(t *testing.T, s engine.Step) {
	t.Helper()
	var elims, places []engine.Candidate
	for _, p := range s.Pattern {
		for _, d := range p.Digits.Slice() {
			switch p.Role {
			case engine.RoleEliminated:
				elims = append(elims, engine.Candidate{Cell: p.Cell, Digit: d})
			case engine.RolePlaced:
				places = append(places, engine.Candidate{Cell: p.Cell, Digit: d})
			}
		}
	}
	sorted := func(cs []engine.Candidate) []engine.Candidate {
		cs = slices.Clone(cs)
		slices.SortFunc(cs, func(a, b engine.Candidate) int { return (a.Cell*10 + int(a.Digit)) - (b.Cell*10 + int(b.Digit)) })
		return cs
	}
	if !slices.Equal(sorted(elims), sorted(s.Eliminations)) {
		t.Errorf("pattern eliminates %v, step %v", elims, s.Eliminations)
	}
	if !slices.Equal(sorted(places), sorted(s.Placements)) {
		t.Errorf("pattern places %v, step %v", places, s.Placements)
	}
	if len(s.Houses) == 0 {
		t.Error("no houses")
	}
}

var basicCases = []familyCase{
	{"Full House", "sxbank_easy.txt", 0, 12},
	{"Hidden Single box", "sxbank_easy.txt", 0, 0},
	{"Hidden Single row", "sxbank_medium.txt", 0, 8},
	{"Hidden Single column", "sxbank_medium.txt", 1, 19},
	{"Hidden Single box ruled-out", "sxbank_diabolical.txt", 0, 12},
	{"Hidden Single row ruled-out", "sxbank_diabolical.txt", 0, 11},
	{"Naked Single", "sxbank_medium.txt", 0, 24},
	{"Naked Single removed", "sxbank_diabolical.txt", 0, 25},
	{"Pointing", "sxbank_diabolical.txt", 0, 3},
	{"Claiming", "sxbank_diabolical.txt", 0, 8},
	{"Direct Pointing", "sxbank_medium.txt", 0, 28},
	{"Direct Claiming", "sxbank_easy.txt", 0, 0},
	{"Naked Pair", "sxbank_diabolical.txt", 0, 14},
	{"Naked Pair locked", "sxbank_diabolical.txt", 14, 21},
	{"Naked Triple", "sxbank_diabolical.txt", 1, 26},
	{"Naked Triple locked", "csp_rules_ser_examples.txt", 20, 7},
	{"Naked Quad", "sxbank_diabolical.txt", 1, 32},
	{"Hidden Pair", "sxbank_diabolical.txt", 1, 23},
	{"Hidden Triple", "sxbank_diabolical.txt", 2, 6},
	{"Hidden Quad", "csp_rules_ser_examples.txt", 4, 14},
	{"Direct Hidden Pair", "sxbank_medium.txt", 0, 23},
	{"Direct Hidden Triple", "sxbank_hard.txt", 0, 17},
}

func TestBasicGoldens(t *testing.T) { checkGoldens(t, "basic", *updateBasic, basicCases) }

// TestSinglesHideTheResult checks what the level-2 words of a single leave
// out beyond the leak check: a hidden single's cell anywhere, a naked
// single's digit anywhere; and that every blocker holds the digit it is
// said to hold and sees the unit or cell it blocks.
func TestSinglesHideTheResult(t *testing.T) {
	for _, c := range basicCases {
		if !strings.Contains(c.key, "Single") {
			continue
		}
		t.Run(c.key, func(t *testing.T) {
			b, s := loadCase(t, c)
			h := engine.HintResult{Kind: engine.HintStep, Cells: s.Cells, Step: s}
			l2 := strings.Join(Hint(nil, h, 2), "\n")
			pl := s.Placements[0]
			switch s.Technique {
			case "Hidden Single":
				if strings.Contains(l2, engine.CellName(pl.Cell)) {
					t.Errorf("level 2 names the cell: %s", l2)
				}
			case "Naked Single":
				if strings.Contains(l2, fmt.Sprint(pl.Digit)) {
					t.Errorf("level 2 says the digit: %s", l2)
				}
			}
			unit := s.Houses[0].Unit
			for _, p := range s.Pattern {
				switch p.Role {
				case engine.RoleBlocker:
					if b.Grid[p.Cell] != p.Digits.First() {
						t.Errorf("blocker %s holds %d, not %s", engine.CellName(p.Cell), b.Grid[p.Cell], p.Digits)
					}
					sees := engine.SeesCell(p.Cell, pl.Cell)
					if s.Technique == "Hidden Single" {
						sees = slices.ContainsFunc(engine.UnitCells[unit][:], func(x int) bool {
							return x != pl.Cell && b.Grid[x] == 0 && engine.SeesCell(p.Cell, x)
						})
					}
					if !sees {
						t.Errorf("blocker %s blocks nothing", engine.CellName(p.Cell))
					}
				case engine.RoleRuledOut:
					if b.Grid[p.Cell] != 0 || b.Cands[p.Cell].Has(pl.Digit) {
						t.Errorf("%s is said to have lost %d but has it", engine.CellName(p.Cell), pl.Digit)
					}
				}
			}
		})
	}
}
