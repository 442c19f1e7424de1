package bot

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/heavy"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/store"
)

// TestPasteNotGradedStillPlayable: a paste that cannot be graded within
// the budget is saved ungraded and can be played.
func TestPasteNotGradedStillPlayable(t *testing.T) {
	h := newHarness(t, func(c *setup) { c.HeavyBudget = time.Nanosecond })
	r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": hardestPuzzles(t, 1)[0]}))
	expectPrivateMessage(t, "paste", r)
	mustContain(t, "paste", r.Content, "not graded")
	g := h.current(t, alice)
	if !g.Ungraded {
		t.Fatalf("graded %v, want ungraded", g.Level)
	}
	cell, right, _ := firstEmpty(t, g, 0)
	r = h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": fmt.Sprintf("%s=%d", engine.CellName(cell), right)}))
	mustContain(t, "place on an ungraded paste", r.Content, "Placed")
	r = h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "show", nil))
	mustContain(t, "show", r.Content, "Not graded")
}

// TestPasteGradedLater: a paste whose grading runs over the budget is
// played at once as "not graded" and gets its grade when the grading ends.
func TestPasteGradedLater(t *testing.T) {
	h := newHarness(t, func(c *setup) { c.HeavyBudget = 20 * time.Millisecond; c.HeavyWorkers = 1 })
	r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": hardestPuzzles(t, 1)[0]}))
	mustContain(t, "paste", r.Content, "not graded yet")
	g := h.current(t, alice)
	if !g.Ungraded {
		t.Fatalf("graded %v right after the paste, want ungraded", g.Level)
	}
	deadline := time.Now().Add(60 * time.Second)
	for h.current(t, alice).Ungraded {
		if time.Now().After(deadline) {
			t.Fatal("the paste was never graded")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if l := h.current(t, alice).Level; l < engine.LevelExpert {
		t.Fatalf("graded %v, want a hard level for the hardest puzzle", l)
	}
}

// TestPasteGradedBehindInteractive: gradings of pastes wait while
// interactive work waits for a heavy worker, and run once none does; the
// paste is played at once meanwhile.
func TestPasteGradedBehindInteractive(t *testing.T) {
	// The pool's budget is a minute; the paste waits HeavyBudget.
	pool := heavy.New(heavy.Options{Workers: 1, Budget: time.Minute})
	t.Cleanup(pool.Close)
	h := newHarness(t, func(c *setup) { c.HeavyBudget = 50 * time.Millisecond; c.Heavy = pool })
	release := make(chan struct{})
	started := make(chan struct{})
	go func() {
		_ = h.bot.heavyPool.Run(context.Background(), "busy", func(context.Context) error { close(started); <-release; return nil })
	}()
	<-started
	// A second interactive request waits for the only worker.
	waitCtx, stopWaiting := context.WithCancel(context.Background())
	defer stopWaiting()
	waiting := make(chan struct{})
	go func() {
		defer close(waiting)
		_ = h.bot.heavyPool.Run(waitCtx, "waiter", func(context.Context) error { return nil })
	}()
	for !h.bot.heavyPool.Waiting() {
		time.Sleep(time.Millisecond)
	}
	r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": hardestPuzzles(t, 2)[1]}))
	mustContain(t, "paste", r.Content, "not graded yet")
	time.Sleep(200 * time.Millisecond)
	if g := h.current(t, alice); !g.Ungraded {
		t.Fatalf("graded %v while interactive work waited", g.Level)
	}
	close(release)
	<-waiting
	deadline := time.Now().Add(60 * time.Second)
	for h.current(t, alice).Ungraded {
		if time.Now().After(deadline) {
			t.Fatal("the queued paste was never graded")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestPasteOfGradedPuzzleQueuesNothing: a paste of a puzzle stored and
// graded already is played with its grade, and no grading is queued.
func TestPasteOfGradedPuzzleQueuesNothing(t *testing.T) {
	t.Parallel()
	var q *countingJobs
	h := newHarness(t, func(c *setup) {
		q = &countingJobs{Runner: c.Jobs.(*jobs.Runner)}
		c.Jobs = q
	})
	puzzle := hardestPuzzles(t, 1)[0]
	// Graded by an earlier paste: stored so, rather than graded here,
	// where the budget may run out on a busy machine.
	h.storeGraded(t, puzzle, 9.2, engine.LevelExtreme)
	r := h.viaHTTP(t, h.cmd(bob, guildID, "sudoku", "new", map[string]any{"puzzle": puzzle}))
	if strings.Contains(r.Content, "not graded") {
		t.Errorf("the paste of a graded puzzle answered %q", r.Content)
	}
	if g := h.current(t, bob); g.Ungraded || g.Level != engine.LevelExtreme {
		t.Errorf("bob's game level %v (ungraded %v), want the stored extreme", g.Level, g.Ungraded)
	}
	if n := q.n.Load(); n != 0 {
		t.Errorf("%d jobs queued for a graded puzzle, want 0", n)
	}
}

// countingJobs counts the jobs queued through it.
type countingJobs struct {
	*jobs.Runner
	n atomic.Int32
}

func (c *countingJobs) Enqueue(ctx context.Context, j jobs.Job) (bool, error) {
	c.n.Add(1)
	return c.Runner.Enqueue(ctx, j)
}

// TestDailyMadeInHeavyPool: a daily not made yet is made in the heavy
// pool; over the budget the player is asked to come back, the making goes
// on, and the next ask gets the board at once.
func TestDailyMadeInHeavyPool(t *testing.T) {
	h := newHarness(t, func(c *setup) { c.HeavyBudget = time.Nanosecond; c.HeavyWorkers = 1 })
	r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "daily", map[string]any{"level": "hard"}))
	expectPrivateMessage(t, "daily not made yet", r)
	mustContain(t, "daily not made yet", r.Content, "still being made")
	day := store.DayOf(time.Now(), time.UTC)
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := h.store.Daily(context.Background(), day, engine.LevelHard); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the daily was never made")
		}
		time.Sleep(20 * time.Millisecond)
	}
	r = h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "daily", map[string]any{"level": "hard"}))
	expectPrivateMessage(t, "daily once made", r)
	r.png(t)
	if g := h.current(t, alice); g.Day != day {
		t.Fatalf("the daily game is for %q, want %s", g.Day, day)
	}
}
