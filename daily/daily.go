package daily

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
	"golang.org/x/sync/singleflight"
)

// Epoch is the date of daily puzzle #1; a daily's number counts days from
// it, so every process numbers a date the same way.
var Epoch = store.Date(2026, time.January, 1)

// Number is the daily's number shown in titles: 1 on Epoch, counting
// calendar days, so it is the same for a date in every time zone. Dates
// before Epoch get numbers below 1.
func Number(day store.Day) int { return day.Sub(Epoch) + 1 }

// Seed is the generator seed of the daily of day at level. It is a
// hash of both, so every process, shard and the CLI compute the same
// puzzle without coordinating, and levels of one day are unrelated.
func Seed(day store.Day, level engine.Level) (uint64, error) {
	if day.IsZero() {
		return 0, fmt.Errorf("daily: no date: %w", store.ErrInvalid)
	}
	if !level.Valid() {
		return 0, fmt.Errorf("daily %s: %w %d", day, engine.ErrUnknownLevel, int(level))
	}
	h := fnv.New64a()
	// The level's stable name, not its number: the hash, and so every
	// daily ever published, must not change if levels are renumbered.
	fmt.Fprintf(h, "sudokubot daily %s %s", day, level)
	return h.Sum64(), nil
}

// Generator makes the puzzle of a seed at a level, with its solution and
// grade. It must be deterministic: the same seed and level always give the
// same puzzle.
type Generator func(ctx context.Context, seed uint64, level engine.Level) (store.Puzzle, error)

// Generate computes the daily of day at level with gen, from
// Seed. The result is not stored; Source stores it and serves the
// stored copy from then on.
func Generate(ctx context.Context, gen Generator, day store.Day, level engine.Level) (store.Puzzle, error) {
	seed, err := Seed(day, level)
	if err != nil {
		return store.Puzzle{}, err
	}
	p, err := gen(ctx, seed, level)
	if err != nil {
		return store.Puzzle{}, fmt.Errorf("daily %s %s: %w", day, level, err)
	}
	if p.Origin == "" {
		p.Origin = "daily:" + day.String()
	}
	return p, nil
}

// Title is the daily's title in English, e.g. "Daily Sudoku #326 · Sun
// 22 Nov 2026 · Hard": LocalTitle in English, for the command line.
func Title(day store.Day, level engine.Level) string {
	return LocalTitle(l10n.English(), day, level)
}

// LocalTitle is the daily's title in a language: its name, date and
// level ("每日数独 #326 · 2026年11月22日（周日）· 困难"). Threads and the
// bot's replies use it as is; the post sets the name in bold.
func LocalTitle(l *l10n.Lang, day store.Day, level engine.Level) string {
	name, rest := titleParts(l, day, level)
	return name + rest
}

// PostTitle is the first line of a daily post: LocalTitle with the name
// in bold. The name ends with "#326" in every language, so the bold
// "#326**" is the language-free mark the publisher finds its post by.
func PostTitle(l *l10n.Lang, day store.Day, level engine.Level) string {
	name, rest := titleParts(l, day, level)
	return "**" + name + "**" + rest
}

func titleParts(l *l10n.Lang, day store.Day, level engine.Level) (name, rest string) {
	return l.T("daily.name", "Number", Number(day)), l.T("daily.title_rest", "Date", l.Date(day.Time()), "Level", l.Level(level))
}

// PictureTitle is the wordless line above the daily's picture: its
// number and date, the same in every language ("#326 · 2026-11-22").
func PictureTitle(day store.Day) string {
	n := Number(day)
	if n < 1 {
		// A day before daily #1 (sudokubot daily --date 1999-01-01) has
		// no number: "#-9861" would read as a mistake.
		return day.String()
	}
	return fmt.Sprintf("#%d · %s", n, day)
}

// PNG draws the daily's board with its title, as posted: the
// scheduler and `sudokubot daily` both call it, so the CLI shows exactly
// what a guild gets.
func PNG(p store.Puzzle, day store.Day, level engine.Level) ([]byte, error) {
	return render.BoardPNG(render.Position{Puzzle: p.Grid}, render.Options{Theme: render.Dark, Title: PictureTitle(day)})
}

// SolutionPNG draws the daily's solution (givens in their colour, the rest
// as entries), for the next day's spoiler.
func SolutionPNG(p store.Puzzle, day store.Day, level engine.Level) ([]byte, error) {
	if !p.Solution.Full() {
		return nil, fmt.Errorf("daily %s %s: no solution to draw", day, level)
	}
	return render.BoardPNG(render.Position{Puzzle: p.Grid, Progress: p.Solution}, render.Options{Theme: render.Dark, Title: PictureTitle(day)})
}

// PuzzleStore is the part of the store that keeps dailies.
type PuzzleStore interface {
	SavePuzzle(ctx context.Context, p store.Puzzle) (store.Puzzle, error)
	SetDaily(ctx context.Context, day store.Day, level engine.Level, puzzleID int64) (store.Puzzle, error)
	Daily(ctx context.Context, day store.Day, level engine.Level) (store.Puzzle, error)
	// DailyCanonUsed and DailyTechniques keep dailies fresh and varied
	// (see Mint).
	DailyCanonUsed(ctx context.Context, canon string) (bool, error)
	DailyTechniques(ctx context.Context, level engine.Level, first, last store.Day) (map[store.Day]string, error)
}

// Source serves daily puzzles: from memory, else from the store, else
// generated and stored. The store's first-writer-wins SetDaily makes every
// process serve one puzzle per date and level even if two generate it at
// once (or a newer binary's generator differs).
type Source struct {
	store PuzzleStore
	gen   Generator

	// group makes concurrent first requests for one daily generate it
	// once: generation takes up to seconds and the scheduler asks for
	// every level at once.
	group singleflight.Group

	mu    sync.Mutex
	cache map[key]store.Puzzle
	// closed, making and stop let Close end the dailies being made: their
	// generation runs on after a caller gives up, and must neither write
	// to a store that is closing nor hold up a shutdown.
	closed bool
	making sync.WaitGroup
	life   context.Context
	stop   context.CancelFunc
}

// ErrClosed is Get's error after Close.
var ErrClosed = errors.New("daily source closed")

// Close cancels the dailies being made and waits for them to end; Get
// fails with ErrClosed afterwards. Call it before closing the store.
func (d *Source) Close() {
	d.mu.Lock()
	d.closed = true
	d.mu.Unlock()
	d.stop()
	d.making.Wait()
}

// key names a daily: its date and level.
type key struct {
	day   store.Day
	level engine.Level
}

// String is the key for the singleflight group.
func (k key) String() string { return k.day.String() + " " + k.level.String() }

// NewSource returns a Source over st generating with gen.
func NewSource(st PuzzleStore, gen Generator) *Source {
	life, stop := context.WithCancel(context.Background())
	return &Source{store: st, gen: gen, cache: map[key]store.Puzzle{}, life: life, stop: stop}
}

// Get returns the daily of day at level, generating and storing it if no
// process has yet. Concurrent calls for one daily generate it once.
func (d *Source) Get(ctx context.Context, day store.Day, level engine.Level) (store.Puzzle, error) {
	k := key{day, level}
	d.mu.Lock()
	p, ok := d.cache[k]
	d.mu.Unlock()
	if ok {
		return p, nil
	}
	// The shared call runs without the caller's deadline, so one caller
	// giving up does not fail the others waiting on it.
	ch := d.group.DoChan(k.String(), func() (any, error) {
		d.mu.Lock()
		if d.closed {
			d.mu.Unlock()
			return store.Puzzle{}, ErrClosed
		}
		d.making.Add(1)
		d.mu.Unlock()
		defer d.making.Done()
		lctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		defer cancel()
		defer context.AfterFunc(d.life, cancel)()
		p, err := d.load(lctx, day, level)
		if err == nil {
			d.mu.Lock()
			d.cache[k] = p
			d.trim(day)
			d.mu.Unlock()
		}
		return p, err
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			return store.Puzzle{}, r.Err
		}
		return r.Val.(store.Puzzle), nil
	case <-ctx.Done():
		return store.Puzzle{}, ctx.Err()
	}
}

// Stored returns the daily of day at level only if some process stored
// it, without generating: yesterday's solution is only worth showing if
// yesterday's daily existed.
func (d *Source) Stored(ctx context.Context, day store.Day, level engine.Level) (store.Puzzle, error) {
	d.mu.Lock()
	p, ok := d.cache[key{day, level}]
	d.mu.Unlock()
	if ok {
		return p, nil
	}
	return d.store.Daily(ctx, day, level)
}

func (d *Source) load(ctx context.Context, day store.Day, level engine.Level) (store.Puzzle, error) {
	p, err := d.store.Daily(ctx, day, level)
	if err == nil {
		return p, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return store.Puzzle{}, err
	}
	for range maxRepeats {
		p, err = Mint(ctx, d.store, d.gen, day, level)
		if err != nil {
			return store.Puzzle{}, err
		}
		saved, err := d.store.SavePuzzle(ctx, p)
		if err != nil {
			return store.Puzzle{}, fmt.Errorf("daily %s %s: %w", day, level, err)
		}
		p, err = d.store.SetDaily(ctx, day, level, saved.ID)
		if !errors.Is(err, store.ErrRepeat) {
			return p, err
		}
		// Another process set a daily of this very puzzle between Mint's
		// check and ours: mint again, now that the store knows it.
	}
	return store.Puzzle{}, fmt.Errorf("daily %s %s: %w %d times", day, level, store.ErrRepeat, maxRepeats)
}

// maxRepeats bounds the mint-and-set rounds lost to other processes.
const maxRepeats = 4

// trim forgets cached dailies more than three days older than day, so a
// long-running process does not keep every puzzle it ever posted.
func (d *Source) trim(day store.Day) {
	cut := day.AddDays(-3)
	for k := range d.cache {
		if k.day.Before(cut) {
			delete(d.cache, k)
		}
	}
}

// Pregenerate makes sure the dailies of every date some time zone is in at
// now or will reach within the next day exist for levels, so that posting
// never waits on the generator. It returns the first error after trying
// them all.
func (d *Source) Pregenerate(ctx context.Context, now time.Time, levels []engine.Level) error {
	// Local dates run from UTC-12 to UTC+14.
	first := store.DayOf(now.Add(-12*time.Hour), time.UTC)
	last := store.DayOf(now.Add(38*time.Hour), time.UTC)
	var errs []error
	for day := first; !day.After(last); day = day.AddDays(1) {
		for _, lv := range levels {
			if _, err := d.Get(ctx, day, lv); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// EngineGenerator is the Generator of the real dailies: the engine's
// level-targeted generator, always digging fresh (DigOnly: never a
// disguised pool puzzle, which the pool keeps for instant /sudoku new),
// re-rated so the stored grade is exact.
func EngineGenerator(ctx context.Context, seed uint64, level engine.Level) (store.Puzzle, error) {
	if err := ctx.Err(); err != nil {
		return store.Puzzle{}, err
	}
	lp, err := engine.GenerateLevel(engine.LevelOptions{Level: level, Seed: seed, DigOnly: true,
		Stop: func() bool { return ctx.Err() != nil }})
	if errors.Is(err, engine.ErrStopped) {
		return store.Puzzle{}, fmt.Errorf("%w: %w", err, context.Cause(ctx))
	} else if err != nil {
		return store.Puzzle{}, err
	}
	return store.Puzzle{
		Grid:       lp.Puzzle,
		Solution:   lp.Solution,
		Score:      lp.Grade.Score,
		Level:      lp.Grade.Level,
		Techniques: lp.Grade.Hardest.String(),
	}, nil
}
