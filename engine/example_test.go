package engine_test

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sudokubot/sudokubot/engine"
)

func ExampleSolve() {
	g, err := engine.Parse("050703060007000800000816000000030000005000100730040086906000204840572093000409000")
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := engine.Solve(g)
	fmt.Println(sol.Digits(), err)

	// Conflicting givens name the cells; other failures are sentinels.
	bad := g
	bad[0] = 5
	_, err = engine.Solve(bad)
	fmt.Println(err, errors.Is(err, engine.ErrInvalid))
	_, err = engine.Solve(engine.Grid{})
	fmt.Println(errors.Is(err, engine.ErrMultipleSolutions))
	// Output:
	// 158723469367954821294816375619238547485697132732145986976381254841572693523469718 <nil>
	// invalid: r1c1 and r1c2 both hold 5 true
	// true
}

func ExampleCountSolutions() {
	g := engine.MustParse("050703060007000800000816000000030000005000100730040086906000204840572093000409000")
	fmt.Println(engine.CountSolutions(g, 2)) // unique
	g[1] = 0
	fmt.Println(engine.CountSolutions(g, 2)) // one given fewer: not unique
	// Output:
	// 1
	// 2
}

func ExampleParse() {
	_, err := engine.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x")
	fmt.Println(err)
	_, err = engine.Parse("53..7....6..195")
	fmt.Println(err)
	// Output:
	// line 1, column 81: unexpected character 'x' (cells are 1-9, with 0 or . for a blank)
	// found 15 cells, a grid has 81
}

func ExampleGenerate() {
	p, err := engine.Generate(engine.GenerateOptions{Seed: 1, Symmetry: engine.SymRotational})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Puzzle)
	fmt.Println(p.Solution.Digits())
	fmt.Println(engine.CountSolutions(p.Puzzle, 2), engine.SymRotational.Holds(p.Puzzle))
	// Output:
	// 7...1.2...4.8....1..8.7.49..9.6.3...3.......2...5.1.4..73.8.6..4....7.1...9.5...7
	// 735914286942865371618372495291643758354798162867521943573189624486237519129456837
	// 1 true
}

func ExampleRandomTransform() {
	puzzle := engine.MustParse("050703060007000800000816000000030000005000100730040086906000204840572093000409000")
	solution, _ := engine.Solve(puzzle)
	t := engine.RandomTransform(rand.New(rand.NewPCG(1, 2)))
	p2, s2 := t.Apply(puzzle), t.Apply(solution)
	got, err := engine.Solve(p2)
	fmt.Println(p2.Count() == puzzle.Count(), got == s2, err)
	// Output:
	// true true <nil>
}

func ExampleDigger() {
	r := rand.New(rand.NewPCG(42, 0))
	d := engine.NewDigger(r, engine.RandomSolution(r), engine.SymNone)
	// Dig to 40 givens and stop there: a caller could grade each step.
	for {
		if _, ok := d.Remove(40); !ok {
			break
		}
	}
	fmt.Println(d.Puzzle().Count(), engine.CountSolutions(d.Puzzle(), 2))
	// Output:
	// 40 1
}
