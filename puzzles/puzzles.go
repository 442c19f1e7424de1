// Package puzzles makes the puzzles players ask for, for both doors: a
// fresh puzzle of a level (from the store's bank, else made now, never
// one the player played in any disguise: game.Acquire), a training
// puzzle of a technique, and a daily not made yet. The making runs in the
// process's heavy-work pool (package heavy), within the player's budget;
// over it the player is told to try again, in words of the catalogue.
package puzzles

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/heavy"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// Request asks a Generator for a new puzzle.
type Request struct {
	Level    engine.Level
	Symmetry string // one of engine's symmetries, "" for any
	Seed     uint64
	// Fresh asks for a newly dug puzzle, never a disguised pool one:
	// the last resort of a player who played the pool's.
	Fresh bool
}

// Generator makes puzzles of a level. Implementations grade what they
// return (Level, Score). A Generator that is also a Trainer makes the
// training puzzles too.
type Generator interface {
	New(ctx context.Context, req Request) (store.Puzzle, error)
}

// Trainer makes training puzzles of a technique, skipping the puzzles
// played reports the player has played (by canonical key).
type Trainer interface {
	Train(ctx context.Context, t engine.TechniqueID, seed uint64, played func(canon string) bool) (engine.TechniquePuzzle, error)
}

// Dailies serves the stored daily of a date and level, making it on first
// use; *daily.Source implements it. The doors and the publisher share one,
// so a player's daily and the posted one are one puzzle.
type Dailies interface {
	Get(ctx context.Context, day store.Day, level engine.Level) (store.Puzzle, error)
	// Stored returns the daily only if it was already made.
	Stored(ctx context.Context, day store.Day, level engine.Level) (store.Puzzle, error)
}

// Jobs queues work in the store's durable job queue and tells when a
// job is done; *jobs.Runner implements it.
type Jobs interface {
	Enqueue(ctx context.Context, j jobs.Job) (bool, error)
	Watch(k jobs.Kind, key string) (<-chan struct{}, func())
}

// Store is what the Maker reads and claims: the bank, what a player
// played, a puzzle already stored; *store.Store implements it.
type Store interface {
	game.PuzzleStore
	PuzzleByGrid(ctx context.Context, g engine.Grid) (store.Puzzle, error)
}

// Maker makes puzzles for players in the heavy pool. Pool and Store are
// required; the rest have defaults.
type Maker struct {
	Pool  *heavy.Pool
	Store Store
	// Generator makes the puzzles of a level; nil is Engine{}.
	Generator Generator
	// Dailies makes the dailies; nil refuses a daily.
	Dailies Dailies
	// Jobs queues a daily that found no worker, so that no restart loses
	// it; nil makes it in the pool's background (Pool.Later).
	Jobs Jobs
	// BankClaimed is told the level of each puzzle taken from the bank,
	// to wake its refill; nil is nobody.
	BankClaimed func(engine.Level)
	// Library is the technique library training serves (the shipped one
	// and the background jobs' finds); nil is the shipped one. A
	// Generator other than Engine that is a Trainer serves its own.
	Library func(ctx context.Context) *engine.TechniqueLibrary
	// PasteWait is how long a paste's reply waits for its grading; 0 is
	// the pool's budget.
	PasteWait time.Duration
	// Log hears what goes wrong out of the player's sight.
	Log *slog.Logger
}

func (m *Maker) generator() Generator {
	if m.Generator == nil {
		return Engine{}
	}
	return m.Generator
}

func (m *Maker) log() *slog.Logger {
	if m.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return m.Log
}

// Fresh is a puzzle of level (and symmetry, "" for any) for user that
// they never played in any disguise: from the store's bank when it holds
// one, else made now (game.Acquire).
func (m *Maker) Fresh(ctx context.Context, user string, level engine.Level, symmetry string) (store.Puzzle, error) {
	gen := m.generator()
	a := game.Acquire{
		Store: m.Store, Bank: symmetry == "", Claimed: m.BankClaimed, Log: m.log(),
		Make: func(ctx context.Context, fresh bool) (store.Puzzle, error) {
			return gen.New(ctx, Request{Level: level, Symmetry: symmetry, Seed: RandomSeed(), Fresh: fresh})
		},
		Run: func(ctx context.Context, fn func(ctx context.Context) error) error {
			return m.Pool.Run(ctx, user, fn)
		},
	}
	p, err := a.Puzzle(ctx, user, level)
	switch {
	case errors.Is(err, heavy.ErrOverBudget):
		return store.Puzzle{}, &game.Error{Msg: l10n.M("new.slow"), Err: err}
	case err != nil:
		return store.Puzzle{}, fmt.Errorf("new %s puzzle: %w", level, err)
	}
	return p, nil
}

// TechniqueLibrary is the library training serves (Library), the
// shipped one without it: what the menus offer (engine.TechniqueLibrary's
// Offers: its puzzles, else the illustrations) and Training serves from.
func (m *Maker) TechniqueLibrary(ctx context.Context) *engine.TechniqueLibrary {
	if m.Library == nil {
		return engine.DefaultTechniqueLibrary()
	}
	return m.Library(ctx)
}

// Training is a training puzzle of technique t for user: one of the
// technique library that they never played in any disguise.
func (m *Maker) Training(ctx context.Context, user string, t engine.TechniqueID) (engine.TechniquePuzzle, error) {
	var made engine.TechniquePuzzle
	gen := m.generator()
	err := m.Pool.Run(ctx, user, func(ctx context.Context) error {
		played := func(canon string) bool {
			p, err := m.Store.PlayedCanon(ctx, user, canon)
			if err != nil {
				// A repeat is better than no training at all.
				m.log().Warn("checking a training puzzle against the player's games failed", "user", user, "err", err)
				return false
			}
			return p
		}
		var err error
		_, engineGen := gen.(Engine)
		if tr, ok := gen.(Trainer); ok && !engineGen {
			made, err = tr.Train(ctx, t, RandomSeed(), played)
		} else {
			made, err = engine.TrainingPuzzle(engine.TrainOptions{Technique: t, Seed: RandomSeed(), Played: played, Library: m.TechniqueLibrary(ctx)})
		}
		return err
	})
	switch {
	case errors.Is(err, heavy.ErrOverBudget):
		// The worker may still be writing made: never read it here.
		return engine.TechniquePuzzle{}, &game.Error{Msg: l10n.M("train.slow"), Err: err}
	case errors.Is(err, engine.ErrTechniqueUsedUp):
		return engine.TechniquePuzzle{}, &game.Error{Msg: l10n.M("train.used_up"), Err: err}
	case errors.Is(err, engine.ErrTechniqueUnavailable):
		return engine.TechniquePuzzle{}, &game.Error{Msg: l10n.M("train.unavailable"), Err: err}
	case errors.Is(err, engine.ErrTechniqueNotReached):
		return engine.TechniquePuzzle{}, &game.Error{Msg: l10n.M("train.failed"), Err: err}
	case err != nil:
		return engine.TechniquePuzzle{}, fmt.Errorf("training puzzle %s: %w", t, err)
	}
	return made, nil
}

// Daily is the daily of day and level for user: at once when it was
// already made (the publisher makes the guilds' levels ahead), else made
// in the pool, since making a hard one takes seconds. Over the budget the
// player is asked to come back; the making goes on, shared with everyone
// else asking, or is queued when it found no worker.
func (m *Maker) Daily(ctx context.Context, user string, day store.Day, level engine.Level) (store.Puzzle, error) {
	if m.Dailies == nil {
		return store.Puzzle{}, errors.New("puzzles: no Dailies to make the daily")
	}
	if p, err := m.Dailies.Stored(ctx, day, level); err == nil {
		return p, nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return store.Puzzle{}, err
	}
	var p store.Puzzle
	err := m.Pool.Run(ctx, user, func(ctx context.Context) error {
		var err error
		p, err = m.Dailies.Get(ctx, day, level)
		return err
	})
	if errors.Is(err, heavy.ErrNotStarted) {
		// No worker was free: queue the making, so that it is ready when
		// the player comes back: in the store's queue, which no restart
		// loses, else in memory (a full queue leaves it to the next ask).
		if !m.queueDaily(ctx, user, day, level) {
			m.Pool.Later(func(ctx context.Context) {
				if _, err := m.Dailies.Get(ctx, day, level); err != nil {
					m.log().Warn("making a daily later", "day", day, "level", level, "err", err)
				}
			})
		}
	}
	// Over the budget the worker may still be writing p: read it only
	// when the job is done.
	switch {
	case errors.Is(err, heavy.ErrOverBudget):
		return store.Puzzle{}, &game.Error{Msg: l10n.M("daily.making", "Level", l10n.M("level."+level.String())), Err: err}
	case err != nil:
		return store.Puzzle{}, err
	}
	return p, nil
}

// queueDaily queues the making of a daily that a player asked for before
// it was made, so that it is ready when they come back, whichever process
// makes it; false when there is no queue or it failed.
func (m *Maker) queueDaily(ctx context.Context, user string, day store.Day, level engine.Level) bool {
	if m.Jobs == nil {
		return false
	}
	key := DailyJobKey(day, level)
	if _, err := m.Jobs.Enqueue(ctx, jobs.Job{Kind: jobs.MakeDaily, Key: key, Player: user, Payload: []byte(key)}); err != nil {
		m.log().Warn("queuing a daily's making failed", "day", day, "level", level, "err", err)
		return false
	}
	return true
}

// DailyJobKey is the key and payload of a MakeDaily job: "YYYY-MM-DD/level".
func DailyJobKey(day store.Day, level engine.Level) string {
	return day.String() + "/" + level.String()
}

// RandomSeed is a seed for the generators from the system's randomness:
// the engine takes its randomness only as a seed.
func RandomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// Engine makes puzzles with the engine's level generator.
type Engine struct {
	// Pool serves the levels digging rarely reaches; nil is the engine's
	// shipped pool.
	Pool *engine.Pool
}

// New implements Generator.
func (e Engine) New(ctx context.Context, req Request) (store.Puzzle, error) {
	sym := engine.SymNone
	if req.Symmetry != "" {
		var err error
		if sym, err = engine.ParseSymmetry(req.Symmetry); err != nil {
			return store.Puzzle{}, err
		}
	}
	lp, err := engine.GenerateLevel(engine.LevelOptions{Level: req.Level, Seed: req.Seed, Symmetry: sym, Pool: e.Pool, DigOnly: req.Fresh})
	if err != nil {
		return store.Puzzle{}, err
	}
	return store.Puzzle{
		Grid: lp.Puzzle, Solution: lp.Solution, Score: lp.Grade.Score, Level: lp.Grade.Level,
		Techniques: lp.Grade.Hardest.String(), Origin: fmt.Sprintf("seed:%d", req.Seed),
	}, nil
}

// Train implements Trainer with the engine's technique library.
func (e Engine) Train(_ context.Context, t engine.TechniqueID, seed uint64, played func(canon string) bool) (engine.TechniquePuzzle, error) {
	return engine.TrainingPuzzle(engine.TrainOptions{Technique: t, Seed: seed, Played: played})
}
