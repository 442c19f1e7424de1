package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
)

// stepsPath is one puzzle's --json object (DESIGN.md's contract).
type stepsPath struct {
	Puzzle string     `json:"puzzle"`
	Solved bool       `json:"solved"`
	Level  string     `json:"level"`
	Score  float64    `json:"score"`
	Steps  []stepJSON `json:"steps"`
}

// stepsGrade is the puzzle's grade as rate prints it: the player scale is
// the hardest step of this very path, so the level and score a player sees
// are the same everywhere without solving twice.
func stepsGrade(p *engine.Path) (engine.Level, float64) {
	g := engine.GradePath(p)
	return g.Level, g.Score
}

func newStepsPath(p *engine.Path) stepsPath {
	level, score := stepsGrade(p)
	out := stepsPath{
		Puzzle: p.Puzzle.String(),
		Solved: p.Solved,
		Level:  level.String(),
		Score:  score,
		Steps:  make([]stepJSON, len(p.Steps)),
	}
	for i, s := range p.Steps {
		out.Steps[i] = newStepJSON(s)
	}
	return out
}

// runSteps prints each puzzle's logical solution path: as text, a
// "PUZZLE LEVEL SCORE" line and the numbered steps; with --json, one JSON
// object per line.
func runSteps(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("steps", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	asJSON := fs.Bool("json", false, "one JSON object per puzzle: {puzzle, solved, level, score, steps: [...]}, each step with its technique, score, placements, eliminations, text and structured pattern (docs/commands.md: steps --json)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot steps [--json] [FILE | PUZZLE...]")
		fmt.Fprintln(fs.Output(), "Solves each puzzle (one per line, from FILE or standard input) by logic,")
		fmt.Fprintln(fs.Output(), "always taking the easiest step, and explains every step in r4c6/b5 notation.")
		fs.PrintDefaults()
	}
	rest, code, ok := parseFlagsInterspersed(env, fs, args)
	if !ok {
		return code
	}
	in, err := puzzleInput(env, rest)
	if err != nil {
		fmt.Fprintf(env.stderr, "steps: %v\n", err)
		return exitUsage
	}
	defer in.Close()
	out := bufio.NewWriterSize(env.stdout, 64<<10)
	code = exitOK
	first := true
	err = eachPuzzle(in, func(g engine.Grid, perr error) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if perr != nil {
			code = exitError
			_, err := fmt.Fprintf(out, "error: %v\n", perr)
			return err
		}
		p, err := engine.SolvePath(g)
		if err != nil {
			code = exitError
			_, err := fmt.Fprintf(out, "error: %s\n", solveErrorText(err))
			return err
		}
		if *asJSON {
			enc := json.NewEncoder(out)
			enc.SetEscapeHTML(false)
			return enc.Encode(newStepsPath(&p))
		}
		if !first {
			if _, err := fmt.Fprintln(out); err != nil {
				return err
			}
		}
		first = false
		return writeStepsText(out, &p)
	})
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "steps: %v\n", err)
		return exitError
	}
	return code
}

// stepsIndent indents a step's further lines under its first. With
// explain.MaxLine (columns; the English listing is one byte a column but
// for an arrow or two) it keeps every line of the listing within 300
// bytes.
const stepsIndent = "      "

// writeStepsText writes a path for people: the puzzle with its level and
// score, then one numbered line per step with its rating.
func writeStepsText(w io.Writer, p *engine.Path) error {
	level, score := stepsGrade(p)
	if _, err := fmt.Fprintf(w, "%s %s %.1f\n", p.Puzzle, level, score); err != nil {
		return err
	}
	for i, s := range p.Steps {
		// The first line of a step's explanation follows its number; the
		// rest (a forcing chain's branches) are indented beneath it.
		for j, line := range explain.Step(nil, s) {
			var err error
			if j == 0 {
				_, err = fmt.Fprintf(w, "%3d. [%.1f] %s\n", i+1, s.Score, line)
			} else {
				_, err = fmt.Fprintf(w, "%s%s\n", stepsIndent, line)
			}
			if err != nil {
				return err
			}
		}
	}
	end := "solved"
	if !p.Solved {
		end = fmt.Sprintf("not solved: no known technique applies after %d steps", len(p.Steps))
	}
	_, err := fmt.Fprintln(w, end)
	return err
}
