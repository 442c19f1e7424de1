package app

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// Issue 36's paste while the bank fills: a process starts with an empty
// bank and refills it in the job queue's bulk lane, every level (as at
// start-up) or extreme alone; meanwhile players paste puzzles of the
// hard test bank, one every 300 ms. A paste's grading is interactive
// work: it never queues behind the refill, so every paste is answered
// graded (never "not graded" after the heavy budget, which it was when
// the grading waited for a whole refill) while the refill is still under
// way. TestPasteDuringRefill holds that; BenchmarkPasteDuringRefill
// measures how long the answers take.

// refillCases are the two refills of the issue.
var refillCases = []struct {
	name   string
	levels []engine.Level
}{
	{"every level at start-up", engine.Levels},
	{"extreme refill", []engine.Level{engine.LevelExtreme}},
}

// pasteDuringRefill starts a process that refills the bank's levels and
// pastes n puzzles through its HTTP endpoint, one every 300 ms. It
// returns each paste's time from request to answer (the grading
// included), whether the refill was still under way after the last, and
// the pastes answered before their grading (the fault the lanes fix).
func pasteDuringRefill(tb testing.TB, levels []engine.Level, n int) (took []time.Duration, refilling bool, ungraded []string) {
	tb.Helper()
	w := newWorld(tb, "2026-06-01 07:00")
	w.tune = func(m *Main) { m.BankLevels = levels }
	p := w.start(tb, storetest.SQLite(tb), stubRenderer{})
	ctx := context.Background()
	p.m.runBank(ctx) // queues the refills, as Run does at start
	base := "http://" + p.m.Addr()
	for i, pz := range pastePuzzles(tb, "sxbank_hard.txt", n) {
		time.Sleep(300 * time.Millisecond)
		in := w.interaction(2, fmt.Sprint(9500+i), "0", slash("new", map[string]any{"puzzle": pz}))
		start := time.Now()
		answer, err := w.sendSigned(base, in)
		if err != nil {
			tb.Fatal(err)
		}
		took = append(took, time.Since(start))
		if ungradedPastes(tb, p.st, []string{pz}) != 0 || strings.Contains(strings.ToLower(answer), "not graded") {
			ungraded = append(ungraded, fmt.Sprintf("paste %d (%s): %q", i, took[i].Round(time.Millisecond), answer))
		}
	}
	stats, err := p.st.JobStats(ctx, time.Now())
	if err != nil {
		tb.Fatal(err)
	}
	for _, s := range stats {
		if s.Kind == string(jobs.BankRefill) && s.Waiting+s.Running > 0 {
			refilling = true
		}
	}
	return took, refilling, ungraded
}

// TestPasteDuringRefill: every paste during a refill is answered graded,
// while the refill still runs. How long the answers take is
// BenchmarkPasteDuringRefill's.
func TestPasteDuringRefill(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("fills the puzzle bank: seconds of CPU")
	}
	for _, tc := range refillCases {
		t.Run(tc.name, func(t *testing.T) {
			_, refilling, ungraded := pasteDuringRefill(t, tc.levels, 6)
			for _, u := range ungraded {
				t.Errorf("answered before its grading: %s", u)
			}
			if !refilling {
				t.Errorf("the refill ended before the pastes did: the pastes did not run during it")
			}
		})
	}
}

// BenchmarkPasteDuringRefill reports the p50 and p95 of a paste's answer,
// its grading included (issue 36's target for the p95: under 1 s), while
// the bank fills every level at start-up and while an extreme refill
// runs. Each run is a fresh start with an empty bank and b.N pastes, one
// every 300 ms, of distinct puzzles (at most 100); ns/op means nothing
// here:
//
//	go test ./app -run '^$' -bench PasteDuringRefill -benchtime 20x
func BenchmarkPasteDuringRefill(b *testing.B) {
	for _, tc := range refillCases {
		b.Run(tc.name, func(b *testing.B) {
			if b.N > 100 {
				b.Fatalf("b.N = %d; the hard test bank has 100 puzzles: use -benchtime 20x", b.N)
			}
			took, refilling, ungraded := pasteDuringRefill(b, tc.levels, b.N)
			if !refilling {
				b.Errorf("the refill ended before the pastes did: the figures are not of pastes during a refill")
			}
			slices.Sort(took)
			p50, p95 := took[len(took)/2], took[(len(took)*95+99)/100-1]
			b.ReportMetric(0, "ns/op")
			b.ReportMetric(p50.Seconds(), "p50-s")
			b.ReportMetric(p95.Seconds(), "p95-s")
			b.ReportMetric(took[len(took)-1].Seconds(), "max-s")
			b.ReportMetric(float64(len(ungraded)), "ungraded")
		})
	}
}
