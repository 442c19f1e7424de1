package explain

import (
	"flag"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

var updateALSChain = flag.Bool("update-alschain", false, "rewrite the ALS-XY-Chain and Death Blossom golden files")

// alsChainCases are ALS-XY-Chains and Death Blossoms from HoDoKu's
// library (by the start of their line) and from sxbank_diabolical paths
// (a puzzle: its first such step on the path the hints teach).
var alsChainCases = []struct {
	golden, technique string
	reglib, puzzle    string
	want              []string // in the English level 2
	// multiZ: the first step with two Z's or more at a position of the
	// puzzle's path (HoDoKu's cases with two are all of overlapping
	// petals, which the path's form does not take)
	multiZ bool
}{
	{golden: "als-xy-chain-hodoku", technique: "ALS-XY-Chain", reglib: ":0903-1:7:..7..5..4+5",
		want: []string{"almost locked sets", "Suppose A holds no 7", "so it is locked and holds", "So 7 is in A or in"}},
	{golden: "als-xy-chain-two-z", technique: "ALS-XY-Chain", reglib: ":0903-1:69:",
		want: []string{"Let Z be 6 or 9", "So 6 and 9 are each in A or in"}},
	{golden: "als-xy-chain-path", technique: "ALS-XY-Chain", // sxbank_diabolical line 560
		puzzle: "850000031000070000000809000003000600970301052000020000100407006205000307000080000"},
	{golden: "death-blossom-hodoku", technique: "Death Blossom", reglib: ":0904-1:9:8+7+14",
		want: []string{"The stem r", "Petal for", "that digit's petal lacks it", "is in every petal but not in the stem"}},
	{golden: "death-blossom-hodoku-2", technique: "Death Blossom", reglib: ":0904-1:1:186.+75"},
	{golden: "death-blossom-two-z", technique: "Death Blossom", multiZ: true, // sxbank_diabolical line 3
		puzzle: "040000090000050000806000407000080000005020700002165900007603500609070302000000000",
		want:   []string{"2 and 9 are each in every petal"}},
	{golden: "death-blossom-path", technique: "Death Blossom", // sxbank_diabolical line 791
		puzzle: "300597008000000000060803090800070003620050079000204000500000002096000730070030010",
		want:   []string{"The stem r6c5 holds 1, 6 and 8", "Petal for 6: r7c2 and r7c5 in row 7 hold only 1, 4 and 6"}},
}

// TestALSChainWords words real ALS-XY-Chains and Death Blossoms: the
// golden texts, the invariants (links real, no result below level 3,
// limits) in every language, the picture's data (every set a group,
// every link end a candidate), and the level 2 reasoning.
func TestALSChainWords(t *testing.T) {
	t.Parallel() // pure: the words are made from read-only catalogues
	for _, tc := range alsChainCases {
		t.Run(tc.golden, func(t *testing.T) {
			var b engine.Board
			var s engine.Step
			switch {
			case tc.reglib != "":
				b, s = reglibStep(t, tc.reglib, tc.technique)
			case tc.multiZ:
				b, s = stepAlongPath(t, tc.puzzle, tc.technique, func(s engine.Step) bool { return s.Digits.Count() > 1 })
			default:
				b, s = pathStep(t, tc.puzzle, tc.technique)
			}
			checkStepWords(t, &b, s)
			checkALSGroups(t, s)
			en := strings.Join(Hint(nil, engine.HintResult{Kind: engine.HintStep, Step: s}, 2), "\n")
			for _, want := range tc.want {
				if !strings.Contains(en, want) {
					t.Errorf("level 2 lacks %q:\n%s", want, en)
				}
			}
			golden(t, filepath.Join("testdata", "alschain", tc.golden+".txt"), playerTexts(s), *updateALSChain, "update-alschain")
		})
	}
}

// reglibStep is the step of the named technique that gives exactly a
// library line's result.
func reglibStep(t *testing.T, prefix, name string) (engine.Board, engine.Step) {
	t.Helper()
	b, elims := reglibPosition(t, prefix)
	if tech, ok := engine.TechniqueNamed(engine.TechniqueID(name)); ok {
		for _, s := range engine.AllSteps(tech, &b) {
			got := slices.Clone(s.Eliminations)
			slices.SortFunc(got, cmpCand)
			if slices.Equal(got, elims) {
				return b, s
			}
		}
	}
	t.Fatalf("no %s step eliminates %v", name, elims)
	return b, engine.Step{}
}

// checkALSGroups checks what the picture and the words need: every set
// a group of ALS cells with its unit among the houses, the Z digits,
// and every link's ends in the pattern's cells.
func checkALSGroups(t *testing.T, s engine.Step) {
	t.Helper()
	groups := map[int]bool{}
	cells := map[int]bool{}
	for _, p := range s.Pattern {
		if p.Role != engine.RoleEliminated {
			cells[p.Cell] = true
		}
		if p.Role == engine.RoleALS {
			groups[p.Group] = true
		}
	}
	if len(groups) < 2 || len(houses(s, engine.RoleALS)) != len(groups) {
		t.Errorf("%d ALS groups, %d ALS houses", len(groups), len(houses(s, engine.RoleALS)))
	}
	if s.Digits == 0 {
		t.Error("no Z digits")
	}
	if len(s.Links) == 0 {
		t.Error("no links")
	}
	for _, l := range s.Links {
		for _, c := range append(nodeCells(l.From, l.FromGroup), nodeCells(l.To, l.ToGroup)...) {
			if !cells[c] {
				t.Errorf("link end %s is not in the pattern", engine.CellName(c))
			}
		}
	}
}

// pathStep is the first step of a technique on the solving path, with the
// position it was found in.
func pathStep(t *testing.T, puzzle, name string) (engine.Board, engine.Step) {
	t.Helper()
	g := engine.MustParse(puzzle)
	p, err := engine.SolvePath(g)
	if err != nil {
		t.Fatal(err)
	}
	b := engine.NewBoard(g)
	for _, s := range p.Steps {
		if s.Technique.String() == name {
			return b, s
		}
		b.Apply(s)
	}
	t.Fatalf("no %s on the path of %s", name, puzzle)
	return b, engine.Step{}
}
