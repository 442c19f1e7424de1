package explain

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

var updateNative = flag.Bool("update-native", false, "rewrite the golden hint texts of testdata/native")

// nativeCases are the dozen techniques whose hints, in every language,
// a reviewer has read (testdata/native/<tag>/<technique>.txt): the
// singles, the intersections and subsets every player meets, the basic
// fish and the first chain.
var nativeCases = []struct {
	name  string
	basic *familyCase
	chain *chainCase
}{
	{name: "full-house", basic: &basicCases[0]},
	{name: "hidden-single-box", basic: &basicCases[1]},
	{name: "hidden-single-row", basic: &basicCases[2]},
	{name: "naked-single", basic: &basicCases[6]},
	{name: "pointing", basic: &basicCases[8]},
	{name: "claiming", basic: &basicCases[9]},
	{name: "naked-pair", basic: &basicCases[12]},
	{name: "naked-triple", basic: &basicCases[14]},
	{name: "hidden-pair", basic: &basicCases[17]},
	{name: "x-wing", basic: &fishCases[0]},
	{name: "swordfish", basic: &fishCases[1]},
	{name: "finned-x-wing", basic: &fishCases[3]},
	{name: "xy-chain", chain: &chainCases[1]},
}

// nativeStep finds a native case's step.
func nativeStep(t *testing.T, i int) engine.Step {
	t.Helper()
	c := nativeCases[i]
	if c.chain != nil {
		_, s := chainCaseStep(t, *c.chain)
		return s
	}
	_, s := loadCase(t, *c.basic)
	return s
}

// hintTexts is a step's three hint levels in a language, as a player
// reads them.
func hintTexts(l *l10n.Lang, s engine.Step) string {
	h := engine.HintResult{Kind: engine.HintStep, Cells: s.Cells, Step: s}
	var b strings.Builder
	for level := 1; level <= engine.HintLevels; level++ {
		fmt.Fprintf(&b, "== level %d\n%s\n", level, strings.Join(Hint(l, h, level), "\n"))
	}
	return b.String()
}

// TestNativeGoldens compares the hints of the native cases in every
// language but English (whose texts the family goldens hold) with the
// files a reviewer has read.
func TestNativeGoldens(t *testing.T) {
	for i, c := range nativeCases {
		s := nativeStep(t, i)
		for _, tag := range l10n.Tags() {
			if strings.HasPrefix(tag, "en-") {
				continue
			}
			t.Run(c.name+"/"+tag, func(t *testing.T) {
				golden(t, filepath.Join("testdata", "native", tag, c.name+".txt"), hintTexts(l10n.For(tag), s), *updateNative, "update-native")
			})
		}
	}
}
