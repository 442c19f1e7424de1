package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// TestTechlibScanBuild scans two puzzles into a file, resumes (the done
// puzzles are skipped, nothing is written twice), and builds a library
// that parses and holds the techniques found.
func TestTechlibScanBuild(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	// An X-Wing puzzle of the shipped library and a puzzle only singles
	// solve.
	xw := engine.DefaultTechniqueLibrary().Entries("X-Wing")[0].Puzzle
	if err := os.WriteFile(in, []byte("# test\n"+xw.String()+" 1.0\n"+solveEasy+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "scan.txt")
	_, stderr, code := runCmd(t, strings.NewReader(""), "techlib", "scan", "--out", out, "-j", "1", in)
	if code != exitOK {
		t.Fatalf("scan: exit %d: %s", code, stderr)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# done in.txt:2\n", "# done in.txt:3\n", "X-Wing\t" + xw.String()} {
		if !strings.Contains(string(first), want) {
			t.Errorf("scan file lacks %q:\n%s", want, first)
		}
	}
	_, stderr, code = runCmd(t, strings.NewReader(""), "techlib", "scan", "--out", out, "-j", "1", in)
	if again, _ := os.ReadFile(out); code != exitOK || string(again) != string(first) {
		t.Errorf("resumed scan: exit %d (%s), file changed from %d to %d bytes", code, stderr, len(first), len(again))
	}
	lib, stderr, code := runCmd(t, strings.NewReader(""), "techlib", "build", "--per", "1", out)
	if code != exitOK {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	l, err := engine.ParseTechniqueLibrary(lib)
	if err != nil {
		t.Fatalf("built library: %v", err)
	}
	if len(l.Entries("X-Wing")) != 1 || len(l.Entries("Hidden Single")) != 1 {
		t.Errorf("built library: %d X-Wing, %d Hidden Single entries, want 1 each:\n%s", len(l.Entries("X-Wing")), len(l.Entries("Hidden Single")), lib)
	}
	if !strings.Contains(stderr, "missing (") {
		t.Errorf("build does not say what is missing: %s", stderr)
	}
	for _, args := range [][]string{{"techlib"}, {"techlib", "scan"}, {"techlib", "build"}, {"techlib", "scan", "--out", out, "--want", "Nothing"}, {"techlib", "scan", "--out", out, "--neighbours", "Nothing"}} {
		if _, _, code := runCmd(t, strings.NewReader(""), args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// TestGenerateTechniqueUnservable: a technique with no library puzzle is
// refused at once, saying why, rather than dug for in vain: one the
// solving path never takes first names every technique that comes first
// instead.
func TestGenerateTechniqueUnservable(t *testing.T) {
	said := map[bool]bool{}
	for _, id := range engine.TechniqueIDs() {
		_, never := engine.NeverFirst(id)
		if !engine.Trainable(id) || engine.Servable(id) || said[never] {
			continue
		}
		said[never] = true
		want := "no puzzle that needs it is known yet"
		if never {
			want = "is never the solving path's first step"
		}
		stdout, stderr, code := runCmd(t, strings.NewReader(""), "generate", "--technique", string(id), "--seed", "1")
		if code != exitError || stdout != "" || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", id, code, stdout, stderr)
		}
	}
	// Every technique that comes first is named, the third of the
	// two-unit fish too.
	_, stderr, _ := runCmd(t, strings.NewReader(""), "generate", "--technique", string(engine.TechFrankenXWing), "--seed", "1")
	if want := "Hidden Single, Pointing or Claiming applies too"; !strings.Contains(stderr, want) {
		t.Errorf("Franken X-Wing: stderr %q, want %q", stderr, want)
	}
	if !said[false] {
		t.Skip("every technique is servable or never first")
	}
}
