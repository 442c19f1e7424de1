package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// luminance is WCAG 2's relative luminance of an sRGB colour.
func luminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

func contrast(a, b color.NRGBA) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// TestContrast holds every theme to WCAG AA (4.5:1) for each text colour
// on each fill it can be drawn on.
func TestContrast(t *testing.T) {
	for _, th := range []Theme{Dark, Light} {
		type named struct {
			name string
			c    color.NRGBA
		}
		fills := []named{{"Background", th.Background}, {"UnitFill", th.UnitFill}, {"CellFill", th.CellFill}, {"ErrorFill", th.ErrorFill}}
		texts := []named{{"Given", th.Given}, {"Entry", th.Entry}, {"Mark", th.Mark}, {"Error", th.Error}, {"Place", th.Place}}
		for _, tx := range texts {
			for _, f := range fills {
				if r := contrast(tx.c, f.c); r < 4.5 {
					t.Errorf("%s: %s on %s has contrast %.2f, want >= 4.5", th.Name, tx.name, f.name, r)
				}
			}
		}
		for _, tx := range []named{{"Title", th.Title}, {"Label", th.Label}} {
			for _, f := range []named{{"Background", th.Background}, {"Panel", th.Panel}} {
				if r := contrast(tx.c, f.c); r < 4.5 {
					t.Errorf("%s: %s on %s has contrast %.2f, want >= 4.5", th.Name, tx.name, f.name, r)
				}
			}
		}
		// Pencil marks sit on the role fills too.
		roleFills := []named{{"FinFill", th.FinFill}}
		for i, c := range th.ALSFill {
			roleFills = append(roleFills, named{fmt.Sprintf("ALSFill[%d]", i), c})
		}
		for _, tx := range []named{{"Given", th.Given}, {"Mark", th.Mark}, {"Error", th.Error}} {
			for _, f := range roleFills {
				if r := contrast(tx.c, f.c); r < 4.5 {
					t.Errorf("%s: %s on %s has contrast %.2f, want >= 4.5", th.Name, tx.name, f.name, r)
				}
			}
		}
		// A digit on a disc or square is drawn in the background colour.
		discs := []named{{"On", th.On}, {"ColourA", th.ColourA}, {"ColourB", th.ColourB}}
		for i, c := range th.Branch {
			discs = append(discs, named{fmt.Sprintf("Branch[%d]", i), c})
		}
		for _, d := range discs {
			if r := contrast(th.Background, d.c); r < 4.5 {
				t.Errorf("%s: Background on %s has contrast %.2f, want >= 4.5", th.Name, d.name, r)
			}
		}
		// Role lines and rings are graphics on the background and the fills.
		graphics := append(discs, named{"Off", th.Off}, named{"Fin", th.Fin}, named{"BaseLine", th.BaseLine}, named{"CoverLine", th.CoverLine})
		for i, c := range th.ALSLine {
			graphics = append(graphics, named{fmt.Sprintf("ALSLine[%d]", i), c})
		}
		for _, g := range graphics {
			for _, f := range append(slices.Clone(fills), roleFills...) {
				if r := contrast(g.c, f.c); r < 3 {
					t.Errorf("%s: %s on %s has contrast %.2f, want >= 3", th.Name, g.name, f.name, r)
				}
			}
		}
		// Lines, rings and links are graphics: WCAG asks 3:1 of them.
		for _, g := range []named{{"BoxLine", th.BoxLine}, {"Proof", th.Proof}, {"Link", th.Link}} {
			for _, f := range fills {
				if r := contrast(g.c, f.c); r < 3 {
					t.Errorf("%s: %s on %s has contrast %.2f, want >= 3", th.Name, g.name, f.name, r)
				}
			}
		}
	}
}

func TestThemeByName(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
		err  error
	}{{"dark", "dark", nil}, {"Light", "light", nil}, {" DARK ", "dark", nil}, {"sepia", "", ErrTheme}} {
		th, err := ThemeByName(tc.in)
		if !errors.Is(err, tc.err) || th.Name != tc.want {
			t.Errorf("ThemeByName(%q) = %q, %v; want %q, %v", tc.in, th.Name, err, tc.want, tc.err)
		}
	}
}

// TestPencilMarkPNGSize keeps a default-size board full of pencil marks and
// a hint under 150 KB, small enough for a quick upload from a phone.
func TestPencilMarkPNGSize(t *testing.T) {
	f := fixture(t, "xy-chain")
	p, _ := f.position(t)
	rf := roleFixtureNamed(t, "cell-forcing-chain")
	for _, tc := range []struct {
		th   Theme
		pos  Position
		step engine.Step
	}{{Dark, p, f.step}, {Light, p, f.step}, {Dark, rf.position(t), rf.step}, {Light, rf.position(t), rf.step}} {
		th := tc.th
		img, err := Board(tc.pos, Options{Theme: th, Candidates: true, Hint: &tc.step, Title: string(tc.step.Technique)})
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != DefaultSize {
			t.Errorf("width %d, want %d", b.Dx(), DefaultSize)
		}
		var buf bytes.Buffer
		if err := WritePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		if buf.Len() >= 150_000 {
			t.Errorf("%s %s: PNG is %d bytes, want < 150 KB", tc.step.Technique, th.Name, buf.Len())
		}
		t.Logf("%s %s: %d bytes", tc.step.Technique, th.Name, buf.Len())
	}
}

// TestZeroOptions draws the default: a square 1000 px dark board.
func TestZeroOptions(t *testing.T) {
	img, err := Board(Position{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != DefaultSize || b.Dy() != DefaultSize {
		t.Errorf("bounds %v, want %dx%d", b, DefaultSize, DefaultSize)
	}
	if got := color.NRGBAModel.Convert(img.At(2, 2)); got != Dark.Background {
		t.Errorf("corner is %v, want the dark background %v", got, Dark.Background)
	}
}

// TestTitleAddsBand checks that a title adds height and keeps the width.
func TestTitleAddsBand(t *testing.T) {
	for _, size := range []int{MinSize, 400, 1000, 1337, MaxSize} {
		plain, err := Board(Position{}, Options{Size: size})
		if err != nil {
			t.Fatal(err)
		}
		titled, err := Board(Position{}, Options{Size: size, Title: "Daily · 22 Nov 2026 · Hard · #123 with a title too long to fit the width of a small image"})
		if err != nil {
			t.Fatal(err)
		}
		p, q := plain.Bounds(), titled.Bounds()
		if p.Dx() != size || p.Dy() != size || q.Dx() != size || q.Dy() <= size {
			t.Errorf("size %d: plain %v, titled %v", size, p, q)
		}
	}
}

func TestBadInput(t *testing.T) {
	puzzle := engine.MustParse(fixture(t, "hidden-single").puzzle)
	sol, err := engine.Solve(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	clash := puzzle
	clash[0] = 9 // r1c1 is given as 5
	bad := puzzle
	bad[3] = 12
	half := sol
	half[80] = 0
	step := func(s engine.Step) *engine.Step { return &s }
	for _, tc := range []struct {
		name string
		pos  Position
		opts Options
		want error
	}{
		{"small", Position{Puzzle: puzzle}, Options{Size: MinSize - 1}, ErrSize},
		{"large", Position{Puzzle: puzzle}, Options{Size: MaxSize + 1}, ErrSize},
		{"negative", Position{Puzzle: puzzle}, Options{Size: -5}, ErrSize},
		{"digit 12", Position{Puzzle: bad}, Options{}, ErrGrid},
		{"progress clash", Position{Puzzle: puzzle, Progress: clash}, Options{}, ErrProgress},
		{"partial solution", Position{Puzzle: puzzle}, Options{Solution: half}, ErrGrid},
		{"level 4", Position{Puzzle: puzzle}, Options{Hint: step(engine.Step{}), HintLevel: 4}, ErrHint},
		{"unit 27", Position{Puzzle: puzzle}, Options{Hint: step(engine.Step{Units: []int{27}})}, ErrHint},
		{"cell 81", Position{Puzzle: puzzle}, Options{Hint: step(engine.Step{Cells: []int{81}})}, ErrHint},
		{"digit 0", Position{Puzzle: puzzle}, Options{Hint: step(engine.Step{Proof: []engine.Candidate{{Cell: 3, Digit: 0}}})}, ErrHint},
		{"eliminate a given", Position{Puzzle: puzzle}, Options{Hint: step(engine.Step{Eliminations: []engine.Candidate{{Cell: 0, Digit: 5}}})}, ErrHint},
		{"link from a given", Position{Puzzle: puzzle}, Options{Hint: step(engine.Step{Links: []engine.Link{{From: engine.Candidate{Cell: 0, Digit: 5}, To: engine.Candidate{Cell: 2, Digit: 5}}}})}, ErrHint},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, err := Board(tc.pos, tc.opts)
			if !errors.Is(err, tc.want) || img != nil {
				t.Fatalf("got %v, %v; want error %v", img != nil, err, tc.want)
			}
			t.Log(err)
		})
	}
	if _, err := ResultCard(Result{}, Options{Size: 50}); !errors.Is(err, ErrSize) {
		t.Errorf("ResultCard size 50: %v, want ErrSize", err)
	}
}

// TestConcurrent draws from many goroutines at different sizes: the glyph
// cache is shared (run with -race).
func TestConcurrent(t *testing.T) {
	f := fixture(t, "x-wing")
	p, _ := f.position(t)
	var wg sync.WaitGroup
	imgs := make([]image.Image, 8)
	for i := range imgs {
		wg.Go(func() {
			img, err := Board(p, Options{Size: 300 + 50*(i%2), Candidates: true, Hint: &f.step})
			if err != nil {
				t.Error(err)
			}
			imgs[i] = img
		})
	}
	wg.Wait()
	for i := 2; i < len(imgs); i++ {
		if n, msg := pixelDiff(imgs[i], imgs[i%2], 0); n != 0 {
			t.Errorf("image %d differs from image %d: %s", i, i%2, msg)
		}
	}
}

// TestQuantizeExact checks that a board's colours all survive quantizing:
// the theme's colours are always in the palette, exactly.
func TestQuantizeExact(t *testing.T) {
	f := fixture(t, "forcing-chain")
	p, _ := f.position(t)
	img, err := Board(p, Options{Theme: Light, Candidates: true, Hint: &f.step, Size: 400})
	if err != nil {
		t.Fatal(err)
	}
	pal := img.(*image.Paletted).Palette
	for _, c := range Light.colors() {
		want := color.RGBA{c.R, c.G, c.B, 0xff}
		if pal.Convert(want) != want {
			t.Errorf("theme colour %v missing from the palette", c)
		}
	}
}

// BenchmarkBoardHintPNG draws and encodes a default-size board with pencil
// marks and a chain hint: the bot's slowest common image.
func BenchmarkBoardHintPNG(b *testing.B) {
	f := fixture(b, "xy-chain")
	p, _ := f.position(b)
	benchHintPNG(b, p, f.step)
}

// benchHintPNG times drawing and encoding a board with pencil marks and a
// hint, reporting the PNG's size and the CPU time per image.
func benchHintPNG(b *testing.B, p Position, step engine.Step) {
	opts := Options{Candidates: true, Hint: &step, Title: string(step.Technique)}
	var buf bytes.Buffer
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		buf.Reset()
		img, err := Board(p, opts)
		if err != nil {
			b.Fatal(err)
		}
		if err := WritePNG(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KB")
	b.ReportMetric(float64(cpuTime()-cpu)/1e6/float64(b.N), "cpu-ms/op")
}

// BenchmarkBoardPlainPNG is the daily post: a default-size board, no marks.
func BenchmarkBoardPlainPNG(b *testing.B) {
	p, _ := fixture(b, "hidden-single").position(b)
	var buf bytes.Buffer
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		buf.Reset()
		img, err := Board(Position{Puzzle: p.Puzzle}, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if err := WritePNG(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KB")
	b.ReportMetric(float64(cpuTime()-cpu)/1e6/float64(b.N), "cpu-ms/op")
}

// BenchmarkStages splits BenchmarkBoardHintPNG into drawing, quantizing
// and encoding, to show where the time goes.
func BenchmarkStages(b *testing.B) {
	f := fixture(b, "xy-chain")
	p, _ := f.position(b)
	opts, err := Options{Candidates: true, Hint: &f.step, Title: string(f.step.Technique)}.withDefaults()
	if err != nil {
		b.Fatal(err)
	}
	bd, err := newBoard(p, opts.Solution)
	if err != nil {
		b.Fatal(err)
	}
	h, err := newHint(f.step, opts.HintLevel, 0, bd)
	if err != nil {
		b.Fatal(err)
	}
	l := newLayout(opts.Size, true)
	b.Run("draw", func(b *testing.B) {
		for b.Loop() {
			cv := newCanvas(l.w, l.h, opts.Theme)
			drawBoard(cv, l, bd, opts, h)
			rgbaPool.Put(cv.img)
		}
	})
	cv := newCanvas(l.w, l.h, opts.Theme)
	drawBoard(cv, l, bd, opts, h)
	b.Run("quantize", func(b *testing.B) {
		for b.Loop() {
			quantize(cv.img, opts.Theme.colors())
		}
	})
	img := quantize(cv.img, opts.Theme.colors())
	b.Run("encode", func(b *testing.B) {
		for b.Loop() {
			if err := WritePNG(io.Discard, img); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestQuantizeRoundTrip checks quantize on odd sizes: with at most 256
// colours every pixel survives exactly.
func TestQuantizeRoundTrip(t *testing.T) {
	for _, tc := range []struct{ w, h, colours int }{{7, 5, 35}, {1, 1, 1}, {33, 31, 256}} {
		src := image.NewRGBA(image.Rect(0, 0, tc.w, tc.h))
		for i := range tc.w * tc.h {
			n := i % tc.colours
			// Colours four levels apart, so no bucket holds two of them.
			c := color.RGBA{uint8(n * 4 % 256), uint8(n / 64 * 4 % 256), uint8(n / 4096 * 4), 0xff}
			src.SetRGBA(i%tc.w, i/tc.w, c)
		}
		got := quantize(src, nil)
		if n, msg := pixelDiff(got, src, 0); n != 0 {
			t.Errorf("%dx%d with %d colours: %s", tc.w, tc.h, tc.colours, msg)
		}
	}
}

// TestQuantizeBoards measures what quantizing costs real boards, which
// hold more antialiasing shades than a palette: all but 0.1% of the pixels
// (edge pixels where a ring or an arrow crosses a fill) must keep their
// colour within 24 levels.
func TestQuantizeBoards(t *testing.T) {
	t.Parallel() // drawing is pure: no state shared with other tests
	for _, tc := range goldenCases(t) {
		if tc.opts.Size == 0 {
			tc.opts.Size = goldenSize
		}
		opts, err := tc.opts.withDefaults()
		if err != nil {
			t.Fatal(err)
		}
		b, err := newBoard(tc.pos, opts.Solution)
		if err != nil {
			t.Fatal(err)
		}
		var h *hint
		if opts.Hint != nil {
			if h, err = newHint(*opts.Hint, opts.HintLevel, opts.HintCase, b); err != nil {
				t.Fatal(err)
			}
		}
		l := newLayout(opts.Size, opts.Title != "")
		cv := newCanvas(l.w, l.h, opts.Theme)
		drawBoard(cv, l, b, opts, h)
		q := quantize(cv.img, opts.Theme.colors())
		far, _ := pixelDiff(q, cv.img, 24)
		near, _ := pixelDiff(q, cv.img, 3)
		total := l.w * l.h
		t.Logf("%s: %d colours, %d pixels off by more than 3, %d by more than 24, of %d", tc.name, len(q.Palette), near, far, total)
		if far > total/1000 {
			t.Errorf("%s: %d pixels off by more than 24 levels, want at most %d", tc.name, far, total/1000)
		}
	}
}
