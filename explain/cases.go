package explain

import (
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// HintCases says, for each line of Hint(l, h, level), which case of a
// forcing chain or net it reads: the index in h.Step.Branches plus one,
// or 0 for a line outside any case (the summary, the result). A door
// that shows a long proof in parts uses it to draw each part's case
// (render's Options.HintCase). Every line of a hint that is not a
// forcing chain is 0.
func HintCases(l *l10n.Lang, h engine.HintResult, level int) []int {
	l = lang(l)
	lines := hint(l, h, level)
	raw := make([]int, len(lines))
	level = min(max(level, 1), engine.HintLevels)
	if h.Kind == engine.HintStep && level >= 2 && isForcing(h.Step.Technique) {
		w := newProofWriter(l, h.Step, level == engine.HintLevels)
		w.write()
		// hint keeps the proof's lines in order, its first line named
		// and the result added after them.
		for i := 1; i < len(w.cases) && i < len(raw); i++ {
			raw[i] = w.cases[i]
		}
	}
	// finish breaks long lines: each piece reads the case of its line.
	var out []int
	for i, line := range lines {
		n := 1
		if i >= 1 {
			n = len(fitLine(l.Typeset(line)))
		}
		for range n {
			out = append(out, raw[i])
		}
	}
	return out
}
