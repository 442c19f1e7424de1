package bank_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bank"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

func openStore(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "bank.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// fakeGen serves pool puzzles in disguise with a technique per seed:
// mostly one, as ALS-XZ decides most master puzzles.
func fakeGen(techs []string) bank.Generator {
	entries := engine.DefaultPool().All()
	return func(_ context.Context, seed uint64, level engine.Level) (store.Puzzle, error) {
		e := entries[seed%uint64(len(entries))]
		sol, err := engine.Solve(e.Puzzle)
		if err != nil {
			return store.Puzzle{}, err
		}
		tr := engine.RandomTransform(rand.New(rand.NewPCG(seed, 5)))
		return store.Puzzle{Grid: tr.Apply(e.Puzzle), Solution: tr.Apply(sol), Level: level, Score: 6,
			Techniques: techs[seed%uint64(len(techs))]}, nil
	}
}

func counter(from uint64) func() uint64 {
	n := from
	return func() uint64 { n++; return n }
}

// TestRefillQuota: the bank fills to its size with no technique above
// MaxShare when the level has enough techniques.
func TestRefillQuota(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	b := &bank.Bank{Store: st, Gen: fakeGen([]string{"ALS-XZ", "ALS-XZ", "ALS-XZ", "XY-Chain", "Sue de Coq"}), Size: 10, Seeds: counter(0)}
	n, err := b.Refill(ctx, engine.LevelMaster)
	if err != nil || n != 10 {
		t.Fatalf("Refill: %d, %v", n, err)
	}
	counts, err := st.BankCounts(ctx, engine.LevelMaster)
	if err != nil {
		t.Fatal(err)
	}
	for tech, c := range counts {
		if float64(c) > bank.MaxShare*10 {
			t.Errorf("%s holds %d of 10", tech, c)
		}
	}
	if n, err := b.Refill(ctx, engine.LevelMaster); n != 0 || err != nil {
		t.Fatalf("a full bank refilled %d, %v", n, err)
	}
	// One technique only (easy): it still fills.
	one := &bank.Bank{Store: st, Gen: fakeGen([]string{"Hidden Single"}), Size: 5, Seeds: counter(1000)}
	if n, err := one.Refill(ctx, engine.LevelEasy); n != 5 || err != nil {
		t.Fatalf("easy Refill: %d, %v", n, err)
	}
	// A claim takes one out; Refill puts one back.
	if _, err := st.BankClaim(ctx, engine.LevelEasy, "u"); err != nil {
		t.Fatal(err)
	}
	if n, err := one.Refill(ctx, engine.LevelEasy); n != 1 || err != nil {
		t.Fatalf("refill after a claim: %d, %v", n, err)
	}
}

// BenchmarkClaim is the bank's half of /sudoku new: one claim by a
// player with 200 games, from banks of several sizes (SQLite file). It
// reports the p99 latency; the target is well under 50 ms.
func BenchmarkClaim(b *testing.B) {
	for _, size := range []int{20, 200, 2000} {
		b.Run(fmt.Sprintf("bank=%d", size), func(b *testing.B) {
			ctx := context.Background()
			st := openStore(b)
			entries := engine.DefaultPool().All()
			gen := fakeGen([]string{"A", "B", "C"})
			seed := uint64(0)
			add := func() {
				seed++
				if seed%uint64(len(entries)) >= 200 {
					seed += uint64(len(entries)) - 200 // not one the player played
				}
				p, err := gen(ctx, seed, engine.LevelHard)
				if err == nil {
					p, err = st.SavePuzzle(ctx, p)
				}
				if err == nil {
					err = st.BankAdd(ctx, p)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
			for range size {
				add()
			}
			// The player's history: 200 games (of 20 puzzles in disguise, which the bank also holds and must skip).
			for i := range 200 {
				sol, _ := engine.Solve(entries[200+i%20].Puzzle)
				tr := engine.RandomTransform(rand.New(rand.NewPCG(uint64(i), 77)))
				p, err := st.SavePuzzle(ctx, store.Puzzle{Grid: tr.Apply(entries[200+i%20].Puzzle), Solution: tr.Apply(sol), Level: engine.LevelHard})
				if err != nil {
					b.Fatal(err)
				}
				if _, _, err := st.StartGame(ctx, store.NewGame{UserID: "player", PuzzleID: p.ID, Context: store.ContextPersonal, StartedAt: time.Now()}); err != nil {
					b.Fatal(err)
				}
			}
			var lat []time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				start := time.Now()
				if _, err := st.BankClaim(ctx, engine.LevelHard, "player"); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(start))
				b.StopTimer()
				add() // keep the bank at its size, as Refill does
				b.StartTimer()
			}
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}
