package explain

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

var updateUniqueness = flag.Bool("update-uniqueness", false, "rewrite the uniqueness family's golden texts")

// positionFixture is a position where a technique applies, with the
// result it must find there: a line of a testdata/<family>/positions.txt,
// technique:grid:deleted candidates:eliminations[:placements], the grid
// with '+' before a digit the solver filled in (not a given).
type positionFixture struct {
	line   int
	tech   engine.Technique
	board  engine.Board
	elims  []engine.Candidate
	places []engine.Candidate
}

// parseCands reads candidates written "436 257": digit, row, column.
func parseCands(t *testing.T, s string) []engine.Candidate {
	t.Helper()
	var out []engine.Candidate
	for _, f := range strings.Fields(s) {
		if len(f) != 3 || strings.Trim(f, "123456789") != "" {
			t.Fatalf("bad candidate %q", f)
		}
		out = append(out, engine.Candidate{Cell: engine.CellAt(int(f[1]-'1'), int(f[2]-'1')), Digit: f[0] - '0'})
	}
	return out
}

// readPositionFixtures reads testdata/<family>/positions.txt.
func readPositionFixtures(t *testing.T, family string) []positionFixture {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", family, "positions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []positionFixture
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ":")
		if len(parts) < 4 || len(parts) > 5 {
			t.Fatalf("%s/positions.txt:%d: want technique:grid:deleted:eliminations[:placements]", family, n)
		}
		tech, ok := engine.TechniqueNamed(engine.TechniqueID(parts[0]))
		if !ok {
			t.Fatalf("%s/positions.txt:%d: no technique %q", family, n, parts[0])
		}
		fx := positionFixture{line: n, tech: tech, board: plusBoard(t, parts[1]), elims: parseCands(t, parts[3])}
		if len(parts) > 4 {
			fx.places = parseCands(t, parts[4])
		}
		for _, d := range parseCands(t, parts[2]) {
			fx.board.Eliminate(d.Cell, d.Digit)
		}
		out = append(out, fx)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func sortedCands(cs []engine.Candidate) []engine.Candidate {
	out := slices.Clone(cs)
	slices.SortFunc(out, func(a, b engine.Candidate) int {
		if a.Cell != b.Cell {
			return a.Cell - b.Cell
		}
		return int(a.Digit) - int(b.Digit)
	})
	return out
}

// find returns the step of the fixture's technique that has the recorded
// result: the same eliminations, or for a placement (HoDoKu's BUG+1) the
// removal of every other candidate of the placed cell.
func (fx positionFixture) find(t *testing.T) engine.Step {
	t.Helper()
	b := fx.board
	for _, s := range engine.AllSteps(fx.tech, &b) {
		if len(fx.elims) > 0 && slices.Equal(sortedCands(s.Eliminations), sortedCands(fx.elims)) {
			return s
		}
		if len(fx.places) == 1 {
			p := fx.places[0]
			var want []engine.Candidate
			for _, d := range b.Cands[p.Cell].Without(p.Digit).Slice() {
				want = append(want, engine.Candidate{Cell: p.Cell, Digit: d})
			}
			if slices.Equal(sortedCands(s.Eliminations), want) {
				return s
			}
		}
	}
	t.Fatalf("positions.txt:%d: %s does not find the recorded step", fx.line, fx.tech.Name())
	return engine.Step{}
}

func TestUniquenessGolden(t *testing.T) {
	count := map[string]int{}
	for _, fx := range readPositionFixtures(t, "uniqueness") {
		name := fx.tech.Name()
		count[string(name)]++
		slug := strings.NewReplacer(" ", "-", "+", "plus").Replace(strings.ToLower(string(name)))
		t.Run(fmt.Sprintf("%s-%d", slug, count[string(name)]), func(t *testing.T) {
			s := fx.find(t)
			b := fx.board
			for _, err := range checkStep(&b, s) {
				t.Error(err)
			}
			if _, ok := Technique(nil, s.Technique); !ok {
				t.Errorf("%s is not registered", s.Technique)
			}
			if len(s.Digits.Slice()) == 0 {
				t.Error("step without digits")
			}
			checkUniquenessPattern(t, &b, s)
			golden(t, filepath.Join("testdata", "uniqueness", fmt.Sprintf("%s-%d.golden", slug, count[string(name)])), playerTexts(s), *updateUniqueness, "update-uniqueness")
		})
	}
	for _, a := range Techniques(nil) {
		if strings.Contains(string(a.Technique), "Unique") || strings.Contains(string(a.Technique), "BUG") || a.Technique == "Hidden Rectangle" || strings.HasPrefix(string(a.Technique), "Avoidable") {
			if count[string(a.Technique)] == 0 {
				t.Errorf("no position for %s", a.Technique)
			}
		}
	}
}

// checkUniquenessPattern checks the pattern against the position: its
// candidates are there, the result is in it, and each technique has the
// parts its text needs.
func checkUniquenessPattern(t *testing.T, b *engine.Board, s engine.Step) {
	t.Helper()
	roles := map[engine.Role]int{}
	elim := map[engine.Candidate]bool{}
	for _, pc := range s.Pattern {
		roles[pc.Role]++
		if pc.Role == engine.RoleSolved {
			if b.IsGiven(pc.Cell) || b.Grid[pc.Cell] == 0 || pc.Digits != engine.DigitSet(b.Grid[pc.Cell]) {
				t.Errorf("solved corner %s is not a filled cell that is not a given, with its digit", engine.CellName(pc.Cell))
			}
			continue
		}
		if pc.Digits&^b.Cands[pc.Cell] != 0 {
			t.Errorf("pattern %s %s holds digits %v that are not candidates", engine.CellName(pc.Cell), pc.Role, pc.Digits.Slice())
		}
		if pc.Role == engine.RoleEliminated {
			for _, d := range pc.Digits.Slice() {
				elim[engine.Candidate{Cell: pc.Cell, Digit: d}] = true
			}
		}
	}
	for _, e := range s.Eliminations {
		if !elim[e] {
			t.Errorf("elimination %s missing from the pattern", e)
		}
	}
	if len(elim) != len(s.Eliminations) {
		t.Errorf("pattern eliminates %d candidates, the step %d", len(elim), len(s.Eliminations))
	}
	switch {
	case strings.HasPrefix(string(s.Technique), "Unique Rectangle"), s.Technique == "Hidden Rectangle":
		if roles[engine.RoleCorner] != 4 {
			t.Errorf("%d corners, want 4", roles[engine.RoleCorner])
		}
	case strings.HasPrefix(string(s.Technique), "Avoidable Rectangle"):
		if n := roles[engine.RoleCorner] + roles[engine.RoleSolved]; n != 4 || roles[engine.RoleSolved] < 2 {
			t.Errorf("%d corners, %d of them filled; want 4, at least 2", n, roles[engine.RoleSolved])
		}
	case strings.HasPrefix(string(s.Technique), "Unique Loop"):
		if n := roles[engine.RoleCorner]; n < 6 || n%2 != 0 {
			t.Errorf("loop of %d cells", n)
		}
	case strings.HasPrefix(string(s.Technique), "BUG"):
		if roles[engine.RoleExtra] == 0 {
			t.Error("no bug cell")
		}
	}
	if strings.HasSuffix(string(s.Technique), "Type 3") && roles[engine.RoleSubset] == 0 {
		t.Error("type 3 without subset cells")
	}
	if (strings.HasSuffix(string(s.Technique), "Type 4") || s.Technique == "Hidden Rectangle") && len(s.Links) == 0 {
		t.Error("no strong link")
	}
}
