package app

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/clock"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/puzzles"
)

// The technique library grows in the background (issue 34): a
// technique-mine job digs one puzzle for the techniques with the fewest
// puzzles and keeps what it finds in the store, where every replica
// reads it; training serves the shipped library and the stored finds
// together.

const (
	// DefaultLibraryMineEvery is how often Serve's processes queue a unit
	// of mining: one puzzle dug, 22 ms of CPU on average
	// (BenchmarkMineLibrary; a puzzle that needs the nets costs seconds),
	// and one unit runs at a time across the install: under 1% of a core.
	DefaultLibraryMineEvery = 5 * time.Second
	// libraryMineKey is the one key of the technique-mine jobs.
	libraryMineKey = "library"
	// libraryMineWant is how many of the least-seeded techniques a unit
	// looks for; libraryTarget the puzzles a technique needs before it
	// is no longer looked for.
	libraryMineWant = 6
	libraryTarget   = 200
	// libraryMineBudget bounds one unit: a repair walks the path up to a
	// dozen times.
	libraryMineBudget = 5 * time.Minute
	// libraryReload is how old the served library may get: finds of other
	// processes are served within it.
	libraryReload = time.Minute
)

// libraryStore is what the library needs of the store.
type libraryStore interface {
	AddLibraryEntry(ctx context.Context, technique, canon, entry string, now time.Time) (bool, error)
	LibraryEntries(ctx context.Context) ([]string, error)
}

// techLibrary is the served library: the shipped one and the store's
// finds, read again when older than libraryReload or after a find here.
type techLibrary struct {
	store libraryStore
	clock clock.Clock

	mu     sync.Mutex
	lib    *engine.TechniqueLibrary
	loaded time.Time
}

// get returns the library; a store that does not answer leaves the last
// one read (the shipped one at first): training never waits on it.
func (l *techLibrary) get(ctx context.Context) *engine.TechniqueLibrary {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.lib != nil && l.clock.Now().Sub(l.loaded) < libraryReload {
		return l.lib
	}
	if l.lib == nil {
		l.lib = engine.DefaultTechniqueLibrary()
	}
	lines, err := l.store.LibraryEntries(ctx)
	if err != nil {
		return l.lib
	}
	var extra []engine.LibraryEntry
	for _, line := range lines {
		if e, err := engine.ParseLibraryEntry(line); err == nil {
			extra = append(extra, e)
		}
	}
	l.lib, l.loaded = engine.DefaultTechniqueLibrary().With(extra), l.clock.Now()
	return l.lib
}

// stale makes the next get read the store again.
func (l *techLibrary) stale() {
	l.mu.Lock()
	l.loaded = time.Time{}
	l.mu.Unlock()
}

// leastSeeded are the techniques a unit of mining looks for: of those
// training can serve or could once a puzzle is found (on the teaching
// path and not NeverFirst) and that have fewer than libraryTarget
// puzzles, the libraryMineWant servable ones with the fewest, fewest
// first, and every one with none yet (looking for more techniques in one
// puzzle costs little: the path is walked once).
func leastSeeded(lib *engine.TechniqueLibrary) []engine.TechniqueID {
	var some, none []engine.TechniqueID
	for _, t := range engine.TechniqueIDs() {
		_, never := engine.NeverFirst(t)
		switch n := len(lib.Entries(t)); {
		case !engine.Trainable(t) || never || n >= libraryTarget:
		case n == 0:
			none = append(none, t)
		default:
			some = append(some, t)
		}
	}
	slices.SortStableFunc(some, func(a, b engine.TechniqueID) int { return len(lib.Entries(a)) - len(lib.Entries(b)) })
	return append(some[:min(len(some), libraryMineWant)], none...)
}

// mineLibrary is one unit of a technique-mine job: one puzzle dug, its
// finds for the least-seeded techniques kept (a puzzle the technique has
// already is left out). Done when every technique has libraryTarget.
func (m *Main) mineLibrary(ctx context.Context) error {
	lib := m.library.get(ctx)
	want := leastSeeded(lib)
	if len(want) == 0 {
		return nil
	}
	seed := puzzles.RandomSeed()
	finds, err := engine.MineLibrary(seed, want)
	if err != nil {
		return jobs.Permanent(err)
	}
	added := 0
	for _, e := range finds {
		if slices.ContainsFunc(lib.Entries(e.Technique), func(x engine.LibraryEntry) bool { return x.Canon() == e.Canon() }) {
			continue
		}
		ok, err := m.Store.AddLibraryEntry(ctx, string(e.Technique), e.Canon(), e.String(), time.Now())
		if err != nil {
			return err
		}
		if ok {
			added++
			m.Logger.Info("technique library: a new puzzle", "technique", string(e.Technique), "source", e.Source)
		}
	}
	if added > 0 {
		m.library.stale()
	}
	return nil
}

// queueLibraryMine queues a unit of mining; one already queued anywhere
// is not queued twice.
func (m *Main) queueLibraryMine(ctx context.Context) {
	if m.Jobs == nil {
		return
	}
	if _, err := m.Jobs.Enqueue(ctx, jobs.Job{Kind: jobs.TechniqueMine, Key: libraryMineKey, Payload: []byte(libraryMineKey)}); err != nil {
		m.Logger.Warn("queueing technique library mining failed", "err", err)
	}
}

// runLibraryMine queues a unit of mining at start and every
// LibraryMineEvery until ctx ends; nothing when it is 0. A unit is its own
// job, so the bulk lane's bank refills take turns with it.
func (m *Main) runLibraryMine(ctx context.Context) {
	if m.LibraryMineEvery <= 0 {
		return
	}
	t := time.NewTicker(m.LibraryMineEvery)
	defer t.Stop()
	for {
		m.queueLibraryMine(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
