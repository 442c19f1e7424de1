package engine

import (
	"strings"
	"testing"
)

// FuzzParsePool: any text either parses or gets an error naming a line,
// never a panic, and a parsed pool prints back to lines that parse to the
// same entries.
func FuzzParsePool(f *testing.F) {
	f.Add("# comment\n\n" + hintPuzzle + " easy 1.2 none 7 Hidden Single\n")
	f.Add(hintPuzzle + " master 6.8 rotational 12 ALS-XZ\n" + hintPuzzle + " hard 2.6 none 3 Pointing")
	f.Add(hintPuzzle + " extreme x none 1 Nested Forcing Chain\n")
	f.Add("12345 easy 1.2 none 7 X\n")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePool(text)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "pool") {
				t.Errorf("error %q does not say where", err)
			}
			return
		}
		var lines []string
		for _, e := range p.All() {
			lines = append(lines, e.String())
		}
		q, err := ParsePool(strings.Join(lines, "\n"))
		if err != nil {
			t.Fatalf("printed pool does not parse: %v", err)
		}
		if len(q.All()) != len(p.All()) {
			t.Fatalf("%d entries, %d after printing", len(p.All()), len(q.All()))
		}
		for i, e := range q.All() {
			if e.String() != p.All()[i].String() {
				t.Errorf("entry %d: %q, printed and parsed %q", i, p.All()[i], e)
			}
		}
	})
}
