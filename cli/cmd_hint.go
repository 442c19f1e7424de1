package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/stepjson"
)

// hintJSON is the --json output (stepjson.Hint): the CLI and the web
// board's api/hint share its fields and its level cuts.
type hintJSON = stepjson.Hint

// runHint prints the hint for one position at the requested level.
func runHint(_ context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("hint", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	progressText := fs.String("progress", "", "the player's board (81 cells, `GRID`): givens and entries, possibly wrong")
	marksText := fs.String("marks", "", "the player's pencil marks: 81 comma-separated `CELLS`, each the digits marked in a cell (empty, 0 or . for none)")
	level := fs.Int("level", 1, "hint level: 1 a nudge, 2 the cells and reasoning, 3 the result")
	asJSON := fs.Bool("json", false, "print the hint as one JSON object")
	langName := fs.String("lang", l10n.Default, "the hint's language, a Discord `LOCALE`: "+strings.Join(l10n.DiscordLocales(), ", "))
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot hint [--progress GRID] [--marks CELLS] [--level 1-3] [--lang LOCALE] [--json] PUZZLE|-")
		fmt.Fprintln(fs.Output(), "Gives the next hint for a player's board: level 1 a nudge, 2 the pattern and")
		fmt.Fprintln(fs.Output(), "reasoning without the result, 3 the result. \"-\" reads the puzzle from standard input.")
		fs.PrintDefaults()
	}
	rest, code, ok := parseFlagsInterspersed(env, fs, args)
	if !ok {
		return code
	}
	if *level < 1 || *level > engine.HintLevels {
		fmt.Fprintf(env.stderr, "hint: --level %d: want 1, 2 or 3\n", *level)
		return exitUsage
	}
	lang, err := cliLang(*langName)
	if err != nil {
		fmt.Fprintf(env.stderr, "hint: %v\n", err)
		return exitUsage
	}
	if len(rest) != 1 {
		fmt.Fprintf(env.stderr, "hint: want exactly one PUZZLE argument, got %d\n", len(rest))
		fs.Usage()
		return exitUsage
	}
	puzzle, err := readPuzzleArg(env, rest[0])
	if err != nil {
		fmt.Fprintf(env.stderr, "hint: PUZZLE: %v\n", err)
		return exitUsage
	}
	var progress engine.Grid
	if *progressText != "" {
		if progress, err = engine.Parse(*progressText); err != nil {
			fmt.Fprintf(env.stderr, "hint: --progress: %v\n", err)
			return exitUsage
		}
		// A board that changes a given is a mistake in the arguments,
		// worded and exited as render words it.
		for c := range engine.NumCells {
			if puzzle[c] != 0 && progress[c] != 0 && progress[c] != puzzle[c] {
				fmt.Fprintf(env.stderr, "hint: --progress: %s is given as %d but progress has %d\n", engine.CellName(c), puzzle[c], progress[c])
				return exitUsage
			}
		}
	}
	var opts []engine.HintOption
	if *marksText != "" {
		marks, err := parseMarks(*marksText)
		if err != nil {
			fmt.Fprintf(env.stderr, "hint: --marks: %v\n", err)
			return exitUsage
		}
		opts = append(opts, engine.WithMarks(marks))
	}
	h, err := engine.Hint(puzzle, progress, opts...)
	if err != nil {
		var msg string
		switch {
		case errors.Is(err, engine.ErrProgressMismatch):
			msg = err.Error()
		default:
			msg = gradeErrorText(err)
		}
		fmt.Fprintf(env.stdout, "error: %s\n", msg)
		return exitError
	}
	if !*asJSON {
		for _, line := range explain.Hint(lang, h, *level) {
			fmt.Fprintln(env.stdout, line)
		}
		return exitOK
	}
	out := stepjson.FromHint(lang, h, *level)
	out.Puzzle, out.Progress = puzzle.String(), progress.String()
	enc := json.NewEncoder(env.stdout)
	if err := enc.Encode(out); err != nil {
		fmt.Fprintf(env.stderr, "hint: %v\n", err)
		return exitError
	}
	return exitOK
}
