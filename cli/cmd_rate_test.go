package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// runGraded runs a subcommand of this CLI with stdin and returns
// its output and exit status.
func runGraded(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	code = run(context.Background(), env, args)
	return out.String(), errOut.String(), code
}

func TestRateCommand(t *testing.T) {
	const easy = "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	tests := []struct {
		name   string
		stdin  string
		args   []string
		want   []string // output lines, each matched as a substring
		code   int
		stderr string
	}{
		{
			name:  "easy puzzle with trailing fields",
			stdin: "# comment\n\n" + easy + " 1.2 whatever\n",
			want:  []string{"easy 1.2 Hidden Single"},
		},
		{
			name:  "errors keep their place",
			stdin: easy + "\n" + strings.Repeat(".", 81) + "\n12345\n55" + easy[2:] + "\n123456780000000009" + strings.Repeat("0", 63) + "\n" + easy + "\n",
			want: []string{
				"easy 1.2 Hidden Single",
				"error: multiple solutions",
				"error: invalid: line 3: found 5 cells, a grid has 81",
				"error: invalid: r1c1 and r1c2 both hold 5",
				"error: no solution",
				"easy 1.2 Hidden Single",
			},
			code: exitError,
		},
		{
			name:   "two files",
			args:   []string{"a", "b"},
			code:   exitUsage,
			stderr: "at most one FILE",
		},
		{
			name:   "missing file",
			args:   []string{"/nonexistent/puzzles.txt"},
			code:   exitUsage,
			stderr: "no such file",
		},
		{
			name:   "bad flag",
			args:   []string{"--frobnicate"},
			code:   exitUsage,
			stderr: "frobnicate",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runGraded(t, tt.stdin, append([]string{"rate"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if tt.stderr != "" && !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr %q lacks %q", errOut, tt.stderr)
			}
			if tt.want == nil {
				return
			}
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			ok := len(got) == len(tt.want)
			for i := 0; ok && i < len(got); i++ {
				// Error lines must start "error: "; the detail may carry
				// context (a line number) around the expected words.
				ok = strings.Contains(got[i], tt.want[i]) &&
					strings.HasPrefix(got[i], "error: ") == strings.Contains(tt.want[i], "error: ")
			}
			if !ok {
				t.Errorf("output:\n%s\nwant lines containing:\n%s", out, strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestRateScaleFlag: --scale picks the grader, and an unknown scale is a
// usage error that names it.
func TestRateScaleFlag(t *testing.T) {
	const easy = "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	for _, scale := range []string{"player", "se"} {
		out, errOut, code := runGraded(t, easy+"\n", "rate", "--scale", scale)
		if code != exitOK || strings.TrimSpace(out) != "easy 1.2 Hidden Single" {
			t.Errorf("--scale %s: exit %d, output %q, stderr %q", scale, code, out, errOut)
		}
	}
	_, errOut, code := runGraded(t, easy+"\n", "rate", "--scale", "hodoku")
	if code != exitUsage || !strings.Contains(errOut, `unknown scale "hodoku"`) {
		t.Errorf("--scale hodoku: exit %d, stderr %q", code, errOut)
	}
}

// TestRateTechniqueOnStepsPath: on the default (player) scale, the
// technique rate names is taken by the path steps prints, at the score
// rate prints, and no step of that path rates higher; the SE scale keeps
// Sudoku Explainer's grade, which may name a technique the path avoids.
func TestRateTechniqueOnStepsPath(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "engine", "testdata", "sxbank_diabolical.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var sample []string
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if i%4 == 0 && !strings.HasPrefix(line, "#") {
			sample = append(sample, line)
		}
	}
	input := strings.Join(sample, "\n") + "\n"
	rated, _, code := runGraded(t, input, "rate")
	if code != exitOK {
		t.Fatalf("rate exit %d", code)
	}
	se, _, code := runGraded(t, input, "rate", "--scale", "se")
	if code != exitOK {
		t.Fatalf("rate --scale se exit %d", code)
	}
	steps, _, code := runGraded(t, input, "steps", "--json")
	if code != exitOK {
		t.Fatalf("steps exit %d", code)
	}
	rates := strings.Split(strings.TrimSpace(rated), "\n")
	seRates := strings.Split(strings.TrimSpace(se), "\n")
	paths := strings.Split(strings.TrimSpace(steps), "\n")
	if len(rates) != len(sample) || len(paths) != len(sample) || len(seRates) != len(sample) {
		t.Fatalf("%d puzzles, %d rate lines, %d se lines, %d steps lines", len(sample), len(rates), len(seRates), len(paths))
	}
	differ := 0
	for i := range rates {
		var p struct {
			Puzzle string `json:"puzzle"`
			Steps  []struct {
				Technique string `json:"technique"`
			} `json:"steps"`
		}
		if err := json.Unmarshal([]byte(paths[i]), &p); err != nil {
			t.Fatal(err)
		}
		level, score, technique := splitGrade(t, rates[i])
		path, err := engine.SolvePath(engine.MustParse(p.Puzzle))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for j, s := range p.Steps {
			if s.Technique != path.Steps[j].Technique.String() {
				t.Fatalf("%s: steps --json step %d is %s, SolvePath's %s", p.Puzzle, j+1, s.Technique, path.Steps[j].Technique)
			}
			sc := fmt.Sprintf("%.1f", path.Steps[j].Score)
			found = found || (s.Technique == technique && sc == score)
		}
		if !found {
			t.Errorf("%s: rate says %q, but steps never takes a %s at %s", p.Puzzle, rates[i], technique, score)
		}
		if lv, err := engine.ParseLevel(level); err != nil || fmt.Sprintf("%.1f", path.Score()) != score {
			t.Errorf("%s: rate says %q, the path's hardest step rates %.1f (%v)", p.Puzzle, rates[i], path.Score(), err)
		} else if lv != engine.LevelForScore(path.Score()) {
			t.Errorf("%s: rate says %q, level of %.1f is %v", p.Puzzle, rates[i], path.Score(), engine.LevelForScore(path.Score()))
		}
		if seRates[i] != rates[i] {
			differ++
		}
	}
	t.Logf("%d of %d puzzles grade differently on the two scales", differ, len(rates))
}

// splitGrade splits a rate line "LEVEL SCORE TECHNIQUE..." (the technique
// may have spaces).
func splitGrade(t *testing.T, line string) (level, score, technique string) {
	t.Helper()
	f := strings.SplitN(line, " ", 3)
	if len(f) != 3 {
		t.Fatalf("rate line %q, want LEVEL SCORE TECHNIQUE", line)
	}
	return f[0], f[1], f[2]
}
