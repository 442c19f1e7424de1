package explain

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

var updateWings = flag.Bool("update-wings", false, "rewrite the golden files of testdata/wings")

// wingsFixture is one real instance of a technique: the position (its
// candidates) and which of the technique's steps there to take.
type wingsFixture struct {
	name, technique, variant string
	instance                 int
	board                    engine.Board
}

// loadWingsFixtures reads testdata/<family>/positions.txt.
func loadWingsFixtures(t *testing.T, family string) []wingsFixture {
	t.Helper()
	path := filepath.Join("testdata", family, "positions.txt")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []wingsFixture
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<16)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fx, err := parseWingsFixture(text)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		out = append(out, fx)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// parseWingsFixture reads "name|technique|variant|instance|candidates".
func parseWingsFixture(text string) (wingsFixture, error) {
	parts := strings.Split(text, "|")
	if len(parts) != 5 {
		return wingsFixture{}, fmt.Errorf("want 5 fields separated by |, got %d", len(parts))
	}
	fx := wingsFixture{name: parts[0], technique: parts[1], variant: parts[2]}
	n, err := strconv.Atoi(parts[3])
	if err != nil || n < 0 {
		return fx, fmt.Errorf("bad instance %q", parts[3])
	}
	fx.instance = n
	cells := strings.Fields(parts[4])
	if len(cells) != engine.NumCells {
		return fx, fmt.Errorf("want %d cells, got %d", engine.NumCells, len(cells))
	}
	fx.board = engine.NewBoard(engine.Grid{})
	for c, tok := range cells {
		placed := strings.HasPrefix(tok, "+")
		ds := strings.TrimPrefix(tok, "+")
		if ds == "" || (placed && len(ds) != 1) {
			return fx, fmt.Errorf("cell %s: bad token %q", engine.CellName(c), tok)
		}
		var set engine.Digits
		for _, r := range ds {
			if r < '1' || r > '9' {
				return fx, fmt.Errorf("cell %s: bad token %q", engine.CellName(c), tok)
			}
			set = set.With(uint8(r - '0'))
		}
		if placed {
			fx.board.Grid[c] = uint8(ds[0] - '0')
			set = 0
		}
		fx.board.Cands[c] = set
	}
	return fx, nil
}

// wingsStep finds the fixture's step: the technique's instance-th step in
// the position.
func wingsStep(t *testing.T, fx wingsFixture) engine.Step {
	t.Helper()
	for _, tech := range engine.Catalogue() {
		if tech.Name().String() != fx.technique {
			continue
		}
		steps := engine.AllSteps(tech, &fx.board)
		if fx.instance >= len(steps) {
			t.Fatalf("%s finds %d steps, want instance %d", fx.technique, len(steps), fx.instance)
		}
		s := steps[fx.instance]
		if s.Technique.String() != fx.technique || s.Variant != fx.variant {
			t.Fatalf("got %s/%q, want %s/%q", s.Technique, s.Variant, fx.technique, fx.variant)
		}
		return s
	}
	t.Fatalf("no technique %q in the catalogue", fx.technique)
	return engine.Step{}
}

// runWingsGoldens checks every fixture of a family: the invariants, what
// the family's texts must say, and the golden texts.
func runWingsGoldens(t *testing.T, family string, update bool, techniques []string) {
	fixtures := loadWingsFixtures(t, family)
	covered := map[string]bool{}
	for _, fx := range fixtures {
		t.Run(fx.name, func(t *testing.T) {
			s := wingsStep(t, fx)
			covered[string(s.Technique)] = true
			b := fx.board
			for _, err := range checkStep(&b, s) {
				t.Error(err)
			}
			got := playerTexts(s)
			// Level 2 never carries the result, even in words.
			level2 := strings.Join(Hint(nil, engine.HintResult{Kind: engine.HintStep, Step: s}, 2), "\n")
			for _, bad := range []string{"Result", "remove", "cannot be " + fmt.Sprint(s.Digits.First()) + "."} {
				if s.Digits != 0 && strings.Contains(level2, bad) {
					t.Errorf("level 2 says %q: %s", bad, level2)
				}
			}
			if strings.Contains(got, "(allowed)") || strings.Contains(got, "%!") {
				t.Errorf("text with a gap:\n%s", got)
			}
			golden(t, filepath.Join("testdata", family, fx.name+".golden"), got, update, "update-"+family)
		})
	}
	for _, name := range techniques {
		if !covered[name] {
			t.Errorf("no golden instance of %s", name)
		}
		if a, ok := Technique(nil, engine.TechniqueID(name)); !ok || a.Plain == "" || a.Definition == "" {
			t.Errorf("%s has no plain name and definition: %+v", name, a)
		}
	}
}

func TestWingsGoldens(t *testing.T) {
	runWingsGoldens(t, "wings", *updateWings, []string{
		"XY-Wing", "XYZ-Wing", "W-Wing", "WXYZ-Wing", "Aligned Pair Exclusion", "Aligned Triple Exclusion",
	})
}

func TestParseWingsFixture(t *testing.T) {
	full := strings.TrimSpace(strings.Repeat("+1 ", 80) + "123")
	for _, tc := range []struct {
		text string
		ok   bool
	}{
		{"a|XY-Wing||0|" + full, true},
		{"a|XY-Wing||0", false},
		{"a|XY-Wing||x|" + full, false},
		{"a|XY-Wing||-1|" + full, false},
		{"a|XY-Wing||0|+1 +2", false},
		{"a|XY-Wing||0|" + strings.Replace(full, "123", "+12", 1), false},
		{"a|XY-Wing||0|" + strings.Replace(full, "123", "1a3", 1), false},
		{"a|XY-Wing||0|" + strings.Replace(full, "123", "+", 1), false},
	} {
		if _, err := parseWingsFixture(tc.text); (err == nil) != tc.ok {
			t.Errorf("parseWingsFixture(%.40q...) error %v, want ok %v", tc.text, err, tc.ok)
		}
	}
}

func FuzzParseWingsFixture(f *testing.F) {
	f.Add("a|XY-Wing||0|" + strings.Repeat("+1 ", 81))
	f.Add("a|b|c|1|12 34")
	f.Fuzz(func(t *testing.T, text string) {
		fx, err := parseWingsFixture(text)
		if err != nil {
			return
		}
		for c := 0; c < engine.NumCells; c++ {
			if fx.board.Grid[c] > 9 || (fx.board.Grid[c] != 0 && fx.board.Cands[c] != 0) {
				t.Fatalf("cell %d: grid %d, candidates %v", c, fx.board.Grid[c], fx.board.Cands[c])
			}
		}
	})
}

func TestWingWrap(t *testing.T) {
	long := "  If r1c1 were 2, " + strings.Repeat("1 and 3 (empties r2c2), ", 30) + "end."
	lines := wingWrap(long)
	if len(lines) < 2 {
		t.Fatalf("a %d-byte line was not broken", len(long))
	}
	var joined []string
	for i, l := range lines {
		if textWidth(l) > MaxLine {
			t.Errorf("line %d is %d columns wide", i, textWidth(l))
		}
		if i > 0 && !strings.HasPrefix(l, "    ") {
			t.Errorf("line %d is not indented deeper: %q", i, l)
		}
		joined = append(joined, strings.TrimSpace(l))
	}
	if got := strings.Join(joined, " "); got != strings.TrimSpace(long) {
		t.Errorf("wrapping lost words:\n%s\nwant\n%s", got, long)
	}
	if short := "  short, line."; len(wingWrap(short)) != 1 {
		t.Errorf("a short line was broken: %q", wingWrap(short))
	}
}
