package explain

import (
	"strings"

	"github.com/sudokubot/sudokubot/engine"
)

// Hint words a hint at a level from 1 (where to look) to 3 (the result);
// levels outside 1-3 are clamped. The first line stands on its own (a
// reply too short for the rest can send it alone, with the picture);
// further lines carry a long proof.
func Hint(h engine.HintResult, level int) []string {
	level = min(max(level, 1), engine.HintLevels)
	if h.Kind != engine.HintStep {
		// TODO(explain): conflict, mistake and solved hints from data.
		return []string{h.Text(level)}
	}
	s := h.Step
	switch level {
	case 1:
		return []string{nudge(s)}
	case 2:
		lines := reason(s, false)
		if len(lines) == 0 {
			return []string{nudge(s)}
		}
		out := append([]string{name(s) + ": " + lines[0]}, lines[1:]...)
		return out
	default:
		lines := reason(s, true)
		res := "Result: " + Result(s) + "."
		if len(lines) == 0 {
			return []string{name(s) + ". " + res}
		}
		out := append([]string{name(s) + ": " + lines[0]}, lines[1:]...)
		return append(out, res)
	}
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
