package explain

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
)

// Shared phrasing for the families: every family writes cells, units,
// digits and literals through these, so the whole package speaks one way.

// cells writes cells as "r5c3, r6c3 and r7c8".
func cells(cs []int) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = engine.CellName(c)
	}
	return join(names)
}

// units writes units as "row 2, row 5 and row 8"; units of one kind are
// written "rows 2, 5 and 8".
func units(us []int) string {
	if len(us) == 0 {
		return ""
	}
	kind := func(u int) int { return u / 9 }
	same := true
	for _, u := range us {
		same = same && kind(u) == kind(us[0])
	}
	if !same || len(us) == 1 {
		names := make([]string, len(us))
		for i, u := range us {
			names[i] = engine.UnitName(u)
		}
		return join(names)
	}
	plural := [3]string{"rows", "columns", "boxes"}[kind(us[0])]
	nums := make([]string, len(us))
	for i, u := range us {
		nums[i] = fmt.Sprint(u%9 + 1)
	}
	return plural + " " + join(nums)
}

// digits writes digits as "2, 5 and 7".
func digits(ds engine.Digits) string {
	sl := ds.Slice()
	parts := make([]string, len(sl))
	for i, d := range sl {
		parts[i] = fmt.Sprint(d)
	}
	return join(parts)
}

// lit writes a literal: "r1c5 is 7", "r1c5 is not 7", or for a group "7
// is in r1c4 or r1c5" / "7 is in neither r1c4 nor r1c5".
func lit(l engine.Lit) string {
	if len(l.Group) > 1 {
		names := make([]string, len(l.Group))
		for i, c := range l.Group {
			names[i] = engine.CellName(c)
		}
		if l.On {
			return fmt.Sprintf("%d is in %s", l.Digit, strings.Join(names, " or "))
		}
		return fmt.Sprintf("%d is in none of %s", l.Digit, strings.Join(names, ", "))
	}
	if l.On {
		return fmt.Sprintf("%s is %d", engine.CellName(l.Cell), l.Digit)
	}
	return fmt.Sprintf("%s is not %d", engine.CellName(l.Cell), l.Digit)
}

// patternCells lists the pattern's cells with a role, in pattern order,
// each once.
func patternCells(s engine.Step, role engine.Role) []int {
	var out []int
	seen := map[int]bool{}
	for _, p := range s.Pattern {
		if p.Role == role && !seen[p.Cell] {
			seen[p.Cell] = true
			out = append(out, p.Cell)
		}
	}
	return out
}

// houses lists the step's units with a role, in order.
func houses(s engine.Step, role engine.Role) []int {
	var out []int
	for _, h := range s.Houses {
		if h.Role == role {
			out = append(out, h.Unit)
		}
	}
	return out
}

// orDigits writes digits as alternatives: "3 or 7", "2, 5 or 9".
func orDigits(ds engine.Digits) string {
	sl := ds.Slice()
	parts := make([]string, len(sl))
	for i, d := range sl {
		parts[i] = fmt.Sprint(d)
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}
