package explain

import (
	"strings"
	"testing"
)

// TestFitLineKeepsConnectives checks that a wrapped line never ends on a
// connective ("于是", "so", "⇒") that leads into the next line.
func TestFitLineKeepsConnectives(t *testing.T) {
	tests := []struct{ name, line, connective string }{
		{"zh", strings.Repeat("假设 r3c3 不是 6（同行）于是 ", 12), "于是"},
		{"en", strings.Repeat("r3c3 is not 6 (same row) so ", 14), "so"},
		{"de", strings.Repeat("r3c3 ist nicht 6 (dieselbe Zeile) ⇒ ", 10), "⇒"},
	}
	for _, tt := range tests {
		lines := fitLine(strings.TrimSpace(tt.line))
		if len(lines) < 2 {
			t.Fatalf("%s: not wrapped", tt.name)
		}
		for _, l := range lines[:len(lines)-1] {
			if strings.HasSuffix(strings.TrimSpace(l), tt.connective) {
				t.Errorf("%s: a line ends on %q: %q", tt.name, tt.connective, l)
			}
			if len(l) > MaxLine {
				t.Errorf("%s: a line of %d bytes", tt.name, len(l))
			}
		}
	}
}
