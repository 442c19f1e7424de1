package engine

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/shareddata"
)

// seFixturePath holds positions, taken from the solving paths of the
// sxbank_* puzzles (which may be copied into the repository), where one of Sudoku Explainer's techniques
// added in tech_bug.go, tech_uniqueloops.go and tech_exclusion.go is the
// next step. Each line is "technique:grid:deleted:eliminations": the grid's
// 81 digits, the candidates removed from the grid's full pencil marks and
// the step's eliminations, as HoDoKu writes candidates (digit, row,
// column). go test ./engine -run TestSEFixtures -update rewrites it.
var seFixturePath = filepath.Join("testdata", "se_fixtures.txt")

// seFixtureTechniques are the techniques the fixtures cover.
var seFixtureTechniques = []Technique{
	uniqueLoop{kind: 1}, uniqueLoop{kind: 2}, uniqueLoop{kind: 3}, uniqueLoop{kind: 4},
	bugType{kind: 2}, bugType{kind: 3}, bugType{kind: 4},
	alignedExclusion{size: 2}, alignedExclusion{size: 3},
}

// seFixturesPerTechnique bounds how many fixtures each technique keeps.
const seFixturesPerTechnique = 3

type seFixture struct {
	tech  Technique
	board Board
	elims []Candidate
	line  int
}

func techniqueByName(name string) Technique {
	for _, t := range seFixtureTechniques {
		if t.Name().String() == name {
			return t
		}
	}
	return nil
}

func formatCands(cs []Candidate) string {
	var out []string
	for _, c := range cs {
		out = append(out, fmt.Sprintf("%d%d%d", c.Digit, RowOf(c.Cell)+1, ColOf(c.Cell)+1))
	}
	return strings.Join(out, " ")
}

// writeSEFixtures walks the grading paths of the sxbank puzzles and keeps
// the first positions where each technique is the step taken.
func writeSEFixtures(t *testing.T) {
	count := map[string]int{}
	var lines []string
	for _, name := range []string{"sxbank_hard.txt", "sxbank_diabolical.txt", "sxbank_hardest_se8.8plus.txt"} {
		// The shared copies hold 1000 puzzles each, testdata's 100.
		path, full, _ := shareddata.Find("puzzles/" + name)
		if !full {
			path = filepath.Join("testdata", name)
		}
		for _, r := range loadRecords(t, path) {
			g, err := Parse(r.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Solve(g); err != nil {
				continue
			}
			for _, techs := range [][]Technique{GradingCatalogue(), Catalogue()} {
				lines = appendSEFixtures(lines, count, g, techs)
			}
		}
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	header := "# Positions where a Sudoku Explainer technique is the next step (grading or hint catalogue) on sxbank_* puzzles.\n# technique:grid:deleted candidates:eliminations; regenerate with go test ./engine -run TestSEFixtures -update\n"
	if err := os.WriteFile(seFixturePath, []byte(header+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tech := range seFixtureTechniques {
		t.Logf("%-26s %d fixtures", tech.Name(), count[string(tech.Name())])
	}
}

// appendSEFixtures walks g's easiest-first path with techs and appends a
// fixture line for each step of a covered technique still short of
// fixtures.
func appendSEFixtures(lines []string, count map[string]int, g Grid, techs []Technique) []string {
	b := NewBoard(g)
	for !b.Solved() {
		s, ok := nextStep(&b, true, techs)
		if !ok {
			break
		}
		if tech := techniqueByName(string(s.Technique)); tech != nil && count[string(s.Technique)] < seFixturesPerTechnique {
			count[string(s.Technique)]++
			full := NewBoard(b.Grid)
			var del []Candidate
			for c := 0; c < NumCells; c++ {
				for _, d := range (full.Cands[c] &^ b.Cands[c]).Slice() {
					del = append(del, Candidate{c, d})
				}
			}
			elims := slices.Clone(s.Eliminations)
			sortCands(elims)
			lines = append(lines, fmt.Sprintf("%s:%s:%s:%s", s.Technique, b.Grid.String(), formatCands(del), formatCands(elims)))
		}
		b.Apply(s)
	}
	return lines
}

func readSEFixtures(t *testing.T) []seFixture {
	t.Helper()
	f, err := os.Open(seFixturePath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []seFixture
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, ":")
		if len(fs) != 4 {
			t.Fatalf("line %d: want 4 fields, got %d", n, len(fs))
		}
		tech := techniqueByName(fs[0])
		if tech == nil {
			t.Fatalf("line %d: unknown technique %q", n, fs[0])
		}
		c, err := parseReglibLine(":x:0:" + fs[1] + ":" + fs[2] + ":" + fs[3] + "::")
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		sortCands(c.elims)
		out = append(out, seFixture{tech: tech, board: c.board, elims: c.elims, line: n})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// seTransform is a transposition and/or relabelling of the digits.
type seTransform struct {
	name      string
	transpose bool
	perm      [10]uint8
}

var seTransforms = []seTransform{
	{name: "as given", perm: [10]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
	{name: "transposed", transpose: true, perm: [10]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
	{name: "relabelled", perm: [10]uint8{0, 3, 9, 1, 7, 2, 8, 5, 4, 6}},
	{name: "transposed and relabelled", transpose: true, perm: [10]uint8{0, 6, 1, 8, 2, 9, 4, 3, 7, 5}},
}

func (tr seTransform) cell(c int) int {
	if tr.transpose {
		return CellAt(ColOf(c), RowOf(c))
	}
	return c
}

func (tr seTransform) board(b Board) Board {
	var g Grid
	for c := 0; c < NumCells; c++ {
		g[tr.cell(c)] = tr.perm[b.Grid[c]]
	}
	out := NewBoard(g)
	for c := 0; c < NumCells; c++ {
		if b.Grid[c] != 0 {
			continue
		}
		var ds Digits
		for _, d := range b.Cands[c].Slice() {
			ds = ds.With(tr.perm[d])
		}
		out.Cands[tr.cell(c)] = ds
	}
	return out
}

func (tr seTransform) cands(cs []Candidate) []Candidate {
	out := make([]Candidate, len(cs))
	for i, c := range cs {
		out[i] = Candidate{Cell: tr.cell(c.Cell), Digit: tr.perm[c.Digit]}
	}
	sortCands(out)
	return out
}

// TestSEFixtures checks every fixture: the technique finds exactly the
// recorded eliminations, none of them removes the solution's digit, and
// transposed and relabelled copies of the position give the same step.
func TestSEFixtures(t *testing.T) {
	if *update {
		writeSEFixtures(t)
	}
	fixtures := readSEFixtures(t)
	seen := map[string]int{}
	for _, fx := range fixtures {
		seen[string(fx.tech.Name())]++
		t.Run(fmt.Sprintf("%s/line%d", fx.tech.Name(), fx.line), func(t *testing.T) {
			for _, tr := range seTransforms {
				b := tr.board(fx.board)
				sol, err := Solve(b.Grid)
				if err != nil {
					t.Fatalf("%s: %v", tr.name, err)
				}
				want := tr.cands(fx.elims)
				found := false
				for _, s := range AllSteps(fx.tech, &b) {
					if why := checkStepShape(&b, fx.tech, s); why != "" {
						t.Errorf("%s: %s", tr.name, why)
					}
					if err := checkStep(s, sol); err != nil {
						t.Errorf("%s: %v", tr.name, err)
					}
					got := slices.Clone(s.Eliminations)
					sortCands(got)
					if slices.Equal(got, want) {
						found = true
					}
				}
				if !found {
					t.Errorf("%s: no step eliminates %s", tr.name, formatCands(want))
				}
				if _, unique := fx.tech.(UniquenessTechnique); unique {
					if _, ok := nextStep(&b, false, []Technique{fx.tech}); ok {
						t.Errorf("%s: uniqueness step taken without permission", tr.name)
					}
				}
				if tr.name == "as given" {
					s, ok := fx.tech.Find(&b)
					if !ok {
						t.Fatal("Find found nothing")
					}
					got := slices.Clone(s.Eliminations)
					sortCands(got)
					if !slices.Equal(got, want) {
						t.Errorf("Find eliminates %s, want %s: %s", formatCands(got), formatCands(want), s)
					}
					if s.Technique != fx.tech.Name() || s.Score < fx.tech.Score() {
						t.Errorf("step %q rated %.1f, technique %q base %.1f", s.Technique, s.Score, fx.tech.Name(), fx.tech.Score())
					}
				}
			}
		})
	}
	for _, tech := range seFixtureTechniques {
		if seen[string(tech.Name())] == 0 {
			t.Logf("no fixture for %s in the sxbank solving paths", tech.Name())
		}
	}
}

// TestBUGNeedsPattern checks that the BUG types stay silent on positions
// that are not one bivalue universal grave away: the start of a puzzle
// and every fixture of another technique.
func TestBUGNeedsPattern(t *testing.T) {
	g := MustParse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	b := NewBoard(g)
	for _, tech := range []Technique{bugType{kind: 2}, bugType{kind: 3}, bugType{kind: 4}} {
		if s, ok := tech.Find(&b); ok {
			t.Errorf("%s on a fresh puzzle: %v", tech.Name(), s)
		}
	}
}

// TestNewUniquenessTechniquesAssumeUnique checks that the driver only uses
// the BUG types and unique loops for unique puzzles.
func TestNewUniquenessTechniquesAssumeUnique(t *testing.T) {
	for _, tech := range []Technique{bugType{kind: 2}, bugType{kind: 3}, bugType{kind: 4},
		uniqueLoop{kind: 1}, uniqueLoop{kind: 2}, uniqueLoop{kind: 3}, uniqueLoop{kind: 4}} {
		if _, ok := tech.(UniquenessTechnique); !ok {
			t.Errorf("%s does not assume uniqueness", tech.Name())
		}
	}
	for _, tech := range []Technique{alignedExclusion{size: 2}, alignedExclusion{size: 3}} {
		if _, ok := tech.(UniquenessTechnique); ok {
			t.Errorf("%s is sound without uniqueness but is marked as assuming it", tech.Name())
		}
	}
}
