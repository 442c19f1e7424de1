package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// benchPuzzles times fn once per puzzle of a shared data set, b.N rounds
// over the set, and reports the median and mean time per puzzle: the
// median is the figure the targets are set on, because a few very hard
// puzzles dominate a mean.
func benchPuzzles(b *testing.B, file string, fn func(g Grid)) {
	recs := loadShared(b, file)
	gs := make([]Grid, len(recs))
	for i, r := range recs {
		gs[i] = MustParse(r.puzzle)
	}
	times := make([]time.Duration, len(gs))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for i, g := range gs {
			t0 := time.Now()
			fn(g)
			d := time.Since(t0)
			if d < times[i] || times[i] == 0 {
				times[i] = d
			}
		}
	}
	b.StopTimer()
	reportMedian(b, times)
}

// reportMedian reports the median and mean of per-item times in µs; each
// item's time is its best over the rounds, which filters out the noise of
// a shared machine.
func reportMedian(b *testing.B, times []time.Duration) {
	reportTimes(b, times, time.Microsecond, "µs")
}

// reportTimes reports the median and mean of times in the given unit.
func reportTimes(b *testing.B, times []time.Duration, unit time.Duration, name string) {
	s := slices.Clone(times)
	slices.Sort(s)
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	b.ReportMetric(float64(s[len(s)/2])/float64(unit), "median-"+name+"/puzzle")
	b.ReportMetric(float64(sum)/float64(unit)/float64(len(s)), "mean-"+name+"/puzzle")
}

func BenchmarkCountRoyle17(b *testing.B) {
	benchPuzzles(b, "royle17_sample.txt", func(g Grid) {
		if CountSolutions(g, 2) != 1 {
			b.Fatal("not unique")
		}
	})
}

func BenchmarkCountQ2(b *testing.B) {
	benchPuzzles(b, "q2_hardest_top300.txt", func(g Grid) {
		if CountSolutions(g, 2) != 1 {
			b.Fatal("not unique")
		}
	})
}

func BenchmarkSolveDLXRoyle17(b *testing.B) {
	benchPuzzles(b, "royle17_sample.txt", func(g Grid) {
		if CountSolutionsDLX(g, 2) != 1 {
			b.Fatal("not unique")
		}
	})
}

func BenchmarkSolveDLXQ2(b *testing.B) {
	benchPuzzles(b, "q2_hardest_top300.txt", func(g Grid) {
		if CountSolutionsDLX(g, 2) != 1 {
			b.Fatal("not unique")
		}
	})
}

// benchAnneal times annealing on the first puzzles of a set (all of them
// would take minutes) with a budget of 2,000,000 moves, and reports the
// share it solved: failures count at the time they took to give up.
func benchAnneal(b *testing.B, file string, n int) {
	recs := loadShared(b, file)[:n]
	times := make([]time.Duration, len(recs))
	solved := 0
	b.ResetTimer()
	for range b.N {
		solved = 0
		for i, r := range recs {
			g := MustParse(r.puzzle)
			t0 := time.Now()
			_, err := SolveAnneal(g, AnnealOptions{Seed: 1, MaxSteps: 2_000_000})
			d := time.Since(t0)
			if d < times[i] || times[i] == 0 {
				times[i] = d
			}
			if err == nil {
				solved++
			}
		}
	}
	b.StopTimer()
	reportMedian(b, times)
	b.ReportMetric(float64(solved)/float64(len(recs))*100, "%solved")
}

func BenchmarkSolveAnnealRoyle17(b *testing.B) { benchAnneal(b, "royle17_sample.txt", 20) }
func BenchmarkSolveAnnealQ2(b *testing.B)      { benchAnneal(b, "q2_hardest_top300.txt", 20) }
func BenchmarkSolveAnnealEasy(b *testing.B)    { benchAnneal(b, "sxbank_easy.txt", 20) }

// BenchmarkGenerateMinimal times Generate for minimal puzzles without
// symmetry, one seed per puzzle, and reports the median per puzzle.
func BenchmarkGenerateMinimal(b *testing.B) {
	benchGenerate(b, SymNone)
}

func BenchmarkGenerateMinimalRotational(b *testing.B) {
	benchGenerate(b, SymRotational)
}

func benchGenerate(b *testing.B, sym Symmetry) {
	const puzzles = 200
	times := make([]time.Duration, puzzles)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for i := range puzzles {
			t0 := time.Now()
			if _, err := Generate(GenerateOptions{Seed: uint64(i), Symmetry: sym}); err != nil {
				b.Fatal(err)
			}
			d := time.Since(t0)
			if d < times[i] || times[i] == 0 {
				times[i] = d
			}
		}
	}
	b.StopTimer()
	reportTimes(b, times, time.Millisecond, "ms")
}

func BenchmarkRandomSolution(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	for range b.N {
		RandomSolution(r)
	}
}

func BenchmarkTransform(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	g := MustParse(easySolution)
	b.ReportAllocs()
	for range b.N {
		g = RandomTransform(r).Apply(g)
	}
}
