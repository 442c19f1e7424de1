package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/sudokubot/sudokubot/engine"
)

func init() {
	register(command{
		name:    "rate",
		summary: "grade puzzles on the Sudoku Explainer scale: LEVEL SCORE HARDEST-TECHNIQUE",
		run:     runRate,
	})
}

// runRate prints one "LEVEL SCORE HARDEST-TECHNIQUE" line per puzzle, or
// an "error: ..." line for a puzzle that cannot be graded.
func runRate(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("rate", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	fs.Usage = func() {
		fmt.Fprintln(env.stderr, "usage: sudokubot rate [FILE]")
		fmt.Fprintln(env.stderr, "Grades each puzzle (one per line, from FILE or standard input) and prints")
		fmt.Fprintln(env.stderr, "LEVEL SCORE HARDEST-TECHNIQUE, e.g. \"hard 3.8 Swordfish\".")
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	in, err := puzzleInput(env, fs.Args())
	if err != nil {
		fmt.Fprintf(env.stderr, "rate: %v\n", err)
		return exitUsage
	}
	defer in.Close()
	code := exitOK
	err = eachPuzzle(in, func(g engine.Grid, perr error) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if perr != nil {
			fmt.Fprintf(env.stdout, "error: invalid: %v\n", perr)
			code = exitError
			return nil
		}
		gr, err := engine.Rate(g)
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

// gradeErrorText words an engine error for an output line: the solve
// command's wording for bad puzzles, the error itself otherwise.
func gradeErrorText(err error) string {
	switch {
	case errors.Is(err, engine.ErrNoSolution):
		return "no solution"
	case errors.Is(err, engine.ErrMultipleSolutions):
		return "multiple solutions"
	}
	return err.Error()
}
