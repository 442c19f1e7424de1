package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// TestTechlibIllustrateBuild illustrates two puzzles into a file, resumes
// (nothing is walked or written twice), and builds illustrations that
// parse, verify and hold only the techniques asked for.
func TestTechlibIllustrateBuild(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	// Two Jellyfish puzzles of the library: a Direct Claiming applies
	// somewhere on almost every path (549 of the 553 of the mining
	// run), a Mutant X-Wing on every hard one.
	var lines []string
	for _, e := range engine.DefaultTechniqueLibrary().Entries("Jellyfish")[:2] {
		lines = append(lines, e.Puzzle.String())
	}
	if err := os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "illus.txt")
	want := "Direct Claiming,Mutant X-Wing"
	_, stderr, code := runCmd(t, strings.NewReader(""), "techlib", "illustrate", "--out", out, "--want", want, "-j", "1", in)
	if code != exitOK {
		t.Fatalf("illustrate: exit %d: %s", code, stderr)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"# done in.txt:1\n", "# done in.txt:2\n", "Direct Claiming\t"} {
		if !strings.Contains(string(first), w) {
			t.Errorf("illustrate file lacks %q:\n%s", w, first)
		}
	}
	_, stderr, code = runCmd(t, strings.NewReader(""), "techlib", "illustrate", "--out", out, "--want", want, "-j", "1", in)
	if again, _ := os.ReadFile(out); code != exitOK || string(again) != string(first) {
		t.Errorf("resumed: exit %d (%s), file changed from %d to %d bytes", code, stderr, len(first), len(again))
	}
	built, stderr, code := runCmd(t, strings.NewReader(""), "techlib", "build", "--illustrations", "--per", "1", out)
	if code != exitOK {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	l, err := engine.ParseTechniqueLibrary(built)
	if err != nil {
		t.Fatalf("built illustrations: %v", err)
	}
	if n := len(l.Entries("Direct Claiming")); n != 1 || l.Len() > 2 {
		t.Errorf("built: %d Direct Claiming of %d, want 1 of at most 2:\n%s", n, l.Len(), built)
	}
	for _, id := range []engine.TechniqueID{"Direct Claiming", "Mutant X-Wing"} {
		for _, e := range l.Entries(id) {
			if err := e.VerifyIllustration(false); err != nil {
				t.Errorf("%s: %v", id, err)
			}
		}
	}
	for _, args := range [][]string{{"techlib", "illustrate"}, {"techlib", "illustrate", "--out", out}, {"techlib", "illustrate", "--out", out, "--want", "Nothing"}} {
		if _, _, code := runCmd(t, strings.NewReader(""), args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// TestBuildIllustrationsOrder: the build keeps the best --per by rank
// whatever the order of the scan files, so the same finds build the
// same file, and no dropped find ranks above a kept one.
func TestBuildIllustrationsOrder(t *testing.T) {
	id := engine.TechRemotePair
	es := engine.DefaultIllustrations().Entries(id)
	rev := slices.Clone(es)
	slices.Reverse(rev)
	var kept [][]engine.LibraryEntry
	for _, in := range [][]engine.LibraryEntry{es, rev} {
		out, err := buildIllustrations(map[engine.TechniqueID][]engine.LibraryEntry{id: in}, 3, 0)
		if err != nil {
			t.Fatal(err)
		}
		kept = append(kept, out[id])
	}
	if len(kept[0]) != 3 || !slices.EqualFunc(kept[0], kept[1], func(a, b engine.LibraryEntry) bool { return a.Canon() == b.Canon() }) {
		t.Fatalf("kept %d, then %d in another order (or others)", len(kept[0]), len(kept[1]))
	}
	worst, _ := kept[0][2].Rank()
	for _, e := range es {
		if slices.ContainsFunc(kept[0], func(k engine.LibraryEntry) bool { return k.Canon() == e.Canon() }) {
			continue
		}
		if r, _ := e.Rank(); r.Better(worst) {
			t.Errorf("%s (%s) dropped, ranked %+v above the kept %+v", e.Puzzle, e.Source, r, worst)
		}
	}
}
