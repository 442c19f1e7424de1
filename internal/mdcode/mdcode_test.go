package mdcode

import (
	"slices"
	"testing"
)

func TestSpans(t *testing.T) {
	text := "Run `sudokubot jobs [--dead]\n  [--kind KIND]` or:\n\n```sh\nsudokubot health\n\ngo test ./...\n```\nand `x`.\n"
	want := []string{"sudokubot health", "go test ./...", "sudokubot jobs [--dead] [--kind KIND]", "x"}
	if got := Spans(text); !slices.Equal(got, want) {
		t.Errorf("Spans = %q, want %q", got, want)
	}
}
