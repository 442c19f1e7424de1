package engine

import (
	"path/filepath"
	"strings"
	"testing"
)

// addSeeds seeds a fuzz corpus with every puzzle of the copied data.
func addSeeds(f *testing.F, add func(string)) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	for _, file := range files {
		for i, r := range loadRecords(f, file) {
			if i%10 == 0 {
				add(r.puzzle)
			}
		}
	}
}

// FuzzParse checks that Parse returns a grid or an error, never both, and
// that String then Parse gives the grid back.
func FuzzParse(f *testing.F) {
	addSeeds(f, func(s string) { f.Add(s) })
	f.Add(spacedBoard(easyCanon))
	f.Add("")
	f.Add(easyPuzzle + "\n1")
	f.Add("é|+-\t\r\n")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Parse(text)
		if err != nil {
			if g != (Grid{}) {
				t.Fatalf("Parse(%q) returned a grid and %v", text, err)
			}
			if err.Error() == "" {
				t.Fatalf("Parse(%q): empty error message", text)
			}
			return
		}
		for _, d := range g {
			if d > 9 {
				t.Fatalf("Parse(%q) made a cell of %d", text, d)
			}
		}
		g2, err := Parse(g.String())
		if err != nil || g2 != g {
			t.Fatalf("round trip of %q: %s, %v", text, g2, err)
		}
		if g3, err := Parse(g.Digits()); err != nil || g3 != g {
			t.Fatalf("Digits round trip of %q: %s, %v", text, g3, err)
		}
	})
}

// FuzzSolve checks the solvers on arbitrary grids: a returned solution
// keeps every given and obeys the rules, the error kinds agree with the
// counter, and the fast solver and DLX agree.
func FuzzSolve(f *testing.F) {
	addSeeds(f, func(s string) { f.Add(s) })
	f.Add(strings.Repeat("0", 81))
	f.Fuzz(func(t *testing.T, text string) {
		// Any string becomes a grid: the first 81 bytes, digits kept.
		var g Grid
		for i := 0; i < len(text) && i < NumCells; i++ {
			if c := text[i]; c >= '1' && c <= '9' {
				g[i] = c - '0'
			}
		}
		sol, err := Solve(g)
		n := CountSolutions(g, 2)
		switch {
		case err == nil:
			checkSolution(t, g, sol)
			if n != 1 {
				t.Fatalf("%s: solved but counted %d", g, n)
			}
		case g.Validate() != nil:
			if n != 0 {
				t.Fatalf("%s: invalid but counted %d", g, n)
			}
		case n == 0 && err != ErrNoSolution, n == 2 && err != ErrMultipleSolutions, n == 1:
			t.Fatalf("%s: count %d but error %v", g, n, err)
		}
		// DLX is too slow for near-empty grids with many solutions to
		// be worth running on every input; only grids with 20 givens or
		// more go through it.
		if g.Count() >= 20 {
			sol2, err2 := SolveDLX(g)
			if sol2 != sol || (err == nil) != (err2 == nil) || (err != nil && err.Error() != err2.Error()) {
				t.Fatalf("%s: bands %s %v, dlx %s %v", g, sol, err, sol2, err2)
			}
		}
	})
}
