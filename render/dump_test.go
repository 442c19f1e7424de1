package render

import (
	"flag"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

var dumpDir = flag.String("dump", "", "write every golden case at 1000 and 400 px, and chain steps found by the engine, to this `DIR` for a look by eye")

// TestDump writes images for a person to look at: the goldens are small,
// players see 1000 px images scaled to a phone, and the engine's own
// chains change as it grows.
func TestDump(t *testing.T) {
	if *dumpDir == "" {
		t.Skip("no -dump DIR")
	}
	write := func(name string, img image.Image) {
		t.Helper()
		f, err := os.Create(filepath.Join(*dumpDir, name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := WritePNG(f, img); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range goldenCases(t) {
		for _, size := range []int{1000, 400} {
			o := tc.opts
			o.Size = size
			img, err := Board(tc.pos, o)
			if err != nil {
				t.Fatal(err)
			}
			write(fmt.Sprintf("%s-%d", tc.name, size), img)
		}
	}
	got := map[string]bool{}
	for _, p := range readPuzzles(t, "sxbank_diabolical.txt", 60) {
		b := engine.NewBoard(p)
		for !b.Solved() {
			s, ok := engine.NextStep(&b, true)
			if !ok {
				break
			}
			if len(s.Links) > 0 && !got[string(s.Technique)] {
				got[string(s.Technique)] = true
				marks := b.Cands
				img, err := Board(Position{Puzzle: p, Progress: b.Grid, Marks: &marks}, Options{Hint: &s, Title: string(s.Technique), Candidates: true})
				if err != nil {
					t.Fatal(err)
				}
				write("engine-"+strings.ReplaceAll(string(s.Technique), " ", "_"), img)
			}
			b.Apply(s)
		}
	}
	dumpNewTechniques(t, write)
}

// newTechniquePositions are HoDoKu library positions (a '+' marks a digit
// filled in, not a given) where one of the newer techniques applies, drawn at
// levels 2 and 3 with the pencil marks.
var newTechniquePositions = []struct{ tech, grid, deleted string }{
	{"Avoidable Rectangle Type 1", "+6+45.+3..+1.+1+9+3..268.7+2+8+6.14+3.+3+5+21.68...+1+63+8.....87.+2+51+638+712.43.+6+53+4.6..2+126+9.+1+3.+4+8",
		"714 717 919 525 945 749 757 957 958 559 759 959"},
	{"Avoidable Rectangle Type 2", "9+8....6+4+7..1..6+9387.6.8+9+5+1+2+1...+3.+476+3+741+6+2+8+5+9+65+8947+12+32.....+3.5+8..25.+7.+4....9.+2.1", "474 494"},
	{"Template Set", "..5.+4163+223+17+6.+4..+6.452+3+8+71.6.........86.71.........6.4...159+2+6.....6+543.564..7+1+8", ""},
	{"Template Delete", "9.471.8......2..59.6............3..87.6.9.5.23..2............4.49..8......7.369.1", ""},
}

func dumpNewTechniques(t *testing.T, write func(string, image.Image)) {
	for _, pp := range newTechniquePositions {
		var givens, filled engine.Grid
		n, plus := 0, false
		for _, r := range pp.grid {
			switch {
			case r == '+':
				plus = true
				continue
			case r >= '1' && r <= '9' && plus:
				filled[n] = uint8(r - '0')
			case r >= '1' && r <= '9':
				givens[n] = uint8(r - '0')
			}
			plus = false
			n++
		}
		b := engine.NewPosition(givens, filled)
		for _, w := range strings.Fields(pp.deleted) {
			b.Eliminate(engine.CellAt(int(w[1]-'1'), int(w[2]-'1')), w[0]-'0')
		}
		var s engine.Step
		if x, ok := engine.TechniqueNamed(engine.TechniqueID(pp.tech)); ok {
			s, _ = x.Find(&b)
		}
		if !s.HasEffect() {
			t.Fatalf("no %s in its position", pp.tech)
		}
		for level := 2; level <= 3; level++ {
			marks := b.Cands
			img, err := Board(Position{Puzzle: givens, Progress: b.Grid, Marks: &marks},
				Options{Hint: &s, HintLevel: level, Title: string(s.Technique), Candidates: true})
			if err != nil {
				t.Fatal(err)
			}
			write(fmt.Sprintf("pending-%s-%d", strings.ReplaceAll(string(s.Technique), " ", "_"), level), img)
		}
	}
}

// TestDumpComplexFish writes a Finned Franken Jellyfish with an endo fin
// (HoDoKu's library) and a Kraken fish at hint levels 2 and 3, in both
// themes, to the -dump directory: base houses include a box, the endo fin
// is a fin, and the Kraken fish's chain is drawn as a forcing chain's.
func TestDumpComplexFish(t *testing.T) {
	if *dumpDir == "" {
		t.Skip("no -dump DIR")
	}
	p := engine.MustParse("5.396418..1.5...69.96...534..7...84515.4........35...1..5.4..1...18.54.66..21..58")
	b := engine.NewBoard(p)
	tech, _ := engine.TechniqueNamed("Finned Franken Jellyfish")
	steps := engine.AllSteps(tech, &b)
	if len(steps) == 0 {
		t.Fatal("no Finned Franken Jellyfish")
	}
	var s engine.Step
	for _, x := range steps {
		if len(x.Eliminations) == 1 && x.Eliminations[0] == (engine.Candidate{Cell: engine.CellAt(4, 8), Digit: 7}) {
			s = x
		}
	}
	dumpHint(t, "finned-franken-jellyfish", p, b, s)
	kp := engine.MustParse("900200006003080000006905320008000102050070030204000600069508700000040200800003005")
	path, err := engine.SolvePath(kp)
	if err != nil {
		t.Fatal(err)
	}
	kb := engine.NewBoard(kp)
	for _, st := range path.Steps {
		if ks, ok := engine.KrakenFish().Find(&kb); ok {
			dumpHint(t, "kraken-fish", kp, kb, ks)
			return
		}
		kb.Apply(st)
	}
	t.Fatal("no Kraken fish along the path")
}

// dumpHint writes step s at position b at hint levels 2 and 3 in both
// themes.
func dumpHint(t *testing.T, name string, p engine.Grid, b engine.Board, s engine.Step) {
	t.Helper()
	for _, th := range []struct {
		name  string
		theme Theme
	}{{"dark", Dark}, {"light", Light}} {
		for _, level := range []int{2, 3} {
			marks := b.Cands
			img, err := Board(Position{Puzzle: p, Progress: b.Grid, Marks: &marks},
				Options{Hint: &s, HintLevel: level, Theme: th.theme, Title: string(s.Technique), Candidates: true})
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Create(filepath.Join(*dumpDir, fmt.Sprintf("%s-%s-%d.png", name, th.name, level)))
			if err != nil {
				t.Fatal(err)
			}
			if err := WritePNG(f, img); err != nil {
				t.Fatal(err)
			}
			f.Close()
		}
	}
}
