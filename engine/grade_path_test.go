package engine

import (
	"fmt"
	"testing"
)

// teachingSample is a spread of puzzles from easy to the hardest, for the
// tests that compare Rate with the path steps shows.
func teachingSample(t *testing.T, perFile int) []ratedPuzzle {
	t.Helper()
	var out []ratedPuzzle
	for _, name := range []string{"sxbank_hard.txt", "sxbank_diabolical.txt", "sxbank_hardest_se8.8plus.txt", "cbg000_diabolical.txt"} {
		out = append(out, evenSample(readRated(t, name), perFile)...)
	}
	return out
}

// TestRateOnTeachingPath: the grade Rate gives is the hardest step of the
// path SolvePath (the steps command and the hints) takes, so the
// technique rate names is one the player is taught.
func TestRateOnTeachingPath(t *testing.T) {
	t.Parallel() // pure: the engine keeps no state between calls
	for _, p := range teachingSample(t, 8) {
		gr, err := Rate(p.grid)
		if err != nil {
			t.Fatalf("line %d: %v", p.line, err)
		}
		path, err := SolvePath(p.grid)
		if err != nil || !path.Solved {
			t.Fatalf("line %d: SolvePath: solved %v, %v", p.line, path.Solved, err)
		}
		if got := GradePath(&path); got != gr {
			t.Errorf("%s: GradePath %v, Rate %v", p.grid, got, gr)
		}
		onPath := false
		for _, s := range path.Steps {
			if roundScore(s.Score) > gr.Score {
				t.Errorf("%s: rated %v but the path takes %s at %.1f", p.grid, gr, s.Technique, s.Score)
			}
			onPath = onPath || (s.Technique == gr.Hardest && roundScore(s.Score) == gr.Score)
		}
		if !onPath {
			t.Errorf("%s: rated %v, but no step of the teaching path is a %s at %.1f", p.grid, gr, gr.Hardest, gr.Score)
		}
		if gr.Level != LevelForScore(gr.Score) {
			t.Errorf("%s: level %v is not the band of %.1f", p.grid, gr.Level, gr.Score)
		}
	}
}

// TestRateScales: the player scale grades the teaching path, which may
// take techniques Sudoku Explainer lacks (a W-Wing where SE needs a
// unique loop), while the SE scale keeps SE's own; both agree where the two
// paths meet the same hardest step. The puzzles are from sxbank (public
// domain).
func TestRateScales(t *testing.T) {
	tests := []struct {
		name, puzzle string
		player, se   string
	}{
		{
			name:   "hidden singles",
			puzzle: "050703060007000800000816000000030000005000100730040086906000204840572093000409000",
			player: "easy 1.2 Hidden Single", se: "easy 1.2 Hidden Single",
		},
		{
			name:   "same hardest step",
			puzzle: "000589000050402030800000005020000040380040072400030008207000306100000007060000020",
			player: "expert 5.0 Naked Quad", se: "expert 5.0 Naked Quad",
		},
		{
			name:   "a technique SE lacks",
			puzzle: "000050000700000009050642010890000027002000600000305000100000005000080000320501086",
			player: "expert 4.4 W-Wing", se: "expert 5.0 Unique Loop Type 2",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := MustParse(tt.puzzle)
			for _, sc := range []struct {
				name string
				rate func(Grid) (Grade, error)
				want string
			}{{"player", Rate, tt.player}, {"se", RateSE, tt.se}} {
				gr, err := sc.rate(g)
				if err != nil {
					t.Fatal(err)
				}
				if gr.String() != sc.want {
					t.Errorf("%s scale: %v, want %s", sc.name, gr, sc.want)
				}
			}
		})
	}
}

// TestRateTeachingLimit checks the shortcut generation grades with: a walk
// limited to a level must agree with the full teaching path, solving
// exactly the puzzles whose path stays within the level (by score and by
// technique family) and giving them the same grade.
func TestRateTeachingLimit(t *testing.T) {
	for _, p := range teachingSample(t, 4) {
		path, err := SolvePath(p.grid)
		if err != nil {
			t.Fatal(err)
		}
		full := GradePath(&path)
		family := LevelEasy
		for _, s := range path.Steps {
			family = max(family, TechniqueLevel(s.Technique, s.Score))
		}
		for _, lv := range Levels {
			t.Run(fmt.Sprintf("line%d/%s", p.line, lv), func(t *testing.T) {
				got, err := rateTeaching(p.grid, lv)
				if err != nil {
					t.Fatal(err)
				}
				within := full.Level <= lv && family <= lv
				if got.solved != within {
					t.Fatalf("limit %s: solved %v, full path %v (family %v)", lv, got.solved, full, family)
				}
				if within && (got.grade != full || got.family != family) {
					t.Errorf("limit %s: %v (family %v), full path %v (family %v)", lv, got.grade, got.family, full, family)
				}
			})
		}
	}
}

// TestTechniqueLevels: every technique of the catalogue has a family
// level, the levels never go down along the catalogue nor along the
// teaching tiers (teachingStep relies on it, and so each level below
// extreme grades without the techniques above it), and a family's level is its base score's band
// except for the few families that straddle a band.
func TestTechniqueLevels(t *testing.T) {
	straddle := map[string]Level{"Hidden Triple": LevelHard, "Nishio Forcing Chain": LevelExtreme}
	for _, t := range ComplexFish(len(fishNames) - 1) {
		straddle[string(t.Name())] = complexFishLevel(t.(fish)) // Mutant fish (7.6+) are extreme, as in HoDoKu
	}
	straddle["Kraken Fish"] = LevelExtreme
	prev := LevelEasy
	for _, tech := range Catalogue() {
		name := tech.Name()
		info, ok := name.Info()
		if !ok {
			t.Errorf("%s is not in the catalogue (techniques.go)", name)
			continue
		}
		lv := info.Level
		if lv < prev {
			t.Errorf("%s (%v) comes after a %v technique in the catalogue", name, lv, prev)
		}
		prev = lv
		want, ok := straddle[string(name)]
		if !ok {
			want = LevelForScore(tech.Score())
		}
		if lv != want {
			t.Errorf("%s: level %v, want %v", name, lv, want)
		}
	}
	for _, fish := range []string{"X-Wing", "Swordfish", "Jellyfish"} {
		if TechniqueLevel(TechniqueID("Sashimi "+fish), 0) != TechniqueLevel(TechniqueID("Finned "+fish), 0) {
			t.Errorf("Sashimi %s and Finned %s differ in level", fish, fish)
		}
	}
	// A walk limited to a level gives up before the first tier that
	// starts above it (teachingStep), which is exact only if no later tier
	// starts lower; and every level below extreme leaves a tier out.
	teachingTiers()
	for k := 1; k < int(numTiers); k++ {
		if tierLevels[k] < tierLevels[k-1] {
			t.Errorf("teaching tier %d starts at %v, after a tier that starts at %v", k, tierLevels[k], tierLevels[k-1])
		}
	}
	for lv := LevelEasy; lv < LevelExtreme; lv++ {
		if tierLevels[numTiers-1] <= lv {
			t.Errorf("%v grades with every tier", lv)
		}
	}
	if TechniqueLevel("Some Future Technique", 6.3) != LevelMaster {
		t.Error("an unknown technique does not fall back to its score's band")
	}
}
