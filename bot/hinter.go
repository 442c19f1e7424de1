package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
)

// EngineHinter finds hints with engine.Hint: rule conflicts first, then
// entries that contradict the solution, then the easiest next step from
// the player's position (and pencil marks), in three levels of detail.
type EngineHinter struct{}

// Hint implements Hinter.
func (EngineHinter) Hint(ctx context.Context, puzzle, progress engine.Grid, marks *[engine.NumCells]engine.Digits) (Hint, error) {
	if err := ctx.Err(); err != nil {
		return Hint{}, err
	}
	var opts []engine.HintOption
	if marks != nil {
		opts = append(opts, engine.WithMarks(*marks))
	}
	h, err := engine.Hint(puzzle, progress, opts...)
	if err != nil {
		return Hint{}, fmt.Errorf("engine hint: %w", err)
	}
	var out Hint
	for l := 1; l <= engine.HintLevels; l++ {
		out.Text[l-1] = strings.Join(explain.Hint(h, l), "\n")
	}
	switch h.Kind {
	case engine.HintStep:
		s := h.Step
		out.Step = &s
		m := candidates(puzzle, progress, marks)
		out.Marks = &m
	case engine.HintConflict, engine.HintMistake:
		out.Wrong = h.Cells
	}
	return out, nil
}

// candidates are the pencil marks a player sees: their own marks where
// they made some, else every digit the filled cells allow.
func candidates(puzzle, progress engine.Grid, marks *[engine.NumCells]engine.Digits) [engine.NumCells]engine.Digits {
	auto := engine.PencilMarks(puzzle, progress)
	if marks == nil {
		return auto
	}
	for c := range auto {
		if auto[c] != 0 && marks[c] != 0 {
			auto[c] &= marks[c]
		}
	}
	return auto
}
