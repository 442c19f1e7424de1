package engine

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
)

var libCheck = flag.Bool("libcheck", false, "verify every entry of the technique library, the extreme ones included (minutes)")

// libraryGaps are the techniques the teaching path can take for which
// mining found no puzzle yet, with why. TestTechniqueLibraryCoverage
// fails when one of them is found (remove it here then) and when any
// other technique has none; menus leave them out (Servable).
var libraryGaps = map[TechniqueID]string{
	"Direct Claiming":         "never taken, provably: where one applies, a hidden single or a Direct Pointing (1.7) applies too (in the band's box that neither the claiming row nor the single's row reaches outside the claimed box, the digit is locked in the third row), and both come first",
	"Unique Rectangle Type 6": "never taken first, provably (NeverFirst, TestNeverFirstURType6): its digit is a hidden single or an X-Wing in the rectangle's rows, and when the X-Wing clears nothing the Hidden Rectangle (same rating, earlier in the catalogue) applies",
	"Remote Pair":             "never taken first, provably (NeverFirst, TestNeverFirstRemotePair): two neighbours on the chain are a naked pair, and when no naked pair clears anything Simple Colouring (expert) clears what the remote pair would",
	"Franken X-Wing":          "never taken first, provably (NeverFirst, TestNeverFirstTwoUnitFish): a pointing, a claiming or a hidden single of its digit applies wherever it does",
	"Finned Franken X-Wing":   "never taken first, provably (NeverFirst, TestNeverFirstFinnedXWings): what its target sees of the fins leaves a hidden single, pointing, claiming, X-Wing, Skyscraper, Empty Rectangle or a four-node Grouped AIC (7.0) clearing it",
	"Franken Swordfish":       "no puzzle since the path's grouped chains learnt the link between a row's and a column's crossing of one box: at each of the 18 it had, a grouped AIC through that link comes first (rated 7.0, or 7.1 and earlier in the catalogue), and 112,088 neighbours of the Franken fish puzzles gave none; master (7.1), after every chain rated 7.1 or less; likely never first (TestFishFirstSampler: none of 275,467 planted, 45 without the link), not proven",
	"Mutant Jellyfish":        "no puzzle found and no proof: a fish of three or four units is neither two locked sets nor a chain; extreme (7.6), so every master technique and the Nishio chain come first",
	"Mutant Swordfish":        "no puzzle found and no proof: a fish of three or four units is neither two locked sets nor a chain; extreme (7.6), so every master technique and the Nishio chain come first",
	"Mutant X-Wing":           "never taken first, provably (NeverFirst, TestNeverFirstTwoUnitFish): a pointing, a claiming or a hidden single of its digit applies wherever it does",
	"Finned Mutant Swordfish": "no puzzle found and no proof: a fish of three units with fins; extreme (7.7), after every master technique and the Nishio chain",
	"Finned Mutant X-Wing":    "never taken first, provably (NeverFirst, TestNeverFirstFinnedXWings): what its target sees of each base leaves a hidden single, pointing or claiming, or a grouped AIC of four nodes (master) through the other cover, if nothing simpler applies",
	"Template Delete":         "rated 9.4, after every forcing chain up to Dynamic (+): taken only where all of those rate above 9.4 with their length bonus, which no public-domain puzzle, neighbour or climb gave",
	"Template Set":            "rated 9.4, after every forcing chain up to Dynamic (+): taken only where all of those rate above 9.4 with their length bonus, which no public-domain puzzle, neighbour or climb gave",
	"Nested Forcing Chain":    "rated 9.5 and up, after everything else: needs a puzzle whose every other step rates higher, which the public-domain bank (up to SE 9.3), its neighbours and a climb from its hardest did not give; the sets that have them are GPL-3.0 or unlicensed",
}

// libSample is how many entries of each technique a plain test run
// verifies (-libcheck verifies them all).
const libSample = 3

// minLibraryEntries is the least a servable technique should have: a
// lesson shows three examples from different puzzles, and a player who
// trains a technique often should get many puzzles before one repeats.
const minLibraryEntries = 3

// TestShippedTechniqueLibrary verifies the shipped library: it parses,
// and every entry is what it promises (LibraryEntry.Verify: a canonical
// puzzle with one solution whose teaching path takes the technique at the
// stored step, from the stored position, and keeps to its level). The
// master and extreme entries cost up to seconds each and the 2,588
// entries together minutes, so without -libcheck only the first libSample
// of each technique are walked, which catches an engine change that moves
// a technique off its entries' paths; -libcheck walks them all (about
// five minutes on the busy 2-core development machine): run it after
// `sudokubot techlib build`.
func TestShippedTechniqueLibrary(t *testing.T) {
	t.Parallel() // pure: the engine keeps no state between calls
	lib, err := ParseTechniqueLibrary(techLibraryText)
	if err != nil {
		t.Fatalf("shipped library: %v", err)
	}
	for _, id := range TechniqueIDs() {
		for i, e := range lib.Entries(id) {
			if i >= libSample && !*libCheck {
				continue
			}
			if err := e.Verify(); err != nil {
				t.Errorf("%s (%s): %v", e.Puzzle, e.Source, err)
			}
		}
	}
}

// TestTechniqueLibraryCoverage checks that every technique the teaching
// path can take is servable from the library, but for the documented
// gaps, and that the library holds nothing else.
func TestTechniqueLibraryCoverage(t *testing.T) {
	lib := DefaultTechniqueLibrary()
	total := 0
	for _, id := range TechniqueIDs() {
		n := len(lib.Entries(id))
		total += n
		why, gap := libraryGaps[id]
		switch {
		case !Trainable(id):
			if n > 0 {
				t.Errorf("%s is off the teaching path but has %d library entries", id, n)
			}
		case gap && n > 0:
			t.Errorf("%s has %d library entries now: remove it from libraryGaps (%s)", id, n, why)
		case gap:
			if Servable(id) {
				t.Errorf("%s: Servable without library entries", id)
			}
		case n == 0:
			t.Errorf("%s: no library entries and not a documented gap", id)
		case !Servable(id):
			t.Errorf("%s: has entries but is not Servable", id)
		case n < minLibraryEntries:
			t.Logf("%s: only %d library entries, fewer than a lesson's %d examples", id, n, minLibraryEntries)
		}
	}
	if total != lib.Len() {
		t.Errorf("library holds %d entries, %d of them under catalogue techniques", lib.Len(), total)
	}
}

// TestTrainingPuzzle serves every servable technique twice and checks
// each puzzle: one solution, a disguise of a library puzzle, the position
// carried across (givens, entries, candidates true to the solution) and
// the technique found there.
func TestTrainingPuzzle(t *testing.T) {
	t.Parallel() // pure: the engine keeps no state between calls
	lib := DefaultTechniqueLibrary()
	for _, id := range TechniqueIDs() {
		if !Servable(id) {
			continue
		}
		if TechniqueLevel(id, 0) == LevelExtreme && testing.Short() {
			continue
		}
		canons := map[string]bool{}
		for _, e := range lib.Entries(id) {
			canons[e.Canon()] = true
		}
		for seed := range uint64(2) {
			tp, err := TrainingPuzzle(TrainOptions{Technique: id, Seed: seed})
			if err != nil {
				t.Errorf("%s seed %d: %v", id, seed, err)
				continue
			}
			if msg := checkTrainingPuzzle(tp, id); msg != "" {
				t.Errorf("%s seed %d: %s", id, seed, msg)
			}
			if !tp.Library || !canons[CanonicalKey(tp.Puzzle)] {
				t.Errorf("%s seed %d: not a library puzzle in disguise", id, seed)
			}
		}
	}
}

// checkTrainingPuzzle says what is wrong with a served puzzle, "" when
// nothing is.
func checkTrainingPuzzle(tp TechniquePuzzle, id TechniqueID) string {
	sol, err := Solve(tp.Puzzle)
	if err != nil {
		return err.Error()
	}
	if sol != tp.Solution {
		return "solution differs"
	}
	if tp.Step.Technique != id {
		return fmt.Sprintf("step is %s", tp.Step.Technique)
	}
	for c, d := range tp.Puzzle {
		if d != 0 && tp.Position.Grid[c] != d {
			return fmt.Sprintf("position loses the given at %s", CellName(c))
		}
	}
	for c, d := range tp.Position.Grid {
		switch {
		case d != 0 && d != sol[c]:
			return fmt.Sprintf("position has %d at %s, the solution %d", d, CellName(c), sol[c])
		case d == 0 && !tp.Position.Cands[c].Has(sol[c]):
			return fmt.Sprintf("position lost the solution's candidate at %s", CellName(c))
		case d != 0 && tp.Puzzle[c] == 0 && tp.Position.IsGiven(c):
			return fmt.Sprintf("position counts the entry at %s as a given", CellName(c))
		}
	}
	if err := checkStep(tp.Step, sol); err != nil {
		return err.Error()
	}
	return ""
}

// TestTrainingPuzzlePlayed checks that puzzles the player has played are
// skipped, and what happens when every one was.
func TestTrainingPuzzlePlayed(t *testing.T) {
	const id = TechniqueID("X-Wing")
	entries := DefaultTechniqueLibrary().Entries(id)
	if len(entries) < 2 {
		t.Skipf("the library has %d %s puzzles", len(entries), id)
	}
	left := entries[len(entries)/2].Canon()
	for seed := range uint64(5) {
		tp, err := TrainingPuzzle(TrainOptions{Technique: id, Seed: seed, Played: func(c string) bool { return c != left }})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if got := CanonicalKey(tp.Puzzle); got != left {
			t.Errorf("seed %d: served %s, want the one unplayed puzzle %s", seed, got, left)
		}
	}
	// Every library puzzle played: a dug one or ErrTechniqueUsedUp.
	tp, err := TrainingPuzzle(TrainOptions{Technique: id, Seed: 1, Played: func(string) bool { return true }})
	switch {
	case err == nil:
		if tp.Library || tp.Step.Technique != id {
			t.Errorf("all played: got a library puzzle or a wrong step %s", tp.Step.Technique)
		}
	case !errors.Is(err, ErrTechniqueUsedUp):
		t.Errorf("all played: %v, want ErrTechniqueUsedUp", err)
	}
	// An empty library and a technique no illustration shows either:
	// ErrTechniqueUnavailable.
	_, err = TrainingPuzzle(TrainOptions{Technique: id, Seed: 1, Library: &TechniqueLibrary{}})
	if !errors.Is(err, ErrTechniqueUnavailable) {
		t.Errorf("empty library: %v, want ErrTechniqueUnavailable", err)
	}
	if _, err := TrainingPuzzle(TrainOptions{Technique: OffPath()[0].Name()}); !errors.Is(err, ErrTechniqueOffPath) {
		t.Errorf("off path: %v", err)
	}
}

// TestTechniqueExamples checks the lessons' examples: distinct puzzles,
// the technique's step at each.
func TestTechniqueExamples(t *testing.T) {
	for _, id := range []TechniqueID{"Hidden Single", "X-Wing", "XY-Chain"} {
		ex := TechniqueExamples(id, 3)
		if len(ex) != 3 {
			t.Errorf("%s: %d examples, want 3", id, len(ex))
		}
		seen := map[Grid]bool{}
		for _, tp := range ex {
			if seen[tp.Puzzle] {
				t.Errorf("%s: one puzzle twice", id)
			}
			seen[tp.Puzzle] = true
			if msg := checkTrainingPuzzle(tp, id); msg != "" {
				t.Errorf("%s: %s", id, msg)
			}
		}
	}
}

func TestLibraryEntryRoundTrip(t *testing.T) {
	lib := DefaultTechniqueLibrary()
	n := 0
	for _, id := range TechniqueIDs() {
		for _, e := range lib.Entries(id) {
			back, err := ParseLibraryEntry(e.String())
			if err != nil {
				t.Fatalf("%s: %v", e.Puzzle, err)
			}
			if back != e {
				t.Fatalf("round trip changed %s", e.Puzzle)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("empty library")
	}
}

func TestParseLibraryEntryErrors(t *testing.T) {
	good := DefaultTechniqueLibrary().Entries("X-Wing")[0].String()
	f := strings.Split(good, "\t")
	set := func(i int, v string) string {
		g := append([]string(nil), f...)
		g[i] = v
		return strings.Join(g, "\t")
	}
	tests := map[string]string{
		"fields":      strings.Join(f[:7], "\t"),
		"technique":   set(0, "X Wing"),
		"puzzle":      set(1, "123"),
		"step":        set(2, "-1"),
		"progress":    set(3, f[1]),
		"short cands": set(4, f[4][:len(f[4])-2]),
		"long cands":  set(4, f[4]+"00"),
		"bad cands":   set(4, "zz"+f[4][2:]),
		"score":       set(5, "hard"),
		"hardest":     set(6, "Nothing"),
	}
	for name, line := range tests {
		if _, err := ParseLibraryEntry(line); err == nil {
			t.Errorf("%s: no error for %q", name, line)
		}
	}
}

func FuzzParseLibraryEntry(f *testing.F) {
	for _, e := range DefaultTechniqueLibrary().Entries("X-Wing") {
		f.Add(e.String())
		break
	}
	f.Add("")
	f.Add("X-Wing\t\t\t\t\t\t\t")
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseLibraryEntry(line)
		if err != nil {
			return
		}
		back, err := ParseLibraryEntry(e.String())
		if err != nil || back != e {
			t.Fatalf("round trip of %q: %v", line, err)
		}
	})
}

// BenchmarkTrainingPuzzle measures serving one training puzzle from the
// library (disguise, solve, find the step) for a technique of each level,
// and from the illustrations for a technique never first and for gaps of
// the master and extreme levels; the target is p95 under 2 s on a 2-core
// machine (`sudokubot generate --technique all --report` gives the p95
// per technique).
func BenchmarkTrainingPuzzle(b *testing.B) {
	for _, id := range []TechniqueID{"Hidden Single", "Direct Pointing", "Swordfish", "Jellyfish", "Unique Loop Type 2",
		"Death Blossom", "Aligned Triple Exclusion", "Nishio Forcing Chain", "Dynamic Forcing Chain (+)",
		TechRemotePair, TechFrankenSwordfish, TechTemplateDelete, TechNestedForcingChain} {
		if !Offered(id) {
			continue
		}
		b.Run(strings.ReplaceAll(string(id), " ", "_"), func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				seed++
				if _, err := TrainingPuzzle(TrainOptions{Technique: id, Seed: seed}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestMineLibrary: a unit of background mining finds entries of the
// wanted techniques only, each one the library's promise (Verify), the
// same for the same seed; With serves them beside the shipped ones, a
// puzzle the technique already has left out.
func TestMineLibrary(t *testing.T) {
	want := []TechniqueID{TechPointing, TechNakedPair, TechXWing}
	var found []LibraryEntry
	for seed := uint64(1); seed <= 40 && len(found) < 2; seed++ {
		es, err := MineLibrary(seed, want)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		again, _ := MineLibrary(seed, want)
		if len(again) != len(es) {
			t.Fatalf("seed %d: %d entries, then %d", seed, len(es), len(again))
		}
		for i, e := range es {
			if !slices.Contains(want, e.Technique) {
				t.Errorf("seed %d: an entry of %s, not wanted", seed, e.Technique)
			}
			if err := e.Verify(); err != nil {
				t.Errorf("seed %d: %v", seed, err)
			}
			if e.String() != again[i].String() {
				t.Errorf("seed %d: not the same entry twice", seed)
			}
		}
		found = append(found, es...)
	}
	if len(found) == 0 {
		t.Fatal("40 seeds found no entry of Pointing, Naked Pair or X-Wing")
	}
	base := DefaultTechniqueLibrary()
	dup := base.Entries(TechXWing)[0]
	lib := base.With(append(found, dup))
	if lib.Len() != base.Len()+len(found) {
		t.Fatalf("With: %d entries, want %d (the shipped duplicate left out)", lib.Len(), base.Len()+len(found))
	}
	e := found[0]
	same := 0
	for _, f := range found {
		if f.Technique == e.Technique {
			same++
		}
	}
	if n := len(lib.Entries(e.Technique)); n != len(base.Entries(e.Technique))+same {
		t.Fatalf("With: %s has %d entries, want %d", e.Technique, n, len(base.Entries(e.Technique))+same)
	}
	if len(DefaultTechniqueLibrary().Entries(e.Technique)) != len(base.Entries(e.Technique)) || base.Len() != DefaultTechniqueLibrary().Len() {
		t.Fatal("With changed the shipped library")
	}
	// the mined puzzle is served
	mined := map[string]bool{}
	for _, f := range found {
		if f.Technique == e.Technique {
			mined[f.Canon()] = true
		}
	}
	tp, err := TrainingPuzzle(TrainOptions{Technique: e.Technique, Seed: 1, Library: lib,
		Played: func(canon string) bool { return !mined[canon] }})
	if err != nil {
		t.Fatalf("TrainingPuzzle from the mined entry: %v", err)
	}
	if !mined[CanonicalKey(tp.Puzzle)] || tp.Step.Technique != e.Technique {
		t.Fatalf("served %s (%s), not the mined puzzle", CanonicalKey(tp.Puzzle), tp.Step.Technique)
	}
}

// BenchmarkMineLibrary is a unit of the background mining (app's
// technique-mine job) as it runs today: one dug puzzle, looked at for the
// six servable techniques with the fewest library puzzles and every gap.
func BenchmarkMineLibrary(b *testing.B) {
	lib := DefaultTechniqueLibrary()
	var some, none []TechniqueID
	for _, t := range TechniqueIDs() {
		if _, never := NeverFirst(t); !Trainable(t) || never {
			continue
		}
		if len(lib.Entries(t)) == 0 {
			none = append(none, t)
		} else {
			some = append(some, t)
		}
	}
	slices.SortStableFunc(some, func(x, y TechniqueID) int { return len(lib.Entries(x)) - len(lib.Entries(y)) })
	want := append(some[:6], none...)
	found := 0
	for i := range b.N {
		es, err := MineLibrary(DeriveSeed(34, uint64(i)), want)
		if err != nil {
			b.Fatal(err)
		}
		found += len(es)
	}
	b.ReportMetric(float64(found)/float64(b.N), "finds/op")
}

// TestRectangleExamplesTextbookFirst: a rectangle's lesson shows first
// the examples whose corners all hold both digits of the pair (the
// Unique Rectangle Type 5's first library puzzle has a corner without
// one of them, so it comes last).
func TestRectangleExamplesTextbookFirst(t *testing.T) {
	ex := TechniqueExamples(TechUniqueRectangleType5, 100)
	if len(ex) < 4 {
		t.Fatalf("%d examples of the Unique Rectangle Type 5, want at least 4", len(ex))
	}
	odd := -1 // the first example with a corner lacking a digit of the pair
	for i, tp := range ex {
		switch textbook := textbookRectangle(tp); {
		case !textbook && odd < 0:
			odd = i
		case textbook && odd >= 0:
			t.Errorf("example %d is textbook but comes after example %d, which is not", i+1, odd+1)
		}
	}
	if odd < 0 {
		t.Error("every example is textbook: this test no longer checks the order")
	} else if odd < 3 {
		t.Errorf("example %d lacks a digit of the pair, but the lesson shows three", odd+1)
	}
}
