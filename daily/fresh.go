package daily

import (
	"context"
	"fmt"
	"hash/fnv"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// The variety rules of the dailies at one level. A daily's deciding
// technique (Puzzle.Techniques: the hardest step of its teaching path,
// which sets its grade) is taken at once when the six days before have it
// at most WeekMax-1 times, which keeps every week at four techniques or
// more and each technique under 2/7 of the level's dailies (the issue
// asks for three a week and at most 40%). Else, from the third
// candidate on, one whose technique the week has no more often than its
// rarest technique is taken (a week still turns on three techniques),
// and after Candidates tries the candidate with the least-used
// technique. So a level decided by fewer techniques costs a few
// candidates, not Candidates: easy is always a hidden single, medium a
// naked single, extreme a cell/region or a dynamic forcing chain.
const (
	WeekMax    = 2
	Candidates = 12
)

// CandidateSeed is the seed of the daily's k-th candidate: Seed for
// k = 0, and for later ones a hash of the day, level and k, so every
// process tries the same candidates in the same order.
func CandidateSeed(day store.Day, level engine.Level, k int) (uint64, error) {
	seed, err := Seed(day, level)
	if err != nil || k == 0 {
		return seed, err
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "sudokubot daily %s %s candidate %d", day, level, k)
	return h.Sum64(), nil
}

// Mint makes the daily of day at level, fresh: a puzzle no daily of any
// day or level ever was, in any disguise (its canonical key is not in
// the store's daily_canons), chosen among Candidates mined ones to keep
// the week varied (WeekMax). It does not store it; SetDaily does, and
// refuses with store.ErrRepeat if another process set the same puzzle
// meanwhile. Mint depends only on the store's earlier dailies, so
// every process mints the same puzzle for a day.
func Mint(ctx context.Context, st PuzzleStore, gen Generator, day store.Day, level engine.Level) (store.Puzzle, error) {
	week, err := st.DailyTechniques(ctx, level, day.AddDays(-(7 - 1)), day.AddDays(-1))
	if err != nil {
		return store.Puzzle{}, err
	}
	count := map[string]int{}
	for _, t := range week {
		count[t]++
	}
	rarest := 0
	for _, n := range count {
		if rarest == 0 || n < rarest {
			rarest = n
		}
	}
	var best store.Puzzle
	found := false
	// Fresh candidates: after Candidates of them, only until one is
	// fresh; a repeat is astronomically rare with dug puzzles.
	for k := 0; k < Candidates*8 && (k < Candidates || !found); k++ {
		if err := ctx.Err(); err != nil {
			return store.Puzzle{}, err
		}
		seed, err := CandidateSeed(day, level, k)
		if err != nil {
			return store.Puzzle{}, err
		}
		p, err := gen(ctx, seed, level)
		if err != nil {
			return store.Puzzle{}, fmt.Errorf("daily %s %s: %w", day, level, err)
		}
		if p.Canon == "" {
			p.Canon = engine.CanonicalKey(p.Grid)
		}
		used, err := st.DailyCanonUsed(ctx, p.Canon)
		if err != nil {
			return store.Puzzle{}, err
		}
		if used {
			continue
		}
		if p.Origin == "" {
			p.Origin = "daily:" + day.String()
		}
		if n := count[p.Techniques]; n < WeekMax || (k >= 2 && n <= rarest) {
			return p, nil
		}
		if !found || count[p.Techniques] < count[best.Techniques] {
			best, found = p, true
		}
	}
	if !found {
		return store.Puzzle{}, fmt.Errorf("daily %s %s: every candidate repeats an earlier daily: %w", day, level, store.ErrRepeat)
	}
	return best, nil
}
