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

// TestIndentedBlocks: an indented block is code, at the top level and
// under a list item (four spaces past the item's text); a list item's
// wrapped lines are not.
func TestIndentedBlocks(t *testing.T) {
	text := "Run it:\n\n    sudokubot bot --config c.yaml\n    sudokubot health\n\nText.\n- **Item** text\n  wrapped on\n\n      **Daily** quoted\n\n  more of the item\n"
	want := []string{"sudokubot bot --config c.yaml", "sudokubot health", "**Daily** quoted"}
	if got := Spans(text); !slices.Equal(got, want) {
		t.Errorf("Spans = %q, want %q", got, want)
	}
}
