package engine

import (
	"slices"
	"testing"
	"time"
)

// benchChainPath times the whole logical path (SolvePath, the driver with
// every technique) per puzzle of a shared data set and reports the median,
// mean and worst time per puzzle in ms, and how many puzzles logic solved.
func benchChainPath(b *testing.B, file string) {
	recs := loadShared(b, file)
	times := make([]time.Duration, len(recs))
	solved := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		solved = 0
		for i, r := range recs {
			g := MustParse(r.puzzle)
			t0 := time.Now()
			p, err := SolvePath(g)
			d := time.Since(t0)
			if err != nil {
				b.Fatalf("line %d: %v", r.line, err)
			}
			if p.Solved {
				solved++
			}
			if d < times[i] || times[i] == 0 {
				times[i] = d
			}
		}
	}
	b.StopTimer()
	reportTimes(b, times, time.Millisecond, "ms")
	b.ReportMetric(float64(slices.Max(times))/float64(time.Millisecond), "max-ms/puzzle")
	b.ReportMetric(float64(solved)/float64(len(recs)), "solved-share")
}

// BenchmarkChainsPathHard: target median ≤ 2 ms per puzzle.
func BenchmarkChainsPathHard(b *testing.B) { benchChainPath(b, "sxbank_hard.txt") }

// BenchmarkChainsPathDiabolical: target median ≤ 20 ms per puzzle.
func BenchmarkChainsPathDiabolical(b *testing.B) { benchChainPath(b, "sxbank_diabolical.txt") }

// BenchmarkChainsPathCSP: target < 2 s for every puzzle (up to SE 11.9).
func BenchmarkChainsPathCSP(b *testing.B) { benchChainPath(b, "csp_rules_ser_examples.txt") }

// BenchmarkChainsPathCBG covers the calibration set's hardest bucket.
func BenchmarkChainsPathCBG(b *testing.B) { benchChainPath(b, "cbg000_diabolical.txt") }

// benchChainFind times one technique's Find on the first position of a
// csp_rules puzzle's path where the pattern techniques are exhausted.
func benchChainFind(b *testing.B, t Technique) {
	recs := loadShared(b, "csp_rules_ser_examples.txt")
	g := MustParse(recs[len(recs)-1].puzzle) // SE 11.9
	bd := chainStuckBoard(b, g)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		t.Find(&bd)
	}
}

// chainStuckBoard applies the pattern techniques until none applies.
func chainStuckBoard(tb testing.TB, g Grid) Board {
	tb.Helper()
	p, err := SolvePathWith(g, PathOptions{Techniques: patternTechniques()})
	if err != nil {
		tb.Fatal(err)
	}
	return p.Final
}

func BenchmarkChainsXChain(b *testing.B)      { benchChainFind(b, chainXChain) }
func BenchmarkChainsAIC(b *testing.B)         { benchChainFind(b, chainAIC) }
func BenchmarkChainsALSXZ(b *testing.B)       { benchChainFind(b, chainALSXZ) }
func BenchmarkChainsMultiple(b *testing.B)    { benchChainFind(b, chainMultiple) }
func BenchmarkChainsDynamic(b *testing.B)     { benchChainFind(b, chainDynamic) }
func BenchmarkChainsDynamicPlus(b *testing.B) { benchChainFind(b, chainDynamicPlus) }
func BenchmarkChainsNested(b *testing.B)      { benchChainFind(b, chainNested) }
