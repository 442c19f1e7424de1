package render

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

var dumpCasesDir = flag.String("dumpcases", "", "write a forcing chain's cases one at a time (Options.HintCase) at 600 px to this `DIR` for a look by eye")

// TestHintCaseFades draws one case of a forcing chain: its marks and
// arrows in full, every other case's faded, its own marks innermost
// where cases meet, and a case past the last refused.
func TestHintCaseFades(t *testing.T) {
	f := roleFixtureNamed(t, "cell-forcing-chain")
	b, err := newBoard(f.position(t), engine.Grid{})
	if err != nil {
		t.Fatal(err)
	}
	all, err := newHint(f.step, 3, 0, b)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range all.marks {
		if m.faded {
			t.Fatalf("every case drawn, yet %v is faded", m.c)
		}
	}
	for k := 1; k <= len(f.step.Branches); k++ {
		h, err := newHint(f.step, 3, k, b)
		if err != nil {
			t.Fatal(err)
		}
		if len(h.marks) != len(all.marks) {
			t.Errorf("case %d: %d marks, all cases %d: fading must not drop marks", k, len(h.marks), len(all.marks))
		}
		want := branchPaint(k - 1)
		full, faded := 0, 0
		for _, m := range h.marks {
			if m.paint >= paintBranch && m.faded == (m.paint == want) {
				t.Errorf("case %d: mark %v in paint %d faded=%v", k, m.c, m.paint, m.faded)
			}
			if m.faded {
				faded++
			} else {
				full++
			}
		}
		for _, a := range h.arrows {
			if a.faded == (a.paint == want) {
				t.Errorf("case %d: arrow in paint %d faded=%v", k, a.paint, a.faded)
			}
		}
		if full == 0 || faded == 0 {
			t.Errorf("case %d: %d marks in full, %d faded", k, full, faded)
		}
	}
	if _, err := newHint(f.step, 3, len(f.step.Branches)+1, b); !errors.Is(err, ErrHint) {
		t.Errorf("a case past the last: %v, want ErrHint", err)
	}
	if _, err := Board(f.position(t), Options{Hint: &f.step, HintCase: -1}); !errors.Is(err, ErrHint) {
		t.Errorf("case -1: %v, want ErrHint", err)
	}
}

func branchPaint(i int) paint { return paintBranch + paint(i%numBranchCol) }

// TestDumpCases writes forcing chains drawn whole and one case at a time,
// at 600 px (a phone's width, about): the fixture's cell forcing chain
// and the first nets of several cases that the engine's teaching path
// meets in the hardest shared puzzles.
func TestDumpCases(t *testing.T) {
	if *dumpCasesDir == "" {
		t.Skip("no -dumpcases DIR")
	}
	dump := func(name string, pos Position, s engine.Step, level int) {
		for k := 0; k <= len(s.Branches); k++ {
			img, err := Board(pos, Options{Hint: &s, HintLevel: level, HintCase: k, Size: 600, Candidates: true})
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(*dumpCasesDir, fmt.Sprintf("%s-L%d-case%d.png", name, level, k))
			out, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := WritePNG(out, img); err != nil {
				t.Fatal(err)
			}
			out.Close()
			t.Log(path)
		}
	}
	f := roleFixtureNamed(t, "cell-forcing-chain")
	dump("fixture-cell-forcing-chain", f.position(t), f.step, 3)
	got := map[string]bool{}
	for _, p := range readPuzzles(t, "sxbank_hardest_se8.8plus.txt", 8) {
		b := engine.NewBoard(p)
		for !b.Solved() && len(got) < 3 {
			s, ok := engine.NextStep(&b, true)
			if !ok {
				break
			}
			key := string(s.Technique) + "-" + s.Variant
			if len(s.Branches) >= 2 && !got[key] {
				got[key] = true
				marks := b.Cands
				pos := Position{Puzzle: p, Progress: b.Grid, Marks: &marks}
				name := strings.NewReplacer(" ", "_", "/", "_", "(+)", "plus").Replace(key)
				dump(name, pos, s, 2)
				dump(name, pos, s, 3)
			}
			b.Apply(s)
		}
	}
}
