package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/l10n"
)

func init() {
	register(command{
		name:    "hint",
		summary: "the next hint for a player's position: mistakes first, then a logical step",
		run:     runHint,
	})
}

// hintJSON is the --json output: the hint as far as the requested level
// reveals it, in the steps command's coordinates (rows, columns and digits
// 1-9). Level 1 gives the kind, the technique and the area (units); level
// 2 adds the cells; level 3 the placements and eliminations. Texts holds
// the text of each level up to the requested one.
type hintJSON struct {
	Puzzle       string      `json:"puzzle"`
	Progress     string      `json:"progress"`
	Kind         string      `json:"kind"`
	Level        int         `json:"level"`
	Text         string      `json:"text"`
	Texts        []string    `json:"texts"`
	Technique    string      `json:"technique,omitempty"`
	Score        float64     `json:"score,omitempty"`
	Area         []string    `json:"area,omitempty"`
	Cells        []stepsCell `json:"cells,omitempty"`
	Placements   []stepsCell `json:"placements,omitempty"`
	Eliminations []stepsCell `json:"eliminations,omitempty"`
	// The step's data as far as the level reveals it (stepAtLevel): the
	// same structure as a step of `steps --json`.
	Variant  string        `json:"variant,omitempty"`
	Pattern  []patternJSON `json:"pattern,omitempty"`
	Houses   []houseJSON   `json:"houses,omitempty"`
	Links    []linkJSON    `json:"links,omitempty"`
	Branches []branchJSON  `json:"branches,omitempty"`
}

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
		fmt.Fprintln(fs.Output(), "usage: sudokubot hint [--progress GRID] [--marks CELLS] [--level 1-3] [--lang LOCALE] [--json] PUZZLE")
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
	puzzle, err := engine.Parse(rest[0])
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
	out := hintJSON{
		Puzzle:   puzzle.String(),
		Progress: progress.String(),
		Kind:     h.Kind.String(),
		Level:    *level,
		Text:     strings.Join(explain.Hint(lang, h, *level), "\n"),
	}
	for lv := 1; lv <= *level; lv++ {
		out.Texts = append(out.Texts, strings.Join(explain.Hint(lang, h, lv), "\n"))
	}
	if h.Kind == engine.HintStep {
		out.Technique = h.Step.Technique
		out.Score = h.Step.Score
		js := stepToJSON(stepAtLevel(h.Step, *level), "")
		out.Variant, out.Pattern, out.Houses, out.Links, out.Branches = js.Variant, js.Pattern, js.Houses, js.Links, js.Branches
		for _, u := range h.Step.Units {
			if n := engine.UnitName(u); !slices.Contains(out.Area, n) {
				out.Area = append(out.Area, n)
			}
		}
	}
	switch {
	case *level >= 3 || *level == 2 && h.Kind != engine.HintStep:
		out.Cells = groupJSON(h.Cells)
	case *level == 2:
		// The pattern's cells without the result's: a hidden single's
		// cell is its answer.
		out.Cells = groupJSON(patternCellsOf(stepAtLevel(h.Step, 2)))
	}
	if *level >= 3 && h.Kind == engine.HintStep {
		out.Placements = stepsCells(h.Step.Placements)
		out.Eliminations = stepsCells(h.Step.Eliminations)
	}
	enc := json.NewEncoder(env.stdout)
	if err := enc.Encode(out); err != nil {
		fmt.Fprintf(env.stderr, "hint: %v\n", err)
		return exitError
	}
	return exitOK
}

// patternCellsOf lists the cells of a step's pattern, each once, in order.
func patternCellsOf(s engine.Step) []int {
	var out []int
	for _, p := range s.Pattern {
		if !slices.Contains(out, p.Cell) {
			out = append(out, p.Cell)
		}
	}
	return out
}
