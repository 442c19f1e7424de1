package render

import (
	"fmt"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

func (f roleFixture) position(t testing.TB) Position {
	t.Helper()
	g, err := engine.Parse(f.progress)
	if err != nil {
		t.Fatalf("%s: %v", f.name, err)
	}
	marks := engine.NewBoard(g).Cands
	return Position{Puzzle: g, Marks: &marks}
}

func roleFixtureNamed(t testing.TB, name string) roleFixture {
	t.Helper()
	for _, f := range roleFixtures {
		if f.name == name {
			return f
		}
	}
	t.Fatalf("no role fixture %q", name)
	return roleFixture{}
}

// roleGoldenCases draws every role fixture at levels 1 to 3 in the dark
// theme and at levels 2 and 3 in the light one.
func roleGoldenCases(t testing.TB) []goldenCase {
	var cases []goldenCase
	for _, f := range roleFixtures {
		p := f.position(t)
		step := f.step
		for _, th := range []Theme{Dark, Light} {
			for _, lv := range []int{1, 2, 3} {
				if th == Light && lv == 1 {
					continue
				}
				name := fmt.Sprintf("roles-%s-%d-%s", f.name, lv, th.Name)
				cases = append(cases, goldenCase{name, p, Options{Theme: th, Hint: &step, HintLevel: lv, Title: step.Technique}})
			}
		}
	}
	return cases
}
