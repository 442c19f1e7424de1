package engine

import (
	"sort"
	"testing"
	"time"
)

// hintPosition is a player's position: the puzzle, the digits entered
// and, for a player who keeps pencil marks, the marks.
type hintPosition struct {
	puzzle, progress Grid
	opts             []HintOption
}

// hintPositions are players' positions taken from sxbank_diabolical.txt:
// every tenth puzzle with the placements of its first k logical steps
// entered, for k = 0, 5, 10, 20, 40 and for k just before the path's
// hardest step; and that last position again with the solver's pencil
// marks, where the hint has to find the hardest step itself.
func hintPositions(b *testing.B) []hintPosition {
	var out []hintPosition
	for _, p := range evenSample(readRated(b, "sxbank_diabolical.txt"), 100) {
		path, err := SolvePath(p.grid)
		if err != nil || !path.Solved {
			b.Fatalf("line %d: not solved by logic: %v", p.line, err)
		}
		hardest := 0
		for i, s := range path.Steps {
			if s.Score > path.Steps[hardest].Score {
				hardest = i
			}
		}
		board := NewBoard(p.grid)
		var entered Grid
		done := 0
		for _, k := range []int{0, 5, 10, 20, 40, hardest} {
			if k >= len(path.Steps) || k < done {
				continue
			}
			for ; done < k; done++ {
				board.Apply(path.Steps[done])
				for _, pl := range path.Steps[done].Placements {
					entered[pl.Cell] = pl.Digit
				}
			}
			out = append(out, hintPosition{puzzle: p.grid, progress: entered})
		}
		board = NewBoard(p.grid)
		entered = Grid{}
		for _, s := range path.Steps[:hardest] {
			board.Apply(s)
			for _, pl := range s.Placements {
				entered[pl.Cell] = pl.Digit
			}
		}
		out = append(out, hintPosition{puzzle: p.grid, progress: entered, opts: []HintOption{WithMarks(board.Cands)}})
	}
	return out
}

// BenchmarkHint times Hint over positions from sxbank_diabolical.txt and
// reports the median and the 95th and 99th percentiles per hint:
//
//	go test ./engine -run '^$' -bench BenchmarkHint -benchtime 1x -cpu 1
func BenchmarkHint(b *testing.B) {
	positions := hintPositions(b)
	b.ReportAllocs()
	times := make([]time.Duration, 0, len(positions))
	for b.Loop() {
		times = times[:0]
		for _, p := range positions {
			start := time.Now()
			if _, err := Hint(p.puzzle, p.progress, p.opts...); err != nil {
				b.Fatal(err)
			}
			times = append(times, time.Since(start))
		}
	}
	reportPercentiles(b, times, "hint")
}

// reportPercentiles adds p50 and p99 (in milliseconds) of one run to the
// benchmark's output.
func reportPercentiles(b *testing.B, times []time.Duration, what string) {
	if len(times) == 0 {
		return
	}
	sorted := append([]time.Duration(nil), times...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	at := func(q float64) float64 {
		i := int(q * float64(len(sorted)-1))
		return float64(sorted[i].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "p50-ms/"+what)
	b.ReportMetric(at(0.95), "p95-ms/"+what)
	b.ReportMetric(at(0.99), "p99-ms/"+what)
	b.ReportMetric(float64(len(sorted)), what+"s")
}
