package engine

import (
	"math/rand/v2"
	"testing"
)

// TestCanonicalInvariant: every random disguise of a pool puzzle has the
// puzzle's canonical form, and the form is itself a disguise of it.
func TestCanonicalInvariant(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	entries := DefaultPool().All()
	n := 40
	if testing.Short() {
		n = 8
	}
	for i, e := range entries[:n] {
		want := Canonical(e.Puzzle)
		if want.Count() != e.Puzzle.Count() {
			t.Fatalf("entry %d: canonical form has %d givens, puzzle %d", i, want.Count(), e.Puzzle.Count())
		}
		if got := Canonical(want); got != want {
			t.Fatalf("entry %d: canonical form is not a fixed point:\n%s\n%s", i, want, got)
		}
		for range 5 {
			g := RandomTransform(r).Apply(e.Puzzle)
			if got := Canonical(g); got != want {
				t.Fatalf("entry %d: disguise %s has form\n%s, want\n%s", i, g, got, want)
			}
		}
	}
}

// TestCanonicalDistinct: the pool's puzzles are distinct puzzles, so
// their keys differ; and changing one given changes the key.
func TestCanonicalDistinct(t *testing.T) {
	entries := DefaultPool().All()
	seen := map[string]int{}
	for i, e := range entries {
		k := CanonicalKey(e.Puzzle)
		if j, ok := seen[k]; ok {
			t.Errorf("pool entries %d and %d share canonical key %s", j, i, k)
		}
		seen[k] = i
	}
	g := entries[0].Puzzle
	for c, d := range g {
		if d != 0 {
			h := g
			h[c] = 0
			if CanonicalKey(h) == CanonicalKey(g) {
				t.Fatalf("removing the given at %d kept the key", c)
			}
			break
		}
	}
}

// TestCanonicalTable pins small cases by hand.
func TestCanonicalTable(t *testing.T) {
	var one Grid
	one[40] = 7
	var want Grid
	want[80] = 1
	if got := Canonical(one); got != want {
		t.Errorf("one given: got %s, want %s", got, want)
	}
	var two Grid
	two[0], two[1] = 5, 3 // same row, same stack
	var want2 Grid
	want2[79], want2[80] = 1, 2
	if got := Canonical(two); got != want2 {
		t.Errorf("two givens: got %s, want %s", got, want2)
	}
}

func FuzzCanonical(f *testing.F) {
	for _, e := range DefaultPool().All()[:4] {
		f.Add(e.Puzzle.Digits(), uint64(1))
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		g, err := Parse(s)
		if err != nil || g.Count() < 17 {
			return // the search is for puzzles; near-empty grids tie everywhere
		}
		tr := RandomTransform(rand.New(rand.NewPCG(seed, 3)))
		if a, b := Canonical(g), Canonical(tr.Apply(g)); a != b {
			t.Fatalf("%s: %s vs %s", g, a, b)
		}
	})
}

func BenchmarkCanonical(b *testing.B) {
	entries := DefaultPool().All()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Canonical(entries[i%len(entries)].Puzzle)
	}
}
