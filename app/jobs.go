package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/store"
)

// Budgets of the kinds of job: one attempt each.
const (
	gradeBudget = 2 * time.Minute
	dailyBudget = 5 * time.Minute
	// bankBudget bounds one unit of a refill, one puzzle (an extreme takes
	// about 0.5 s of CPU, 1.5 s at p95), with room for a loaded machine.
	bankBudget = 5 * time.Minute
)

// openJobs makes the job runner with the handler of every kind the bot
// queues (leases and backoffs on the wall clock, whatever the game clock
// says: other processes compare them with theirs). Its workers wait for the bot's interactive work (HeavyIdle),
// so m.Bot must be set before they start.
func (m *Main) openJobs() {
	opt := m.JobOptions
	opt.Logger = m.Logger
	if opt.Idle == nil {
		opt.Idle = func(ctx context.Context) error { return m.Bot.HeavyIdle(ctx) }
	}
	r := jobs.New(m.Store, opt)
	r.Register(jobs.GradePaste, func(ctx context.Context, payload []byte) error {
		grid, err := engine.Parse(string(payload))
		if err != nil {
			return jobs.Permanent(fmt.Errorf("grade-paste payload: %w", err))
		}
		err = game.GradePasted(ctx, m.Store, grid)
		if errors.Is(err, game.ErrBadPaste) {
			return jobs.Permanent(err)
		}
		return err
	}, jobs.KindOptions{Budget: gradeBudget, MaxAttempts: 3})
	r.Register(jobs.MakeDaily, func(ctx context.Context, payload []byte) error {
		dayText, levelText, _ := strings.Cut(string(payload), "/")
		day, err := store.ParseDay(dayText)
		if err != nil {
			return jobs.Permanent(fmt.Errorf("make-daily payload: %w", err))
		}
		level, err := engine.ParseLevel(levelText)
		if err != nil {
			return jobs.Permanent(fmt.Errorf("make-daily payload: %w", err))
		}
		_, err = m.Dailies.Get(ctx, day, level)
		return err
	}, jobs.KindOptions{Budget: dailyBudget, MaxAttempts: 5})
	r.Register(jobs.BankRefill, func(ctx context.Context, payload []byte) error {
		level, err := engine.ParseLevel(string(payload))
		if err != nil {
			return jobs.Permanent(fmt.Errorf("bank-refill payload: %w", err))
		}
		// One puzzle a unit: the lane yields to players' work between
		// units, and a paste never waits for a whole refill.
		n, full, err := m.Bank.RefillOne(ctx, level)
		switch {
		case err != nil:
			return err
		case !full:
			return jobs.ErrMore
		}
		if n > 0 {
			m.Logger.Info("puzzle bank full", "level", level.String())
		}
		return nil
	}, jobs.KindOptions{Budget: bankBudget, MaxAttempts: 5, Bulk: true})
	r.Register(jobs.TechniqueMine, func(ctx context.Context, _ []byte) error { return m.mineLibrary(ctx) }, jobs.KindOptions{Budget: libraryMineBudget, MaxAttempts: 3, Bulk: true})
	r.Register(jobs.TechniqueClimb, func(ctx context.Context, _ []byte) error { return m.climbLibrary(ctx) }, jobs.KindOptions{Budget: libraryMineBudget, MaxAttempts: 3, Bulk: true})
	m.Jobs = r
}

// refillBank queues the refill of level's bank when this process keeps
// that level (BankLevels); a refill already queued anywhere is not queued
// twice.
func (m *Main) refillBank(ctx context.Context, level engine.Level) {
	if m.Jobs == nil || !slices.Contains(m.BankLevels, level) {
		return
	}
	lv := level.String()
	if _, err := m.Jobs.Enqueue(ctx, jobs.Job{Kind: jobs.BankRefill, Key: lv, Payload: []byte(lv)}); err != nil {
		m.Logger.Warn("queueing a bank refill failed", "level", lv, "err", err)
	}
}

// startJobs runs the job workers until stopJobs; Run stops them after the
// bot has drained, Close if Run never ran. A job cut short is given back
// to the queue for the next process.
func (m *Main) startJobs() {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = m.Jobs.Run(ctx)
	}()
	m.stopJobs = func() {
		cancel()
		<-done
	}
}
