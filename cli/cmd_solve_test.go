package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// runCmd runs the CLI with stdin and returns its output and exit status.
func runCmd(t *testing.T, stdin io.Reader, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &cliEnv{stdin: stdin, stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	code = run(context.Background(), env, args)
	return out.String(), errOut.String(), code
}

const (
	solveEasy    = "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	solveEasySol = "158723469367954821294816375619238547485697132732145986976381254841572693523469718"
	// solveNoSol has r1c1 empty with no candidate left.
	solveNoSol = "012345678900000000000000000000000000000000000000000000000000000000000000000000000"
)

func TestSolveCommand(t *testing.T) {
	file := filepath.Join(t.TempDir(), "puzzles.txt")
	if err := os.WriteFile(file, []byte(solveEasy+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mixed := strings.Join([]string{
		"# a comment line",
		"",
		solveEasy + " 1.2 trailing fields are ignored",
		strings.Repeat(".", 81),
		"12345",
		"55" + solveEasy[2:],
		solveNoSol,
		"  " + solveEasy[:10] + "x" + solveEasy[11:],
		solveEasy,
	}, "\n") + "\n"
	mixedWant := []string{
		solveEasySol,
		"error: multiple solutions",
		"error: line 5: found 5 cells, a grid has 81",
		"error: invalid: r1c1 and r1c2 both hold 5",
		"error: no solution",
		"error: line 8, column 13: unexpected character 'x' (cells are 1-9, with 0 or . for a blank)",
		solveEasySol,
	}
	tests := []struct {
		name   string
		stdin  string
		args   []string
		want   []string
		code   int
		stderr string
	}{
		{name: "one puzzle", stdin: solveEasy + "\n", want: []string{solveEasySol}},
		{name: "no final newline", stdin: solveEasy, want: []string{solveEasySol}},
		{name: "dots", stdin: strings.ReplaceAll(solveEasy, "0", "."), want: []string{solveEasySol}},
		{name: "file argument", args: []string{file}, want: []string{solveEasySol}},
		{name: "dash is stdin", stdin: solveEasy, args: []string{"-"}, want: []string{solveEasySol}},
		{name: "errors keep their place", stdin: mixed, want: mixedWant, code: exitError},
		{name: "dlx", stdin: mixed, args: []string{"--method", "dlx"}, want: mixedWant, code: exitError},
		{name: "anneal", stdin: solveEasy + "\n55" + solveEasy[2:] + "\n", args: []string{"--method=anneal"},
			want: []string{solveEasySol, "error: invalid: r1c1 and r1c2 both hold 5"}, code: exitError},
		{name: "empty input", stdin: "", want: nil},
		{name: "unknown method", args: []string{"--method", "magic"}, code: exitUsage, stderr: `unknown --method "magic"`},
		{name: "unknown flag", args: []string{"--fast"}, code: exitUsage, stderr: "-fast"},
		{name: "two files", args: []string{"a", "b"}, code: exitUsage, stderr: "at most one FILE"},
		{name: "missing file", args: []string{"/nonexistent/p.txt"}, code: exitUsage, stderr: "no such file"},
		{name: "flags after the file", args: []string{file, "--method", "dlx"}, want: []string{solveEasySol}},
		{name: "puzzle argument", args: []string{solveEasy, "--method=dlx"}, want: []string{solveEasySol}},
		{name: "spaced and nine-line puzzle arguments", args: []string{spaced(solveEasy, " "), spaced(solveEasy, "\n")}, want: []string{solveEasySol, solveEasySol}},
		{name: "puzzle arguments", args: []string{solveEasy, strings.ReplaceAll(solveEasy, "0", ".")}, want: []string{solveEasySol, solveEasySol}},
		{name: "short puzzle argument", args: []string{"123"}, code: exitUsage, stderr: `"123" is neither a file nor a puzzle (no such file; as a puzzle: found 3 cells, a grid has 81)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, strings.NewReader(tt.stdin), append([]string{"solve"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if tt.stderr != "" && !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr %q lacks %q", errOut, tt.stderr)
			}
			if tt.code == exitUsage {
				return
			}
			want := strings.Join(tt.want, "\n")
			if want != "" {
				want += "\n"
			}
			if out != want {
				t.Errorf("output:\n%s\nwant:\n%s", out, want)
			}
		})
	}
}

// TestSolveAnnealNotFound: annealing cannot prove there is no solution;
// it runs out of budget and says it found nothing.
func TestSolveAnnealNotFound(t *testing.T) {
	out, errOut, code := runCmd(t, strings.NewReader(solveNoSol+"\n."+solveEasySol[1:]+"\n"), "solve", "--method", "anneal", "--steps", "20000", "--seed", "3")
	if code != exitError || out != "error: not found\n"+solveEasySol+"\n" {
		t.Fatalf("exit %d, output %q, stderr %q", code, out, errOut)
	}
	if got := solveErrorText(fmt.Errorf("wrapped: %w", engine.ErrNotFound)); got != "not found" {
		t.Fatalf("ErrNotFound reads %q", got)
	}
	if _, errOut, code := runCmd(t, strings.NewReader(""), "solve", "--steps", "0"); code != exitUsage || !strings.Contains(errOut, "--steps") {
		t.Fatalf("--steps 0: exit %d, stderr %q", code, errOut)
	}
}

// puzzleStream yields n puzzle lines without holding them in memory: the
// copied easy bank, over and over.
type puzzleStream struct {
	lines []string
	n, i  int
	buf   []byte
}

func (s *puzzleStream) Read(p []byte) (int, error) {
	for len(s.buf) == 0 {
		if s.i == s.n {
			return 0, io.EOF
		}
		s.buf = append(s.buf, s.lines[s.i%len(s.lines)]...)
		s.buf = append(s.buf, '\n')
		s.i++
	}
	k := copy(p, s.buf)
	s.buf = s.buf[k:]
	return k, nil
}

// lineChecker checks output lines as they stream past, holding none.
type lineChecker struct {
	want  []string
	lines int
	bad   error
	part  []byte
}

func (c *lineChecker) Write(p []byte) (int, error) {
	for _, b := range p {
		if b != '\n' {
			c.part = append(c.part, b)
			continue
		}
		if w := c.want[c.lines%len(c.want)]; string(c.part) != w && c.bad == nil {
			c.bad = fmt.Errorf("output line %d is %q, want %q", c.lines+1, c.part, w)
		}
		c.lines++
		c.part = c.part[:0]
	}
	return len(p), nil
}

// TestSolveStream100k pushes 100,000 puzzles through one streaming pass,
// from a reader that makes them on the fly to a writer that checks each
// answer.
func TestSolveStream100k(t *testing.T) {
	t.Parallel() // pure: the command runs on its own stdin and stdout
	const n = 100_000
	var lines, sols []string
	f, err := os.Open(filepath.Join("..", "engine", "testdata", "sxbank_easy.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 3 && !strings.HasPrefix(fs[0], "#") {
			lines = append(lines, sc.Text())
			sols = append(sols, fs[2])
		}
	}
	if len(lines) == 0 {
		t.Fatal("no puzzles in the easy bank")
	}
	check := &lineChecker{want: sols}
	var errOut bytes.Buffer
	env := &cliEnv{stdin: &puzzleStream{lines: lines, n: n}, stdout: check, stderr: &errOut}
	if code := run(context.Background(), env, []string{"solve"}); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if check.bad != nil {
		t.Fatal(check.bad)
	}
	if check.lines != n {
		t.Fatalf("%d output lines, want %d", check.lines, n)
	}
}

func TestSolveCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(solveEasy + "\n"), stdout: &out, stderr: &errOut}
	if code := run(ctx, env, []string{"solve"}); code != exitError || !errors.Is(ctx.Err(), context.Canceled) || !strings.Contains(errOut.String(), "canceled") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
}

// spaced writes a puzzle's rows separated by sep.
func spaced(p, sep string) string {
	var rows []string
	for r := 0; r < 81; r += 9 {
		rows = append(rows, p[r:r+9])
	}
	return strings.Join(rows, sep)
}
