package engine

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestLevelText: a level is written and read by its stable name, the form
// the store keeps and JSON shows; a value that is no level is refused both
// ways rather than written as a number.
func TestLevelText(t *testing.T) {
	for _, l := range Levels {
		b, err := json.Marshal(l)
		if err != nil {
			t.Fatalf("Marshal(%v): %v", l, err)
		}
		if want := `"` + l.String() + `"`; string(b) != want {
			t.Errorf("Marshal(%v) = %s, want %s", l, b, want)
		}
		var back Level
		if err := json.Unmarshal(b, &back); err != nil || back != l {
			t.Errorf("Unmarshal(%s) = %v, %v; want %v", b, back, err, l)
		}
	}
	for _, bad := range []Level{-1, Level(len(Levels))} {
		if _, err := json.Marshal(bad); !errors.Is(err, ErrUnknownLevel) {
			t.Errorf("Marshal(%d) = %v, want ErrUnknownLevel", int(bad), err)
		}
		if bad.Valid() {
			t.Errorf("Level(%d).Valid() = true", int(bad))
		}
	}
	for _, bad := range []string{`"not graded"`, `""`, `"hardest"`} {
		var l Level
		if err := json.Unmarshal([]byte(bad), &l); !errors.Is(err, ErrUnknownLevel) {
			t.Errorf("Unmarshal(%s) = %v, want ErrUnknownLevel", bad, err)
		}
	}
}
