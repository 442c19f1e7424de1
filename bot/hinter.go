package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/l10n"
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
	out := Hint{Result: h}
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

// Text words the hint at a level, 1 (the nudge), 2 (the cells and the
// reasoning) or 3 (the result), in a language, as explain.Hint words it:
// lines joined by "\n", the first of which stands alone (a reply too
// short for a long proof sends it with the proof attached).
func (h Hint) Text(l *l10n.Lang, level int) string {
	return strings.Join(explain.Hint(l, h.Result, level), "\n")
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
