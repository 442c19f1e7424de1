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
	"github.com/sudokubot/sudokubot/internal/shareddata"
	"github.com/sudokubot/sudokubot/l10n"
)

var updateChains = flag.Bool("update-chains", false, "rewrite the chain golden files")

// chainCase is a real instance of a chain or ALS technique: either the
// first step of the technique (and variant) on the solving path of a
// shared puzzle, or a step of a HoDoKu regression library position (with
// its pencil marks) that makes the eliminations the library expects.
type chainCase struct {
	golden    string
	technique string
	variant   string
	grouped   bool   // the step has grouped (or ALS) nodes
	file      string // a shared set and the puzzle's line in it
	line      int
	reglib    string // or: the start of a regression library line
}

var chainCases = []chainCase{
	{golden: "x-chain", technique: "X-Chain", variant: "aic", reglib: ":0701:7:3.4+52..8"},
	{golden: "xy-chain", technique: "XY-Chain", variant: "aic", file: "sxbank_diabolical.txt", line: 18},
	{golden: "remote-pair", technique: "Remote Pair", reglib: ":0703:58:..+1.+4+9+2+636"},
	{golden: "aic", technique: "Alternating Inference Chain", variant: "aic", file: "csp_rules_ser_examples.txt", line: 18},
	{golden: "continuous-loop", technique: "Alternating Inference Chain", variant: "continuous", file: "csp_rules_ser_examples.txt", line: 18},
	{golden: "discontinuous-loop", technique: "Alternating Inference Chain", variant: "discontinuous", file: "csp_rules_ser_examples.txt", line: 40},
	{golden: "discontinuous-loop-hodoku", technique: "Alternating Inference Chain", variant: "discontinuous", reglib: ":0707-1:2348:.+4..6.1.+2.275"},
	{golden: "grouped-aic", technique: "Grouped Alternating Inference Chain", variant: "aic", grouped: true, file: "csp_rules_ser_examples.txt", line: 17},
	{golden: "grouped-continuous-loop", technique: "Grouped Alternating Inference Chain", variant: "continuous", grouped: true, file: "csp_rules_ser_examples.txt", line: 24},
	{golden: "grouped-discontinuous-loop", technique: "Grouped Alternating Inference Chain", variant: "discontinuous", grouped: true, file: "csp_rules_ser_examples.txt", line: 44},
	{golden: "grouped-loop", technique: "Grouped Alternating Inference Chain", variant: "continuous", grouped: true, reglib: ":0709-1:1238:.+5243+19+6..3+67"},
	{golden: "grouped-loop-als", technique: "Grouped Alternating Inference Chain", variant: "continuous", grouped: true, reglib: ":0709-2:1346:..+71+2..+68..2.."},
}

func TestChainsGolden(t *testing.T) { runChainCases(t, chainCases, "chains", *updateChains) }

// runChainCases finds each case's step, checks it against the invariants
// and compares its four texts with the golden file testdata/dir/golden.txt.
func runChainCases(t *testing.T, cases []chainCase, dir string, update bool) {
	for _, tc := range cases {
		t.Run(tc.golden, func(t *testing.T) {
			b, s := chainCaseStep(t, tc)
			if s.Technique.String() != tc.technique || s.Variant != tc.variant {
				t.Fatalf("found %s (%q), want %s (%q)", s.Technique, s.Variant, tc.technique, tc.variant)
			}
			for _, err := range checkStep(&b, s) {
				t.Error(err)
			}
			checkChainPattern(t, s)
			golden(t, filepath.Join("testdata", dir, tc.golden+".txt"), playerTexts(s), update, "update-"+dir)
		})
	}
}

// checkChainPattern checks what a picture needs: the result in the
// pattern, every link's candidates in it as on or off, ALS cells marked.
func checkChainPattern(t *testing.T, s engine.Step) {
	t.Helper()
	in := map[engine.Role]map[engine.Candidate]bool{}
	for _, p := range s.Pattern {
		if in[p.Role] == nil {
			in[p.Role] = map[engine.Candidate]bool{}
		}
		for _, d := range p.Digits.Slice() {
			in[p.Role][engine.Candidate{Cell: p.Cell, Digit: d}] = true
		}
	}
	for _, e := range s.Eliminations {
		if !in[engine.RoleEliminated][e] {
			t.Errorf("eliminated %v not in the pattern", e)
		}
	}
	if s.Technique == "ALS-XZ" {
		return
	}
	for _, l := range s.Links {
		for _, c := range []engine.Candidate{l.From, l.To} {
			if !in[engine.RoleOn][c] && !in[engine.RoleOff][c] {
				t.Errorf("link candidate %v is neither on nor off in the pattern", c)
			}
		}
	}
}

// chainCaseStep returns the case's step and the position it was found in.
func chainCaseStep(t *testing.T, tc chainCase) (engine.Board, engine.Step) {
	t.Helper()
	if tc.reglib != "" {
		b, elims := reglibPosition(t, tc.reglib)
		var tech engine.Technique
		for _, x := range engine.Catalogue() {
			if x.Name().String() == tc.technique {
				tech = x
			}
		}
		if tech == nil {
			t.Fatalf("no technique %q", tc.technique)
		}
		for _, s := range engine.AllSteps(tech, &b) {
			got := slices.Clone(s.Eliminations)
			slices.SortFunc(got, cmpCand)
			if slices.Equal(got, elims) && s.Variant == tc.variant {
				return b, s
			}
		}
		t.Fatalf("no %s step eliminates %v", tc.technique, elims)
	}
	key := fmt.Sprintf("%s@%s:%d", tc.golden, tc.file, tc.line)
	b := frozenBoard(t, key, func() engine.Board {
		p, err := engine.SolvePath(puzzleAtLine(t, tc.file, tc.line))
		if err != nil {
			t.Fatal(err)
		}
		b := engine.NewBoard(p.Puzzle)
		for _, s := range p.Steps {
			if chainCaseMatches(tc, s) {
				return b
			}
			b.Apply(s)
		}
		t.Fatalf("%s line %d: no %s (%q) on the solving path", tc.file, tc.line, tc.technique, tc.variant)
		return b
	})
	for _, x := range engine.Catalogue() {
		if x.Name().String() != tc.technique {
			continue
		}
		if s, ok := x.Find(&b); ok && chainCaseMatches(tc, s) {
			return b, s
		}
		for _, s := range engine.AllSteps(x, &b) {
			if chainCaseMatches(tc, s) {
				return b, s
			}
		}
	}
	t.Fatalf("%s line %d: no %s (%q) at the kept position", tc.file, tc.line, tc.technique, tc.variant)
	return engine.Board{}, engine.Step{}
}

// chainCaseMatches says whether s is of the case's technique, variant and
// grouping.
func chainCaseMatches(tc chainCase, s engine.Step) bool {
	grouped := false
	for _, l := range s.Links {
		grouped = grouped || len(l.FromGroup)+len(l.ToGroup)+len(l.ALS) > 0
	}
	return s.Technique.String() == tc.technique && s.Variant == tc.variant && grouped == tc.grouped
}

func cmpCand(a, b engine.Candidate) int {
	if a.Cell != b.Cell {
		return a.Cell - b.Cell
	}
	return int(a.Digit) - int(b.Digit)
}

// reglibPosition reads the regression library line that starts with
// prefix: ":code:digits:givens:removed candidates:eliminations:...", the
// candidates written digit, row, column ("436").
func reglibPosition(t *testing.T, prefix string) (engine.Board, []engine.Candidate) {
	t.Helper()
	f, err := os.Open(shareddata.Puzzles(t, "hodoku_reglib-1.3.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, prefix) {
			continue
		}
		fields := strings.Split(line, ":")
		if len(fields) < 7 {
			t.Fatalf("short reglib line %q", line)
		}
		var g engine.Grid
		n := 0
		for _, r := range fields[3] {
			switch {
			case r == '+':
			case r == '.' || r == '0':
				n++
			case r >= '1' && r <= '9' && n < engine.NumCells:
				g[n] = uint8(r - '0')
				n++
			default:
				t.Fatalf("bad givens in %q", line)
			}
		}
		b := engine.NewBoard(g)
		for _, c := range reglibCands(t, fields[4]) {
			b.Eliminate(c.Cell, c.Digit)
		}
		elims := reglibCands(t, fields[5])
		slices.SortFunc(elims, cmpCand)
		return b, elims
	}
	t.Fatalf("no reglib line starts with %q", prefix)
	return engine.Board{}, nil
}

func reglibCands(t *testing.T, s string) []engine.Candidate {
	t.Helper()
	var out []engine.Candidate
	for _, w := range strings.Fields(s) {
		if len(w) != 3 || strings.Trim(w, "123456789") != "" {
			t.Fatalf("bad reglib candidate %q", w)
		}
		out = append(out, engine.Candidate{Cell: engine.CellAt(int(w[1]-'1'), int(w[2]-'1')), Digit: w[0] - '0'})
	}
	return out
}

// TestChainNoResultAtLevel2 checks every chain and ALS step a regression
// library position lists, not only the ones the golden files keep.
func TestChainNoResultAtLevel2(t *testing.T) {
	t.Parallel() // pure: the words are made from read-only catalogues
	for _, tc := range append(slices.Clone(chainCases), alsCases...) {
		if tc.reglib == "" {
			continue
		}
		b, _ := reglibPosition(t, tc.reglib)
		for _, x := range engine.Catalogue() {
			if x.Name().String() != tc.technique {
				continue
			}
			for i, s := range engine.AllSteps(x, &b) {
				for _, err := range checkStep(&b, s) {
					t.Errorf("%s step %d (%s): %v", tc.golden, i, s.Variant, err)
				}
				if i > 200 {
					break
				}
			}
		}
	}
	_ = fmt.Sprint
}

// TestChainSentenceCapital: German opens the sentence after a chain's
// colon with a capital ("…: Die 9 steht in …", the readers of
// l10n/style/review-2026-11-29-als-chains), through its own catalogue
// (NodeCap, StartCap); a cell name keeps its small r, and English, which
// goes on with "then", writes the node as it is.
func TestChainSentenceCapital(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"die 9 steht in r2c8 oder r8c8", "Die 9 steht in r2c8 oder r8c8"},
		{"r2c7 ist 4", "r2c7 ist 4"},
		{"9 is in r2c8 or r8c8", "9 is in r2c8 or r8c8"},
		{"", ""},
	} {
		if got := upperFirst(tt.in); got != tt.want {
			t.Errorf("upperFirst(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	node := "die 9 steht in r2c8 oder r8c8"
	for _, tt := range []struct {
		tag, id string
		args    []any
		want    string
	}{
		{"de", "ch.clause", []any{"Node", node, "NodeCap", upperFirst(node), "First", true, "Why", "x"}, "Die 9 steht"},
		{"de", "ch.clause", []any{"Node", node, "NodeCap", upperFirst(node), "First", false, "Why", "x"}, "die 9 steht"},
		{"de", "ch.either_end", []any{"Start", node, "StartCap", upperFirst(node), "End", "r1c1 ist 2"}, "beiden: Die 9 steht"},
		{"en-US", "ch.clause", []any{"Node", "that digit is in r1c1 or r1c2", "NodeCap", "That digit is in r1c1 or r1c2", "First", true, "Why", "x"}, "that digit is"},
	} {
		if got := l10n.For(tt.tag).T(tt.id, tt.args...); !strings.Contains(got, tt.want) {
			t.Errorf("%s %s: %q, want it to contain %q", tt.tag, tt.id, got, tt.want)
		}
	}
}
