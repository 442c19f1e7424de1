package stepjson

import (
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// TestHintKindsAreTheEngines: HintKinds are the engine's kinds of hint as
// text, every one of them: the page's HintKind union is then whole.
func TestHintKindsAreTheEngines(t *testing.T) {
	t.Parallel()
	var want []HintKind
	// The engine's kinds are numbered from 1; one without a name is past the last.
	for k := engine.HintKind(1); !strings.HasPrefix(k.String(), "HintKind("); k++ {
		want = append(want, HintKind(k.String()))
	}
	if got := HintKinds(); !slices.Equal(got, want) {
		t.Errorf("HintKinds() = %q, the engine's kinds are %q", got, want)
	}
}
