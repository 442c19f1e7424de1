package explain

import (
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// TestHintCases checks that every line of a forcing chain's hint gets the
// case it reads, in order, and that other hints get none.
func TestHintCases(t *testing.T) {
	for _, tc := range forcingCases {
		t.Run(tc.golden, func(t *testing.T) {
			_, s, ok := stuckStep(t, puzzleAtLine(t, "csp_rules_ser_examples.txt", tc.line), tc.technique)
			if !ok {
				t.Fatalf("%s finds nothing", tc.technique)
			}
			h := engine.HintResult{Kind: engine.HintStep, Step: s}
			for _, lang := range []string{"en-US", "ja"} {
				l := l10n.For(lang)
				for level := 1; level <= engine.HintLevels; level++ {
					lines, cases := Hint(l, h, level), HintCases(l, h, level)
					if len(cases) != len(lines) {
						t.Fatalf("%s level %d: %d cases for %d lines", lang, level, len(cases), len(lines))
					}
					if cases[0] != 0 {
						t.Errorf("%s level %d: the summary reads case %d", lang, level, cases[0])
					}
					if level == 1 {
						continue
					}
					var seen []int
					for i, c := range cases {
						if c < 0 || c > len(s.Branches) {
							t.Fatalf("%s level %d line %d: case %d of %d", lang, level, i, c, len(s.Branches))
						}
						if c > 0 && (len(seen) == 0 || seen[len(seen)-1] != c) {
							seen = append(seen, c)
						}
					}
					if !slices.IsSorted(seen) || len(seen) == 0 {
						t.Errorf("%s level %d: cases %v, want each once, in order", lang, level, seen)
					}
				}
			}
		})
	}
	h := engine.HintResult{Kind: engine.HintSolved}
	if got := HintCases(nil, h, 3); !slices.Equal(got, []int{0}) {
		t.Errorf("solved: %v, want [0]", got)
	}
}
