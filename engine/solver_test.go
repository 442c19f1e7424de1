package engine

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/internal/shareddata"
)

// sweep runs the exhaustive checks over whole data sets, which CI leaves
// to a sample.
var sweep = flag.Bool("sweep", false, "check whole shared data sets, not a sample")

// record is one line of a puzzle data file: the puzzle and the fields
// after it.
type record struct {
	line   int
	puzzle string
	fields []string
}

// loadShared reads a public puzzle set (see setPath), skipping the test
// when it is not there.
func loadShared(tb testing.TB, name string) []record {
	tb.Helper()
	return loadRecords(tb, setPath(tb, name))
}

// setPath is the public puzzle set name: the repository's sample in a
// plain run, with or without the full shared copy beside (so that the
// plain run costs the same), and the full copy when there is one for a
// run that means the whole sets: a sweep, a calibration, a proof-length
// measure, a benchmark (see internal/shareddata).
func setPath(tb testing.TB, name string) string {
	tb.Helper()
	if *sweep || *calibrate || *proofLen || benchmarking() {
		return shareddata.WholePuzzles(tb, name)
	}
	return shareddata.Puzzles(tb, name)
}

// benchmarking is whether the run was asked for benchmarks (-bench).
func benchmarking() bool {
	f := flag.Lookup("test.bench")
	return f != nil && f.Value.String() != ""
}

// loadRecords reads a puzzle file: '#' lines are comments, fields are
// separated by spaces, the first is the puzzle.
func loadRecords(tb testing.TB, path string) []record {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []record
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		out = append(out, record{line: n, puzzle: fs[0], fields: fs[1:]})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// checkSolution fails unless sol is a full valid grid that keeps every
// given of g.
func checkSolution(tb testing.TB, g, sol Grid) {
	tb.Helper()
	if !sol.Full() || sol.Validate() != nil {
		tb.Fatalf("solution of %s is not a valid full grid: %s", g, sol)
	}
	for i, d := range g {
		if d != 0 && sol[i] != d {
			tb.Fatalf("solution of %s changes given %s=%d to %d", g, CellName(i), d, sol[i])
		}
	}
}

// counter is a solution counter under test: the fast one, DLX, or the
// simple reference below.
type counter struct {
	name  string
	count func(Grid, int) int
	solve func(Grid) (Grid, error)
}

var counters = []counter{
	{"bands", CountSolutions, Solve},
	{"dlx", CountSolutionsDLX, SolveDLX},
}

func TestSolveTdoku(t *testing.T) {
	recs := loadRecords(t, filepath.Join("testdata", "tdoku_test_puzzles.txt"))
	if len(recs) != 43 {
		t.Fatalf("read %d tdoku puzzles, want 43", len(recs))
	}
	for _, c := range counters {
		t.Run(c.name, func(t *testing.T) {
			for _, r := range recs {
				g := MustParse(r.puzzle)
				want, err := strconv.Atoi(r.fields[0])
				if err != nil {
					t.Fatalf("line %d: %v", r.line, err)
				}
				if got := c.count(g, 1000); got != min(want, 1000) {
					t.Errorf("line %d: %d solutions, want %d", r.line, got, want)
				}
				sol, err := c.solve(g)
				switch want {
				case 0:
					if !errors.Is(err, ErrNoSolution) {
						t.Errorf("line %d: err %v, want ErrNoSolution", r.line, err)
					}
				case 1:
					if err != nil || sol.Digits() != r.fields[1] {
						t.Errorf("line %d: got %s, %v; want %s", r.line, sol.Digits(), err, r.fields[1])
					}
				default:
					if !errors.Is(err, ErrMultipleSolutions) {
						t.Errorf("line %d: err %v, want ErrMultipleSolutions", r.line, err)
					}
				}
			}
		})
	}
}

func TestSolveNegativeCases(t *testing.T) {
	recs := loadShared(t, "constructed_negative_cases.txt")
	for _, c := range counters {
		t.Run(c.name, func(t *testing.T) {
			for _, r := range recs {
				g := MustParse(r.puzzle)
				sol, err := c.solve(g)
				n := c.count(g, 2)
				var ok bool
				switch r.fields[0] {
				case "unique":
					ok = err == nil && n == 1
					if ok {
						checkSolution(t, g, sol)
					}
				case "multiple":
					ok = errors.Is(err, ErrMultipleSolutions) && n == 2
				case "no-solution":
					ok = errors.Is(err, ErrNoSolution) && n == 0
				case "invalid":
					var ce *ConflictError
					ok = errors.Is(err, ErrInvalid) && errors.As(err, &ce) && len(ce.Conflicts) == 1 && n == 0
					// The note names both cells of the conflict.
					note := strings.Join(r.fields, " ")
					if c := ce.Conflicts[0]; ok && (!strings.Contains(note, CellName(c.A)) || !strings.Contains(note, CellName(c.B))) {
						t.Errorf("line %d: %v names other cells than %q", r.line, err, note)
					}
				default:
					t.Fatalf("line %d: unknown expectation %q", r.line, r.fields[0])
				}
				if !ok {
					t.Errorf("line %d (%s): err %v, count %d", r.line, r.fields[0], err, n)
				}
			}
		})
	}
}

// TestSolveBanks checks every unique puzzle of the copied banks against
// the solution given with it, where there is one.
func TestSolveBanks(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "sxbank_*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no bank files: %v", err)
	}
	for _, f := range files {
		for _, r := range loadRecords(t, f) {
			g := MustParse(r.puzzle)
			for _, c := range counters {
				sol, err := c.solve(g)
				if err != nil {
					t.Fatalf("%s line %d (%s): %v", f, r.line, c.name, err)
				}
				checkSolution(t, g, sol)
				if len(r.fields) > 1 && sol.Digits() != r.fields[1] {
					t.Fatalf("%s line %d (%s): got %s, want %s", f, r.line, c.name, sol.Digits(), r.fields[1])
				}
			}
		}
	}
}

// TestSolveHardSets proves uniqueness of a sample of the shared 17-clue and
// hardest sets (all of them with -sweep), comparing both exact counters.
func TestSolveHardSets(t *testing.T) {
	for _, name := range []string{"royle17_sample.txt", "q2_hardest_top300.txt", "sxbank_hardest_se8.8plus.txt"} {
		recs := loadShared(t, name)
		if !*sweep && len(recs) > 40 {
			recs = recs[:40]
		}
		for _, r := range recs {
			g := MustParse(r.puzzle)
			a, errA := Solve(g)
			b, errB := SolveDLX(g)
			if errA != nil || errB != nil || a != b {
				t.Fatalf("%s line %d: bands %s %v, dlx %s %v", name, r.line, a, errA, b, errB)
			}
			checkSolution(t, g, a)
		}
	}
}

func TestSolveTable(t *testing.T) {
	const easy = "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	tests := []struct {
		name   string
		puzzle string
		err    error
		msg    string
	}{
		{"easy", easy, nil, ""},
		{"empty grid", strings.Repeat(".", 81), ErrMultipleSolutions, "multiple solutions"},
		{"row conflict", "55" + strings.Repeat(".", 79), ErrInvalid, "invalid: r1c1 and r1c2 both hold 5"},
		{"column conflict", "3" + strings.Repeat(".", 8) + "3" + strings.Repeat(".", 71), ErrInvalid, "invalid: r1c1 and r2c1 both hold 3"},
		{"box conflict", "7" + strings.Repeat(".", 9) + "7" + strings.Repeat(".", 70), ErrInvalid, "invalid: r1c1 and r2c2 both hold 7"},
		{"two conflicts", "11" + strings.Repeat(".", 7) + "2" + strings.Repeat(".", 8) + "2" + strings.Repeat(".", 62), ErrInvalid,
			"invalid: r1c1 and r1c2 both hold 1; r2c1 and r3c1 both hold 2"},
		// r1c1 can hold nothing: 1-8 in its row, 9 in its column.
		{"no candidate", ".12345678" + "9" + strings.Repeat(".", 71), ErrNoSolution, "no solution"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := MustParse(tt.puzzle)
			for _, c := range counters {
				sol, err := c.solve(g)
				if !errors.Is(err, tt.err) {
					t.Fatalf("%s: err %v, want %v", c.name, err, tt.err)
				}
				if err != nil {
					if err.Error() != tt.msg {
						t.Errorf("%s: message %q, want %q", c.name, err, tt.msg)
					}
					continue
				}
				checkSolution(t, g, sol)
			}
		})
	}
}

func TestValidateBadValue(t *testing.T) {
	var g Grid
	g[40] = 12
	err := g.Validate()
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "r5c5 holds 12") {
		t.Fatalf("Validate = %v", err)
	}
	if _, err := Solve(g); !errors.Is(err, ErrInvalid) {
		t.Fatalf("Solve = %v", err)
	}
	if n := CountSolutions(g, 2); n != 0 {
		t.Fatalf("CountSolutions = %d", n)
	}
}

func TestCountLimit(t *testing.T) {
	var empty Grid
	for _, limit := range []int{-1, 0, 1, 2, 17, 500} {
		want := max(limit, 0)
		for _, c := range counters {
			if got := c.count(empty, limit); got != want {
				t.Errorf("%s: count(empty, %d) = %d", c.name, limit, got)
			}
		}
	}
}

// TestSolveConcurrent: the solver pools its search state, so goroutines
// solving at once must not share it (run with -race).
func TestSolveConcurrent(t *testing.T) {
	recs := loadRecords(t, filepath.Join("testdata", "sxbank_hard.txt"))[:40]
	want := make([]Grid, len(recs))
	for i, r := range recs {
		want[i], _ = Solve(MustParse(r.puzzle))
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range recs {
				j := (i + w*10) % len(recs)
				if got, err := Solve(MustParse(recs[j].puzzle)); err != nil || got != want[j] {
					errs <- fmt.Errorf("worker %d, puzzle %d: %s %v", w, j, got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
