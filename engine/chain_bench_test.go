package engine

import (
	"slices"
	"testing"
	"time"
)

// benchChainPath times the whole logical path (SolvePath, the driver with
// every technique) per puzzle of a shared data set and reports the median,
// mean and worst time per puzzle in ms, and how many puzzles logic solved.
func benchChainPath(b *testing.B, file string) { benchPathWith(b, file, nil) }

// benchPathWith is benchChainPath with a technique list (nil: the
// catalogue).
func benchPathWith(b *testing.B, file string, techs []Technique) {
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
			p, err := SolvePathWith(g, PathOptions{Techniques: techs})
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

// BenchmarkOffPathCSP times the path with the techniques kept off it
// (OffPath: fish of 5-7 units, Kraken fish) joined, to show why they are.
func BenchmarkOffPathCSP(b *testing.B) {
	benchPathWith(b, "csp_rules_ser_examples.txt", sortTechniques(slices.Concat(Catalogue(), OffPath())))
}

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

// benchFindStuck times t.Find on the positions where the pattern
// techniques of the solving path are exhausted (chainStuckBoard) in the
// first n puzzles of a shared set that have one, and reports the median
// and worst time per position and the share of positions where it finds a
// step: the cost the path pays to look for it there.
func benchFindStuck(b *testing.B, t Technique, file string, n int) {
	var boards []Board
	for _, r := range loadShared(b, file) {
		if len(boards) == n {
			break
		}
		if bd := chainStuckBoard(b, MustParse(r.puzzle)); !bd.Solved() {
			boards = append(boards, bd)
		}
	}
	if len(boards) == 0 {
		b.Skip("no stuck positions")
	}
	times := make([]time.Duration, len(boards))
	found := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		found = 0
		for i := range boards {
			t0 := time.Now()
			_, ok := t.Find(&boards[i])
			d := time.Since(t0)
			if ok {
				found++
			}
			if times[i] == 0 || d < times[i] {
				times[i] = d
			}
		}
	}
	b.StopTimer()
	reportTimes(b, times, time.Microsecond, "µs")
	b.ReportMetric(float64(slices.Max(times))/float64(time.Microsecond), "max-µs/position")
	b.ReportMetric(float64(found)/float64(len(boards)), "found-share")
}

func BenchmarkChainsXChain(b *testing.B)      { benchChainFind(b, chainXChain) }
func BenchmarkChainsAIC(b *testing.B)         { benchChainFind(b, chainAIC) }
func BenchmarkChainsALSXZ(b *testing.B)       { benchChainFind(b, chainALSXZ) }
func BenchmarkChainsMultiple(b *testing.B)    { benchChainFind(b, chainMultiple) }
func BenchmarkChainsDynamic(b *testing.B)     { benchChainFind(b, chainDynamic) }
func BenchmarkChainsDynamicPlus(b *testing.B) { benchChainFind(b, chainDynamicPlus) }
func BenchmarkChainsNested(b *testing.B)      { benchChainFind(b, chainNested) }

// BenchmarkChainsGroupedAICStuck times the path's Grouped AIC (through
// cells, crossings and almost locked sets) where the patterns are
// exhausted in 50 diabolical puzzles.
func BenchmarkChainsGroupedAICStuck(b *testing.B) {
	benchFindStuck(b, chainGroupedAIC, "sxbank_diabolical.txt", 50)
}
