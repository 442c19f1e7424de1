package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The techniques of NeverFirst are looked for by the teaching path but
// never taken first, because a technique the path tries before them
// applies wherever they do. The arguments are in NeverFirst's comment;
// these tests check each on random positions with the pattern planted
// (the lemmas are about candidates only, so a position need not come
// from a puzzle), and check the order that makes the earlier technique
// win.

// randomCands fills every cell of b with 2 to 9 random candidates.
func randomCands(r *rand.Rand, b *Board) {
	for c := range b.Cands {
		var m Digits
		for m.Count() < 2 {
			m = Digits(r.Uint32()) & AllDigits
		}
		b.Cands[c] = m
	}
}

// stripDigit removes digit d from every cell of unit u but keep.
func stripDigit(b *Board, u int, d uint8, keep ...int) {
	for _, c := range UnitCells[u] {
		if !slices.Contains(keep, c) {
			b.Cands[c] = b.Cands[c].Without(d)
		}
	}
}

// comesBefore reports whether the teaching path tries technique a before
// b: an earlier tier, or the same tier and an earlier place in the
// catalogue (nextStepBy keeps the first of equal scores and stops before
// a technique rated no lower than the step it has).
func comesBefore(t *testing.T, a, b TechniqueID) bool {
	t.Helper()
	ta, oka := TechniqueNamed(a)
	tb, okb := TechniqueNamed(b)
	if !oka || !okb {
		t.Fatalf("%s or %s is not in the catalogue", a, b)
	}
	if tierOf(ta) != tierOf(tb) {
		return tierOf(ta) < tierOf(tb)
	}
	ia := slices.IndexFunc(Catalogue(), func(x Technique) bool { return x.Name() == a })
	ib := slices.IndexFunc(Catalogue(), func(x Technique) bool { return x.Name() == b })
	return ta.Score() <= tb.Score() && ia < ib
}

func hasEffect(tech Technique, b *Board) bool {
	s, ok := tech.Find(b)
	return ok && s.HasEffect()
}

// TestNeverFirstRemotePair: take a remote pair's shortest path between
// two cells an odd number of links apart. Two neighbours on it see each
// other and hold only a and b: a naked pair, which takes a and b out of
// the rest of their unit unless they are the unit's only places for both
// digits. When no naked pair has an effect, every link of the path is so a
// conjugate pair of a (and of b), the path lies in one colour cluster of
// a with its ends in opposite colours, and a cell that sees both ends
// loses a to Simple Colouring (a trap; or a wrap when the cluster has an
// odd cycle, or when the cell itself is coloured). Naked Pair (subsets)
// and Simple Colouring (expert patterns) both come before Remote Pair
// (master chains).
func TestNeverFirstRemotePair(t *testing.T) {
	for _, by := range []TechniqueID{TechNakedPair, TechSimpleColouring} {
		if !comesBefore(t, by, TechRemotePair) {
			t.Fatalf("%s no longer comes before Remote Pair: the argument fails", by)
		}
	}
	r := rand.New(rand.NewPCG(34, 6))
	rp, np, sc := remotePairs{}, nakedSubset{size: 2}, simpleColouring{}
	fired, hard := 0, 0
	for range 20000 {
		var b Board
		randomCands(r, &b)
		// a walk of 4 or 6 cells, each seeing the last
		n := 4 + 2*r.IntN(2)
		chain := []int{r.IntN(NumCells)}
		for len(chain) < n {
			p := Peers[chain[len(chain)-1]][r.IntN(len(Peers[0]))]
			if !slices.Contains(chain, p) {
				chain = append(chain, p)
			}
		}
		x := uint8(1 + r.IntN(9))
		y := uint8(1 + (int(x)+r.IntN(8))%9)
		pair := DigitSet(x, y)
		for _, c := range chain {
			b.Cands[c] = pair
		}
		if r.IntN(4) > 0 {
			// clear the pairs' other places in the units the links
			// share, so the naked pairs do nothing
			for i := 0; i+1 < len(chain); i++ {
				for k := range 3 {
					if u := CellUnits[chain[i]][k]; slices.Contains(CellUnits[chain[i+1]][:], u) {
						stripDigit(&b, u, x, chain[i], chain[i+1])
						stripDigit(&b, u, y, chain[i], chain[i+1])
					}
				}
			}
		}
		if !hasEffect(rp, &b) {
			continue
		}
		fired++
		if hasEffect(np, &b) {
			continue
		}
		hard++
		if !hasEffect(sc, &b) {
			t.Fatalf("Remote Pair applies with no naked pair and no simple colouring:\n%v", b.Cands)
		}
	}
	if hard == 0 {
		t.Fatalf("no planted remote pair was left without a naked pair (%d fired): the test checks nothing", fired)
	}
	t.Logf("%d remote pairs, %d without a naked pair, each with a simple colouring", fired, hard)
}

// TestNeverFirstURType6: a Unique Rectangle Type 6 has two diagonal
// corners holding only a and b, and a confined to the corners in both
// rows (or columns). If a row holds a in one corner only, that is a
// hidden single. Otherwise a is an X-Wing on those rows; when the X-Wing
// clears nothing, a is confined to the corners in both columns too, and
// then the Hidden Rectangle of one bivalue corner and the opposite
// (bivalue) corner takes b out of that corner. X-Wing comes before, and
// Hidden Rectangle has the same rating and comes earlier in the
// catalogue, so the teaching path takes one of them.
func TestNeverFirstURType6(t *testing.T) {
	for _, by := range []TechniqueID{TechXWing, TechHiddenRectangle} {
		if !comesBefore(t, by, TechUniqueRectangleType6) {
			t.Fatalf("%s no longer comes before Unique Rectangle Type 6: the argument fails", by)
		}
	}
	r := rand.New(rand.NewPCG(34, 66))
	ur6, xw, hr := uniqueRectangle{kind: 6}, fish{size: 2}, hiddenRectangle{}
	fired, hard := 0, 0
	for range 20000 {
		var b Board
		randomCands(r, &b)
		// a rectangle over two boxes: rows in one band, or columns in
		// one stack
		r1 := r.IntN(9)
		r2 := 3*(r1/3) + (r1%3+1+r.IntN(2))%3
		c1 := r.IntN(9)
		c2 := (c1 + 3 + r.IntN(6)) % 9
		if r.IntN(2) == 0 {
			r1, r2, c1, c2 = c1, c2, r1, r2
		}
		f1, f2 := r1*9+c1, r2*9+c2 // the floor, diagonal
		o1, o2 := r1*9+c2, r2*9+c1 // the roof
		x := uint8(1 + r.IntN(9))
		y := uint8(1 + (int(x)+r.IntN(8))%9)
		pair := DigitSet(x, y)
		b.Cands[f1], b.Cands[f2] = pair, pair
		b.Cands[o1] |= pair
		b.Cands[o2] |= pair
		rows := r.IntN(2) == 0
		for _, c := range []int{f1, f2} {
			u := CellUnits[c][0]
			if !rows {
				u = CellUnits[c][1]
			}
			stripDigit(&b, u, x, f1, f2, o1, o2)
		}
		if r.IntN(2) == 0 {
			for _, c := range []int{f1, f2} {
				u := CellUnits[c][1]
				if !rows {
					u = CellUnits[c][0]
				}
				stripDigit(&b, u, x, f1, f2, o1, o2)
			}
		}
		if !hasEffect(ur6, &b) {
			continue
		}
		fired++
		if hasEffect(hiddenSingle{box: true}, &b) || hasEffect(hiddenSingle{box: false}, &b) || hasEffect(xw, &b) {
			continue
		}
		hard++
		if !hasEffect(hr, &b) {
			t.Fatalf("Unique Rectangle Type 6 applies with no hidden single, X-Wing or Hidden Rectangle:\n%v", b.Cands)
		}
	}
	if hard == 0 {
		t.Fatalf("no planted type 6 was left without a single or an X-Wing (%d fired): the test checks nothing", fired)
	}
	t.Logf("%d type 6 rectangles, %d without a single or an X-Wing, each with a Hidden Rectangle", fired, hard)
}

// TestNeverFirstList: NeverFirst names exactly the techniques these
// tests (and Direct Claiming's argument) cover, each with the techniques
// that come first.
func TestNeverFirstList(t *testing.T) {
	want := map[TechniqueID][]TechniqueID{
		TechDirectClaiming:       {TechHiddenSingle, TechDirectPointing},
		TechRemotePair:           {TechNakedPair, TechSimpleColouring},
		TechUniqueRectangleType6: {TechXWing, TechHiddenRectangle},
		TechFrankenXWing:         {TechHiddenSingle, TechPointing, TechClaiming},
		TechMutantXWing:          {TechHiddenSingle, TechPointing, TechClaiming},
		TechFinnedFrankenXWing: {TechHiddenSingle, TechPointing, TechClaiming, TechXWing, TechSkyscraper,
			TechEmptyRectangle, TechGroupedAlternatingInferenceChain},
		TechFinnedMutantXWing: {TechHiddenSingle, TechPointing, TechClaiming, TechGroupedAlternatingInferenceChain},
	}
	order := TechniqueIDs()
	for _, id := range TechniqueIDs() {
		by, ok := NeverFirst(id)
		w, wok := want[id]
		if ok != wok || !slices.Equal(by, w) {
			t.Errorf("NeverFirst(%s) = %v %v, want %v %v", id, by, ok, w, wok)
		}
		if ok && Servable(id) {
			t.Errorf("%s is never taken first but Servable", id)
		}
		for _, b := range by {
			if !comesBefore(t, b, id) {
				t.Errorf("%s: %s does not come before it", id, b)
			}
		}
		// The refusal to train it names them in this order: the one a
		// player learns them in.
		if !slices.IsSortedFunc(by, func(a, b TechniqueID) int {
			return slices.Index(order, a) - slices.Index(order, b)
		}) {
			t.Errorf("NeverFirst(%s) = %v, not in the catalogue's order", id, by)
		}
	}
}
