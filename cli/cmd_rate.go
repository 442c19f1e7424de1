package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/sudokubot/sudokubot/engine"
)

// rateScales maps the --scale names to their graders: the player scale
// grades the teaching path (what steps and the hints show), the se scale
// Sudoku Explainer's path, for comparison with published ratings.
var rateScales = map[string]func(engine.Grid) (engine.Grade, error){
	"player": engine.Rate,
	"se":     engine.RateSE,
}

// runRate prints one "LEVEL SCORE HARDEST-TECHNIQUE" line per puzzle, or
// an "error: ..." line for a puzzle that cannot be graded.
func runRate(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("rate", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	scale := fs.String("scale", "player", "`SCALE`: player (the hardest step of the path the hints teach) or se (Sudoku Explainer's techniques and score)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot rate [--scale player|se] [FILE | PUZZLE...]")
		fmt.Fprintln(fs.Output(), "Grades each puzzle (one per line, from FILE or standard input) and prints")
		fmt.Fprintln(fs.Output(), "LEVEL SCORE HARDEST-TECHNIQUE, e.g. \"hard 3.8 Swordfish\".")
		fs.PrintDefaults()
	}
	rest, code, ok := parseFlagsInterspersed(env, fs, args)
	if !ok {
		return code
	}
	rate, ok := rateScales[*scale]
	if !ok {
		fmt.Fprintf(env.stderr, "rate: --scale: unknown scale %q (want player or se)\n", *scale)
		return exitUsage
	}
	in, err := puzzleInput(env, rest)
	if err != nil {
		fmt.Fprintf(env.stderr, "rate: %v\n", err)
		return exitUsage
	}
	defer in.Close()
	code = exitOK
	err = eachPuzzle(in, func(g engine.Grid, perr error) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if perr != nil {
			fmt.Fprintf(env.stdout, "error: invalid: %v\n", perr)
			code = exitError
			return nil
		}
		gr, err := rate(g)
		if err != nil {
			fmt.Fprintf(env.stdout, "error: %s\n", gradeErrorText(err))
			code = exitError
			return nil
		}
		fmt.Fprintln(env.stdout, gr)
		return nil
	})
	if err != nil {
		fmt.Fprintf(env.stderr, "rate: %v\n", err)
		return exitError
	}
	return code
}
