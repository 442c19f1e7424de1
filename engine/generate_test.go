package engine

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

func TestParseSymmetry(t *testing.T) {
	for s := SymNone; s < numSymmetries; s++ {
		got, err := ParseSymmetry(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSymmetry(%q) = %v, %v", s, got, err)
		}
	}
	for _, bad := range []string{"", "Rotational", "rot", "180", "mirror"} {
		if _, err := ParseSymmetry(bad); !errors.Is(err, ErrUnknownSymmetry) {
			t.Errorf("ParseSymmetry(%q) = %v, want ErrUnknownSymmetry", bad, err)
		}
	}
	if s := Symmetry(42).String(); s != "Symmetry(42)" {
		t.Errorf("String of a bad symmetry = %q", s)
	}
}

func TestSymmetryGroups(t *testing.T) {
	tests := []struct {
		sym    Symmetry
		groups int
		sizes  map[int]int // group size -> how many
	}{
		{SymNone, 81, map[int]int{1: 81}},
		{SymRotational, 41, map[int]int{1: 1, 2: 40}},
		{SymRotational90, 21, map[int]int{1: 1, 4: 20}},
		{SymHorizontal, 45, map[int]int{1: 9, 2: 36}},
		{SymVertical, 45, map[int]int{1: 9, 2: 36}},
		{SymDiagonal, 45, map[int]int{1: 9, 2: 36}},
		{SymAntiDiagonal, 45, map[int]int{1: 9, 2: 36}},
	}
	for _, tt := range tests {
		t.Run(tt.sym.String(), func(t *testing.T) {
			gs := tt.sym.Groups()
			if len(gs) != tt.groups {
				t.Fatalf("%d groups, want %d", len(gs), tt.groups)
			}
			sizes := map[int]int{}
			seen := map[int]bool{}
			for _, g := range gs {
				sizes[len(g)]++
				for _, c := range g {
					if seen[c] {
						t.Fatalf("cell %s in two groups", CellName(c))
					}
					seen[c] = true
				}
			}
			if fmt.Sprint(sizes) != fmt.Sprint(tt.sizes) {
				t.Fatalf("group sizes %v, want %v", sizes, tt.sizes)
			}
		})
	}
	// r1c2's partners, by name, for the symmetries people draw.
	partners := map[Symmetry]string{
		SymRotational:   "[r1c2 r9c8]",
		SymRotational90: "[r1c2 r2c9 r9c8 r8c1]",
		SymHorizontal:   "[r1c2 r9c2]",
		SymVertical:     "[r1c2 r1c8]",
		SymDiagonal:     "[r1c2 r2c1]",
		SymAntiDiagonal: "[r1c2 r8c9]",
	}
	for sym, want := range partners {
		var names []string
		for _, c := range sym.Groups()[1] {
			names = append(names, CellName(c))
		}
		if got := fmt.Sprint(names); got != want {
			t.Errorf("%s: group of r1c2 = %s, want %s", sym, got, want)
		}
	}
}

func TestGenerate(t *testing.T) {
	for sym := SymNone; sym < numSymmetries; sym++ {
		for _, givens := range []int{0, 30} {
			name := fmt.Sprintf("%s/givens=%d", sym, givens)
			t.Run(name, func(t *testing.T) {
				if sym == SymRotational90 && givens == 30 {
					givens = 29 // 4k+1 counts only
				}
				opts := GenerateOptions{Seed: 7, Symmetry: sym, Givens: givens}
				p, err := Generate(opts)
				if err != nil {
					t.Fatal(err)
				}
				checkGenerated(t, p, sym)
				if givens != 0 && p.Puzzle.Count() != givens {
					t.Fatalf("%d givens, want %d", p.Puzzle.Count(), givens)
				}
				if givens == 0 {
					checkMinimal(t, p.Puzzle, sym)
				}
				again, err := Generate(opts)
				if err != nil || again != p {
					t.Fatalf("same options, different puzzle: %s then %s (%v)", p.Puzzle, again.Puzzle, err)
				}
			})
		}
	}
}

// checkGenerated fails unless p is a symmetric puzzle whose unique
// solution is the one reported.
func checkGenerated(tb testing.TB, p Generated, sym Symmetry) {
	tb.Helper()
	if !sym.Holds(p.Puzzle) {
		tb.Fatalf("%s does not have %s symmetry", p.Puzzle, sym)
	}
	sol, err := Solve(p.Puzzle)
	if err != nil || sol != p.Solution {
		tb.Fatalf("%s: solve = %s, %v; reported solution %s", p.Puzzle, sol, err, p.Solution)
	}
}

// checkMinimal fails when some symmetric group can be removed from p
// without losing uniqueness.
func checkMinimal(tb testing.TB, p Grid, sym Symmetry) {
	tb.Helper()
	for _, g := range sym.Groups() {
		if p[g[0]] == 0 {
			continue
		}
		q := p
		for _, c := range g {
			q[c] = 0
		}
		if CountSolutions(q, 2) == 1 {
			tb.Fatalf("%s is not minimal: group at %s can go", p, CellName(g[0]))
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		opts GenerateOptions
		err  error
		msg  string
	}{
		{GenerateOptions{Givens: 16}, ErrGivensNotReached, "a unique puzzle has 17 to 81"},
		{GenerateOptions{Givens: 82}, ErrGivensNotReached, "a unique puzzle has 17 to 81"},
		{GenerateOptions{Givens: 30, Symmetry: SymRotational90}, ErrGivensNotReached, "rotational90 symmetry cannot leave exactly 30 givens"},
		{GenerateOptions{Givens: 18, Seed: 3}, ErrGivensNotReached, "no puzzle with 18 givens in 200 tries"},
		{GenerateOptions{Symmetry: 99}, ErrUnknownSymmetry, "unknown symmetry: 99"},
	}
	for _, tt := range tests {
		_, err := Generate(tt.opts)
		if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("Generate(%+v) = %v, want %v containing %q", tt.opts, err, tt.err, tt.msg)
		}
	}
}

func TestGenerateFullGrid(t *testing.T) {
	p, err := Generate(GenerateOptions{Seed: 1, Givens: 81})
	if err != nil || p.Puzzle != p.Solution {
		t.Fatalf("81 givens: %s %v", p.Puzzle, err)
	}
}

func TestRandomSolution(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[Grid]bool{}
	var firstRows [9]map[uint8]bool
	for i := range firstRows {
		firstRows[i] = map[uint8]bool{}
	}
	for range 200 {
		g := RandomSolution(r)
		if !g.Full() || g.Validate() != nil {
			t.Fatalf("not a full valid grid: %s", g)
		}
		seen[g] = true
		for c := range 9 {
			firstRows[c][g[c]] = true
		}
	}
	if len(seen) != 200 {
		t.Fatalf("%d distinct grids in 200 draws", len(seen))
	}
	// Every digit shows up in every cell of the first row: the draw is
	// not a fixed grid in disguise.
	for c, ds := range firstRows {
		if len(ds) != 9 {
			t.Errorf("r1c%d took only %d digits in 200 grids", c+1, len(ds))
		}
	}
}

func TestDiggerSteps(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	sol := RandomSolution(r)
	d := NewDigger(r, sol, SymRotational)
	prev := d.Puzzle().Count()
	for {
		cells, ok := d.Remove(40)
		if !ok {
			break
		}
		n := d.Puzzle().Count()
		if n != prev-len(cells) || n < 40 || CountSolutions(d.Puzzle(), 2) != 1 {
			t.Fatalf("step removed %v: %d -> %d givens, unique=%v", cells, prev, n, CountSolutions(d.Puzzle(), 2) == 1)
		}
		prev = n
	}
	if prev > 41 {
		t.Fatalf("stopped at %d givens, floor 40", prev)
	}
	// Lowering the floor goes on to a minimal puzzle.
	for {
		if _, ok := d.Remove(0); !ok {
			break
		}
	}
	checkMinimal(t, d.Puzzle(), SymRotational)
	if !SymRotational.Holds(d.Puzzle()) {
		t.Fatal("lost symmetry")
	}
}

func TestDeriveSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for base := range uint64(10) {
		for i := range uint64(100) {
			seen[DeriveSeed(base, i)] = true
		}
	}
	if len(seen) != 1000 {
		t.Fatalf("%d distinct seeds of 1000", len(seen))
	}
	// Pinned: the first output of SplitMix64 from state 0, the published
	// reference value; a change here changes every batch of puzzles.
	if got := DeriveSeed(0, 0); got != 0xe220a8397b1dcdaf {
		t.Fatalf("DeriveSeed(0, 0) = %#x", got)
	}
}

// TestGenerateGolden pins the puzzles of fixed seeds: the same seed must
// give the same puzzle on every machine and in every later version.
// Regenerate with -update only when the change of puzzles is intended.
func TestGenerateGolden(t *testing.T) {
	var b strings.Builder
	for sym := SymNone; sym < numSymmetries; sym++ {
		for _, seed := range []uint64{1, 2026} {
			p, err := Generate(GenerateOptions{Seed: seed, Symmetry: sym})
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %d %s %s\n", sym, seed, p.Puzzle, p.Solution.Digits())
		}
	}
	path := filepath.Join("testdata", "generate.golden")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestGenerateGolden -update to create it)", err)
	}
	if b.String() != string(want) {
		got := bufio.NewScanner(strings.NewReader(b.String()))
		for i, w := range strings.Split(strings.TrimSpace(string(want)), "\n") {
			got.Scan()
			if got.Text() != w {
				t.Errorf("line %d: got %q, want %q", i+1, got.Text(), w)
			}
		}
	}
}
