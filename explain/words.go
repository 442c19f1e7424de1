package explain

import (
	"github.com/sudokubot/sudokubot/engine"
)

// Readers of a step's pattern shared by the families. The words the
// families write cells, units, digits and literals with are in lang.go.

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
