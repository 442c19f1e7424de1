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
			if len(s.Links) > 0 && !got[s.Technique] {
				got[s.Technique] = true
				marks := b.Cands
				img, err := Board(Position{Puzzle: p, Progress: b.Grid, Marks: &marks}, Options{Hint: &s, Title: s.Technique, Candidates: true})
				if err != nil {
					t.Fatal(err)
				}
				write("engine-"+strings.ReplaceAll(s.Technique, " ", "_"), img)
			}
			b.Apply(s)
		}
	}
}
