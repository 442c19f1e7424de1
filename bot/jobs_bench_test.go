package bot

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkHintUnderPasteLoad reports an easy hint's latency, end to end
// through the signed HTTP endpoint (a deferred one until its edit), while
// 30 players keep pasting the hardest puzzles (q2_hardest_top300, each
// pasted once): the gradings go to the job queue, whose workers stay out
// of the interactive heavy pool's way. Run it once:
//
//	go test ./bot -run '^$' -bench HintUnderPasteLoad -benchtime 1x
func BenchmarkHintUnderPasteLoad(b *testing.B) {
	h := newHarness(b)
	r := h.viaHTTP(b, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"level": "easy"}))
	if !strings.Contains(r.Content, "to go") {
		b.Fatalf("new answered %q", r.Content)
	}
	hint := func() (time.Duration, bool) {
		start := time.Now()
		i := h.cmd(alice, guildID, "sudoku", "hint", nil)
		ok, deferred := postSigned(h, i)
		if deferred {
			select {
			case <-h.fake.Edit(i["token"].(string)):
			case <-time.After(time.Minute):
				return time.Since(start), false
			}
		}
		return time.Since(start), ok
	}
	hint() // warm up

	const players = 30
	puzzles := hardestPuzzles(b, 300)
	var stop atomic.Bool
	var pasted atomic.Int32
	var wg sync.WaitGroup
	for p := range players {
		wg.Go(func() {
			for k := p; k < len(puzzles) && !stop.Load(); k += players {
				i := h.cmd(fmt.Sprint(2000+p), guildID, "sudoku", "new", map[string]any{"puzzle": puzzles[k]})
				if _, deferred := postSigned(h, i); deferred {
					select {
					case <-h.fake.Edit(i["token"].(string)):
					case <-time.After(time.Minute):
					}
				}
				pasted.Add(1)
			}
		})
	}
	time.Sleep(500 * time.Millisecond) // the pastes queue first
	var ds []time.Duration
	failed := 0
	b.ResetTimer()
	for len(ds) < max(b.N, 60) {
		d, ok := hint()
		if !ok {
			failed++
		}
		ds = append(ds, d)
		time.Sleep(50 * time.Millisecond) // a player reads the hint
	}
	b.StopTimer()
	stop.Store(true)
	wg.Wait()
	b.ReportMetric(float64(percentile(ds, 0.5).Microseconds())/1000, "hint-p50-ms")
	b.ReportMetric(float64(percentile(ds, 0.99).Microseconds())/1000, "hint-p99-ms")
	b.ReportMetric(float64(failed), "hints-failed")
	b.ReportMetric(float64(pasted.Load()), "pastes")
	if failed > 0 {
		b.Errorf("%d of %d hints failed under paste load", failed, len(ds))
	}
}
