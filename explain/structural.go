package explain

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// structural words a step from its data alone, in any language: the
// pattern's cells by role with their candidates, its units by role, the
// chain link by link, and (with reveal) a forcing chain's cases. It words
// a technique no family words (a technique added to the engine
// before its words): plainer than a family's reasoning, never wrong, and
// never naming the result without reveal (cells with the roles eliminated
// and placed are left out, and so are the cases, which end in the
// result).
func structural(l *l10n.Lang, s engine.Step, reveal bool) []string {
	lines := []string{l.T("structural.head")}
	// Without reveal, a cell the step changes is named without digits:
	// its candidates would say what it loses.
	result := map[int]bool{}
	for _, c := range append(append([]engine.Candidate(nil), s.Placements...), s.Eliminations...) {
		result[c.Cell] = true
	}
	var order []engine.Role
	byRole := map[engine.Role][]string{}
	for _, p := range s.Pattern {
		if p.Role == engine.RoleEliminated || p.Role == engine.RolePlaced {
			continue
		}
		if _, ok := byRole[p.Role]; !ok {
			order = append(order, p.Role)
		}
		c := engine.CellName(p.Cell)
		if p.Digits != 0 && (reveal || !result[p.Cell]) {
			c += " (" + strings.Join(digitStrings(p.Digits), ", ") + ")"
		}
		byRole[p.Role] = append(byRole[p.Role], c)
	}
	for _, r := range order {
		lines = append(lines, "  • "+l.T("structural.role", "Role", roleName(l, r), "Items", strings.Join(byRole[r], ", ")))
	}
	var uorder []engine.Role
	units := map[engine.Role][]int{}
	for _, h := range s.Houses {
		if _, ok := units[h.Role]; !ok {
			uorder = append(uorder, h.Role)
		}
		units[h.Role] = append(units[h.Role], h.Unit)
	}
	for _, r := range uorder {
		lines = append(lines, "  • "+l.T("structural.role", "Role", roleName(l, r), "Items", unitsL(l, units[r])))
	}
	if len(s.Links) > 0 {
		lines = append(lines, "  • "+l.T("structural.chain", "Chain", chainText(s.Links)))
	}
	switch {
	case len(s.Branches) > 0 && reveal:
		for _, b := range s.Branches {
			lines = append(lines, "  • "+branchText(l, b))
		}
	case len(s.Branches) > 0:
		lines = append(lines, "  • "+l.T("structural.cases", "Count", len(s.Branches)))
	}
	return lines
}

// roleName is a role as players read it; a role the catalogue lacks reads
// as its key.
func roleName(l *l10n.Lang, r engine.Role) string {
	id := "role." + strings.ReplaceAll(string(r), "-", "_")
	if s := l.T(id); s != id {
		return s
	}
	return string(r)
}

func digitStrings(ds engine.Digits) []string {
	var out []string
	for _, d := range ds.Slice() {
		out = append(out, fmt.Sprint(d))
	}
	return out
}

// chainText writes a chain in the notation players share across
// languages: "r1c1#5 = r1c7#5 - r3c9#5", = for a strong link (one of the
// two is true), - for a weak one (not both).
func chainText(links []engine.Link) string {
	node := func(c engine.Candidate, group []int) string {
		if len(group) > 1 {
			names := make([]string, len(group))
			for i, g := range group {
				names[i] = engine.CellName(g)
			}
			return "[" + strings.Join(names, ",") + "]#" + fmt.Sprint(c.Digit)
		}
		return c.String()
	}
	var b strings.Builder
	for i, k := range links {
		if i == 0 {
			b.WriteString(node(k.From, k.FromGroup))
		}
		if k.Strong {
			b.WriteString(" = ")
		} else {
			b.WriteString(" - ")
		}
		b.WriteString(node(k.To, k.ToGroup))
	}
	return b.String()
}

// branchText writes one case of a forcing chain: the assumption, what
// follows, and how it ends.
func branchText(l *l10n.Lang, b engine.Branch) string {
	steps := make([]string, 0, len(b.Steps))
	for _, im := range b.Steps {
		steps = append(steps, litL(l, im.Lit))
	}
	text := l.T("structural.case", "Assume", litL(l, b.Assume), "Steps", strings.Join(steps, " → "))
	if c := b.Contradiction; c != nil {
		text += " ⚡ " + l.T("structural.contradiction")
	}
	return text
}
