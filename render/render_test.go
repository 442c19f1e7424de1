package render

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata/")

// goldenSize keeps the golden files small; legibility at phone sizes is
// checked by eye (see the package's report) and by TestLegibleSizes.
const goldenSize = 540

func (f stepFixture) position(t testing.TB) (Position, engine.Grid) {
	t.Helper()
	puzzle := engine.MustParse(f.puzzle)
	progress := engine.MustParse(f.progress)
	sol, err := engine.Solve(puzzle)
	if err != nil {
		t.Fatalf("%s: solve: %v", f.name, err)
	}
	marks := engine.NewBoard(progress).Cands
	return Position{Puzzle: puzzle, Progress: progress, Marks: &marks}, sol
}

func fixture(t testing.TB, name string) stepFixture {
	t.Helper()
	for _, f := range stepFixtures {
		if f.name == name {
			return f
		}
	}
	t.Fatalf("no fixture %q", name)
	return stepFixture{}
}

// TestFixturesSound checks that every fixture step is true in its
// position: placements are the solution's digits, eliminations are not,
// every candidate the step names is a pencil mark of the position, and
// every link is a real strong or weak inference there.
func TestFixturesSound(t *testing.T) {
	for _, f := range stepFixtures {
		t.Run(f.name, func(t *testing.T) {
			p, sol := f.position(t)
			for c, d := range p.Progress {
				if d != 0 && d != sol[c] {
					t.Fatalf("progress has %d at %s, solution %d", d, engine.CellName(c), sol[c])
				}
			}
			s := f.step
			if len(s.Placements)+len(s.Eliminations) == 0 {
				t.Fatal("step makes no progress")
			}
			for _, c := range s.Placements {
				if sol[c.Cell] != c.Digit {
					t.Errorf("places %d at %s, solution has %d", c.Digit, engine.CellName(c.Cell), sol[c.Cell])
				}
			}
			for _, c := range s.Eliminations {
				if sol[c.Cell] == c.Digit {
					t.Errorf("eliminates the solution's %d at %s", c.Digit, engine.CellName(c.Cell))
				}
			}
			named := slices.Concat(s.Placements, s.Eliminations, s.Proof)
			for _, l := range s.Links {
				named = append(named, l.From, l.To)
			}
			for _, c := range named {
				if !p.Marks[c.Cell].Has(c.Digit) {
					t.Errorf("%d at %s is not a candidate", c.Digit, engine.CellName(c.Cell))
				}
			}
			for _, l := range s.Links {
				if !linkHolds(p.Marks, l) {
					t.Errorf("link %v is not a valid inference", l)
				}
			}
		})
	}
}

// linkHolds reports whether a link is an inference in the marks: weak when
// the two candidates cannot both be true, strong when they cannot both be
// false (a bivalue cell or the only two places of a digit in a unit).
func linkHolds(marks *[engine.NumCells]engine.Digits, l engine.Link) bool {
	a, b := l.From, l.To
	if a.Cell == b.Cell {
		return a.Digit != b.Digit && (!l.Strong || marks[a.Cell] == engine.DigitSet(a.Digit, b.Digit))
	}
	if a.Digit != b.Digit || !engine.SeesCell(a.Cell, b.Cell) {
		return false
	}
	if !l.Strong {
		return true
	}
	for _, u := range engine.CellUnits[a.Cell] {
		if !slices.Contains(engine.UnitCells[u][:], b.Cell) {
			continue
		}
		n := 0
		for _, c := range engine.UnitCells[u] {
			if marks[c].Has(a.Digit) {
				n++
			}
		}
		if n == 2 {
			return true
		}
	}
	return false
}

type goldenCase struct {
	name string
	pos  Position
	opts Options
}

func goldenCases(t testing.TB) []goldenCase {
	hs := fixture(t, "hidden-single")
	start, sol := hs.position(t)
	// A game in progress: some right entries, one that clashes with a
	// given in its row, one that is wrong but breaks no rule yet.
	progress := start.Puzzle
	for _, c := range []int{2, 3, 5, 12, 20, 30, 44} {
		progress[c] = sol[c]
	}
	wrongAt(t, &progress, sol, 59)
	progress[7] = 5 // r1c8: 5 is given at r1c1
	playing := Position{Puzzle: start.Puzzle, Progress: progress}

	cases := []goldenCase{
		{"board-dark", Position{Puzzle: start.Puzzle}, Options{}},
		{"board-light", Position{Puzzle: start.Puzzle}, Options{Theme: Light}},
		{"progress-dark", playing, Options{Solution: sol, Title: "Daily · 22 Nov 2026 · Hard · #123"}},
		{"progress-light", playing, Options{Theme: Light, Solution: sol, Title: "Daily · 22 Nov 2026 · Hard · #123"}},
		{"candidates-dark", playing, Options{Candidates: true}},
		{"candidates-light-400", playing, Options{Theme: Light, Candidates: true, Size: 400}},
		{"solved-dark", Position{Puzzle: start.Puzzle, Progress: sol}, Options{Title: "Solved in 12:34"}},
		{"solved-light", Position{Puzzle: start.Puzzle, Progress: sol}, Options{Theme: Light}},
	}
	for _, f := range stepFixtures {
		p, _ := f.position(t)
		step := f.step
		for _, lv := range []int{1, 2, 3} {
			for _, th := range []Theme{Dark, Light} {
				// Every level in dark, the full hint in light too.
				if th == Light && lv != 3 {
					continue
				}
				name := "hint-" + f.name + "-" + fmt.Sprint(lv) + "-" + th.Name
				cases = append(cases, goldenCase{name, p, Options{Theme: th, Hint: &step, HintLevel: lv, Title: string(step.Technique)}})
			}
		}
	}
	return append(cases, roleGoldenCases(t)...)
}

// wrongAt enters, in the first empty cell from cell on, a digit that
// breaks no rule but is not the solution's.
func wrongAt(t testing.TB, g *engine.Grid, sol engine.Grid, cell int) {
	t.Helper()
	for c := cell; c < engine.NumCells; c++ {
		for d := uint8(1); d <= 9; d++ {
			h := *g
			h[c] = d
			if g[c] == 0 && d != sol[c] && h.Validate() == nil {
				*g = h
				return
			}
		}
	}
	t.Fatalf("no wrong digit fits from %s on", engine.CellName(cell))
}

func TestGolden(t *testing.T) {
	t.Parallel() // drawing is pure, and each case has a golden file of its own
	for _, tc := range goldenCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if tc.opts.Size == 0 {
				tc.opts.Size = goldenSize
			}
			img, err := Board(tc.pos, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tc.name, img)
		})
	}
}

func TestGoldenCard(t *testing.T) {
	r := Result{Date: time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC), Level: engine.LevelHard, Graded: true, Number: 123,
		Time: 12*time.Minute + 34*time.Second, Hints: 1, Mistakes: 0, Streak: 5,
		Givens: engine.MustParse(fixture(t, "hidden-single").puzzle)}
	for _, tc := range []struct {
		name string
		r    Result
		opts Options
	}{
		{"card-dark", r, Options{}},
		{"card-light", r, Options{Theme: Light}},
		{"card-plain-dark-400", Result{Hints: 3, Mistakes: 2}, Options{Size: 400}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, err := ResultCard(tc.r, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tc.name, img)
		})
	}
}

// checkGolden compares img with testdata/NAME.png by decoded pixels. A pixel
// differs when a channel is off by more than 40 (antialiasing may shift
// between library versions); a handful may. On failure the image is kept
// in a temporary directory for a look.
func checkGolden(t *testing.T, name string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := WritePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	want, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if n, msg := pixelDiff(got, want, 40); n > 8 {
		dir, err := os.MkdirTemp("", "render-golden-")
		if err == nil {
			out := filepath.Join(dir, name+".png")
			if err = os.WriteFile(out, buf.Bytes(), 0o644); err == nil {
				t.Logf("got image written to %s", out)
			}
		}
		t.Errorf("%s: %s (run go test ./render -update if the change is intended)", path, msg)
	}
}

func pixelDiff(a, b image.Image, tol int) (int, string) {
	if a.Bounds() != b.Bounds() {
		return math.MaxInt, "size " + a.Bounds().String() + ", want " + b.Bounds().String()
	}
	pa, pb := toNRGBA(a).Pix, toNRGBA(b).Pix
	n := 0
	for i := 0; i < len(pa); i += 4 {
		if absDiff(pa[i], pb[i]) > tol || absDiff(pa[i+1], pb[i+1]) > tol || absDiff(pa[i+2], pb[i+2]) > tol {
			n++
		}
	}
	return n, fmt.Sprintf("%d pixels differ", n)
}

func toNRGBA(img image.Image) *image.NRGBA {
	out := image.NewNRGBA(img.Bounds())
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out
}

func absDiff(a, b uint8) int { return int(math.Abs(float64(a) - float64(b))) }
