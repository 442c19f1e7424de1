package daily_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// disguises is a generator that only knows a few puzzles and serves them
// in random disguise: what the old pool-served dailies did.
func disguises(entries []engine.PoolEntry, techs []string) daily.Generator {
	return func(_ context.Context, seed uint64, level engine.Level) (store.Puzzle, error) {
		i := int(seed % uint64(len(entries)))
		tr := engine.RandomTransform(rand.New(rand.NewPCG(seed, 9)))
		sol, err := engine.Solve(entries[i].Puzzle)
		if err != nil {
			return store.Puzzle{}, err
		}
		return store.Puzzle{Grid: tr.Apply(entries[i].Puzzle), Solution: tr.Apply(sol), Level: level, Score: 5,
			Techniques: techs[i]}, nil
	}
}

// TestDailiesNeverRepeat: with a generator of two puzzles in disguise,
// two days get the two puzzles, whatever the level, and the third day
// is refused rather than served a repeat.
func TestDailiesNeverRepeat(t *testing.T) {
	ctx := context.Background()
	st := openSQLite(t, dbPath(t))
	d := daily.NewSource(st, disguises(engine.DefaultPool().All()[:2], []string{"X-Wing", "Naked Pair"}))
	a, err := d.Get(ctx, day(t, "2026-12-01"), engine.LevelHard)
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.Get(ctx, day(t, "2026-12-02"), engine.LevelExpert)
	if err != nil {
		t.Fatal(err)
	}
	if a.Canon == b.Canon || a.Canon == "" {
		t.Fatalf("two dailies share canon %q", a.Canon)
	}
	_, err = d.Get(ctx, day(t, "2026-12-03"), engine.LevelMaster)
	if !errors.Is(err, store.ErrRepeat) {
		t.Fatalf("third daily: %v, want ErrRepeat", err)
	}
}

// TestDailiesVaried: with four techniques to choose from, every week at
// a level turns on three of them at least, and none decides more than 40%
// of four weeks' dailies.
func TestDailiesVaried(t *testing.T) {
	ctx := context.Background()
	st := openSQLite(t, dbPath(t))
	entries := engine.DefaultPool().All()[:60]
	techs := make([]string, len(entries))
	for i := range techs {
		// Mostly one technique, as ALS-XZ decides most masters.
		techs[i] = []string{"ALS-XZ", "ALS-XZ", "ALS-XZ", "XY-Chain", "ALS-XZ", "Sue de Coq", "ALS-XZ", "ALS-XY-Wing"}[i%8]
	}
	d := daily.NewSource(st, disguises(entries, techs))
	first := day(t, "2026-12-01")
	var got []string
	for i := range 28 {
		p, err := d.Get(ctx, first.AddDays(i), engine.LevelMaster)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p.Techniques)
	}
	total := map[string]int{}
	for i, tech := range got {
		total[tech]++
		if i+7 > len(got) {
			continue
		}
		count := map[string]int{}
		for _, tech := range got[i : i+7] {
			count[tech]++
		}
		if len(count) < 3 {
			t.Fatalf("week from day %d turns on %d techniques: %v", i, len(count), got[i:i+7])
		}
	}
	for tech, n := range total {
		if n*10 > len(got)*4 {
			t.Errorf("%s decides %d of %d dailies", tech, n, len(got))
		}
	}
}
