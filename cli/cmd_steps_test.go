package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/shareddata"
)

var updateSteps = flag.Bool("update-steps", false, "rewrite testdata/steps_*.golden")

func runStepsCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	code = run(context.Background(), env, append([]string{"steps"}, args...))
	return out.String(), errOut.String(), code
}

const (
	stepsEasy = "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	// stepsHard is rated 3.2 by SE (sxbank_hard.txt, public domain).
	stepsHard = "040060072500800000600047000450006010007000200060500094000450009000001008890030040"
)

// TestStepsJSON checks that a program can replay the --json path: every
// placement and elimination, applied in order, leads to the solution, and
// the object has exactly the contract's fields.
func TestStepsJSON(t *testing.T) {
	for _, puzzle := range []string{stepsEasy, stepsHard} {
		out, errOut, code := runStepsCmd(t, puzzle+"\n", "--json")
		if code != exitOK || errOut != "" {
			t.Fatalf("%s: code %d, stderr %q", puzzle, code, errOut)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &raw); err != nil {
			t.Fatalf("%s: %v\n%s", puzzle, err, out)
		}
		if len(raw) != 5 {
			t.Errorf("%s: %d fields, want exactly puzzle, solved, level, score, steps", puzzle, len(raw))
		}
		for _, k := range []string{"puzzle", "solved", "level", "score", "steps"} {
			if _, ok := raw[k]; !ok {
				t.Errorf("%s: no %q field", puzzle, k)
			}
		}
		var steps []map[string]json.RawMessage
		if err := json.Unmarshal(raw["steps"], &steps); err != nil || len(steps) == 0 {
			t.Fatalf("steps: %v", err)
		}
		// The contract's fields, and nothing but the documented ones.
		required := []string{"technique", "score", "placements", "eliminations", "text", "pattern"}
		optional := []string{"variant", "digits", "houses", "links", "branches"}
		for _, st := range steps {
			for _, k := range required {
				if _, ok := st[k]; !ok {
					t.Errorf("step has no %q field: %v", k, st)
				}
			}
			for k := range st {
				if !slices.Contains(required, k) && !slices.Contains(optional, k) {
					t.Errorf("step has an undocumented field %q", k)
				}
			}
		}
		var p stepsPath
		if err := json.Unmarshal([]byte(out), &p); err != nil {
			t.Fatal(err)
		}
		g := engine.MustParse(puzzle)
		sol, err := engine.Solve(g)
		if err != nil {
			t.Fatal(err)
		}
		b := engine.NewBoard(g)
		for i, s := range p.Steps {
			if s.Technique == "" || s.Text == "" || len(s.Placements)+len(s.Eliminations) == 0 {
				t.Fatalf("step %d is incomplete: %+v", i+1, s)
			}
			for _, c := range s.Placements {
				cell := engine.CellAt(c.Row-1, c.Col-1)
				if sol[cell] != c.Digit {
					t.Fatalf("step %d places %d at r%dc%d, solution has %d", i+1, c.Digit, c.Row, c.Col, sol[cell])
				}
				b.Place(cell, c.Digit)
			}
			for _, c := range s.Eliminations {
				cell := engine.CellAt(c.Row-1, c.Col-1)
				if sol[cell] == c.Digit {
					t.Fatalf("step %d removes the solution's %d from r%dc%d", i+1, c.Digit, c.Row, c.Col)
				}
				b.Eliminate(cell, c.Digit)
			}
		}
		if !p.Solved || b.Grid != sol {
			t.Errorf("%s: replaying the steps does not reach the solution (solved=%v)", puzzle, p.Solved)
		}
		if want, _ := engine.SolvePath(g); p.Score != want.Score() {
			t.Errorf("score %.1f, want the hardest step's %.1f", p.Score, want.Score())
		}
		if lv, err := engine.ParseLevel(p.Level); err != nil || lv != engine.LevelForScore(p.Score) {
			t.Errorf("level %q does not match score %.1f (%v)", p.Level, p.Score, err)
		}
		if p.Puzzle != g.String() {
			t.Errorf("puzzle %q, want %q", p.Puzzle, g.String())
		}
	}
}

// TestStepsText compares the text output of two puzzles with a golden
// file (regenerate with -update-steps).
func TestStepsText(t *testing.T) {
	out, errOut, code := runStepsCmd(t, "# two puzzles\n"+stepsEasy+" 1.2\n\n"+stepsHard+"\n")
	if code != exitOK || errOut != "" {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
	golden := filepath.Join("testdata", "steps_text.golden")
	if *updateSteps {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update-steps to create it)", err)
	}
	if out != string(want) {
		t.Errorf("output differs from %s (run with -update-steps after checking):\n%s", golden, out)
	}
}

func TestStepsErrors(t *testing.T) {
	tests := []struct {
		name   string
		stdin  string
		args   []string
		want   []string
		code   int
		stderr string
	}{
		{
			name:  "bad puzzles get error lines in place",
			stdin: strings.Repeat(".", 81) + "\n12345\n55" + stepsEasy[2:] + "\n123456780000000009" + strings.Repeat("0", 63) + "\n",
			args:  []string{"--json"},
			want: []string{
				"error: multiple solutions",
				"error: line 2: found 5 cells, a grid has 81",
				"error: invalid: r1c1 and r1c2 both hold 5",
				"error: no solution",
			},
			code: exitError,
		},
		{name: "unknown flag", args: []string{"--jsn"}, code: exitUsage, stderr: "-jsn"},
		{name: "two files", args: []string{"a", "b"}, code: exitUsage, stderr: "at most one FILE"},
		{name: "missing file", args: []string{"/nonexistent/p.txt"}, code: exitUsage, stderr: "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runStepsCmd(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("code %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if tt.stderr != "" && !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr %q does not mention %q", errOut, tt.stderr)
			}
			if tt.want != nil {
				got := strings.Split(strings.TrimRight(out, "\n"), "\n")
				if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
					t.Errorf("output:\n%s\nwant:\n%s", out, strings.Join(tt.want, "\n"))
				}
			}
		})
	}
}

// TestStepsGradeMatchesRate: the level and score steps prints are the
// puzzle's grade, the same as rate's, even when the path shown uses a
// technique Sudoku Explainer lacks.
func TestStepsGradeMatchesRate(t *testing.T) {
	t.Parallel() // pure: the command runs on its own stdin and stdout
	data, err := os.ReadFile(filepath.Join("..", "engine", "testdata", "sxbank_diabolical.txt"))
	if err != nil {
		t.Fatal(err)
	}
	rated, _, code := runCmd(t, bytes.NewReader(data), "rate")
	if code != exitOK {
		t.Fatalf("rate exit %d", code)
	}
	steps, _, code := runCmd(t, bytes.NewReader(data), "steps", "--json")
	if code != exitOK {
		t.Fatalf("steps exit %d", code)
	}
	rates := strings.Split(strings.TrimSpace(rated), "\n")
	paths := strings.Split(strings.TrimSpace(steps), "\n")
	if len(rates) != len(paths) || len(rates) < 50 {
		t.Fatalf("%d rate lines, %d steps lines", len(rates), len(paths))
	}
	for i := range rates {
		var p stepsPath
		if err := json.Unmarshal([]byte(paths[i]), &p); err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(rates[i])
		if got := fmt.Sprintf("%s %.1f", p.Level, p.Score); got != f[0]+" "+f[1] {
			t.Errorf("%s: steps says %s, rate says %s", p.Puzzle, got, rates[i])
		}
	}
}

// TestStepsLinesShort checks the promise that no line of the steps listing
// passes 300 characters, on the hardest shared puzzles (long forcing
// chains and proofs by cases).
func TestStepsLinesShort(t *testing.T) {
	t.Parallel() // pure: the command runs on its own stdin and stdout
	f, err := os.Open(shareddata.Puzzles(t, "q2_hardest_top300.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var in strings.Builder
	sc := bufio.NewScanner(f)
	for n := 0; sc.Scan() && n < 3; {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			in.WriteString(line + "\n")
			n++
		}
	}
	out, errOut, code := runStepsCmd(t, in.String())
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(out, "\n")
	if len(lines) < 30 {
		t.Fatalf("only %d lines of steps", len(lines))
	}
	for i, l := range lines {
		if len(l) > 300 {
			t.Errorf("line %d has %d characters: %.100s...", i+1, len(l), l)
		}
	}
}
