package cli

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/sudokubot/sudokubot/engine"
)

// solveMethods are the solvers solve --method offers. All three report
// conflicting givens; only the exact ones can prove "no solution" and
// "multiple solutions".
var solveMethods = map[string]func(g engine.Grid, a engine.AnnealOptions) (engine.Grid, error){
	"bitmask": func(g engine.Grid, _ engine.AnnealOptions) (engine.Grid, error) { return engine.Solve(g) },
	"dlx":     func(g engine.Grid, _ engine.AnnealOptions) (engine.Grid, error) { return engine.SolveDLX(g) },
	"anneal":  engine.SolveAnneal,
}

// runSolve prints one line per puzzle: the solution, or an "error: ..."
// line saying why there is none.
func runSolve(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	method := fs.String("method", "bitmask", "solver: bitmask (fast, exact), dlx (dancing links, exact) or anneal (simulated annealing, proves nothing)")
	var anneal engine.AnnealOptions
	fs.Uint64Var(&anneal.Seed, "seed", 1, "random seed of --method anneal")
	fs.IntVar(&anneal.MaxSteps, "steps", engine.DefaultAnnealSteps, "budget of --method anneal, in moves")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot solve [--method bitmask|dlx|anneal] [--seed S] [--steps N] [FILE | PUZZLE...]")
		fmt.Fprintln(fs.Output(), "Solves each puzzle (one per line, from FILE or standard input) and prints its")
		fmt.Fprintln(fs.Output(), "81-digit solution, or \"error: invalid: ...\", \"error: no solution\",")
		fmt.Fprintln(fs.Output(), "\"error: multiple solutions\" (anneal: \"error: not found\").")
		fs.PrintDefaults()
	}
	rest, code, ok := parseFlagsInterspersed(env, fs, args)
	if !ok {
		return code
	}
	if anneal.MaxSteps < 1 {
		fmt.Fprintf(env.stderr, "solve: --steps must be at least 1, got %d\n", anneal.MaxSteps)
		return exitUsage
	}
	solve, ok := solveMethods[*method]
	if !ok {
		fmt.Fprintf(env.stderr, "solve: unknown --method %q (want bitmask, dlx or anneal)\n", *method)
		return exitUsage
	}
	in, err := puzzleInput(env, rest)
	if err != nil {
		fmt.Fprintf(env.stderr, "solve: %v\n", err)
		return exitUsage
	}
	defer in.Close()
	out := bufio.NewWriterSize(env.stdout, 64<<10)
	code, err = solveStream(ctx, in, out, func(g engine.Grid) (engine.Grid, error) { return solve(g, anneal) })
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "solve: %v\n", err)
		return exitError
	}
	return code
}

// solveStream solves every puzzle line of r in one pass, writing a line
// per puzzle to w, and returns exitError when any line was an error.
func solveStream(ctx context.Context, r io.Reader, w io.Writer, solve func(engine.Grid) (engine.Grid, error)) (int, error) {
	code := exitOK
	var buf [engine.NumCells + 1]byte
	err := eachPuzzle(r, func(g engine.Grid, perr error) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if perr != nil {
			code = exitError
			_, err := fmt.Fprintf(w, "error: %v\n", perr)
			return err
		}
		sol, err := solve(g)
		if err != nil {
			code = exitError
			_, err := fmt.Fprintf(w, "error: %s\n", solveErrorText(err))
			return err
		}
		for i, d := range sol {
			buf[i] = '0' + d
		}
		buf[engine.NumCells] = '\n'
		_, err = w.Write(buf[:])
		return err
	})
	return code, err
}
