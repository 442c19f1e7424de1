package engine

import "testing"

// TestLoopScore pins SE 1.2.1's loop ratings (UniqueLoopHint.getDifficulty).
func TestLoopScore(t *testing.T) {
	tests := []struct {
		cells int
		want  float64
	}{
		{4, 4.5}, {6, 4.6}, {8, 4.7}, {10, 5.0}, {12, 5.0}, {14, 5.0},
	}
	for _, tc := range tests {
		if got := roundScore(loopScore(tc.cells)); got != tc.want {
			t.Errorf("loopScore(%d) = %.1f, want %.1f", tc.cells, got, tc.want)
		}
	}
}

// TestLoopValid checks the parity rule on cells named in r/c notation.
func TestLoopValid(t *testing.T) {
	cell := func(r, c int) int { return CellAt(r-1, c-1) }
	tests := []struct {
		name string
		path []int
		want bool
	}{
		{"six cells over the three boxes of a band", []int{cell(1, 1), cell(1, 4), cell(2, 4), cell(2, 7), cell(3, 7), cell(3, 1)}, true},
		{"six cells, boxes unpaired", []int{cell(1, 1), cell(1, 4), cell(2, 4), cell(2, 7), cell(4, 7), cell(4, 1)}, false},
		{"rectangle in two boxes", []int{cell(1, 1), cell(1, 4), cell(2, 4), cell(2, 1)}, true},
		{"rectangle in four boxes", []int{cell(1, 1), cell(1, 4), cell(4, 4), cell(4, 1)}, false},
		{"six-cell loop", []int{cell(4, 3), cell(4, 6), cell(9, 6), cell(9, 5), cell(5, 5), cell(5, 3)}, true},
		{"odd positions share a row", []int{cell(1, 1), cell(1, 4), cell(1, 7), cell(4, 7)}, false},
	}
	for _, tc := range tests {
		if got := loopValid(tc.path); got != tc.want {
			t.Errorf("%s: loopValid = %v, want %v", tc.name, got, tc.want)
		}
	}
}
