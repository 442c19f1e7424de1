package engine

import (
	"errors"
	"testing"
)

// TestGenerateLevelStops: a Stop that says stop ends the generation at
// the next dig attempt with ErrStopped, at every level that digs in
// attempts; a Stop that never says stop changes nothing.
func TestGenerateLevelStops(t *testing.T) {
	for _, level := range []Level{LevelMedium, LevelHard, LevelExtreme} {
		_, err := GenerateLevel(LevelOptions{Level: level, Seed: 1, DigOnly: true, Stop: func() bool { return true }})
		if !errors.Is(err, ErrStopped) {
			t.Errorf("%v with Stop true: %v, want ErrStopped", level, err)
		}
	}
	a, err := GenerateLevel(LevelOptions{Level: LevelMedium, Seed: 7, Stop: func() bool { return false }})
	if err != nil {
		t.Fatal(err)
	}
	b, err := GenerateLevel(LevelOptions{Level: LevelMedium, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if a.Puzzle != b.Puzzle {
		t.Errorf("a Stop that never stops changed the puzzle: %s, want %s", a.Puzzle, b.Puzzle)
	}
}
