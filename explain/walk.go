package explain

import (
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// WalkBranch is one case of a forcing chain worded for a reader who
// steps through it one implication at a time (the web board's Back and
// Next): the case's assumption, each implication on its own with what it
// follows from, and how the case ends. Steps are in the order of the
// branch's implications, one text each, so a door can pair them with the
// step's data.
type WalkBranch struct {
	// If is the assumption: "If r6c5 is 4".
	If string
	// Steps are the implications, one clause each: "r8c5 is not 4 (same
	// column as r6c5)". Unlike the proof's lines, a clause always names
	// what it follows from, since the one before may not be on screen.
	Steps []string
	// End says how the case ends when it ends in a contradiction.
	End string
	Sub []WalkBranch
}

// Walk words the cases of a forcing chain step for a step-by-step reading
// at a hint level: below level 3 digits and texts are as the level's
// proof writes them (a refutation's tried digit as the letter x). The
// door keeps only the implications its level shows.
func Walk(l *l10n.Lang, s engine.Step, level int) []WalkBranch {
	l = lang(l)
	w := newProofWriter(l, s, level >= 3)
	return w.walk(s.Branches)
}

func (w *proofWriter) walk(bs []engine.Branch) []WalkBranch {
	if len(bs) == 0 {
		return nil
	}
	out := make([]WalkBranch, len(bs))
	for i, br := range bs {
		wb := WalkBranch{If: strings.TrimRight(w.l.T("fc.if", "Assume", w.assumptions(br)), ": ：")}
		for _, im := range br.Steps {
			wb.Steps = append(wb.Steps, w.l.T("fc.clause", "Lits", w.lit(im.Lit), "Why", w.why(im, nil, 0)))
		}
		if c := br.Contradiction; c != nil {
			wb.End = w.l.T("fc.both", "Cell", engine.CellName(c.Cell), "Digit", w.d(c.Digit))
		}
		wb.Sub = w.walk(br.Sub)
		out[i] = wb
	}
	return out
}
