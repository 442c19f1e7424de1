package engine

import (
	"slices"
	"testing"
)

func BenchmarkFindFrankenSwordfish(b *testing.B) {
	benchFindStuck(b, fish{size: 3, kind: fishFranken}, "sxbank_diabolical.txt", 100)
}
func BenchmarkFindFrankenJellyfish(b *testing.B) {
	benchFindStuck(b, fish{size: 4, kind: fishFranken}, "sxbank_diabolical.txt", 100)
}
func BenchmarkFindFinnedFrankenXWing(b *testing.B) {
	benchFindStuck(b, fish{size: 2, kind: fishFranken, finned: true}, "sxbank_diabolical.txt", 100)
}
func BenchmarkFindFinnedFrankenSwordfish(b *testing.B) {
	benchFindStuck(b, fish{size: 3, kind: fishFranken, finned: true}, "sxbank_diabolical.txt", 100)
}
func BenchmarkFindFinnedFrankenJellyfish(b *testing.B) {
	benchFindStuck(b, fish{size: 4, kind: fishFranken, finned: true}, "sxbank_diabolical.txt", 100)
}
func BenchmarkFindMutantJellyfish(b *testing.B) {
	benchFindStuck(b, fish{size: 4, kind: fishMutant}, "sxbank_diabolical.txt", 100)
}
func BenchmarkFindFinnedMutantSwordfish(b *testing.B) {
	benchFindStuck(b, fish{size: 3, kind: fishMutant, finned: true}, "sxbank_diabolical.txt", 100)
}
func BenchmarkFindFinnedMutantJellyfish(b *testing.B) {
	benchFindStuck(b, fish{size: 4, kind: fishMutant, finned: true}, "sxbank_diabolical.txt", 100)
}
func BenchmarkFindFinnedMutantSquirmbag(b *testing.B) {
	benchFindStuck(b, fish{size: 5, kind: fishMutant, finned: true}, "sxbank_diabolical.txt", 100)
}
func BenchmarkFindFinnedMutantWhale(b *testing.B) {
	benchFindStuck(b, fish{size: 6, kind: fishMutant, finned: true}, "sxbank_diabolical.txt", 100)
}

// BenchmarkFishPathDiabolicalWhale times the path with the Franken and
// Mutant fish of 5 and 6 units joined, to show why they stay off it.
func BenchmarkFishPathDiabolicalWhale(b *testing.B) {
	techs := slices.Clone(Catalogue())
	for _, t := range OffPath() {
		if f, ok := t.(fish); ok && f.size <= 6 {
			techs = append(techs, t)
		}
	}
	benchPathWith(b, "sxbank_diabolical.txt", sortTechniques(techs))
}

func BenchmarkFindKrakenFish(b *testing.B) {
	benchFindStuck(b, krakenFish{maxSize: 4, maxFins: 2}, "sxbank_diabolical.txt", 100)
}
