// Package bank keeps a bank of fresh puzzles of every level in the store,
// so that /sudoku new answers at once from any process: the bot claims a
// banked puzzle (store.BankClaim, one statement) and Refill mines new ones
// in the background.
//
// Refill is a plain function so that it can become a job kind of the
// store's durable job queue (issue 29): for now app runs it in a simple
// background loop (Loop), woken when a puzzle is claimed.
package bank

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// Store is what the bank needs of the store; *store.Store has it.
type Store interface {
	SavePuzzle(ctx context.Context, p store.Puzzle) (store.Puzzle, error)
	BankAdd(ctx context.Context, p store.Puzzle) error
	BankCounts(ctx context.Context, level engine.Level) (map[string]int, error)
}

var _ Store = (*store.Store)(nil)

// Generator makes a fresh puzzle of a level from a seed, graded, with its
// deciding technique in Techniques (daily.EngineGenerator).
type Generator func(ctx context.Context, seed uint64, level engine.Level) (store.Puzzle, error)

// DefaultSize is the bank's size per level. A claim costs one indexed
// statement whatever the size (BenchmarkClaim); the size only has to
// cover the claims made while Refill mines, about 10 minutes of an
// extreme's worth of claims on a busy install (an extreme costs about 2 s
// of CPU to mine, the others well under 0.1 s).
const DefaultSize = 20

// MaxShare is the largest share of a level's bank one deciding technique
// may hold, so that /sudoku new at a level is varied (issue 30: 40%).
const MaxShare = 0.4

// maxSkips is how many candidates in a row Refill turns away for the
// quota before it takes one anyway: easy and medium are decided by one
// technique, extreme by two, and they must still fill.
const maxSkips = 8

// Bank refills the puzzle bank.
type Bank struct {
	Store Store
	Gen   Generator
	// Size is the puzzles kept per level; 0 is DefaultSize.
	Size int
	// Seeds draws the generator's seeds; nil is a random source.
	Seeds func() uint64
	Log   *slog.Logger
}

func (b *Bank) size() int {
	if b.Size > 0 {
		return b.Size
	}
	return DefaultSize
}

func (b *Bank) seed() uint64 {
	if b.Seeds != nil {
		return b.Seeds()
	}
	return rand.Uint64()
}

// Refill mines puzzles of level until the bank holds Size of them, no
// deciding technique above MaxShare of Size where the level has the
// techniques for it. It returns how many it added. It is safe to run in
// several processes at once: they may overfill by a puzzle or two, never
// corrupt anything.
func (b *Bank) Refill(ctx context.Context, level engine.Level) (int, error) {
	added, _, err := b.refill(ctx, level, 0)
	return added, err
}

// RefillOne is one unit of Refill, for work that must yield often (the
// job queue's bulk lane): it mines until it has added one puzzle (or the
// bank is full) and says whether the bank is full now.
func (b *Bank) RefillOne(ctx context.Context, level engine.Level) (added int, full bool, err error) {
	return b.refill(ctx, level, 1)
}

// refill mines puzzles of level until the bank is full or, when most is
// above 0, most are added; full says whether the bank is full.
func (b *Bank) refill(ctx context.Context, level engine.Level, most int) (int, bool, error) {
	counts, err := b.Store.BankCounts(ctx, level)
	if err != nil {
		return 0, false, err
	}
	total := 0
	for _, n := range counts {
		total += n
	}
	limit := max(1, int(MaxShare*float64(b.size())))
	added, skips := 0, 0
	for total < b.size() && (most <= 0 || added < most) {
		if err := ctx.Err(); err != nil {
			return added, false, err
		}
		p, err := b.Gen(ctx, b.seed(), level)
		if err != nil {
			return added, false, fmt.Errorf("bank %s: %w", level, err)
		}
		if counts[p.Techniques] >= limit && skips < maxSkips {
			skips++
			continue
		}
		skips = 0
		if p.Origin == "" {
			p.Origin = "bank"
		}
		saved, err := b.Store.SavePuzzle(ctx, p)
		if err != nil {
			return added, false, fmt.Errorf("bank %s: %w", level, err)
		}
		if saved.Ungraded || saved.Level != level {
			continue // a grid stored before with another grade: not this bank's
		}
		if err := b.Store.BankAdd(ctx, saved); err != nil {
			return added, false, err
		}
		counts[p.Techniques]++
		total++
		added++
	}
	return added, total >= b.size(), nil
}
