package engine

import (
	"math/rand/v2"
	"path/filepath"
	"testing"
)

func TestTransformIdentity(t *testing.T) {
	g := MustParse(easyPuzzle)
	if got := Identity().Apply(g); got != g {
		t.Fatalf("identity changed %s to %s", g, got)
	}
	if err := Identity().Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestTransformParts(t *testing.T) {
	g := MustParse(easySolution)
	tests := []struct {
		name string
		edit func(*Transform)
		// cell of the result and the cell of g it must come from
		cell, from int
		relabel    bool
	}{
		{"transpose", func(t *Transform) { t.Transpose = true }, CellAt(0, 3), CellAt(3, 0), false},
		{"swap bands", func(t *Transform) { t.Bands = [3]uint8{2, 1, 0} }, CellAt(0, 4), CellAt(6, 4), false},
		{"swap stacks", func(t *Transform) { t.Stacks = [3]uint8{1, 0, 2} }, CellAt(5, 0), CellAt(5, 3), false},
		{"rows in band 2", func(t *Transform) { t.Rows[1] = [3]uint8{2, 0, 1} }, CellAt(3, 7), CellAt(5, 7), false},
		{"cols in stack 3", func(t *Transform) { t.Cols[2] = [3]uint8{0, 2, 1} }, CellAt(8, 7), CellAt(8, 8), false},
		{"relabel", func(t *Transform) { t.Digits = [9]uint8{2, 1, 3, 4, 5, 6, 7, 8, 9} }, 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := Identity()
			tt.edit(&tr)
			if err := tr.Validate(); err != nil {
				t.Fatal(err)
			}
			out := tr.Apply(g)
			if out.Validate() != nil || !out.Full() {
				t.Fatalf("result not a valid grid: %s", out)
			}
			want := g[tt.from]
			if tt.relabel && want <= 2 {
				want = 3 - want // 1 and 2 swap
			}
			if out[tt.cell] != want {
				t.Fatalf("%s holds %d, want %d", CellName(tt.cell), out[tt.cell], want)
			}
		})
	}
}

func TestTransformValidate(t *testing.T) {
	bad := []func(*Transform){
		func(t *Transform) { t.Digits[0] = 2 },
		func(t *Transform) { t.Digits[8] = 0 },
		func(t *Transform) { t.Bands[0] = 3 },
		func(t *Transform) { t.Stacks = [3]uint8{1, 1, 2} },
		func(t *Transform) { t.Rows[2][1] = 0 },
		func(t *Transform) { t.Cols[0][0] = 9 },
	}
	g := MustParse(easyPuzzle)
	for i, edit := range bad {
		tr := Identity()
		edit(&tr)
		if tr.Validate() == nil {
			t.Errorf("case %d: %+v passed Validate", i, tr)
		}
		tr.Apply(g) // must not panic
	}
	if (Transform{}).Validate() == nil {
		t.Error("zero Transform passed Validate")
	}
}

// TestTransformPreserves maps puzzles and their solutions through random
// transformations: validity, the number of givens, uniqueness and the
// solution all carry over.
func TestTransformPreserves(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	recs := loadRecords(t, filepath.Join("testdata", "tdoku_test_puzzles.txt"))
	for _, rec := range recs {
		g := MustParse(rec.puzzle)
		n := CountSolutions(g, 1000)
		for range 3 {
			tr := RandomTransform(r)
			if err := tr.Validate(); err != nil {
				t.Fatal(err)
			}
			h := tr.Apply(g)
			if h.Count() != g.Count() || h.Validate() != nil {
				t.Fatalf("line %d: %s -> %s", rec.line, g, h)
			}
			if m := CountSolutions(h, 1000); m != n {
				t.Fatalf("line %d: %d solutions became %d", rec.line, n, m)
			}
			if n == 1 {
				sol, _ := Solve(g)
				if got, err := Solve(h); err != nil || got != tr.Apply(sol) {
					t.Fatalf("line %d: solution does not map: %s vs %s (%v)", rec.line, got, tr.Apply(sol), err)
				}
			}
		}
	}
	// Conflicts stay conflicts.
	bad := MustParse("55" + easyCanon[2:])
	if RandomTransform(r).Apply(bad).Validate() == nil {
		t.Fatal("a conflict vanished")
	}
}

func TestRandomTransformSpread(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	g := MustParse(easySolution)
	seen := map[Grid]bool{}
	transposed := 0
	for range 100 {
		tr := RandomTransform(r)
		seen[tr.Apply(g)] = true
		if tr.Transpose {
			transposed++
		}
	}
	if len(seen) < 99 || transposed < 30 || transposed > 70 {
		t.Fatalf("%d distinct grids, %d transposed, in 100 draws", len(seen), transposed)
	}
}
