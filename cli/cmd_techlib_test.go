package cli

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
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

// TestTechlibBuildVerify: with --verify, build walks every entry again,
// re-makes one whose step moved (as one does after a change to the path)
// and drops one the path does not take (here an X-Wing entry relabelled a
// Skyscraper), naming each; an entry that is not a library entry at all
// (not in canonical form) fails the build rather than being dropped.
func TestTechlibBuildVerify(t *testing.T) {
	es := engine.DefaultTechniqueLibrary().Entries("X-Wing")
	good, moved, bad := es[0], es[1], es[2]
	moved.StepIndex++
	bad.Technique = engine.TechSkyscraper
	finds, err := engine.LibraryFinds(bad.Puzzle, bad.Level(), bad.Source)
	if err != nil || slices.ContainsFunc(finds, func(f engine.LibraryEntry) bool { return f.Technique == engine.TechSkyscraper }) {
		t.Fatalf("the relabelled puzzle's path takes a Skyscraper (%v): pick another entry", err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "scan.txt")
	if err := os.WriteFile(in, []byte(good.String()+"\n"+moved.String()+"\n"+bad.String()+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lib, stderr, code := runCmd(t, strings.NewReader(""), "techlib", "build", "--per", "5", "--verify", "-j", "2", in)
	if code != exitOK {
		t.Fatalf("build --verify: exit %d: %s", code, stderr)
	}
	l, err := engine.ParseTechniqueLibrary(lib)
	if err != nil {
		t.Fatalf("built library: %v", err)
	}
	got := l.Entries("X-Wing")
	if len(got) != 2 || len(l.Entries(engine.TechSkyscraper)) != 0 {
		t.Fatalf("built library: %d X-Wing, %d Skyscraper entries, want 2 and 0", len(got), len(l.Entries(engine.TechSkyscraper)))
	}
	for _, e := range got {
		if err := e.Verify(); err != nil {
			t.Errorf("kept entry %s (%s): %v", e.Puzzle, e.Source, err)
		}
	}
	if !strings.Contains(lib, "# built with: sudokubot techlib build --per 5 --verify scan.txt\n") {
		t.Errorf("the header does not say --verify:\n%s", lib[:min(len(lib), 300)])
	}
	for _, want := range []string{
		"re-made " + moved.Puzzle.String() + " (" + moved.Source + "): X-Wing: the path takes it first at step",
		"dropped " + bad.Puzzle.String() + " (" + bad.Source + "): Skyscraper: the teaching path does not take it",
		"--verify re-made 1 and dropped 1 of 3 entries",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q: %s", want, stderr)
		}
	}

	// Not in canonical form: the input is at fault (not a library entry
	// at all), and verifying fails rather than dropping it.
	odd := good
	tr := engine.Identity()
	tr.Transpose = true
	odd.Puzzle = tr.Apply(good.Puzzle)
	if engine.Canonical(odd.Puzzle) == odd.Puzzle {
		t.Fatal("the transposed puzzle is canonical: pick another transform")
	}
	if _, _, err := verifyEntries(context.Background(), []engine.LibraryEntry{good, odd}, 2, func(engine.LibraryEntry, error, bool) {}); err == nil || !strings.Contains(err.Error(), "not in canonical form") {
		t.Errorf("a non-canonical entry: %v, want the reason", err)
	}
	if _, _, code := runCmd(t, strings.NewReader(""), "techlib", "build", "--verify", "--illustrations", in); code != exitUsage {
		t.Errorf("--verify --illustrations: exit %d, want %d", code, exitUsage)
	}

	// A cancelled build verifies nothing more and says so.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := verifyEntries(ctx, es, 2, func(engine.LibraryEntry, error, bool) {}); !errors.Is(err, context.Canceled) {
		t.Errorf("verifyEntries after cancel: %v, want context.Canceled", err)
	}
}

// TestGenerateTechniqueUnservable: a technique with no library puzzle is
// served from its illustrations, saying so on stderr, one line per
// puzzle on stdout with the position where it applies; one the solving path
// never takes first names every technique that comes first instead, and
// asked to dig for it (--attempts) it is refused at once.
func TestGenerateTechniqueUnservable(t *testing.T) {
	said := map[bool]bool{}
	for _, id := range engine.TechniqueIDs() {
		_, never := engine.NeverFirst(id)
		if !engine.Trainable(id) || engine.Servable(id) || said[never] {
			continue
		}
		said[never] = true
		want := "no puzzle whose path takes it first is known yet"
		if never {
			want = "is never the solving path's first step"
		}
		stdout, stderr, code := runCmd(t, strings.NewReader(""), "generate", "--technique", string(id), "--seed", "1", "--count", "2")
		if code != exitOK || strings.Count(stdout, "\n") != 2 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "served from its illustrations") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", id, code, stdout, stderr)
		}
		for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
			f := strings.Fields(line)
			if len(f) != 5 || f[4] == "-" {
				t.Errorf("%s: %q, want PUZZLE LEVEL SCORE STEP POSITION", id, line)
			}
		}
		if never {
			_, stderr, code := runCmd(t, strings.NewReader(""), "generate", "--technique", string(id), "--seed", "1", "--attempts", "3")
			if code != exitError || !strings.Contains(stderr, "no dug puzzle can need it") {
				t.Errorf("%s --attempts: exit %d, stderr %q", id, code, stderr)
			}
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

// TestTechlibScanNeighboursFrom walks the neighbours of a scan file's
// puzzles (not the shipped library's) under the file's sources, so a
// scan's finds can seed the next.
func TestTechlibScanNeighboursFrom(t *testing.T) {
	dir := t.TempDir()
	e := engine.DefaultTechniqueLibrary().Entries("X-Wing")[0]
	e.Source = "seed.txt:7"
	from := filepath.Join(dir, "from.txt")
	if err := os.WriteFile(from, []byte(e.String()+"\n# done seed.txt:7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "scan.txt")
	_, stderr, code := runCmd(t, strings.NewReader(""), "techlib", "scan", "--out", out, "-j", "2", "--want", "X-Wing",
		"--neighbours", "X-Wing", "--neighbours-from", from)
	if code != exitOK {
		t.Fatalf("scan: exit %d: %s", code, stderr)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	walked := strings.Count(string(got), "# done seed.txt:7~r")
	if walked == 0 || walked != strings.Count(string(got), "# done ") {
		t.Errorf("walked %d neighbours of seed.txt:7 among %d puzzles:\n%.500s", walked, strings.Count(string(got), "# done "), got)
	}
	if _, _, code := runCmd(t, strings.NewReader(""), "techlib", "scan", "--out", out, "--neighbours", "X-Wing", "--neighbours-from", filepath.Join(dir, "none.txt")); code != exitUsage {
		t.Errorf("a missing --neighbours-from file: exit %d, want %d", code, exitUsage)
	}
	// Without --neighbours the file's puzzles would be read and nothing
	// walked: say so rather than scan nothing.
	if _, stderr, code := runCmd(t, strings.NewReader(""), "techlib", "scan", "--out", out, "--neighbours-from", from); code != exitUsage || !strings.Contains(stderr, "name them with --neighbours") {
		t.Errorf("--neighbours-from alone: exit %d, stderr %q", code, stderr)
	}
}

// TestTechlibClimb: a start whose path takes the technique is kept at
// once, a start that does not is climbed and recorded, a rerun with the
// same seed resumes (nothing done twice), and the technique is checked
// before anything runs.
func TestTechlibClimb(t *testing.T) {
	dir := t.TempDir()
	plus := engine.DefaultTechniqueLibrary().Entries(engine.TechDynamicForcingChainPlus)[0].Puzzle
	// A puzzle whose path needs nets, but not the (+) chain first.
	near := engine.DefaultIllustrations().Entries(engine.TechTemplateDelete)[0].Puzzle
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, []byte(plus.String()+"\n"+near.String()+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "climb.txt")
	args := []string{"techlib", "climb", "--out", out, "--technique", "dynamic forcing chain (+)", "--no-starts",
		"--rounds", "1", "--width", "2", "-j", "2", in}
	_, stderr, code := runCmd(t, strings.NewReader(""), args...)
	if code != exitOK {
		t.Fatalf("climb: exit %d: %s", code, stderr)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lib, err := engine.ParseTechniqueLibrary(string(first))
	if err != nil {
		t.Fatalf("climb file: %v", err)
	}
	if es := lib.Entries(engine.TechDynamicForcingChainPlus); len(es) == 0 || es[0].Source != "in.txt:1" {
		t.Errorf("the taken start is not kept under its source:\n%s", first)
	}
	for _, want := range []string{"# climb in.txt:1 seed 1: gap 0.00 -> 0.00 in 0 rounds, 1 rated: taken at the start\n",
		"# climb in.txt:2 seed 1: gap ", "# done in.txt:1@1\n", "# done in.txt:2@1\n"} {
		if !strings.Contains(string(first), want) {
			t.Errorf("climb file lacks %q:\n%s", want, first)
		}
	}
	// The climb that did not get there says where it ended: a puzzle of
	// one solution, the same as the start's, for a later climb to go on
	// from.
	_, end, _ := strings.Cut(string(first), "not taken, ends at ")
	if f := strings.Fields(end); len(f) < 2 || !strings.HasPrefix(f[1], "in.txt:2") {
		t.Errorf("the second climb does not say where it ended:\n%s", first)
	} else if g, err := engine.Parse(f[0]); err != nil {
		t.Errorf("end %q: %v", f[0], err)
	} else if a, err := engine.Solve(g); err != nil || a != mustSolve(t, near) {
		t.Errorf("end %q: solution %v, err %v", f[0], a, err)
	}
	if _, stderr, code = runCmd(t, strings.NewReader(""), args...); code != exitOK {
		t.Fatalf("resumed climb: exit %d: %s", code, stderr)
	}
	if again, _ := os.ReadFile(out); string(again) != string(first) {
		t.Errorf("resumed climb changed the file:\n%s", again)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"techlib", "climb", "--out", out}, "need --out, --technique"},
		{[]string{"techlib", "climb", "--out", out, "--technique", "Nothing"}, `unknown technique "Nothing"`},
		{[]string{"techlib", "climb", "--out", out, "--technique", "X-Wing", "--width", "0"}, "need --out"},
		{[]string{"techlib", "climb", "--out", out, "--technique", "Remote Pair"}, "Naked Pair or Simple Colouring applies too"},
	} {
		if _, stderr, code := runCmd(t, strings.NewReader(""), tc.args...); code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want %d and %q", tc.args, code, stderr, exitUsage, tc.want)
		}
	}
}

// mustSolve is g's solution.
func mustSolve(t *testing.T, g engine.Grid) engine.Grid {
	t.Helper()
	sol, err := engine.Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

// TestSpreadRoots: past --per, the kept entries come in turn from each
// root source (a climb's find and its neighbours are one root), in
// canonical order within a root; entries without moves are roots of
// their own, so they keep the canonical order's first per.
func TestSpreadRoots(t *testing.T) {
	entry := func(i int, source string) engine.LibraryEntry {
		var g engine.Grid
		g[i] = 1 // a distinct canonical key per entry, increasing with i
		return engine.LibraryEntry{Technique: engine.TechDynamicForcingChainPlus, Puzzle: g, Source: source}
	}
	sources := func(es []engine.LibraryEntry) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Source)
		}
		return out
	}
	for _, tc := range []struct {
		name string
		in   []string
		per  int
		want []string
	}{
		{"few enough", []string{"a~1", "a~2"}, 3, []string{"a~1", "a~2"}},
		{"one of each root first", []string{"a~1", "a~2", "a~3", "a~4", "b~1", "c"}, 3, []string{"a~1", "b~1", "c"}},
		{"then the second of each", []string{"a~1", "a~2", "a~3", "b~1", "b~2"}, 4, []string{"a~1", "a~2", "b~1", "b~2"}},
		{"no moves: canonical order", []string{"x:1", "x:2", "x:3", "x:4"}, 2, []string{"x:1", "x:2"}},
	} {
		var es []engine.LibraryEntry
		for i, s := range tc.in {
			// Canonical order is reversed cell order here: entry i
			// with its digit in cell 80-i sorts first.
			es = append(es, entry(80-i, s))
		}
		slices.SortStableFunc(es, func(a, b engine.LibraryEntry) int { return strings.Compare(a.Canon(), b.Canon()) })
		if got := sources(spreadRoots(es, tc.per)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: kept %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestTechlibClimbs: the climbs the bot's job saved are shown with where
// they stand (the climb's note, its puzzle and source, when saved); none
// saved says so; a state that does not read is named, not fatal; a
// missing database is refused.
func TestTechlibClimbs(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "bot.db")
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	out, _, code := runGraded(t, "", "techlib", "climbs", "--db", db)
	if code != 0 || !strings.Contains(out, "No climb saved yet") {
		t.Fatalf("no climbs: exit %d\n%s", code, out)
	}
	start := engine.DefaultTechniqueLibrary().Entries(engine.TechXWing)[0]
	c, _, err := engine.StartClimb(start.Puzzle, engine.TechSwordfish, "x.txt:1", 7)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Round(2); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 29, 9, 30, 0, 0, time.UTC)
	for tech, state := range map[string]string{"Swordfish": c.String(), "Template Set": "not a climb"} {
		if ok, err := st.SaveLibraryClimb(ctx, tech, "", state, at); err != nil || !ok {
			t.Fatalf("saving %s: %v %v", tech, ok, err)
		}
	}
	out, _, code = runGraded(t, "", "techlib", "climbs", "--db", db)
	t.Logf("sudokubot techlib climbs:\n%s", out)
	want := "Swordfish: " + c.Note("at "+c.Puzzle.String()+" "+c.Source()) + " (saved 2026-11-29 09:30:00 UTC)\n"
	if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "Template Set: the saved climb does not read") {
		t.Fatalf("climbs: exit %d\n%s\nwant the line %q", code, out, want)
	}
	if _, errOut, code := runGraded(t, "", "techlib", "climbs", "--db", filepath.Join(t.TempDir(), "none.db")); code != exitUsage || !strings.Contains(errOut, "no database at") {
		t.Fatalf("a missing database: exit %d: %s", code, errOut)
	}
}
