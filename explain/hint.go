package explain

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
)

// Hint words a hint at a level from 1 (where to look) to 3 (the result);
// levels outside 1-3 are clamped. The first line stands on its own (a
// reply too short for the rest can send it alone, with the picture);
// further lines carry a long proof.
func Hint(h engine.HintResult, level int) []string {
	level = min(max(level, 1), engine.HintLevels)
	switch h.Kind {
	case engine.HintConflict:
		return []string{conflict(h, level)}
	case engine.HintMistake:
		return []string{mistake(h, level)}
	case engine.HintSolved:
		return []string{"The puzzle is solved: every digit is right."}
	}
	s := h.Step
	switch level {
	case 1:
		return []string{nudge(s)}
	case 2:
		lines := hintReason(s, false, hintBudget-len(name(s))-2)
		if len(lines) == 0 {
			return []string{nudge(s)}
		}
		out := append([]string{name(s) + ": " + lines[0]}, lines[1:]...)
		return out
	default:
		res := "Result: " + Result(s) + "."
		lines := hintReason(s, true, hintBudget-len(name(s))-2-len(res)-1)
		if len(lines) == 0 {
			return []string{name(s) + ". " + res}
		}
		out := append([]string{name(s) + ": " + lines[0]}, lines[1:]...)
		if len(out) == 1 && len(out[0])+1+len(res) <= MaxLine {
			return []string{out[0] + " " + res}
		}
		return append(out, res)
	}
}

// hintBudget is the room a hint's text has: a Discord message holds 2,000
// characters, and the reply may add a little around the hint.
const hintBudget = 1900

// briefReasons word a long proof (a forcing chain's branches) short enough
// for a hint: they return at most budget bytes of lines, the first line
// standing alone. Step, the `steps` listing, keeps the whole proof.
// Families with proofs that can grow long fill it from their init.
var briefReasons = map[string]func(s engine.Step, reveal bool, budget int) []string{}

// hintReason is a step's reasoning for a hint: brief when the family
// offers it.
func hintReason(s engine.Step, reveal bool, budget int) []string {
	if f, ok := briefReasons[s.Technique]; ok {
		return f(s, reveal, budget)
	}
	return reason(s, reveal)
}

// nudge is level 1: the technique in plain words, what it is, and where to
// look.
func nudge(s engine.Step) string {
	var b strings.Builder
	b.WriteString("Try ")
	b.WriteString(name(s))
	if a, ok := Technique(s.Technique); ok && a.Definition != "" {
		b.WriteString(". ")
		b.WriteString(sentence(a.Definition))
	} else {
		b.WriteString(".")
	}
	if area := where(s); area != "" {
		b.WriteString(" Look at ")
		b.WriteString(area)
		b.WriteString(".")
	}
	return b.String()
}

// where names the area a step lives in: its houses (or units), else the
// boxes of its cells.
func where(s engine.Step) string {
	seen := map[int]bool{}
	var names []string
	add := func(u int) {
		if !seen[u] {
			seen[u] = true
			names = append(names, engine.UnitName(u))
		}
	}
	for _, h := range s.Houses {
		add(h.Unit)
	}
	if len(names) == 0 {
		for _, u := range s.Units {
			add(u)
		}
	}
	if len(names) == 0 {
		for _, c := range s.Cells {
			add(engine.CellUnits[c][2])
		}
	}
	if len(names) > 4 {
		names = names[:4]
		return join(names) + " and around"
	}
	return join(names)
}

// join joins words as English does: "a", "a and b", "a, b and c".
func join(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// conflict words a broken rule: where at level 1, the clashes at level 2,
// and which entries to clear at level 3.
func conflict(h engine.HintResult, level int) string {
	if len(h.Conflicts) == 0 {
		return "Two of your digits clash."
	}
	if level == 1 {
		n := "Two of your digits clash"
		if len(h.Conflicts) > 1 {
			n = fmt.Sprintf("%d pairs of digits clash", len(h.Conflicts))
		}
		return fmt.Sprintf("%s: look at %s.", n, engine.UnitName(h.Conflicts[0].Unit))
	}
	clashes := make([]string, len(h.Conflicts))
	for i, c := range h.Conflicts {
		clashes[i] = fmt.Sprintf("%s and %s both hold %d in %s", engine.CellName(c.A), engine.CellName(c.B), c.Digit, engine.UnitName(c.Unit))
	}
	text := sentence(strings.Join(clashes, "; "))
	if level == 3 && len(h.Clear) > 0 {
		text += " Clear " + cells(h.Clear) + "."
	}
	return text
}

// mistake words entries and pencil marks that disagree with the solution,
// never saying the right digit.
func mistake(h engine.HintResult, level int) string {
	var parts []string
	if n := len(h.Wrong); n > 0 {
		switch {
		case level == 1 && n == 1:
			parts = append(parts, fmt.Sprintf("One of your digits is not right: check %s.", engine.UnitName(engine.CellUnits[h.Wrong[0]][2])))
		case level == 1:
			parts = append(parts, fmt.Sprintf("%d of your digits are not right.", n))
		case level == 2 && n == 1:
			parts = append(parts, cells(h.Wrong)+" is not right.")
		case level == 2:
			parts = append(parts, cells(h.Wrong)+" are not right.")
		default:
			parts = append(parts, "Clear "+cells(h.Wrong)+": the digit there does not belong to the solution.")
		}
	}
	if len(h.BadMarks) > 0 {
		switch level {
		case 1:
			parts = append(parts, "Some of your pencil marks rule out the right digit.")
		case 2:
			parts = append(parts, "Your pencil marks in "+cells(h.BadMarks)+" leave out the digit that belongs there.")
		default:
			parts = append(parts, "Redo the pencil marks of "+cells(h.BadMarks)+": the right digit is missing.")
		}
	}
	return strings.Join(parts, " ")
}
