package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

func TestMineCommand(t *testing.T) {
	args := []string{"mine", "--levels", "easy,medium,hard,expert,master,extreme", "--count", "1", "--limit", "3", "-j", "2"}
	out1, _, _ := runGraded(t, "", args...)
	out2, _, _ := runGraded(t, "", args...)
	if out1 != out2 {
		t.Errorf("two runs differ:\n%s\n%s", out1, out2)
	}
	lines := strings.Split(strings.TrimSpace(out1), "\n")
	if len(lines) == 0 || lines[0] == "" {
		t.Fatal("no pool lines from 3 seeds with every level wanted")
	}
	pool, err := engine.ParsePool(out1)
	if err != nil {
		t.Fatalf("output is not a pool: %v\n%s", err, out1)
	}
	seen := map[engine.Level]bool{}
	for _, e := range pool.All() {
		if seen[e.Grade.Level] {
			t.Errorf("--count 1 printed two %s puzzles", e.Grade.Level)
		}
		seen[e.Grade.Level] = true
		lp, err := engine.Mine(e.Seed, engine.SymNone)
		if err != nil || lp.Puzzle != e.Puzzle || lp.Grade != e.Grade {
			t.Errorf("seed %d does not reproduce %v: %v %v", e.Seed, e, lp, err)
		}
		if !engine.KeepsPromise(e.Grade.Level, lp.Grade, lp.Family) {
			t.Errorf("mined %v, which breaks its level's promise (hardest family %v)", e, lp.Family)
		}
	}
	for _, bad := range [][]string{{"mine", "--levels", "trivial"}, {"mine", "--count", "0"}, {"mine", "extra"}, {"mine", "--symmetry", "spiral"}} {
		if _, _, code := runGraded(t, "", bad...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", bad, code, exitUsage)
		}
	}
}

func TestGenerateLevelLine(t *testing.T) {
	for _, lv := range []engine.Level{engine.LevelEasy, engine.LevelMedium} {
		line, err := generateLevelLine(lv, engine.DeriveSeed(7, 0), engine.SymNone)
		if err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(line)
		if len(f) != 3 || f[1] != lv.String() {
			t.Fatalf("line %q, want PUZZLE %s SCORE", line, lv)
		}
		gr, err := engine.Rate(engine.MustParse(f[0]))
		if err != nil || gr.Level != lv || fmt.Sprintf("%.1f", gr.Score) != f[2] {
			t.Errorf("%q re-rates %v, %v", line, gr, err)
		}
	}
}
