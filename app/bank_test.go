package app

import (
	"context"
	"github.com/sudokubot/sudokubot/internal/storeedit"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bank"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// TestBankFilledByJobs: at start a process queues a refill of each level
// it keeps, the job queue fills the bank, and a claim by /sudoku new
// queues the next refill, which tops the bank up again.
func TestBankFilledByJobs(t *testing.T) {
	t.Parallel()
	w := newWorld(t, "2026-06-01 12:00")
	w.tune = func(m *Main) { m.BankLevels = []engine.Level{engine.LevelEasy} }
	p := w.start(t, storetest.SQLite(t), schedule.PNGRenderer{}, ModeGateway)
	ctx := context.Background()
	banked := func() int {
		counts, err := p.st.BankCounts(ctx, engine.LevelEasy)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, c := range counts {
			n += c
		}
		return n
	}
	full := func(what string) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for banked() < bank.DefaultSize {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the bank holds %d easy puzzles after 60 s, want %d", what, banked(), bank.DefaultSize)
			}
			time.Sleep(50 * time.Millisecond)
		}
		for {
			if _, err := storeedit.Job(ctx, p.st, string(jobs.BankRefill), "easy"); err != nil {
				break // done and gone
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the refill job is still queued", what)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	p.m.runBank(ctx)
	full("at start")
	w.sudoku(t, "81", "new", "level", "easy")
	if n := banked(); n != bank.DefaultSize-1 {
		t.Logf("after a claim the bank holds %d (the refill may already have run)", n)
	}
	full("after a claim")
}
