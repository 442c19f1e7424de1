package engine

import (
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestTechniqueGap: a library puzzle's path takes its technique (gap 0);
// an illustration's path does not, and its gap is at most the distance
// at the illustration's own position; a path the technique never
// applies on is infinitely far; bad input is an error, not a panic.
func TestTechniqueGap(t *testing.T) {
	plus := DefaultTechniqueLibrary().Entries(TechDynamicForcingChainPlus)
	if len(plus) == 0 {
		t.Fatal("no Dynamic Forcing Chain (+) in the library")
	}
	if gap, taken, err := TechniqueGap(plus[0].Puzzle, TechDynamicForcingChainPlus); err != nil || !taken || gap != 0 {
		t.Errorf("library (+) puzzle: gap %v taken %v err %v, want 0 true nil", gap, taken, err)
	}
	for _, id := range []TechniqueID{TechMutantSwordfish, TechFinnedFrankenXWing, TechTemplateDelete} {
		e := DefaultIllustrations().Entries(id)[0]
		gap, taken, err := TechniqueGap(e.Puzzle, id)
		if err != nil || taken {
			t.Fatalf("%s illustration: taken %v err %v", id, taken, err)
		}
		rank, ok := e.Rank()
		if !ok {
			t.Fatalf("%s illustration: no rank", id)
		}
		b := e.Position()
		x, _ := IllustrationStep(&b, id)
		tt := int(tierOf(techniqueOf(id)))
		at := float64(gapPerTier*(tt-rank.PathTier)) + max(x.Score-rank.PathScore, 0)
		if !(gap > 0 && gap <= at+1e-9) {
			t.Errorf("%s illustration: gap %v, want in (0, %v] (the distance at its own position)", id, gap, at)
		}
	}
	easy := MustParse("050703060007000800000816000000030000005000100730040086906000204840572093000409000")
	if gap, taken, err := TechniqueGap(easy, TechXWing); err != nil || taken || !math.IsInf(gap, 1) {
		t.Errorf("a singles puzzle towards X-Wing: gap %v taken %v err %v, want +Inf false nil", gap, taken, err)
	}
	if _, _, err := TechniqueGap(easy, "No Such Technique"); err == nil {
		t.Error("unknown technique: no error")
	}
	var empty Grid
	if _, _, err := TechniqueGap(empty, TechXWing); err == nil {
		t.Error("a grid of many solutions: no error")
	}
}

// TestRandomMovedGiven: every neighbour moves one given to an empty cell
// with the solution's digit, names the move, and keeps exactly one
// solution, the same one.
func TestRandomMovedGiven(t *testing.T) {
	// The first Dynamic Forcing Chain (+) puzzle the climb found
	// (sxrated_9.1.txt:140~r2c5>r3c5~r2c6>r5c6), as the climb met it.
	g := MustParse("2..5...........1....1.436...56.7...14....5..69...8.57...89..3....423.........4..8")
	sol, err := Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`^(r[1-9]c[1-9])>(r[1-9]c[1-9])$`)
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		move, h, ok := RandomMovedGiven(g, sol, r, 200)
		if !ok {
			t.Fatal("no neighbour in 200 tries")
		}
		m := name.FindStringSubmatch(move)
		if m == nil {
			t.Fatalf("move %q", move)
		}
		var from, to int = -1, -1
		for c := range g {
			switch {
			case g[c] != 0 && h[c] == 0:
				from = c
			case g[c] == 0 && h[c] != 0:
				to = c
			case g[c] != h[c]:
				t.Fatalf("%s changed r%dc%d", move, c/9+1, c%9+1)
			}
		}
		if from < 0 || to < 0 || CellName(from) != m[1] || CellName(to) != m[2] || h[to] != sol[to] {
			t.Fatalf("%s: moved %d to %d", move, from, to)
		}
		if hs, err := Solve(h); err != nil || hs != sol {
			t.Fatalf("%s: solution %v err %v", move, hs, err)
		}
	}
	var full Grid
	if _, _, ok := RandomMovedGiven(sol, sol, r, 5); ok {
		t.Error("a full grid has no empty cell to move to")
	}
	if _, _, ok := RandomMovedGiven(full, sol, r, 5); ok {
		t.Error("an empty grid has no given to move")
	}
}

// TestFamiliesFirst: a lesson takes one entry of each family (the source
// before the first "~") before a second of any, in file order otherwise,
// so the Dynamic Forcing Chain (+) lesson, whose puzzles come from a few
// climbs, shows one position of each.
func TestFamiliesFirst(t *testing.T) {
	var es []LibraryEntry
	for _, src := range []string{"a~1", "a~2", "b:1", "a~3", "c~1~2", "b:1~x", "d:4"} {
		es = append(es, LibraryEntry{Source: src})
	}
	var got []string
	for _, e := range familiesFirst(es) {
		got = append(got, e.Source)
	}
	want := []string{"a~1", "b:1", "c~1~2", "d:4", "a~2", "a~3", "b:1~x"}
	if !slices.Equal(got, want) {
		t.Errorf("familiesFirst: %v, want %v", got, want)
	}

	roots := map[string]string{}
	families := map[string]bool{}
	for _, e := range DefaultTechniqueLibrary().Entries(TechDynamicForcingChainPlus) {
		roots[e.Canon()] = e.Family()
		families[e.Family()] = true
	}
	// Each family once before any twice: as many families as the
	// library has, up to the lesson's three.
	seen := map[string]bool{}
	for i, tp := range TechniqueExamples(TechDynamicForcingChainPlus, 3) {
		r := roots[CanonicalKey(tp.Puzzle)]
		if r == "" || seen[r] && i < len(families) {
			t.Errorf("(+) lesson: example %d from family %q twice or from none (%d families)", i+1, r, len(families))
		}
		seen[r] = true
	}
}

// TestClimbResumes: a climb saved and read back after every round makes
// the very moves of one that never stopped (the technique-climb job
// keeps it in the store between rounds), and a start the path already
// takes gives its entries at once.
func TestClimbResumes(t *testing.T) {
	start := DefaultTechniqueLibrary().Entries(TechXWing)[0]
	whole, es, err := StartClimb(start.Puzzle, TechSwordfish, "x.txt:1", 7)
	if err != nil || len(es) > 0 {
		t.Fatalf("StartClimb: %d entries, %v", len(es), err)
	}
	saved, _, _ := StartClimb(start.Puzzle, TechSwordfish, "x.txt:1", 7)
	for round := range 4 {
		if _, err := whole.Round(3); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		line := saved.String()
		back, err := ParseClimb(line)
		if err != nil {
			t.Fatalf("round %d: ParseClimb(%q): %v", round, line, err)
		}
		if back.String() != line {
			t.Fatalf("round %d: read back as\n%s\nnot\n%s", round, back.String(), line)
		}
		if _, err := back.Round(3); err != nil {
			t.Fatalf("round %d, resumed: %v", round, err)
		}
		saved = back
		if saved.String() != whole.String() {
			t.Fatalf("round %d: resumed\n%s\nunstopped\n%s", round, saved, whole)
		}
	}
	if whole.Rounds != 4 || whole.Rated < 2 || whole.Source() != "x.txt:1"+whole.Moves {
		t.Errorf("after four rounds: rounds %d, rated %d, source %q", whole.Rounds, whole.Rated, whole.Source())
	}
	if h, err := Solve(whole.Puzzle); err != nil || h != whole.sol {
		t.Errorf("the climb left its solution: %v", err)
	}
	at, es, err := StartClimb(start.Puzzle, TechXWing, start.Source, 1)
	if err != nil || !slices.ContainsFunc(es, func(e LibraryEntry) bool { return e.Technique == TechXWing }) {
		t.Fatalf("a start the path takes: %d entries, %v", len(es), err)
	}
	if !at.Arrived || !at.Over(1, 1) || whole.Arrived {
		t.Errorf("arrived: a start the path takes %v, a climb that has not %v", at.Arrived, whole.Arrived)
	}
	if back, err := ParseClimb(at.String()); err != nil || !back.Arrived {
		t.Errorf("an arrived climb read back: %v, %v", back, err)
	}
	if !strings.Contains(at.Note("taken at the start"), "gap 0.00 -> 0.00 in 0 rounds, 1 rated: taken at the start") {
		t.Errorf("note: %s", at.Note("taken at the start"))
	}
}

// TestParseClimbRefuses: what is not a saved climb is an error naming
// the fault, never a panic or a climb of nonsense.
func TestParseClimbRefuses(t *testing.T) {
	c, _, err := StartClimb(DefaultTechniqueLibrary().Entries(TechXWing)[0].Puzzle, TechSwordfish, "x.txt:1", 7)
	if err != nil {
		t.Fatal(err)
	}
	good := strings.Split(c.String(), "\t")
	with := func(i int, v string) string {
		f := slices.Clone(good)
		f[i] = v
		return strings.Join(f, "\t")
	}
	for _, tc := range []struct{ line, want string }{
		{"", "want 12 tab-separated fields"},
		{with(0, "No Such Technique"), "unknown technique"},
		{with(1, strings.Repeat(".", 81)), "puzzle"},
		{with(2, ""), "empty start"},
		{with(4, "-1"), "seed"},
		{with(6, "NaN"), "gap"},
		{with(6, "-2"), "gap"},
		{with(8, "x"), "count"},
		{with(10, "maybe"), "arrived"},
		{with(11, "zz"), "random state"},
		{with(11, "00"), "random state"},
	} {
		if _, err := ParseClimb(tc.line); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseClimb(%.40q...) = %v, want an error with %q", tc.line, err, tc.want)
		}
	}
}

// FuzzParseClimb: any line is read or refused, never a panic, and what
// is read saves as it was read.
func FuzzParseClimb(f *testing.F) {
	c, _, err := StartClimb(DefaultTechniqueLibrary().Entries(TechXWing)[0].Puzzle, TechSwordfish, "x.txt:1", 7)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(c.String())
	f.Add("X-Wing\t" + strings.Repeat("1", 81) + "\ts\t\t1\t+Inf\t0\t0\t0\t1\tfalse\t00")
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseClimb(line)
		if err != nil {
			return
		}
		back, err := ParseClimb(c.String())
		if err != nil || back.String() != c.String() {
			t.Fatalf("%q saved as %q: %v", line, c.String(), err)
		}
	})
}

// BenchmarkClimbRound: one round of a technique-climb job (width 4, the
// job's) on the climbs' hardest ground, from each gap's first
// illustration in turn: what a round costs the background.
func BenchmarkClimbRound(b *testing.B) {
	var climbs []*Climb
	for _, t := range []TechniqueID{TechTemplateDelete, TechNestedForcingChain, TechFinnedFrankenXWing, TechMutantSwordfish} {
		e := DefaultIllustrations().Entries(t)[0]
		c, _, err := StartClimb(e.Puzzle, t, e.Source, 1)
		if err != nil {
			b.Fatal(err)
		}
		climbs = append(climbs, c)
	}
	for i := 0; b.Loop(); i++ {
		if _, err := climbs[i%len(climbs)].Round(4); err != nil {
			b.Fatal(err)
		}
	}
}
