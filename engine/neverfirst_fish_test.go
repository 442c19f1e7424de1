package engine

import (
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
)

// fishSweep is how many positions each NeverFirst fish test plants
// (-fishsweep N for a longer check).
var fishSweep = flag.Int("fishsweep", 20000, "positions each NeverFirst fish test plants")

// plantedFish returns a random position of one digit d (no other digit
// anywhere: the lemmas are about single-digit techniques, which read d's
// places only, and a puzzle's position has them wherever d's places are
// these) with a fish of kind and size planted: its base units hold d only
// in its cover units, no cell of two base units holds d, but that each
// such cell keeps d with probability fins (0: an unfinned fish; else the
// places kept are its fins and endo fins). Around it d is
// dense, thinned or cut out of whole box-line crossings, so that every
// shape of the neighbourhood (a crossing or a box empty of d, a line with
// two places) turns up. ok is false when no solution of d fits the
// pattern: a puzzle's position always has one.
func plantedFish(r *rand.Rand, kind fishKind, size int, fins float64) (b Board, d uint8, ok bool) {
	d = uint8(1 + r.IntN(9))
	for c := range b.Cands {
		b.Cands[c] = DigitSet(d)
	}
	if r.IntN(3) == 0 {
		c := r.IntN(NumCells)
		b.Grid[c], b.Cands[c] = d, 0
		for _, p := range Peers[c] {
			b.Cands[p] = b.Cands[p].Without(d)
		}
	}
	var baseOK, coverOK []int
	for u := range NumUnits {
		switch {
		case kind == fishMutant:
			baseOK, coverOK = append(baseOK, u), append(coverOK, u)
		case u < FirstCol:
			baseOK = append(baseOK, u)
		case u < FirstBox:
			coverOK = append(coverOK, u)
		default:
			baseOK, coverOK = append(baseOK, u), append(coverOK, u)
		}
	}
	if r.IntN(2) == 0 {
		baseOK, coverOK = coverOK, baseOK
	}
	var base, cover []int
	for len(base) < size {
		if u := baseOK[r.IntN(len(baseOK))]; !slices.Contains(base, u) {
			base = append(base, u)
		}
	}
	// Mostly cover units that meet every base unit: the shapes where
	// each base unit keeps places in two cover units.
	var meets []int
	for _, u := range coverOK {
		ok := !slices.Contains(base, u)
		for _, v := range base {
			ok = ok && !unitSet[u].and(unitSet[v]).isEmpty()
		}
		if ok {
			meets = append(meets, u)
		}
	}
	for len(cover) < size {
		from := coverOK
		if len(meets) >= size && r.IntN(5) > 0 {
			from = meets
		}
		if u := from[r.IntN(len(from))]; !slices.Contains(cover, u) && !slices.Contains(base, u) {
			cover = append(cover, u)
		}
	}
	var inBase, inCover, twice cellSet
	for _, u := range base {
		twice = twice.or(inBase.and(unitSet[u]))
		inBase = inBase.or(unitSet[u])
	}
	for _, u := range cover {
		inCover = inCover.or(unitSet[u])
	}
	pIn, pOut := 0.2+0.4*r.Float64(), []float64{0.2, 0.4, 0.6}[r.IntN(3)]
	for c := range NumCells {
		p := pOut
		if inBase.or(inCover).has(c) {
			p = pIn
		}
		if inBase.andNot(inCover).or(twice).has(c) {
			if fins == 0 || r.Float64() >= fins {
				b.Cands[c] = b.Cands[c].Without(d)
			}
			continue
		}
		if r.Float64() < p {
			b.Cands[c] = b.Cands[c].Without(d)
		}
	}
	for range r.IntN(4) {
		for _, c := range chainGroups[r.IntN(len(chainGroups))].cells {
			b.Cands[c] = b.Cands[c].Without(d)
		}
	}
	return b, d, !templateCells(&b, d).isEmpty()
}

// TestNeverFirstTwoUnitFish checks the lemma of NeverFirst's Franken and
// Mutant X-Wings: wherever one has an effect, a hidden single, a pointing
// or a claiming has one too (the cases are in neverFirst's comment).
func TestNeverFirstTwoUnitFish(t *testing.T) {
	for _, id := range []TechniqueID{TechFrankenXWing, TechMutantXWing} {
		for _, by := range []TechniqueID{TechHiddenSingle, TechPointing, TechClaiming} {
			if !comesBefore(t, by, id) {
				t.Fatalf("%s no longer comes before %s: the argument fails", by, id)
			}
		}
	}
	r := rand.New(rand.NewPCG(34, 2))
	for _, kind := range []fishKind{fishFranken, fishMutant} {
		fx := fish{size: 2, kind: kind}
		fired, hard := 0, map[TechniqueID]int{}
		for range *fishSweep {
			b, _, ok := plantedFish(r, kind, 2, 0)
			if !ok || !hasEffect(fx, &b) {
				continue
			}
			fired++
			if hasEffect(hiddenSingle{box: true}, &b) || hasEffect(hiddenSingle{}, &b) {
				continue
			}
			switch {
			case hasEffect(intersection{}, &b):
				hard[TechPointing]++
			case hasEffect(intersection{claiming: true}, &b):
				hard[TechClaiming]++
			default:
				s, _ := fx.Find(&b)
				t.Fatalf("%s with no hidden single, pointing or claiming: %v\n%v", fx.Name(), s, b.Cands)
			}
		}
		if hard[TechPointing] == 0 || hard[TechClaiming] == 0 {
			t.Fatalf("%d %ss, %v without a hidden single: the test does not reach every case", fired, fx.Name(), hard)
		}
		t.Logf("%d %ss; without a hidden single: %v", fired, fx.Name(), hard)
	}
}

// TestNeverFirstFinnedXWings checks the lemmas of NeverFirst's Finned
// Franken and Finned Mutant X-Wings: wherever one has an effect, one of
// the techniques NeverFirst lists for it has one too, as the path asks
// (Find's step, in an earlier tier or rated below the fish), and each
// case of the argument past the intersections is reached (the cases are
// in neverFirst's comment). Each planted fish keeps its fins and endo
// fins with a probability of 3, 10 or 25%. The Grouped AICs the
// arguments need are contradictions that the chain search's propagation
// finds; a Finned Mutant X-Wing's can pass between a row's and a
// column's crossing of one box (TestGroupedAICFindsGroupLink).
func TestNeverFirstFinnedXWings(t *testing.T) {
	for _, tc := range []struct {
		kind fishKind
		seed uint64
	}{{fishFranken, 34}, {fishMutant, 35}} {
		fx := fish{size: 2, kind: tc.kind, finned: true}
		t.Run(string(fx.Name()), func(t *testing.T) {
			checkFinnedXWing(t, fx, tc.seed)
		})
	}
}

// lemmaTechniques are the Technique values a NeverFirst list names, in
// its order (a hidden single in a box first, as the path looks).
var lemmaTechniques = map[TechniqueID][]Technique{
	TechHiddenSingle:                     {hiddenSingle{box: true}, hiddenSingle{}},
	TechPointing:                         {intersection{}},
	TechClaiming:                         {intersection{claiming: true}},
	TechXWing:                            {fish{size: 2}},
	TechSkyscraper:                       {singleDigitChain{kind: sdSkyscraper}},
	TechEmptyRectangle:                   {emptyRectangle{}},
	TechGroupedAlternatingInferenceChain: {chainGroupedAIC},
}

func checkFinnedXWing(t *testing.T, fx fish, seed uint64) {
	by, ok := NeverFirst(fx.Name())
	if !ok {
		t.Fatalf("%s is not NeverFirst", fx.Name())
	}
	var before []Technique
	var cases []TechniqueID // past the intersections: each must be reached
	for _, id := range by {
		if lemmaTechniques[id] == nil {
			t.Fatalf("%s: no Technique for %s in lemmaTechniques", fx.Name(), id)
		}
		before = append(before, lemmaTechniques[id]...)
		if tierOf(lemmaTechniques[id][0]) > tierIntersections {
			cases = append(cases, id)
		}
	}
	for _, by := range before {
		if !comesBefore(t, by.Name(), fx.Name()) {
			t.Fatalf("%s no longer comes before %s: the argument fails", by.Name(), fx.Name())
		}
	}
	r := rand.New(rand.NewPCG(seed, 3))
	fired, first := 0, map[TechniqueID]int{}
	for range *fishSweep * 3 {
		b, d, ok := plantedFish(r, fx.kind, 2, []float64{0.03, 0.1, 0.25}[r.IntN(3)])
		if !ok || !hasEffect(fx, &b) {
			continue
		}
		// The chains see every other digit everywhere: no cell holds d
		// alone, as in a puzzle's position, so their propagation meets
		// no cell emptied by one elimination (a contradiction only the
		// planted board has), and no other digit gives a link. The
		// patterns read d's places alone, on the planted board (their
		// templates of eight full digits would cost seconds).
		full := b
		for c := range full.Cands {
			if full.Grid[c] == 0 {
				full.Cands[c] |= AllDigits.Without(d)
			}
		}
		fired++
		i := slices.IndexFunc(before, func(by Technique) bool {
			// As the path asks: Find's step, with an effect, and in
			// the fish's tier (the chains) rated below it.
			on := &b
			if tierOf(by) == tierChains {
				on = &full
			}
			s, ok := by.Find(on)
			return ok && s.HasEffect() && (tierOf(by) < tierOf(fx) || s.Score < fx.Score())
		})
		if i < 0 {
			s, _ := fx.Find(&b)
			t.Fatalf("%s with none of the techniques before it: %v\n%v", fx.Name(), s, b.Cands)
		}
		first[before[i].Name()]++
	}
	// The cases past the intersections: each must have been reached, or
	// the test does not check the argument.
	for _, id := range cases {
		if first[id] == 0 {
			t.Fatalf("%d %ss, none left to a %s first (%v): the test does not reach every case", fired, fx.Name(), id, first)
		}
	}
	t.Logf("%d %ss; the first technique of the list that applies: %v", fired, fx.Name(), first)
}

// fishFirst is how many positions TestFishFirstSampler plants per kind
// (-fishfirst N; 0 skips it).
var fishFirst = flag.Int("fishfirst", 0, "positions TestFishFirstSampler plants per kind of fish")

// TestFishFirstSampler measures, for the Franken and Mutant fish the
// library has no puzzle of, how often a planted one with an effect has
// no technique before it in the catalogue with one (each technique's
// Find on the position with every other digit everywhere, as the path
// asks: an earlier tier, or the same tier and rated no higher). Two
// controls the library holds puzzles of, Franken Jellyfish and Finned
// Franken Swordfish, show that the sampler reaches positions where a
// fish comes first; the test fails when the Finned Franken Swordfish
// never does, since the gaps' zeros would then say nothing. A zero is no
// proof (TECHNIQUES.md, "Techniques without a puzzle").
func TestFishFirstSampler(t *testing.T) {
	if *fishFirst == 0 {
		t.Skip("-fishfirst N plants N positions per kind of fish")
	}
	for _, tc := range []struct {
		fx   fish
		seed uint64
	}{
		{fish{size: 3, kind: fishFranken}, 71},
		{fish{size: 3, kind: fishMutant}, 72},
		{fish{size: 4, kind: fishMutant}, 73},
		{fish{size: 3, kind: fishMutant, finned: true}, 74},
		{fish{size: 4, kind: fishFranken}, 75},
		{fish{size: 3, kind: fishFranken, finned: true}, 76},
	} {
		t.Run(string(tc.fx.Name()), func(t *testing.T) {
			fired, past, first := sampleFishFirst(tc.fx, rand.New(rand.NewPCG(tc.seed, 3)), *fishFirst)
			t.Logf("%s: %d planted with an effect, %d of them first taken past the intersections, %d with nothing before it", tc.fx.Name(), fired, past, first)
			if tc.fx.Name() == TechFinnedFrankenSwordfish && first == 0 {
				t.Errorf("no planted %s comes first: the sampler does not reach such positions, and its zeros say nothing", tc.fx.Name())
			}
		})
	}
}

// sampleFishFirst plants n positions of fx's kind (plantedFish) and
// counts those where it has an effect (fired), those where the first
// technique before it with one is past the intersections, and those with
// none before it.
func sampleFishFirst(fx fish, r *rand.Rand, n int) (fired, past, first int) {
	cat := Catalogue()
	fi := slices.IndexFunc(cat, func(x Technique) bool { return x.Name() == fx.Name() })
	var before []Technique
	for i, x := range cat {
		if i < fi && tierOf(x) <= tierOf(fx) {
			before = append(before, x)
		}
	}
	for range n {
		fins := 0.0
		if fx.finned {
			fins = []float64{0.03, 0.1, 0.25}[r.IntN(3)]
		}
		b, d, ok := plantedFish(r, fx.kind, fx.size, fins)
		if !ok || !hasEffect(fx, &b) {
			continue
		}
		fired++
		for c := range b.Cands {
			if b.Grid[c] == 0 {
				b.Cands[c] |= AllDigits.Without(d)
			}
		}
		i := slices.IndexFunc(before, func(by Technique) bool {
			s, ok := by.Find(&b)
			return ok && s.HasEffect() && (tierOf(by) < tierOf(fx) || s.Score <= fx.Score())
		})
		switch {
		case i < 0:
			first++
		case tierOf(before[i]) > tierIntersections:
			past++
		}
	}
	return fired, past, first
}
