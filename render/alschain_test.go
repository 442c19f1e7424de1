package render

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

var dumpALSChain = flag.String("dump-alschain", "", "write the level 2 and 3 pictures of an ALS-XY-Chain and a Death Blossom (both themes) to this `DIR`")

// TestALSChainPictures draws an ALS-XY-Chain and a Death Blossom (found
// along sxbank_diabolical paths) at every level in both
// themes: each level adds to the one before, and level 2 does not depend
// on the result.
func TestALSChainPictures(t *testing.T) {
	for _, tc := range []struct{ name, puzzle string }{
		// sxbank_diabolical lines 560 and 791
		{"ALS-XY-Chain", "850000031000070000000809000003000600970301052000020000100407006205000307000080000"},
		{"Death Blossom", "300597008000000000060803090800070003620050079000204000500000002096000730070030010"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, b, s := stepAlong(t, tc.puzzle, tc.name)
			marks := b.Cands
			pos := Position{Puzzle: p, Progress: b.Grid, Marks: &marks}
			for _, theme := range []struct {
				name string
				t    Theme
			}{{"dark", Dark}, {"light", Light}} {
				prev, err := Board(pos, Options{Size: MinSize, Theme: theme.t})
				if err != nil {
					t.Fatal(err)
				}
				for level := 1; level <= 3; level++ {
					img, err := Board(pos, Options{Size: MinSize, Theme: theme.t, Hint: &s, HintLevel: level})
					if err != nil {
						t.Fatalf("level %d: %v", level, err)
					}
					if diff, _ := pixelDiff(img, prev, 0); diff == 0 {
						t.Errorf("%s: level %d draws nothing more than level %d", theme.name, level, level-1)
					}
					prev = img
				}
				bare := stripResult(s)
				two, _ := Board(pos, Options{Size: MinSize, Theme: theme.t, Hint: &s, HintLevel: 2})
				twoBare, _ := Board(pos, Options{Size: MinSize, Theme: theme.t, Hint: &bare, HintLevel: 2})
				if diff, msg := pixelDiff(two, twoBare, 0); diff != 0 {
					t.Errorf("%s: level 2 depends on the result: %s", theme.name, msg)
				}
				if *dumpALSChain == "" {
					continue
				}
				for _, level := range []int{2, 3} {
					img, err := Board(pos, Options{Theme: theme.t, Hint: &s, HintLevel: level, Candidates: true, Title: string(s.Technique)})
					if err != nil {
						t.Fatal(err)
					}
					f, err := os.Create(filepath.Join(*dumpALSChain, tc.name+"-"+theme.name+"-"+string(rune('0'+level))+".png"))
					if err != nil {
						t.Fatal(err)
					}
					if err := WritePNG(f, img); err != nil {
						t.Fatal(err)
					}
					f.Close()
				}
			}
		})
	}
}

// stepAlong returns the first step of the named technique on the path
// the hints teach, with the position it was found in.
func stepAlong(t *testing.T, puzzle, name string) (engine.Grid, engine.Board, engine.Step) {
	t.Helper()
	g := engine.MustParse(puzzle)
	path, err := engine.SolvePath(g)
	if err != nil {
		t.Fatal(err)
	}
	b := engine.NewBoard(g)
	for _, s := range path.Steps {
		if s.Technique.String() == name {
			return g, b, s
		}
		b.Apply(s)
	}
	t.Fatalf("no %s on the path of %s", name, puzzle)
	return g, engine.Board{}, engine.Step{}
}
