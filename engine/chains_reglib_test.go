package engine

import (
	"strings"
	"testing"
)

// reglibChainTechniques maps HoDoKu reglib codes to the chain, ALS and
// forcing techniques; reglib_test.go merges it with reglibPatternTechniques.
// Only codes whose every case passes are listed, so TestReglib stays a
// strict check; the continuous nice loops, which pass only in part, are
// checked by TestChainReglibAIC against a floor.
var reglibChainTechniques = map[string]Technique{
	"0701": chainXChain,
	"0702": chainXYChain,
	"0703": chainRemotePairs,
	"0707": chainAIC, // discontinuous nice loops
	"0708": chainAIC,
	"0901": chainALSXZ,
}

// TestChainReglibAIC runs HoDoKu's continuous nice loop cases (0706) with
// the AIC technique and the grouped nice loops and AICs (0709-0711) with
// the grouped AIC. A loop is found when the chain from a candidate happens
// to close on itself, and a grouped chain is the first one the search
// meets, which does not reproduce every instance HoDoKu reports, so not
// every case passes; the test guards the pass counts measured when the
// techniques were built, and that every step found is sound and well
// formed.
func TestChainReglibAIC(t *testing.T) {
	floors := map[string]int{"0706": 15, "0709": 8, "0710": 21, "0711": 18}
	techs := map[string]Technique{"0706": chainAIC, "0709": chainGroupedAIC, "0710": chainGroupedAIC, "0711": chainGroupedAIC}
	cases := loadReglib(t)
	passed := map[string]int{}
	total := map[string]int{}
	for _, c := range cases {
		if _, ok := floors[c.code]; !ok {
			continue
		}
		total[c.code]++
		ok := true
		for _, tr := range reglibTransforms {
			why := runReglibCase(c, techs[c.code], tr)
			if why == "" {
				continue
			}
			ok = false
			// a wrong or malformed step is a bug whatever the count
			if strings.Contains(why, ErrUnsound.Error()) || strings.HasPrefix(why, "step ") ||
				strings.Contains(why, "which is not a candidate") {
				t.Errorf("line %d (%s): %s", c.line, tr.name, why)
			}
		}
		if ok {
			passed[c.code]++
		}
	}
	for code, floor := range floors {
		t.Logf("%s: %d of %d cases pass", code, passed[code], total[code])
		if passed[code] < floor {
			t.Errorf("%s: %d of %d cases pass, want at least %d", code, passed[code], total[code], floor)
		}
	}
}
