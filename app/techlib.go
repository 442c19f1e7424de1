package app

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/clock"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/puzzles"
	"github.com/sudokubot/sudokubot/store"
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
	// libraryReadWait bounds a read of the stored finds: autocomplete and
	// the lesson pages ask for the library, and a silent store must not
	// hold them up. A read that fails is tried again after libraryRetry,
	// not by every caller.
	libraryReadWait = time.Second
	libraryRetry    = 10 * time.Second
	// libraryCheckBudget bounds the checking of new stored finds per read
	// (each a teaching step search, up to a second for an extreme one);
	// finds not checked yet are left out until a later read checks them.
	libraryCheckBudget = 200 * time.Millisecond
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
	// trains memoizes, per stored line, whether the find still trains its
	// technique on this engine: a find stored by an older engine whose
	// path now takes another step there (as the Franken Swordfish's did
	// once the grouped chains learnt a link) would be offered in menus
	// and then refused as played. nil is engine.LibraryEntry.Trains.
	trains  func(engine.LibraryEntry) bool
	checked map[string]bool
}

// get returns the library; a store that does not answer within
// libraryReadWait leaves the last one read (the shipped one at first),
// and is asked again only after libraryRetry: training and the menus
// never wait on it longer.
func (l *techLibrary) get(ctx context.Context) *engine.TechniqueLibrary {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.lib != nil && l.clock.Now().Sub(l.loaded) < libraryReload {
		return l.lib
	}
	if l.lib == nil {
		l.lib = engine.DefaultTechniqueLibrary()
	}
	rctx, cancel := context.WithTimeout(ctx, libraryReadWait)
	defer cancel()
	lines, err := l.store.LibraryEntries(rctx)
	if err != nil {
		l.loaded = l.clock.Now().Add(libraryRetry - libraryReload)
		return l.lib
	}
	if l.checked == nil {
		l.checked = map[string]bool{}
	}
	trains := l.trains
	if trains == nil {
		trains = engine.LibraryEntry.Trains
	}
	start := time.Now() // CPU spent here, not the bot's clock
	var extra []engine.LibraryEntry
	for _, line := range lines {
		e, err := engine.ParseLibraryEntry(line)
		if err != nil {
			continue
		}
		ok, seen := l.checked[line]
		if !seen {
			if time.Since(start) > libraryCheckBudget {
				continue // checked by a later read
			}
			ok = trains(e)
			l.checked[line] = ok
		}
		if ok {
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
	return m.keepLibraryFinds(ctx, lib, finds)
}

// keepLibraryFinds stores finds the served library lib has not (another
// process may have stored one since: the store keeps it once), logs each
// new one, and has the library read again when one was.
func (m *Main) keepLibraryFinds(ctx context.Context, lib *engine.TechniqueLibrary, finds []engine.LibraryEntry) error {
	added := 0
	for _, e := range finds {
		if slices.ContainsFunc(lib.Entries(e.Technique), func(x engine.LibraryEntry) bool { return x.Canon() == e.Canon() }) {
			continue
		}
		ok, err := m.Store.AddLibraryEntry(ctx, string(e.Technique), e.Canon(), e.String(), m.library.clock.Now())
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

// queueLibraryJob queues a unit of the library's background work of
// kind (technique-mine or technique-climb), keyed key; one already queued
// anywhere is not queued twice.
func (m *Main) queueLibraryJob(ctx context.Context, kind jobs.Kind, key string) {
	if m.Jobs == nil {
		return
	}
	if _, err := m.Jobs.Enqueue(ctx, jobs.Job{Kind: kind, Key: key, Payload: []byte(key)}); err != nil {
		m.Logger.Warn("queueing the technique library's background work failed", "kind", string(kind), "err", err)
	}
}

// runLibraryJob queues a unit of kind at start and every every until ctx
// ends; nothing when every is 0. A unit is its own job, so the bulk
// lane's bank refills take turns with it.
func (m *Main) runLibraryJob(ctx context.Context, every time.Duration, kind jobs.Kind, key string) {
	if every <= 0 {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		m.queueLibraryJob(ctx, kind, key)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// The library's gaps (techniques the teaching path can take but no
// puzzle of the library trains yet) are climbed towards as well: digging
// meets them too rarely (engine/pooldata/TECHNIQUES.md), and `techlib
// climb` reached the first Dynamic Forcing Chain (+) puzzles that way. A
// technique-climb job takes one round of one gap's climb, kept in the
// store between rounds, the gaps in turn.

const (
	// DefaultLibraryClimbEvery is how often Serve's processes queue a
	// round: width puzzles rated at every level, about 0.1 s of CPU on the
	// gaps' hard puzzles (BenchmarkClimbRound), one round at a time across
	// the install: under 1% of a core.
	DefaultLibraryClimbEvery = 15 * time.Second
	// libraryClimbKey is the one key of the technique-climb jobs.
	libraryClimbKey = "climb"
	// libraryClimbWidth, libraryClimbPatience and libraryClimbRounds are
	// techlib climb's --width, --patience and --rounds, as the climbs of
	// TECHNIQUES.md ran them.
	libraryClimbWidth    = 4
	libraryClimbPatience = 40
	libraryClimbRounds   = 200
)

// libraryGaps are the techniques the climbs look for: those training
// could serve once a puzzle is found (on the teaching path and not
// NeverFirst) of which lib has none.
func libraryGaps(lib *engine.TechniqueLibrary) []engine.TechniqueID {
	var out []engine.TechniqueID
	for _, t := range engine.TechniqueIDs() {
		if _, never := engine.NeverFirst(t); engine.Trainable(t) && !never && len(lib.Entries(t)) == 0 {
			out = append(out, t)
		}
	}
	return out
}

// climbLibrary is one unit of a technique-climb job: one round of the
// climb of the gap climbed longest ago (one never climbed first). Done
// when there is no gap.
func (m *Main) climbLibrary(ctx context.Context) error {
	lib := m.library.get(ctx)
	gaps := libraryGaps(lib)
	if len(gaps) == 0 {
		return nil
	}
	saved, err := m.Store.LibraryClimbs(ctx)
	if err != nil {
		return err
	}
	t, old := nextClimb(gaps, saved)
	return m.climbRound(ctx, lib, t, old)
}

// nextClimb picks, of gaps, the first never climbed, else the one saved
// longest ago, with its saved state ("" for none).
func nextClimb(gaps []engine.TechniqueID, saved []store.LibraryClimb) (engine.TechniqueID, string) {
	var pick *store.LibraryClimb
	for _, t := range gaps {
		i := slices.IndexFunc(saved, func(c store.LibraryClimb) bool { return c.Technique == string(t) })
		if i < 0 {
			return t, ""
		}
		if pick == nil || saved[i].Updated.Before(pick.Updated) {
			pick = &saved[i]
		}
	}
	return engine.TechniqueID(pick.Technique), pick.State
}

// climbRound takes one round of t's climb saved as old, starts a new one
// where there is none or it is over (or failed), keeps what it reaches,
// and saves it over old: when another process saved first, this round is
// dropped (it ran twice).
func (m *Main) climbRound(ctx context.Context, lib *engine.TechniqueLibrary, t engine.TechniqueID, old string) error {
	var c *engine.Climb
	if old != "" {
		var err error
		if c, err = engine.ParseClimb(old); err != nil {
			m.Logger.Warn("technique library: a saved climb does not read; starting anew", "technique", string(t), "err", err)
			c = nil
		}
	}
	var finds []engine.LibraryEntry
	var err error
	if c != nil && !c.Over(libraryClimbPatience, libraryClimbRounds) {
		if finds, err = c.Round(libraryClimbWidth); err != nil {
			// The engine refused a neighbour (a fault of its own, since
			// every neighbour has one solution): retrying the same round
			// would fail the same way every 15 s, so this climb ends.
			m.Logger.Warn("technique library: a climb's round failed; starting anew", "technique", string(t), "climb", c.Note("failed"), "err", err)
			c = nil
		}
	}
	// A climb that arrived this round is saved as it is (the next unit
	// starts anew); one that is over, or arrived before, starts anew now.
	if c == nil || len(finds) == 0 && c.Over(libraryClimbPatience, libraryClimbRounds) {
		if c != nil && !c.Arrived {
			m.Logger.Info("technique library: a climb ended", "technique", string(t),
				"climb", c.Note("not taken, ends at "+c.Puzzle.String()+" "+c.Source()))
		}
		if c, finds, err = startClimb(t, lib, c, puzzles.RandomSeed()); err != nil {
			return jobs.Permanent(err)
		}
	}
	if len(finds) > 0 {
		m.Logger.Info("technique library: a climb arrived", "technique", string(t), "climb", c.Note("taken, "+c.Source()))
		if err := m.keepLibraryFinds(ctx, lib, finds); err != nil {
			return err
		}
	}
	if ok, err := m.Store.SaveLibraryClimb(ctx, string(t), old, c.String(), m.library.clock.Now()); err != nil {
		return err
	} else if !ok {
		m.Logger.Info("technique library: a climb's round was saved by another process first; this one is dropped", "technique", string(t))
	}
	return nil
}

// climbStart is one place a new climb towards t may start.
type climbStart struct {
	puzzle engine.Grid
	source string
}

// climbStarts are where a new climb towards t may start: where the last
// one ended when it came nearer than it started (a climb often stops on a
// ledge the next one's other moves get past); else one of t's
// illustrations and one of lib's puzzles of the servable technique of t's
// level rated nearest below it (a Dynamic Forcing Chain (+) puzzle for a
// Nested Forcing Chain), chosen by seed; a dug puzzle when there is
// neither.
func climbStarts(t engine.TechniqueID, lib *engine.TechniqueLibrary, last *engine.Climb, seed uint64) []climbStart {
	if last != nil && last.Gap < last.StartGap {
		return []climbStart{{last.Puzzle, last.Source()}}
	}
	var out []climbStart
	if es := engine.DefaultIllustrations().Entries(t); len(es) > 0 {
		e := es[seed%uint64(len(es))]
		out = append(out, climbStart{e.Puzzle, e.Source})
	}
	if below, ok := servedBelow(t, lib); ok {
		es := lib.Entries(below)
		e := es[seed%uint64(len(es))]
		out = append(out, climbStart{e.Puzzle, e.Source})
	}
	if len(out) == 0 {
		out = append(out, climbStart{engine.MineGrid(seed), "dig:" + strconv.FormatUint(seed, 10)})
	}
	return out
}

// servedBelow is the technique of t's level, rated at most t's base
// rating, with the highest rating that lib serves.
func servedBelow(t engine.TechniqueID, lib *engine.TechniqueLibrary) (engine.TechniqueID, bool) {
	ti, ok := t.Info()
	if !ok {
		return "", false
	}
	var best engine.TechniqueInfo
	for _, id := range engine.TechniqueIDs() {
		i, _ := id.Info()
		if id != t && i.Level == ti.Level && i.Rating <= ti.Rating && i.Rating > best.Rating && lib.Serves(id) {
			best = i
		}
	}
	return best.ID, best.ID != ""
}

// startClimb starts t's next climb at the nearest of climbStarts (each
// rated once: a new climb is rare, a round of the job costs as much): a
// climb that starts far from t spends its patience getting back. A start
// whose path already takes t is returned at once with its finds.
func startClimb(t engine.TechniqueID, lib *engine.TechniqueLibrary, last *engine.Climb, seed uint64) (*engine.Climb, []engine.LibraryEntry, error) {
	var best *engine.Climb
	for _, s := range climbStarts(t, lib, last, seed) {
		c, finds, err := engine.StartClimb(s.puzzle, t, s.source, seed)
		switch {
		case err != nil:
			return nil, nil, err
		case len(finds) > 0:
			return c, finds, nil
		case best == nil || c.Gap < best.Gap:
			best = c
		}
	}
	return best, nil, nil
}
