package l10n

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// TestOptionalMessages: an optional message is an expert name that a
// language spells unlike the engine's key (else it would say nothing the
// key does not), with no fields and no plural forms; Own reads a
// language's own messages only, where T falls back to English.
func TestOptionalMessages(t *testing.T) {
	for _, tag := range shipped {
		for id, e := range readFile(t, tag) {
			if !IsOptional(id) {
				continue
			}
			tech, _ := expertNameOf(id)
			if len(e) != 1 || e["other"] == "" {
				t.Errorf("%s: %s: want one form, a name: %v", tag, id, e)
			}
			if f := fields(e); len(f) > 0 {
				t.Errorf("%s: %s has fields %v", tag, id, f)
			}
			if e["other"] == tech.String() {
				t.Errorf("%s: %s is the key %q itself: leave it out", tag, id, tech)
			}
		}
	}
	for _, c := range []struct {
		id   string
		want bool
	}{
		{"tech.simple_colouring.expert", true},
		{"tech.multi_colouring.expert", true},
		{"tech.x_wing.expert", true},
		{"tech.simple_colouring.name", false},
		{"tech.franken.expert", false}, // shared by the Franken fish of every size
		{"tech.no_such_words.expert", false},
		{"expert", false},
	} {
		if got := IsOptional(c.id); got != c.want {
			t.Errorf("IsOptional(%q) = %v", c.id, got)
		}
	}
	if id := ExpertNameID(engine.TechSimpleColouring); id != "tech.simple_colouring.expert" {
		t.Errorf("ExpertNameID(%s) = %q", engine.TechSimpleColouring, id)
	}
	if id := ExpertNameID(engine.TechFrankenSwordfish); id != "" {
		t.Errorf("ExpertNameID(%s) = %q, want none", engine.TechFrankenSwordfish, id)
	}
	if s, ok := For("en-GB").Own("tech.simple_colouring.name"); !ok || s != "Colouring" {
		t.Errorf("en-GB's own name of Simple Colouring: %q, %v", s, ok)
	}
	if s, ok := For("en-GB").Own("no.such.key"); ok {
		t.Errorf("Own answers a key no file has: %q", s)
	}
}

// TestAmericanMessagesSayColor: no en-US message in the corpus spells
// "colour" the British way, its expert names included; the ids
// ("col.colour_first") are keys, not words.
func TestAmericanMessagesSayColor(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "corpus", "en-US.messages.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for n, line := range strings.Split(string(data), "\n") {
		_, text, _ := strings.Cut(line, " = ")
		if strings.Contains(strings.ToLower(text), "olour") {
			t.Errorf("en-US.messages.txt:%d: British spelling: %s", n+1, line)
		}
	}
	if s := For("en-US").T("tech.simple_colouring.expert"); s != "Simple Coloring" {
		t.Errorf("en-US expert name of Simple Colouring: %q", s)
	}
}
