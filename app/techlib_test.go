package app

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"github.com/sudokubot/sudokubot/internal/storeedit"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
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

	runLibraryJobOnce(t, p, jobs.TechniqueMine, libraryMineKey)

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

// runLibraryJobOnce queues one unit of kind through the durable queue
// and waits until it has run and left the queue.
func runLibraryJobOnce(t *testing.T, p *process, kind jobs.Kind, key string) {
	t.Helper()
	ctx := context.Background()
	p.m.queueLibraryJob(ctx, kind, key)
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, err := storeedit.Job(ctx, p.st, string(kind), key); err != nil {
			return // done and gone
		}
		if time.Now().After(deadline) {
			t.Fatalf("the %s job is still queued after 60 s", kind)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// silentLibraryStore is a store that never answers a read of the finds
// before its caller gives up.
type silentLibraryStore struct{ reads atomic.Int32 }

func (s *silentLibraryStore) AddLibraryEntry(ctx context.Context, _, _, _ string, _ time.Time) (bool, error) {
	<-ctx.Done()
	return false, ctx.Err()
}

func (s *silentLibraryStore) LibraryEntries(ctx context.Context) ([]string, error) {
	s.reads.Add(1)
	<-ctx.Done()
	return nil, ctx.Err()
}

// TestLibrarySilentStore: the served library does not wait on a silent
// store (autocomplete and the lesson pages ask for it): the read gives up
// after libraryReadWait, the last library read is served (the shipped one
// at first), and the store is asked again only after libraryRetry, not by
// every caller.
func TestLibrarySilentStore(t *testing.T) {
	t.Parallel()
	st := &silentLibraryStore{}
	clk := fakeclock.New(time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC))
	l := &techLibrary{store: st, clock: clk}
	done := make(chan *engine.TechniqueLibrary)
	go func() { done <- l.get(context.Background()) }()
	select {
	case lib := <-done:
		if lib != engine.DefaultTechniqueLibrary() {
			t.Error("a silent store at first: want the shipped library")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the served library is still waiting on a silent store after 30 s")
	}
	for range 5 {
		l.get(context.Background())
	}
	if n := st.reads.Load(); n != 1 {
		t.Errorf("%d reads of a silent store before libraryRetry, want 1", n)
	}
	clk.Advance(libraryRetry)
	l.get(context.Background())
	if n := st.reads.Load(); n != 2 {
		t.Errorf("%d reads once libraryRetry has passed, want 2", n)
	}
}

// linesLibraryStore answers with its lines at once.
type linesLibraryStore struct{ lines []string }

func (s linesLibraryStore) AddLibraryEntry(context.Context, string, string, string, time.Time) (bool, error) {
	return false, nil
}

func (s linesLibraryStore) LibraryEntries(context.Context) ([]string, error) { return s.lines, nil }

// TestLibraryStaleFind: a stored find that no longer trains its
// technique on this engine (here an X-Wing puzzle stored as a Skyscraper,
// as a find of an older engine's path can read) is not served, so menus
// do not offer what training would then refuse. Each stored line is
// checked once. (That a find which trains is served: TestGapFindOffered,
// TestLibraryMinedByJobs.)
func TestLibraryStaleFind(t *testing.T) {
	t.Parallel()
	stale := engine.DefaultTechniqueLibrary().Entries(engine.TechXWing)[1]
	stale.Technique = engine.TechSkyscraper
	clk := fakeclock.New(time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC))
	checks := 0
	l := &techLibrary{store: linesLibraryStore{[]string{stale.String()}}, clock: clk,
		trains: func(e engine.LibraryEntry) bool { checks++; return e.Trains() }}
	lib := l.get(context.Background())
	if n, want := len(lib.Entries(engine.TechSkyscraper)), len(engine.DefaultTechniqueLibrary().Entries(engine.TechSkyscraper)); n != want {
		t.Errorf("%d Skyscraper entries served, want the shipped %d: the stale find is served", n, want)
	}
	clk.Advance(libraryReload)
	l.get(context.Background())
	if checks != 1 {
		t.Errorf("%d checks of one stored find over two reads, want 1", checks)
	}
}

// startWithGaps starts a bot on SQLite and returns the library's gaps;
// the test is skipped once there is none.
func startWithGaps(t *testing.T) (*world, *process, []engine.TechniqueID) {
	t.Helper()
	w := newWorld(t, "2026-06-01 12:00")
	p := w.start(t, storetest.SQLite(t), schedule.PNGRenderer{}, ModeGateway)
	gaps := libraryGaps(p.m.library.get(context.Background()))
	if len(gaps) == 0 {
		t.Skip("the library has no gap left")
	}
	return w, p, gaps
}

// TestGapFindOffered: a find of a gap, stored by any replica's job, is
// what both doors offer once the served library is read again: the
// puzzle maker the bot trains from and the web door's lesson pages.
func TestGapFindOffered(t *testing.T) {
	t.Parallel()
	_, p, gaps := startWithGaps(t)
	ctx := context.Background()
	gap := gaps[0]
	find := engine.DefaultTechniqueLibrary().Entries(engine.TechXWing)[0]
	find.Technique = gap // a stand-in: no puzzle of a gap is known
	// The served library leaves out a find that does not train its
	// technique (TestLibraryStaleFind), as this stand-in does not:
	// take it as one that does.
	p.m.library.mu.Lock()
	p.m.library.trains = func(e engine.LibraryEntry) bool { return e.Technique == gap || e.Trains() }
	p.m.library.mu.Unlock()
	web := p.m.webConfig(nil)
	if p.m.Puzzles.TechniqueLibrary(ctx).Serves(gap) || web.Library(ctx).Serves(gap) {
		t.Fatalf("%s is served before any find", gap)
	}
	if added, err := p.st.AddLibraryEntry(ctx, string(gap), find.Canon(), find.String(), time.Now()); err != nil || !added {
		t.Fatalf("AddLibraryEntry: %v %v", added, err)
	}
	p.m.library.stale()
	if !p.m.Puzzles.TechniqueLibrary(ctx).Serves(gap) {
		t.Errorf("the bot's puzzle maker does not serve %s after a find", gap)
	}
	if !web.Library(ctx).Serves(gap) {
		t.Errorf("the web door's lessons do not offer %s after a find", gap)
	}
	if slices.Contains(libraryGaps(p.m.library.get(ctx)), gap) {
		t.Errorf("%s is still climbed towards after a find", gap)
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

// TestLibraryClimbedByJobs: a round of climbing runs as a job of the
// durable queue and saves its climb in the store; the gaps are climbed in
// turn, the one never climbed first, then the one saved longest ago,
// whose saved climb goes on from where it stood.
func TestLibraryClimbedByJobs(t *testing.T) {
	t.Parallel()
	w, p, gaps := startWithGaps(t)
	ctx := context.Background()

	runLibraryJobOnce(t, p, jobs.TechniqueClimb, libraryClimbKey)
	saved, err := p.st.LibraryClimbs(ctx)
	if err != nil || len(saved) != 1 || saved[0].Technique != string(gaps[0]) {
		t.Fatalf("after one round: %+v, %v; want a climb of %s", saved, err, gaps[0])
	}
	first, err := engine.ParseClimb(saved[0].State)
	if err != nil || first.Technique != gaps[0] || first.Rounds != 0 || first.Rated != 1 {
		t.Fatalf("the saved climb: %+v, %v; want a new climb of %s", first, err, gaps[0])
	}

	// every other gap gets its start, then the first climbs on
	for range gaps[1:] {
		if err := p.m.climbLibrary(ctx); err != nil {
			t.Fatal(err)
		}
		w.clock.Advance(time.Second) // saved at distinct times of the bot's clock
	}
	if saved, _ = p.st.LibraryClimbs(ctx); len(saved) != len(gaps) {
		t.Fatalf("%d climbs saved for %d gaps", len(saved), len(gaps))
	}
	for _, c := range saved {
		if c.Updated.Before(utc(t, "2026-06-01 12:00")) || c.Updated.After(w.clock.Now()) {
			t.Fatalf("%s saved at %v, not by the bot's clock (%v)", c.Technique, c.Updated, w.clock.Now())
		}
	}
	if err := p.m.climbLibrary(ctx); err != nil {
		t.Fatal(err)
	}
	saved, _ = p.st.LibraryClimbs(ctx)
	i := slices.IndexFunc(saved, func(c store.LibraryClimb) bool { return c.Technique == string(gaps[0]) })
	on, err := engine.ParseClimb(saved[i].State)
	if err != nil || on.Rounds != 1 || on.Start != first.Start || on.Seed != first.Seed || on.Rated <= first.Rated {
		t.Fatalf("the oldest climb after its round: %+v, %v; want round 1 of the climb from %s", on, err, first.Start)
	}
	// a round from a state another process has moved on from saves nothing
	if err := p.m.climbRound(ctx, p.m.library.get(ctx), gaps[0], first.String()); err != nil {
		t.Fatal(err)
	}
	if again, _ := p.st.LibraryClimbs(ctx); again[i].State != saved[i].State {
		t.Fatal("a round from a stale state was saved over the newer one")
	}
	// a climb at a tie with the path's own step (gap 0, not arrived)
	// climbs on: one move may arrive from there
	tie := *on
	tie.Gap = 0
	now, _ := p.st.LibraryClimbs(ctx)
	if ok, err := p.st.SaveLibraryClimb(ctx, string(gaps[0]), now[i].State, tie.String(), time.Now()); err != nil || !ok {
		t.Fatalf("saving a tie: %v %v", ok, err)
	}
	if err := p.m.climbRound(ctx, p.m.library.get(ctx), gaps[0], tie.String()); err != nil {
		t.Fatal(err)
	}
	now, _ = p.st.LibraryClimbs(ctx)
	if went, err := engine.ParseClimb(now[i].State); err != nil || went.Start != on.Start || went.Rounds != on.Rounds+1 {
		t.Fatalf("a climb at a tie: %+v, %v; want round %d of the same climb", went, err, on.Rounds+1)
	}
	// a climb that is over starts anew, from its end when it came
	// nearer; a saved state that does not read (an older build's) too
	over := *on
	over.Rounds, over.Gap, over.StartGap = libraryClimbRounds, 1, 2
	for _, old := range []string{over.String(), "not a climb"} {
		now, _ := p.st.LibraryClimbs(ctx)
		if ok, err := p.st.SaveLibraryClimb(ctx, string(gaps[0]), now[i].State, old, time.Now()); err != nil || !ok {
			t.Fatalf("saving %.20q: %v %v", old, ok, err)
		}
		if err := p.m.climbRound(ctx, p.m.library.get(ctx), gaps[0], old); err != nil {
			t.Fatal(err)
		}
		now, _ = p.st.LibraryClimbs(ctx)
		anew, err := engine.ParseClimb(now[i].State)
		if err != nil || anew.Rounds != 0 || anew.Rated != 1 {
			t.Fatalf("after %.20q: %+v, %v; want a new climb", old, anew, err)
		}
		if old == over.String() && (anew.Start != over.Source() || anew.Puzzle != over.Puzzle) {
			t.Errorf("a climb that came nearer went on from %s, not its end %s", anew.Start, over.Source())
		}
	}
}

// TestClimbStarts: a new climb starts where the last one ended when it
// came nearer, else at the nearer of one of the technique's
// illustrations and one of the library's puzzles of the servable
// technique of its level rated nearest below it (for a Nested Forcing
// Chain, a Dynamic Forcing Chain (+) puzzle: 0.5 or 0.6 from it where
// the illustrations are 0.9 to 1.4).
func TestClimbStarts(t *testing.T) {
	t.Parallel()
	lib := engine.DefaultTechniqueLibrary()
	nested := engine.TechNestedForcingChain
	ill, below := engine.DefaultIllustrations().Entries(nested), lib.Entries(engine.TechDynamicForcingChainPlus)
	if len(ill) == 0 || len(below) == 0 {
		t.Fatalf("%d illustrations of %s, %d library puzzles of %s", len(ill), nested, len(below), engine.TechDynamicForcingChainPlus)
	}
	if got, ok := servedBelow(nested, lib); !ok || got != engine.TechDynamicForcingChainPlus {
		t.Errorf("servedBelow(%s) = %s %v, want %s", nested, got, ok, engine.TechDynamicForcingChainPlus)
	}
	const seed = 3
	starts := climbStarts(nested, lib, nil, seed)
	want := []climbStart{{ill[seed%len(ill)].Puzzle, ill[seed%len(ill)].Source}, {below[seed%len(below)].Puzzle, below[seed%len(below)].Source}}
	if !slices.Equal(starts, want) {
		t.Fatalf("a first climb's starts: %v, want an illustration and a (+) chain puzzle %v", starts, want)
	}
	c, finds, err := startClimb(nested, lib, nil, seed)
	if err != nil || len(finds) > 0 {
		t.Fatal(finds, err)
	}
	for _, s := range starts {
		other, _, err := engine.StartClimb(s.puzzle, nested, s.source, seed)
		if err != nil {
			t.Fatal(err)
		}
		if other.Gap < c.Gap {
			t.Errorf("the climb starts at %s (gap %.2f), but %s is nearer (%.2f)", c.Start, c.Gap, s.source, other.Gap)
		}
	}

	c.Gap = c.StartGap / 2
	if got := climbStarts(nested, lib, c, seed); len(got) != 1 || got[0].puzzle != c.Puzzle || got[0].source != c.Source() {
		t.Errorf("after a climb that came nearer: %v, want its end %s", got, c.Source())
	}
	c.Gap = c.StartGap
	if got := climbStarts(nested, lib, c, seed+1); len(got) != 2 || got[0].source != ill[(seed+1)%len(ill)].Source {
		t.Errorf("after a climb that did not: %v, want an illustration and a library puzzle", got)
	}
	// a technique of the easiest level has nothing rated below it there
	if got, ok := servedBelow(engine.TechFullHouse, lib); ok {
		t.Errorf("servedBelow(Full House) = %s", got)
	}
}
