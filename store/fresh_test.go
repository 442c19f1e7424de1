package store

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// disguise returns fixture f relabelled and permuted: the same puzzle.
func disguise(f fixture, seed uint64) fixture {
	tr := engine.RandomTransform(rand.New(rand.NewPCG(seed, 1)))
	return fixture{tr.Apply(f.grid), tr.Apply(f.solution)}
}

// TestDailyNeverRepeats: a disguise of an earlier daily, at another level
// and day, is refused with ErrRepeat and nothing is stored for its day.
func TestDailyNeverRepeats(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		fs := loadFixtures(t)
		p := savePuzzle(t, s, fs[0], engine.LevelHard)
		if p.Canon != engine.CanonicalKey(fs[0].grid) {
			t.Fatalf("stored canon %q", p.Canon)
		}
		day := mustDay("2026-12-01")
		_, err := s.SetDaily(ctx, day, engine.LevelHard, p.ID)
		must(t, err, "SetDaily")
		used, err := s.DailyCanonUsed(ctx, p.Canon)
		must(t, err, "DailyCanonUsed")
		if !used {
			t.Fatal("the daily's canon is not recorded")
		}
		q := savePuzzle(t, s, disguise(fs[0], 7), engine.LevelExpert)
		_, err = s.SetDaily(ctx, day.AddDays(9), engine.LevelExpert, q.ID)
		mustIs(t, err, ErrRepeat, "a disguised repeat")
		_, err = s.Daily(ctx, day.AddDays(9), engine.LevelExpert)
		mustIs(t, err, ErrNotFound, "the refused daily")
		// Setting the same day again gives back the stored daily.
		got, err := s.SetDaily(ctx, day, engine.LevelHard, q.ID)
		must(t, err, "SetDaily again")
		if got.ID != p.ID {
			t.Fatalf("daily changed to %d", got.ID)
		}
		// The daily's puzzle knows its day; another puzzle is no daily.
		d, l, err := s.DailyOfPuzzle(ctx, p.ID)
		if err != nil || d != day || l != engine.LevelHard {
			t.Fatalf("DailyOfPuzzle = %s %s %v, want %s hard", d, l, err, day)
		}
		_, _, err = s.DailyOfPuzzle(ctx, q.ID)
		mustIs(t, err, ErrNotFound, "the daily of a puzzle that is none")
		techs, err := s.DailyTechniques(ctx, engine.LevelHard, day.AddDays(-6), day)
		must(t, err, "DailyTechniques")
		if len(techs) != 1 {
			t.Fatalf("techniques %v", techs)
		}
	})
}

// TestBankClaim: the bank hands each puzzle out once, even to claims
// racing from several goroutines, and never a puzzle the player played
// in any disguise.
func TestBankClaim(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		fs := loadFixtures(t)
		played := savePuzzle(t, s, disguise(fs[0], 3), engine.LevelHard)
		_, _, err := s.StartGame(ctx, NewGame{UserID: "u1", PuzzleID: played.ID, Context: ContextPersonal, StartedAt: t0})
		must(t, err, "StartGame")
		var ids []int64
		for i, f := range fs[:4] {
			p := savePuzzle(t, s, f, engine.LevelHard)
			p.Techniques = []string{"Naked Pair", "X-Wing", "Naked Pair", "Swordfish"}[i]
			must(t, s.BankAdd(ctx, p), "BankAdd")
			ids = append(ids, p.ID)
		}
		counts, err := s.BankCounts(ctx, engine.LevelHard)
		must(t, err, "BankCounts")
		if counts["Naked Pair"] != 2 || len(counts) != 3 {
			t.Fatalf("counts %v", counts)
		}
		got, err := s.BankClaim(ctx, engine.LevelHard, "u1")
		must(t, err, "BankClaim")
		if got.ID != ids[1] {
			t.Fatalf("u1 got puzzle %d, want %d (not the one played in disguise)", got.ID, ids[1])
		}
		var mu sync.Mutex
		seen := map[int64]bool{got.ID: true}
		var wg sync.WaitGroup
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, err := s.BankClaim(ctx, engine.LevelHard, "racer"+string(rune('a'+i)))
				if err != nil {
					return
				}
				mu.Lock()
				defer mu.Unlock()
				if seen[p.ID] {
					t.Errorf("puzzle %d handed out twice", p.ID)
				}
				seen[p.ID] = true
			}()
		}
		wg.Wait()
		if len(seen) != 4 {
			t.Fatalf("handed out %d of 4", len(seen))
		}
		_, err = s.BankClaim(ctx, engine.LevelHard, "u2")
		mustIs(t, err, ErrNotFound, "an empty bank")
	})
}

// TestSolvesMedian: players and their median time, each player once.
func TestSolvesMedian(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		f := loadFixtures(t)[0]
		p := savePuzzle(t, s, f, engine.LevelEasy)
		for i, min := range []int{3, 5, 10} {
			u := string(rune('a' + i))
			g, _, err := s.StartGame(ctx, NewGame{UserID: u, PuzzleID: p.ID, Context: ContextPersonal, StartedAt: t0})
			must(t, err, "StartGame")
			_, _, err = s.SolveWithMoves(ctx, g.ID, u, solveMoves(f), t0.Add(time.Duration(min)*time.Minute))
			must(t, err, "SolveWithMoves")
		}
		got, err := s.Solves(ctx, p.ID)
		must(t, err, "Solves")
		if got.Players != 3 || got.Median != 5*time.Minute {
			t.Fatalf("got %+v", got)
		}
	})
}
