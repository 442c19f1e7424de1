package engine

import "iter"

// krakenFish: a finned fish (basic or Franken, rows or columns and boxes)
// that removes nothing itself: no candidate its cover units would lose
// sees every fin. Either
// the fish holds, and such a candidate is false, or a fin is true; when a
// chain leads from every fin being true to that candidate being false, it
// is false either way. This is HoDoKu's Kraken Fish type 1, with its
// defaults: fish up to maxSize units (4), at most maxFins fins (2), no endo
// fins. Each step removes one candidate; its branches are the fins'
// chains (static chains on the pencil marks, as the cell and region
// forcing chains use).
type krakenFish struct {
	maxSize int
	maxFins int
}

// KrakenFish is the Kraken fish technique with HoDoKu's defaults (fish up
// to Jellyfish, two fins). It is not in the catalogue (see OffPath): at 7.8
// it would take nearly every position that now needs a cell or region
// forcing chain (8.0+; BenchmarkFindKrakenFish finds one in each of the
// 100 positions it times), a grading decision for the lead.
func KrakenFish() Technique { return krakenFish{maxSize: 4, maxFins: 2} }

func (krakenFish) Name() TechniqueID { return TechKrakenFish }
func (krakenFish) Score() float64    { return scoreKrakenFish }

func (t krakenFish) Find(b *Board) (Step, bool) { return first(t.All(b)) }

// All enumerates the Kraken fish of b, smaller fish first.
func (t krakenFish) All(b *Board) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		ix := b.index()
		p := newChainProp(b)
		p.rules = rulesAll
		p.ignoreConflicts = true
		// offs caches, per fin assumed true, the candidates its chains
		// turn off.
		offs := map[int]chainSet{}
		offOf := func(lit int) chainSet {
			if s, ok := offs[lit]; ok {
				return s
			}
			var s chainSet
			if p.run(lit) {
				s = p.off
			}
			offs[lit] = s
			return s
		}
		for size := 2; size <= t.maxSize; size++ {
			for d := uint8(1); d <= 9; d++ {
				if ix.where[d].isEmpty() {
					continue
				}
				fs := fishSearch{t: fish{size: size, finned: true, kind: fishFranken}, d: d, cands: ix.where[d],
					useful: ix.where[d], maxFins: t.maxFins, kinds: 1<<fishBasic | 1<<fishFranken, kraken: true}
				for u := 0; u < NumUnits; u++ {
					fs.unitCands[u] = unitSet[u].and(fs.cands)
				}
				fs.yield = func(f unitFish) bool {
					fins := f.fins.cells(nil)
					for _, e := range f.elims.cells(nil) {
						ci := chainCand(e, d)
						all := true
						for _, fc := range fins {
							off := offOf(chainLit(chainCand(fc, d), true))
							if off[ci>>6]&(1<<(ci&63)) == 0 {
								all = false
								break
							}
						}
						if all && !yield(t.step(b, p, f, e)) {
							return false
						}
					}
					return true
				}
				fs.run(rowUnits|boxUnits, colUnits|boxUnits)
				if !fs.stopped {
					fs.run(colUnits|boxUnits, rowUnits|boxUnits)
				}
				if fs.stopped {
					return
				}
			}
		}
	}
}

// step builds the Kraken fish f that removes the digit from cell e: the
// fish, and one branch per fin from the fin to e.
func (t krakenFish) step(b *Board, p *chainProp, f unitFish, e int) Step {
	target := chainLit(chainCand(e, f.d), false)
	s := Step{Technique: t.Name(), Eliminations: []Candidate{{Cell: e, Digit: f.d}}}
	unitFishPattern(&s, f)
	complexity := 0
	for _, fc := range f.fins.cells(nil) {
		lit := chainLit(chainCand(fc, f.d), true)
		p.run(lit)
		complexity += len(p.ancestors(target))
		s.Branches = append(s.Branches, p.branch(lit, target))
		p.chainProofOf(&s, target)
	}
	s.Score = chainScore(scoreKrakenFish, complexity)
	forcingPattern(&s, b)
	return s
}
