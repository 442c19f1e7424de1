package explain

import (
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// Hint words a hint at a level from 1 (where to look) to 3 (the result),
// in a language; levels outside 1-3 are clamped. The first line stands on
// its own (a reply too short for the rest can send it alone, with the
// picture); further lines carry a long proof.
func Hint(l *l10n.Lang, h engine.HintResult, level int) []string {
	l = lang(l)
	return finish(l, hint(l, h, level), 1)
}

func hint(l *l10n.Lang, h engine.HintResult, level int) []string {
	level = min(max(level, 1), engine.HintLevels)
	switch h.Kind {
	case engine.HintConflict:
		return []string{conflict(l, h, level)}
	case engine.HintMistake:
		return []string{mistake(l, h, level)}
	case engine.HintSolved:
		return []string{l.T("hint.solved")}
	}
	s := h.Step
	switch level {
	case 1:
		return []string{nudge(l, s)}
	case 2:
		lines := reason(l, s, false)
		if len(lines) == 0 {
			return []string{nudge(l, s)}
		}
		out := append([]string{named(l, s, lines[0])}, lines[1:]...)
		return out
	default:
		res := l.T("hint.result", "Result", ResultSentence(l, s))
		lines := reason(l, s, true)
		if len(lines) == 0 {
			return []string{l.T("hint.name_result", "Name", name(l, s), "Result", res)}
		}
		out := append([]string{named(l, s, lines[0])}, lines[1:]...)
		if len(out) == 1 && textWidth(l.Typeset(out[0]+l.T("sep.sentence")+res)) <= MaxLine {
			return []string{out[0] + l.T("sep.sentence") + res}
		}
		return append(out, res)
	}
}

// nudge is level 1: the technique in plain words, what it is, and where to
// look.
func nudge(l *l10n.Lang, s engine.Step) string {
	var b strings.Builder
	b.WriteString(l.T("hint.try", "Name", name(l, s)))
	if a, ok := about(l, s); ok && a.Definition != "" {
		b.WriteString(l.T("sep.sentence"))
		b.WriteString(sentence(a.Definition))
	}
	if look := fishLook(l, s); look != "" {
		b.WriteString(l.T("sep.sentence"))
		b.WriteString(look)
	} else if area := where(l, s); area.String() != "" {
		b.WriteString(l.T("sep.sentence"))
		b.WriteString(l.T("hint.look_at", "Area", area))
	}
	return b.String()
}

// fishNudge reports whether a technique is a fish (basic, finned,
// Sashimi, Franken or Mutant; not Kraken), whose level 1 names the digit
// and the kind of its base units, not the units: the units are the
// pattern, nearly level 2.
func fishNudge(t engine.TechniqueID) bool {
	info, ok := t.Info()
	return ok && (info.Family == engine.FamilyFish || info.Family == engine.FamilyComplexFish)
}

// fishLook is a fish's "where to look": the digit and the kinds of its base
// units ("Look at where 7 can still go, row by row."); "" for any other
// step.
func fishLook(l *l10n.Lang, s engine.Step) string {
	d := basicDigit(s)
	if !fishNudge(s.Technique) || d == 0 {
		return ""
	}
	var kinds [3]bool
	for _, u := range houses(s, engine.RoleBase) {
		kinds[u/9] = true
	}
	var words []string
	for k, id := range []string{"hint.by_rows", "hint.by_columns", "hint.by_boxes"} {
		if kinds[k] {
			words = append(words, l.T(id))
		}
	}
	if len(words) == 0 {
		return ""
	}
	return l.T("hint.look_fish", "Digit", d, "Kinds", l.List(words))
}

// where names the area a step lives in: its houses (or units), else the
// boxes of its cells, grouped by kind ("rows 1, 4 and 8 and columns 1
// and 7").
func where(l *l10n.Lang, s engine.Step) l10n.Forms {
	seen := map[int]bool{}
	var byKind [3][]int
	add := func(u int) {
		if !seen[u] {
			seen[u] = true
			byKind[u/9] = append(byKind[u/9], u)
		}
	}
	for _, h := range s.Houses {
		add(h.Unit)
	}
	if len(seen) == 0 {
		for _, u := range s.Units {
			add(u)
		}
	}
	if len(seen) == 0 {
		for _, c := range s.Cells {
			add(engine.CellUnits[c][2])
		}
	}
	var parts []l10n.Forms
	for _, us := range byKind {
		if len(us) > 0 {
			slices.Sort(us)
			parts = append(parts, unitsL(l, us))
		}
	}
	return joinF(l, parts)
}

// conflict words a broken rule: where at level 1, the clashes at level 2,
// and which entries to clear at level 3.
func conflict(l *l10n.Lang, h engine.HintResult, level int) string {
	if len(h.Conflicts) == 0 {
		return l.T("hint.clash")
	}
	if level == 1 {
		return l.T("hint.clash_where", "Count", len(h.Conflicts), "Unit", unitL(l, h.Conflicts[0].Unit))
	}
	clashes := make([]string, len(h.Conflicts))
	for i, c := range h.Conflicts {
		clashes[i] = l.T("hint.clash_pair", "A", engine.CellName(c.A), "B", engine.CellName(c.B), "Digit", c.Digit, "Unit", unitL(l, c.Unit))
	}
	text := l.T("hint.clashes", "List", strings.Join(clashes, l.T("result.sep")))
	if level == 3 && len(h.Clear) > 0 {
		text += l.T("sep.sentence") + l.T("hint.clear", "Cells", cellsL(l, h.Clear))
	}
	return text
}

// mistake words entries and pencil marks that disagree with the solution,
// never saying the right digit.
func mistake(l *l10n.Lang, h engine.HintResult, level int) string {
	var parts []string
	if n := len(h.Wrong); n > 0 {
		switch {
		case level == 1 && n == 1:
			parts = append(parts, l.T("hint.wrong_one", "Box", unitL(l, engine.CellUnits[h.Wrong[0]][2])))
		case level == 1:
			parts = append(parts, l.T("hint.wrong_many", "Count", n))
		case level == 2:
			parts = append(parts, l.T("hint.wrong_cells", "Count", n, "Cells", cellsL(l, h.Wrong)))
		default:
			parts = append(parts, l.T("hint.wrong_clear", "Cells", cellsL(l, h.Wrong)))
		}
	}
	if len(h.BadMarks) > 0 {
		switch level {
		case 1:
			parts = append(parts, l.T("hint.marks_1"))
		case 2:
			parts = append(parts, l.T("hint.marks_2", "Cells", cellsL(l, h.BadMarks)))
		default:
			parts = append(parts, l.T("hint.marks_3", "Cells", cellsL(l, h.BadMarks)))
		}
	}
	return strings.Join(parts, " ")
}
