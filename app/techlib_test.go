package app

import (
	"context"
	"github.com/sudokubot/sudokubot/internal/storeedit"
	"slices"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// TestLibraryMinedByJobs: a unit of technique-library mining runs as a
// job of the durable queue and leaves it; a find in the store (from this
// process or another) is served beside the shipped library once the
// served one is read again.
func TestLibraryMinedByJobs(t *testing.T) {
	t.Parallel()
	w := newWorld(t, "2026-06-01 12:00")
	p := w.start(t, storetest.SQLite(t), schedule.PNGRenderer{}, ModeGateway)
	ctx := context.Background()

	p.m.queueLibraryMine(ctx)
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, err := storeedit.Job(ctx, p.st, string(jobs.TechniqueMine), libraryMineKey); err != nil {
			break // done and gone
		}
		if time.Now().After(deadline) {
			t.Fatal("the technique-mine job is still queued after 60 s")
		}
		time.Sleep(50 * time.Millisecond)
	}

	// a find, as another replica's job would store it
	var find engine.LibraryEntry
	for seed := uint64(1); find.Source == ""; seed++ {
		es, err := engine.MineLibrary(seed, []engine.TechniqueID{engine.TechNakedPair})
		if err != nil || seed > 200 {
			t.Fatalf("no Naked Pair in 200 dug puzzles: %v", err)
		}
		if len(es) > 0 {
			find = es[0]
		}
	}
	before := len(p.m.library.get(ctx).Entries(find.Technique))
	added, err := p.st.AddLibraryEntry(ctx, string(find.Technique), find.Canon(), find.String(), time.Now())
	if err != nil || !added {
		t.Fatalf("AddLibraryEntry: %v %v", added, err)
	}
	p.m.library.stale()
	served := p.m.library.get(ctx).Entries(find.Technique)
	if len(served) != before+1 || !slices.ContainsFunc(served, func(e engine.LibraryEntry) bool { return e.Canon() == find.Canon() }) {
		t.Fatalf("the served library has %d %s puzzles (was %d), the stored find not among them", len(served), find.Technique, before)
	}
	if n := len(engine.DefaultTechniqueLibrary().Entries(find.Technique)); n != before {
		t.Fatalf("the shipped library changed: %d, was %d", n, before)
	}
}

// TestLeastSeeded: mining looks for the servable techniques with the
// fewest puzzles and for every gap, never for a technique the teaching
// path cannot take first.
func TestLeastSeeded(t *testing.T) {
	t.Parallel()
	lib := engine.DefaultTechniqueLibrary()
	want := leastSeeded(lib)
	if len(want) <= libraryMineWant {
		t.Fatalf("leastSeeded = %v: no gap among them", want)
	}
	for i, id := range want {
		if _, never := engine.NeverFirst(id); never || !engine.Trainable(id) {
			t.Errorf("%s is looked for, but can never be trained", id)
		}
		if i > 0 && i < libraryMineWant && len(lib.Entries(id)) < len(lib.Entries(want[i-1])) {
			t.Errorf("%s (%d puzzles) after %s (%d)", id, len(lib.Entries(id)), want[i-1], len(lib.Entries(want[i-1])))
		}
	}
	for _, id := range engine.TechniqueIDs() {
		if engine.Servable(id) && len(lib.Entries(id)) < len(lib.Entries(want[libraryMineWant-1])) && !slices.Contains(want, id) {
			t.Errorf("%s has %d puzzles and is not looked for", id, len(lib.Entries(id)))
		}
	}
}
