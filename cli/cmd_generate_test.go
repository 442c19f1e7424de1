package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

func TestGenerateCommand(t *testing.T) {
	t.Parallel() // pure: the command runs on its own stdin and stdout
	tests := []struct {
		name   string
		args   []string
		count  int
		sym    engine.Symmetry
		givens int
		level  string // "" for any
	}{
		{"default", []string{"--seed", "1"}, 1, engine.SymNone, 0, ""},
		{"count and symmetry", []string{"--seed", "2", "--count", "3", "--symmetry", "rotational"}, 3, engine.SymRotational, 0, ""},
		{"rotational90", []string{"--seed", "2", "--symmetry", "rotational90"}, 1, engine.SymRotational90, 0, ""},
		{"givens", []string{"--seed", "3", "--count", "2", "--givens", "32", "--symmetry", "diagonal"}, 2, engine.SymDiagonal, 32, ""},
		{"easy", []string{"--seed", "4", "--count", "2", "--level", "easy"}, 2, engine.SymNone, 0, "easy"},
		{"medium", []string{"--seed", "4", "--level", "medium"}, 1, engine.SymNone, 0, "medium"},
		{"hard rotational", []string{"--seed", "4", "--level", "hard", "--symmetry", "rotational"}, 1, engine.SymRotational, 0, "hard"},
		{"expert", []string{"--seed", "4", "--level", "expert"}, 1, engine.SymNone, 0, "expert"},
		{"master", []string{"--seed", "4", "--level", "master"}, 1, engine.SymNone, 0, "master"},
		{"extreme", []string{"--seed", "4", "--level", "extreme"}, 1, engine.SymNone, 0, "extreme"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, strings.NewReader(""), append([]string{"generate"}, tt.args...)...)
			if code != exitOK || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != tt.count {
				t.Fatalf("%d lines, want %d:\n%s", len(lines), tt.count, out)
			}
			seen := map[string]bool{}
			for _, l := range lines {
				f := strings.Fields(l)
				if len(f) != 3 {
					t.Fatalf("line %q is not PUZZLE LEVEL SCORE", l)
				}
				g, err := engine.Parse(f[0])
				if err != nil {
					t.Fatalf("line %q: %v", l, err)
				}
				grade, err := engine.Rate(g)
				if err != nil {
					t.Fatalf("rating %s: %v", f[0], err)
				}
				if f[1] != grade.Level.String() || f[2] != fmt.Sprintf("%.1f", grade.Score) {
					t.Fatalf("line %q, but the puzzle rates %s %.1f", l, grade.Level, grade.Score)
				}
				if tt.level != "" && f[1] != tt.level {
					t.Fatalf("asked for %s, got %q", tt.level, l)
				}
				if n := engine.CountSolutions(g, 2); n != 1 {
					t.Fatalf("%s has %d solutions", l, n)
				}
				if !tt.sym.Holds(g) {
					t.Fatalf("%s lacks %s symmetry", l, tt.sym)
				}
				if tt.givens != 0 && g.Count() != tt.givens {
					t.Fatalf("%s has %d givens, want %d", l, g.Count(), tt.givens)
				}
				seen[l] = true
			}
			if len(seen) != len(lines) {
				t.Fatalf("repeated puzzles:\n%s", out)
			}
			again, _, _ := runCmd(t, strings.NewReader(""), append([]string{"generate"}, tt.args...)...)
			if again != out {
				t.Fatalf("same seed, different output:\n%s\n%s", out, again)
			}
		})
	}
}

// TestGenerateSeedDerivation: puzzle i of a batch is the puzzle of the
// derived seed, so a single puzzle can be regenerated.
func TestGenerateSeedDerivation(t *testing.T) {
	out, _, _ := runCmd(t, strings.NewReader(""), "generate", "--seed", "9", "--count", "3")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	p, err := engine.Generate(engine.GenerateOptions{Seed: engine.DeriveSeed(9, 2)})
	if err != nil || len(lines) != 3 || !strings.HasPrefix(lines[2], p.Puzzle.String()+" ") {
		t.Fatalf("third puzzle %v, want %s (%v)", lines, p.Puzzle, err)
	}
}

func TestGenerateRandomSeed(t *testing.T) {
	out, errOut, code := runCmd(t, strings.NewReader(""), "generate")
	if code != exitOK || !strings.Contains(errOut, "generate: seed ") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	// The printed seed repeats the run.
	var seed string
	for i, f := range strings.Fields(errOut) {
		if f == "--seed" {
			seed = strings.TrimSuffix(strings.Fields(errOut)[i+1], ")")
		}
	}
	again, _, _ := runCmd(t, strings.NewReader(""), "generate", "--seed", seed)
	if again != out {
		t.Fatalf("seed %s: %q, first run %q", seed, again, out)
	}
}

func TestGenerateUsage(t *testing.T) {
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"--level", "impossible"}, `--level: unknown level "impossible"`},
		{[]string{"--level", "hard", "--givens", "30"}, "--givens and --level cannot be combined"},
		{[]string{"--count", "0"}, "--count must be at least 1"},
		{[]string{"--symmetry", "spiral"}, `unknown symmetry "spiral"`},
		{[]string{"--givens", "12"}, "--givens must be 17-81"},
		{[]string{"--givens", "90"}, "--givens must be 17-81"},
		{[]string{"--seed", "-1"}, "-seed"},
		{[]string{"--bogus"}, "-bogus"},
		{[]string{"extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		_, errOut, code := runCmd(t, strings.NewReader(""), append([]string{"generate"}, tt.args...)...)
		if code != exitUsage || !strings.Contains(errOut, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", tt.args, code, errOut, tt.stderr)
		}
	}
}

func TestGenerateUnreachable(t *testing.T) {
	out, _, code := runCmd(t, strings.NewReader(""), "generate", "--seed", "1", "--givens", "30", "--symmetry", "rotational90")
	if code != exitError || !strings.HasPrefix(out, "error: givens target not reached: rotational90 symmetry cannot leave exactly 30 givens") {
		t.Fatalf("exit %d, output %q", code, out)
	}
}
