package store

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// BenchmarkMove measures one move: read the game under a lock, check it,
// write it back, commit. It reports the median and 99th percentile of the
// single moves as well as the mean (ns/op).
func BenchmarkMove(b *testing.B) {
	for _, be := range backends() {
		b.Run(be.name, func(b *testing.B) {
			ctx := context.Background()
			s := openStore(b, be.newDSN(b))
			fx := loadFixtures(b)
			p := savePuzzle(b, s, fx[0], engine.LevelEasy)
			g, _, err := s.StartGame(ctx, NewGame{UserID: "u1", PuzzleID: p.ID, StartedAt: t0})
			must(b, err, "StartGame")
			e := fx[0].empties()
			times := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				start := time.Now()
				if _, err := s.ApplyMoves(ctx, g.ID, "u1", []Move{durabilityMove(e, i)}, time.Time{}); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
			}
			b.StopTimer()
			slices.Sort(times)
			if n := len(times); n > 0 {
				b.ReportMetric(float64(times[n/2].Microseconds()), "median-µs")
				b.ReportMetric(float64(times[n*99/100].Microseconds()), "p99-µs")
			}
		})
	}
}
