package explain

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// playerTexts is what a player reads of a step, as the golden files hold
// it: the three hint levels and the steps listing.
func playerTexts(s engine.Step) string {
	recordCorpusStep(s)
	h := engine.HintResult{Kind: engine.HintStep, Cells: s.Cells, Step: s}
	var b strings.Builder
	for level := 1; level <= engine.HintLevels; level++ {
		fmt.Fprintf(&b, "== level %d\n%s\n", level, strings.Join(Hint(nil, h, level), "\n"))
	}
	fmt.Fprintf(&b, "== steps\n%s\n", strings.Join(Step(nil, s), "\n"))
	return b.String()
}

// golden compares got with the golden file at path, or rewrites the file
// when update is set (flag names the -update-<family> flag for the
// message).
func golden(t *testing.T, path, got string, update bool, flag string) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -%s)", err, flag)
	}
	if got != string(want) {
		t.Errorf("texts differ from %s (run with -%s after reading them):\n--- got\n%s--- want\n%s", path, flag, got, want)
	}
}
