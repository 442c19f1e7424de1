// Package pathtest is test support: positions of a puzzle's teaching
// path, for tests that need a step the path only reaches after others.
package pathtest

import (
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// FirstForcing walks puzzle's teaching path (engine.SolvePath, the path
// the hints take) and returns the board just before its first forcing
// chain of two or more cases: placements made, candidates removed. It
// fails the test when the path takes none.
func FirstForcing(tb testing.TB, puzzle string) engine.Board {
	tb.Helper()
	g, err := engine.Parse(puzzle)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := engine.SolvePath(g)
	if err != nil {
		tb.Fatal(err)
	}
	b := engine.NewBoard(g)
	for _, s := range p.Steps {
		if len(s.Branches) >= 2 {
			return b
		}
		b.Apply(s)
	}
	tb.Fatalf("%s: the teaching path takes no forcing chain of two or more cases", puzzle)
	return b
}
