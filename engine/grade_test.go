package engine

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

var calibrate = flag.Bool("calibrate", false, "grade every puzzle of the rated sxbank_*/cbg000_* files and print the calibration table")

// ratedFiles are the files whose second field is a published Sudoku
// Explainer rating. sxbank_medium.txt only has the bucket "1.5-2.3" and is
// checked separately (TestRateMediumBucket).
var ratedFiles = []string{
	"sxbank_easy.txt", "sxbank_hard.txt", "sxbank_diabolical.txt", "sxbank_hardest_se8.8plus.txt",
	"cbg000_easy.txt", "cbg000_medium.txt", "cbg000_hard.txt", "cbg000_diabolical.txt", "cbg000_first500_natural.txt",
}

// ratedPuzzle is one line of a rated file: the puzzle and its published
// rating range (lo == hi for an exact rating).
type ratedPuzzle struct {
	grid   Grid
	lo, hi float64
	line   int
}

// readRated reads a public puzzle set (see loadShared), skipping the
// test when it is absent.
func readRated(t testing.TB, name string) []ratedPuzzle {
	t.Helper()
	f, err := os.Open(setPath(t, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []ratedPuzzle
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		g, err := Parse(fields[0])
		if err != nil {
			t.Fatalf("%s:%d: %v", name, n, err)
		}
		rp := ratedPuzzle{grid: g, line: n}
		if len(fields) > 1 {
			lo, hi, ok := strings.Cut(fields[1], "-")
			rp.lo, _ = strconv.ParseFloat(lo, 64)
			rp.hi = rp.lo
			if ok {
				rp.hi, _ = strconv.ParseFloat(hi, 64)
			}
		}
		out = append(out, rp)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// calibration accumulates our scores against published ones.
type calibration struct {
	ours, theirs []float64
	logical      int
	total        int
	elapsed      time.Duration
	failures     []string
	// byTechnique collects (ours - theirs) per hardest technique, to show
	// which ratings pull the grades away from Sudoku Explainer's.
	byTechnique map[string][]float64
}

func (c *calibration) add(name string, p ratedPuzzle) {
	c.total++
	start := time.Now()
	gr, err := RateSE(p.grid)
	c.elapsed += time.Since(start)
	if err != nil {
		c.failures = append(c.failures, fmt.Sprintf("%s:%d: %v", name, p.line, err))
		return
	}
	c.logical++
	c.ours = append(c.ours, gr.Score)
	c.theirs = append(c.theirs, p.lo)
	if c.byTechnique == nil {
		c.byTechnique = map[string][]float64{}
	}
	c.byTechnique[string(gr.Hardest)] = append(c.byTechnique[string(gr.Hardest)], gr.Score-p.lo)
}

func (c *calibration) merge(o *calibration) {
	c.ours = append(c.ours, o.ours...)
	c.theirs = append(c.theirs, o.theirs...)
	c.logical += o.logical
	c.total += o.total
	c.elapsed += o.elapsed
	c.failures = append(c.failures, o.failures...)
	for k, v := range o.byTechnique {
		if c.byTechnique == nil {
			c.byTechnique = map[string][]float64{}
		}
		c.byTechnique[k] = append(c.byTechnique[k], v...)
	}
}

// bandAgreement is the share of graded puzzles whose level equals the level
// of the published rating.
func (c *calibration) bandAgreement() float64 {
	if len(c.ours) == 0 {
		return 0
	}
	n := 0
	for i := range c.ours {
		if LevelForScore(c.ours[i]) == LevelForScore(c.theirs[i]) {
			n++
		}
	}
	return float64(n) / float64(len(c.ours))
}

func (c *calibration) meanAbsDiff() float64 {
	if len(c.ours) == 0 {
		return 0
	}
	s := 0.0
	for i := range c.ours {
		s += math.Abs(c.ours[i] - c.theirs[i])
	}
	return s / float64(len(c.ours))
}

func (c *calibration) solvedShare() float64 {
	if c.total == 0 {
		return 0
	}
	return float64(c.logical) / float64(c.total)
}

func (c *calibration) row(name string) string {
	return fmt.Sprintf("%-30s %5d %8.3f %7.1f%% %6.2f %7.1f%% %8.1f",
		name, c.total, spearman(c.ours, c.theirs), 100*c.bandAgreement(), c.meanAbsDiff(),
		100*c.solvedShare(), float64(c.elapsed.Microseconds())/1000/float64(max(c.total, 1)))
}

const calibrationHeader = "file                           count spearman    band  meanAD  logical  ms/puzzle"

// ranks gives average ranks (ties share the mean of their positions), the
// standard treatment for Spearman's rho with tied ratings.
func ranks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return xs[idx[a]] < xs[idx[b]] })
	r := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && xs[idx[j+1]] == xs[idx[i]] {
			j++
		}
		avg := float64(i+j)/2 + 1
		for k := i; k <= j; k++ {
			r[idx[k]] = avg
		}
		i = j + 1
	}
	return r
}

// spearman is Pearson's correlation of the ranks; NaN when either side is
// constant (a file whose published ratings are all 1.2 has no ranking).
func spearman(a, b []float64) float64 {
	if len(a) < 2 {
		return math.NaN()
	}
	ra, rb := ranks(a), ranks(b)
	var ma, mb float64
	for i := range ra {
		ma += ra[i]
		mb += rb[i]
	}
	ma /= float64(len(ra))
	mb /= float64(len(rb))
	var sab, saa, sbb float64
	for i := range ra {
		sab += (ra[i] - ma) * (rb[i] - mb)
		saa += (ra[i] - ma) * (ra[i] - ma)
		sbb += (rb[i] - mb) * (rb[i] - mb)
	}
	if saa == 0 || sbb == 0 {
		return math.NaN()
	}
	return sab / math.Sqrt(saa*sbb)
}

func TestSpearman(t *testing.T) {
	tests := []struct {
		name string
		a, b []float64
		want float64
	}{
		{"identical", []float64{1, 2, 3, 4}, []float64{1, 2, 3, 4}, 1},
		{"monotone", []float64{1, 2, 3, 4}, []float64{10, 20, 30, 400}, 1},
		{"reversed", []float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		{"ties", []float64{1, 1, 2, 3}, []float64{1, 2, 3, 4}, 0.9486832980505138},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := spearman(tt.a, tt.b); math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("spearman = %v, want %v", got, tt.want)
			}
		})
	}
}

// calibrationSample is how many puzzles per file CI grades: spread evenly
// over each file, so every rating stratum is represented.
const calibrationSample = 12

// TestRateCalibration compares our SE-scale scores (RateSE) with the
// published Sudoku Explainer ratings. CI grades a fixed, evenly spread sample of each file;
// -calibrate grades everything and prints the table the issue asks for:
//
//	go test ./engine -run TestRateCalibration -calibrate -v -timeout 60m
func TestRateCalibration(t *testing.T) {
	t.Parallel() // pure: the engine keeps no state between calls
	var union calibration
	var rows []string
	for _, name := range ratedFiles {
		ps := readRated(t, name)
		if !*calibrate {
			ps = evenSample(ps, calibrationSample)
		}
		var c calibration
		for _, p := range ps {
			c.add(name, p)
		}
		rows = append(rows, c.row(name))
		union.merge(&c)
	}
	rows = append(rows, union.row("union"))
	t.Log("\n" + calibrationHeader + "\n" + strings.Join(rows, "\n"))
	if *calibrate {
		t.Log("\n" + union.techniqueTable())
		t.Log("\n" + union.confusion())
	}
	for _, f := range union.failures {
		t.Errorf("not graded: %s", f)
	}
	// The targets of the issue. The CI sample is small, so it is held to
	// slightly looser figures than the full sweep.
	wantRho, wantBand := 0.95, 0.90
	if !*calibrate {
		wantRho, wantBand = 0.90, 0.85
	}
	if rho := spearman(union.ours, union.theirs); !(rho >= wantRho) {
		t.Errorf("Spearman over the union = %.3f, want >= %.2f", rho, wantRho)
	}
	if band := union.bandAgreement(); band < wantBand {
		t.Errorf("band agreement over the union = %.1f%%, want >= %.0f%%", 100*band, 100*wantBand)
	}
}

// techniqueTable lists, per hardest technique, how many puzzles it decided
// and how far our score sits from the published one on average: a large
// mean difference points at a technique whose rating or order is off.
func (c *calibration) techniqueTable() string {
	type row struct {
		name      string
		n         int
		mean, mad float64
	}
	var rs []row
	for name, ds := range c.byTechnique {
		r := row{name: name, n: len(ds)}
		for _, d := range ds {
			r.mean += d
			r.mad += math.Abs(d)
		}
		r.mean /= float64(len(ds))
		r.mad /= float64(len(ds))
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].mad*float64(rs[i].n) > rs[j].mad*float64(rs[j].n) })
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-34s %5s %8s %8s\n", "hardest technique", "count", "mean(d)", "mean|d|")
	for _, r := range rs {
		fmt.Fprintf(&sb, "%-34s %5d %+8.2f %8.2f\n", r.name, r.n, r.mean, r.mad)
	}
	return sb.String()
}

// confusion is the table of published level (rows) against our level
// (columns).
func (c *calibration) confusion() string {
	var m [8][8]int
	maxL := 0
	for i := range c.ours {
		a, b := int(LevelForScore(c.theirs[i])), int(LevelForScore(c.ours[i]))
		m[a][b]++
		maxL = max(maxL, a, b)
	}
	var sb strings.Builder
	sb.WriteString("published \\ ours")
	for j := 0; j <= maxL; j++ {
		fmt.Fprintf(&sb, " %8s", Level(j))
	}
	sb.WriteString("\n")
	for i := 0; i <= maxL; i++ {
		fmt.Fprintf(&sb, "%-16s", Level(i))
		for j := 0; j <= maxL; j++ {
			fmt.Fprintf(&sb, " %8d", m[i][j])
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// evenSample picks n items evenly over ps (files are sorted by rating, so this
// keeps every stratum).
func evenSample[T any](ps []T, n int) []T {
	if len(ps) <= n {
		return ps
	}
	out := make([]T, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, ps[i*len(ps)/n])
	}
	return out
}

// TestRateMediumBucket checks sxbank_medium.txt, whose published rating is
// only the bucket 1.5-2.3: every sampled puzzle must be graded by logic and
// land in that range.
func TestRateMediumBucket(t *testing.T) {
	ps := readRated(t, "sxbank_medium.txt")
	if !*calibrate {
		ps = evenSample(ps, calibrationSample)
	}
	in := 0
	for _, p := range ps {
		gr, err := RateSE(p.grid)
		if err != nil {
			t.Errorf("sxbank_medium.txt:%d: %v", p.line, err)
			continue
		}
		if gr.Score >= p.lo && gr.Score <= p.hi {
			in++
		}
	}
	share := float64(in) / float64(len(ps))
	t.Logf("sxbank_medium.txt: %d puzzles, %.1f%% graded within the published bucket 1.5-2.3", len(ps), 100*share)
	if share < 0.85 {
		t.Errorf("only %.1f%% of sxbank_medium.txt within 1.5-2.3, want >= 85%%", 100*share)
	}
}

func TestRate(t *testing.T) {
	tests := []struct {
		name    string
		puzzle  string
		level   string
		score   float64
		hardest string
		err     error
	}{
		{
			name:   "hidden singles only",
			puzzle: "050703060007000800000816000000030000005000100730040086906000204840572093000409000",
			level:  "easy", score: 1.2, hardest: "Hidden Single",
		},
		{
			name:   "solved grid",
			puzzle: "158723469367954821294816375619238547485697132732145986976381254841572693523469718",
			level:  "easy", score: 1.0, hardest: "Full House",
		},
		{
			name:   "conflicting givens",
			puzzle: "550703060007000800000816000000030000005000100730040086906000204840572093000409000",
			err:    ErrInvalid,
		},
		{
			name:   "not unique",
			puzzle: "000000000000000000000000000000000000000000000000000000000000000000000000000000001",
			err:    ErrMultipleSolutions,
		},
		{
			name:   "no solution",
			puzzle: "123456780000000009000000000000000000000000000000000000000000000000000000000000000",
			err:    ErrNoSolution,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gr, err := Rate(MustParse(tt.puzzle))
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("Rate error = %v, want %v", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want, err := ParseLevel(tt.level)
			if err != nil {
				t.Fatal(err)
			}
			if gr.Level != want || gr.Score != tt.score || gr.Hardest.String() != tt.hardest {
				t.Errorf("Rate = %v, want %s %.1f %s", gr, tt.level, tt.score, tt.hardest)
			}
		})
	}
}

// TestRateKeptByTransform checks that an equivalence transformation keeps
// the level: the pool relies on it.
func TestRateKeptByTransform(t *testing.T) {
	ps := evenSample(readRated(t, "sxbank_hard.txt"), 6)
	for i, p := range ps {
		want, err := Rate(p.grid)
		if err != nil {
			t.Fatal(err)
		}
		r := levelRand(uint64(i))
		got, err := Rate(RandomTransform(r).Apply(p.grid))
		if err != nil {
			t.Fatal(err)
		}
		if got.Level != want.Level {
			t.Errorf("line %d: transformed copy rates %v, original %v", p.line, got, want)
		}
	}
}

func ExampleRate() {
	g := MustParse("050703060007000800000816000000030000005000100730040086906000204840572093000409000")
	gr, err := Rate(g)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(gr)
	// Output: easy 1.2 Hidden Single
}

// seTechniques are the catalogue's techniques that Sudoku Explainer has
// (under this name or, for Remote Pair, as a Y-cycle), written out here
// a second time so that a new technique, or a changed TechniqueInfo.SE,
// cannot slip into or out of grading unnoticed.
var seTechniques = map[string]bool{
	"Full House": true, "Hidden Single": true, "Direct Pointing": true, "Direct Claiming": true,
	"Direct Hidden Pair": true, "Naked Single": true, "Direct Hidden Triple": true,
	"Pointing": true, "Claiming": true, "Naked Pair": true, "X-Wing": true, "Hidden Pair": true,
	"Naked Triple": true, "Swordfish": true, "Hidden Triple": true, "XY-Wing": true, "XYZ-Wing": true,
	"Unique Rectangle Type 1": true, "Unique Rectangle Type 2": true, "Unique Rectangle Type 3": true,
	"Unique Rectangle Type 4": true, "Naked Quad": true, "Jellyfish": true, "Hidden Quad": true,
	"BUG+1": true, "Aligned Pair Exclusion": true, "X-Chain": true, "Remote Pair": true, "XY-Chain": true,
	"Alternating Inference Chain": true, "Forcing Chain": true, "Nishio Forcing Chain": true,
	"Cell/Region Forcing Chain": true, "Dynamic Forcing Chain": true, "Dynamic Forcing Chain (+)": true,
	"Nested Forcing Chain": true, "Aligned Triple Exclusion": true,
	"BUG Type 2": true, "BUG Type 3": true, "BUG Type 4": true,
	"Unique Loop Type 1": true, "Unique Loop Type 2": true, "Unique Loop Type 3": true, "Unique Loop Type 4": true,
}

func TestGradingCatalogue(t *testing.T) {
	graded := map[string]bool{}
	for _, tech := range GradingCatalogue() {
		graded[string(tech.Name())] = true
	}
	for _, tech := range Catalogue() {
		name := tech.Name()
		if seTechniques[string(name)] != graded[string(name)] {
			t.Errorf("%s: SE technique %v (seTechniques, grade_test.go), graded %v (TechniqueInfo.SE, techniques.go)",
				name, seTechniques[string(name)], graded[string(name)])
		}
	}
}
