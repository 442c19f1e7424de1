package cli

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/render"
)

// runRenderCmd runs "sudokubot render ARGS" with stdin and returns stdout,
// stderr and the exit status.
func runRenderCmd(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	code := run(context.Background(), env, append([]string{"render"}, args...))
	return out.String(), errOut.String(), code
}

func TestRenderCommand(t *testing.T) {
	const (
		puzzle = "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19"
		// The puzzle after its singles: the next step needs pencil marks.
		progress = "57..681.3.3..15.6.691..75...53.....112..8.3..94...127.31.8.6452.8.1...3.26..43819"
	)
	wrong := wrongEntry(t, puzzle)
	clash := "1" + puzzle[1:] // r1c1 is given as 5
	dir := t.TempDir()
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		w, h   int    // image size when code is 0
		stdout string // substring of stdout
		stderr string // substring of stderr
	}{
		{name: "plain", args: []string{puzzle}, w: 1000, h: 1000},
		{name: "stdin", args: []string{"-", "--size", "400"}, stdin: "# daily\n" + puzzle + " 2.5\n", w: 400, h: 400},
		{name: "candidates light", args: []string{"--candidates", "--theme", "light", "--progress", progress, puzzle}, w: 1000, h: 1000},
		{name: "title", args: []string{"--title", "Daily · 22 Nov 2026 · Hard · #123", puzzle}, w: 1000, h: 1070},
		{name: "hint", args: []string{"--hint", puzzle}, w: 1000, h: 1070, stdout: "r1c6"},
		{name: "hint level 1", args: []string{"--hint", "--level", "1", "--progress", progress, puzzle}, w: 1000, h: 1070, stdout: "Try"},
		{name: "hint with marks", args: []string{"--hint", "--marks", strings.Repeat(",", 80), "--progress", progress, puzzle}, w: 1000, h: 1070},
		{name: "wrong", args: []string{"--wrong", "--progress", wrong, puzzle}, w: 1000, h: 1000},
		{name: "mistake hint", args: []string{"--hint", "--level", "2", "--progress", wrong, puzzle}, w: 1000, h: 1070},
		{name: "solution", args: []string{"--solution", "--size", "600", puzzle}, w: 600, h: 600},
		{name: "card", args: []string{"--card", "--time", "12m34s", "--hints", "1", "--streak", "3", "--number", "12", "--date", "2026-11-24", "--difficulty", "expert"}, w: 800, h: 400},
		{name: "card with shape", args: []string{"--card", "--size", "400", puzzle}, w: 400, h: 200},
		{name: "card clock time", args: []string{"--card", "--time", "1:02:03"}, w: 800, h: 400},
		{name: "bad card time", args: []string{"--card", "--time", "12:3"}, code: exitUsage, stderr: `invalid value "12:3" for flag -time: want a time like 12:34, 1:02:03 or 12m34s`},

		{name: "no output", args: []string{puzzle}, code: exitUsage, stderr: "-o FILE is required"},
		{name: "bad puzzle", args: []string{"12x"}, code: exitUsage, stderr: "PUZZLE: line 1, column 3"},
		{name: "two puzzles", args: []string{puzzle, puzzle}, code: exitUsage, stderr: "one PUZZLE"},
		{name: "empty stdin", args: []string{}, code: exitUsage, stderr: "no puzzle on standard input"},
		{name: "bad size", args: []string{"--size", "100", puzzle}, code: exitUsage, stderr: "--size 100"},
		{name: "bad theme", args: []string{"--theme", "sepia", puzzle}, code: exitUsage, stderr: "unknown theme: \"sepia\""},
		{name: "bad level", args: []string{"--hint", "--level", "4", puzzle}, code: exitUsage, stderr: "--level 4"},
		{name: "level without hint", args: []string{"--level", "2", puzzle}, code: exitUsage, stderr: "--level needs --hint"},
		{name: "progress clash", args: []string{"--progress", clash, puzzle}, code: exitUsage, stderr: "r1c1 is given as 5 but progress has 1"},
		{name: "bad progress", args: []string{"--progress", "1", puzzle}, code: exitUsage, stderr: "--progress: found 1 cells"},
		{name: "bad marks", args: []string{"--marks", "12", puzzle}, code: exitUsage, stderr: "--marks: found 1 comma-separated"},
		{name: "bad flag", args: []string{"--colour", "red", puzzle}, code: exitUsage, stderr: "flag provided but not defined: -colour"},
		{name: "not unique", args: []string{"--hint", strings.Repeat(".", 81)}, code: exitError, stdout: "error: multiple solutions"},
		{name: "no solution for --wrong", args: []string{"--wrong", "12" + strings.Repeat(".", 7) + "3" + strings.Repeat(".", 71)}, code: exitError, stdout: "error: "},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(dir, "out.png")
			os.Remove(file)
			args := tt.args
			if tt.name != "no output" {
				args = append([]string{"-o", file}, args...)
			}
			out, errOut, code := runRenderCmd(t, tt.stdin, args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d (stdout %q, stderr %q)", code, tt.code, out, errOut)
			}
			if !strings.Contains(out, tt.stdout) {
				t.Errorf("stdout %q lacks %q", out, tt.stdout)
			}
			if !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr %q lacks %q", errOut, tt.stderr)
			}
			data, err := os.ReadFile(file)
			if tt.code != exitOK {
				if err == nil {
					t.Errorf("case %d wrote %s despite failing", i, file)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("output is not a PNG: %v", err)
			}
			if b := img.Bounds(); b.Dx() != tt.w || b.Dy() != tt.h {
				t.Errorf("image is %dx%d, want %dx%d", b.Dx(), b.Dy(), tt.w, tt.h)
			}
		})
	}
}

// TestRenderCommandStdout writes the PNG to standard output with -o -,
// and draws the same pixels as the package does.
func TestRenderCommandStdout(t *testing.T) {
	const puzzle = "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19"
	out, errOut, code := runRenderCmd(t, "", "-o", "-", "--size", "300", "--theme", "light", puzzle)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got, err := png.Decode(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	want, err := render.Board(render.Position{Puzzle: engine.MustParse(puzzle)}, render.Options{Theme: render.Light, Size: 300})
	if err != nil {
		t.Fatal(err)
	}
	if !sameImage(got, want) {
		t.Error("-o - output differs from render.Board")
	}
}

// wrongEntry returns the puzzle with one entry that breaks no rule but is
// not the solution's digit.
func wrongEntry(t *testing.T, puzzle string) string {
	t.Helper()
	g := engine.MustParse(puzzle)
	sol, err := engine.Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	for c := range engine.NumCells {
		for d := uint8(1); d <= 9 && g[c] == 0; d++ {
			h := g
			h[c] = d
			if d != sol[c] && h.Validate() == nil {
				return h.String()
			}
		}
	}
	t.Fatal("no wrong entry fits")
	return ""
}

func sameImage(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

// TestSolveTimeFlag reads --time as players write it and as Go does.
func TestSolveTimeFlag(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"12:34", 12*time.Minute + 34*time.Second, true},
		{"1:02:03", time.Hour + 2*time.Minute + 3*time.Second, true},
		{"75:00", 75 * time.Minute, true},
		{"0:05", 5 * time.Second, true},
		{"12m34s", 12*time.Minute + 34*time.Second, true},
		{"12:3", 0, false},
		{"12:60", 0, false},
		{"1:2:3:4", 0, false},
		{"-5m", 0, false},
		{":", 0, false},
		{"soon", 0, false},
	} {
		var st solveTime
		err := st.Set(tt.in)
		if (err == nil) != tt.ok || (tt.ok && time.Duration(st) != tt.want) {
			t.Errorf("--time %q: %v, %v; want %v, ok %v", tt.in, time.Duration(st), err, tt.want, tt.ok)
		}
	}
}

// FuzzSolveTimeFlag: any --time is read or refused with the one message,
// never a panic or a negative time.
func FuzzSolveTimeFlag(f *testing.F) {
	for _, s := range []string{"12:34", "1:02:03", "12m34s", "", ":", "99999999999999999999:00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		var st solveTime
		if err := st.Set(v); err == nil && st < 0 {
			t.Fatalf("--time %q read as %v", v, time.Duration(st))
		}
	})
}

// TestRenderMissingDirectory names the missing directory, not the
// temporary file render would have written first.
func TestRenderMissingDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "no", "such")
	out, _, code := runRenderCmd(t, "", "-o", filepath.Join(dir, "x.png"), "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19")
	if code != exitError || !strings.Contains(out, "the directory "+dir+" does not exist") || strings.Contains(out, ".render-") {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
}
