package explain

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// TestExpertName: the expert name is the language's own where its
// catalogue spells the key another way (en-US's American "Coloring"),
// the key everywhere else (en-GB's British spelling, German, which
// shows the English key), and a hint's bracket shows it.
func TestExpertName(t *testing.T) {
	for _, c := range []struct {
		tag  string
		tech engine.TechniqueID
		want string
	}{
		{"en-US", engine.TechSimpleColouring, "Simple Coloring"},
		{"en-US", engine.TechMultiColouring, "Multi-Coloring"},
		{"en-US", engine.TechXWing, "X-Wing"},
		{"en-US", engine.TechFrankenSwordfish, "Franken Swordfish"},
		{"en-GB", engine.TechSimpleColouring, "Simple Colouring"},
		{"en-GB", engine.TechMultiColouring, "Multi-Colouring"},
		{"en-GB", engine.TechXWing, "X-Wing"},
		{"de", engine.TechSimpleColouring, "Simple Colouring"},
		{"de", engine.TechMultiColouring, "Multi-Colouring"},
		{"de", engine.TechXWing, "X-Wing"},
		{"en-US", "No Such Technique", "No Such Technique"},
	} {
		l := l10n.For(c.tag)
		if got := ExpertName(l, c.tech); got != c.want {
			t.Errorf("%s: ExpertName(%s) = %q, want %q", c.tag, c.tech, got, c.want)
		}
		if a, ok := Technique(l, c.tech); ok && a.Expert != c.want {
			t.Errorf("%s: Technique(%s).Expert = %q, want %q", c.tag, c.tech, a.Expert, c.want)
		}
	}
	if got := ExpertName(nil, engine.TechSimpleColouring); got != "Simple Coloring" {
		t.Errorf("ExpertName(nil) = %q, want English's", got)
	}
	// A plain name that is the expert one but for letter case (the
	// catalogue's sentence case) is shown alone.
	for _, c := range []struct {
		tag  string
		tech engine.TechniqueID
		want string
	}{
		{"en-US", engine.TechSimpleColouring, "Coloring (Simple Coloring)"},
		{"en-GB", engine.TechSimpleColouring, "Colouring (Simple Colouring)"},
		{"de", engine.TechSimpleColouring, "Färben (Simple Colouring)"},
		{"en-GB", engine.TechHiddenSingle, "Hidden single"},
		{"en-US", engine.TechRemotePair, "Remote pair"},
		{"en-GB", engine.TechXWing, "X-Wing"},
		{"de", engine.TechHiddenSingle, "Versteckter Einer (Hidden Single)"},
	} {
		s := engine.Step{Technique: c.tech}
		if got := name(l10n.For(c.tag), s); got != c.want {
			t.Errorf("%s: name(%s) = %q, want %q", c.tag, c.tech, got, c.want)
		}
	}
}

// TestAmericanHintsSayColor: no en-US hint on file, the corpus and the
// family goldens (written in English), spells "colour" the British way,
// the bracketed expert names included; en-GB's corpus still does. The
// corpus's headings name the engine's keys, not what a player reads.
func TestAmericanHintsSayColor(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	files = slices.DeleteFunc(files, func(f string) bool {
		dir, base := filepath.Base(filepath.Dir(f)), filepath.Base(f)
		// native: the other languages' goldens; positions and steps:
		// data, which names steps by their keys.
		return dir == "native" || dir == "corpus" && base != "en-US.hints.txt" ||
			base == "positions.txt" || base == "steps.json"
	})
	if !slices.Contains(files, filepath.Join("testdata", "corpus", "en-US.hints.txt")) {
		t.Fatalf("no en-US corpus among %v", files)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range strings.Split(string(data), "\n") {
			if !strings.HasPrefix(line, "## ") && strings.Contains(strings.ToLower(line), "olour") {
				t.Errorf("%s:%d: British spelling in en-US: %s", f, n+1, line)
			}
		}
	}
	gb, err := os.ReadFile(filepath.Join("testdata", "corpus", "en-GB.hints.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(gb), "Colouring (Simple Colouring)") {
		t.Error("en-GB's corpus no longer reads \"Colouring (Simple Colouring)\"")
	}
}
