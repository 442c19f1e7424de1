package render

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/shareddata"
)

// readPuzzles returns the first n puzzles of a shared puzzle file.
func readPuzzles(t *testing.T, name string, n int) []engine.Grid {
	t.Helper()
	f, err := os.Open(shareddata.Puzzles(t, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []engine.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		g, err := engine.Parse(strings.Fields(line)[0])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, g)
	}
	return out
}

// TestEngineSteps draws every step of the engine's logical solution of a
// few hard puzzles, at every level, on the pencil marks the engine found
// it on: whatever the engine says, render can draw, each level adds
// something to the picture, and level 2 shows nothing of the result.
func TestEngineSteps(t *testing.T) {
	t.Parallel() // drawing is pure: no state shared with other tests
	puzzles := readPuzzles(t, "sxbank_diabolical.txt", 2)
	puzzles = append(puzzles, readPuzzles(t, "sxbank_hard.txt", 1)...)
	kinds := map[string]bool{}
	for _, p := range puzzles {
		b := engine.NewBoard(p)
		for n := 0; !b.Solved(); n++ {
			s, ok := engine.NextStep(&b, true)
			if !ok {
				break
			}
			kinds[string(s.Technique)] = true
			marks := b.Cands
			pos := Position{Puzzle: p, Progress: b.Grid, Marks: &marks}
			base, err := Board(pos, Options{Size: MinSize})
			if err != nil {
				t.Fatalf("%s step %d: %v", p, n, err)
			}
			prev := base
			for level := 1; level <= 3; level++ {
				img, err := Board(pos, Options{Size: MinSize, Hint: &s, HintLevel: level})
				if err != nil {
					t.Fatalf("%s step %d (%s) level %d: %v", p, n, s.Technique, level, err)
				}
				// Level 1 may draw nothing new for a step without units
				// or cells; levels 2 and 3 must add to the one before.
				if diff, _ := pixelDiff(img, prev, 0); diff == 0 && level > 1 && levelAdds(s, level) {
					t.Errorf("%s step %d (%s): level %d draws nothing more than level %d", p, n, s.Technique, level, level-1)
				}
				prev = img
			}
			// Level 2 must not depend on the result (see stripResult).
			bare := stripResult(s)
			two, err := Board(pos, Options{Size: MinSize, Hint: &s, HintLevel: 2})
			if err != nil {
				t.Fatal(err)
			}
			twoBare, err := Board(pos, Options{Size: MinSize, Hint: &bare, HintLevel: 2})
			if err != nil {
				t.Fatal(err)
			}
			if diff, msg := pixelDiff(two, twoBare, 0); diff != 0 {
				t.Errorf("%s step %d (%s): level 2 depends on the result: %s", p, n, s.Technique, msg)
			}
			b.Apply(s)
		}
	}
	t.Logf("drew %d kinds of step: %v", len(kinds), kinds)
}

// levelAdds reports whether a level should add to the picture: level 2
// draws the pattern (its roles, or without them its cells and proof) and
// links, level 3 the result.
func levelAdds(s engine.Step, level int) bool {
	if level == 3 {
		return s.HasEffect()
	}
	if hasRoles(s) {
		for _, p := range s.Pattern {
			switch p.Role {
			case engine.RoleEliminated, engine.RolePlaced, engine.RoleUnit:
			default:
				return true
			}
		}
		return len(s.Links)+len(s.Branches) > 0
	}
	return len(s.Cells)+len(s.Proof)+len(s.Links) > 0
}
