package engine

import "math"

// Ratings of every technique on the Sudoku Explainer (SE 1.2.1) scale: the
// one table the logical solver, grading and the chain techniques use.
//
// Where SE has the technique the rating is SE's; where SukakuExplainer
// (SE's successor, which rated the sxbank_* sets) has it, the rating is
// SukakuExplainer's. Other techniques are placed between SE's neighbours
// where HoDoKu's solving order puts them, inside the level band that
// DESIGN.md gives them (single-digit patterns, W-Wing and colouring are
// "expert", 4.0-5.9; ALS and chains "master", 6.0-7.9). Chains add
// chainLengthBonus (chain_text.go) to their base rating.
//
//	technique                     score  source
//	Full House                     1.0   SE (last value in a unit)
//	Hidden Single (box)            1.2   SE
//	Hidden Single (row/column)     1.5   SE
//	Direct Pointing                1.7   SE
//	Direct Claiming                1.9   SE
//	Direct Hidden Pair             2.0   SE
//	Naked Single                   2.3   SE
//	Direct Hidden Triple           2.5   SE
//	Pointing                       2.6   SE
//	Claiming                       2.8   SE
//	Naked Pair                     3.0   SE (also HoDoKu's Locked Pair)
//	X-Wing                         3.2   SE
//	Hidden Pair                    3.4   SE
//	Naked Triple                   3.6   SE (also HoDoKu's Locked Triple)
//	Swordfish                      3.8   SE
//	Hidden Triple                  4.0   SE
//	Skyscraper                     4.0   SukakuExplainer
//	2-String Kite                  4.1   SukakuExplainer
//	Turbot Fish                    4.2   SukakuExplainer
//	Empty Rectangle                4.2   SukakuExplainer (a Turbot Fish)
//	XY-Wing                        4.2   SE
//	Finned/Sashimi X-Wing          4.3   HoDoKu: after the wings
//	XYZ-Wing                       4.4   SE
//	W-Wing                         4.4   SukakuExplainer
//	Unique Rectangle Type 1        4.5   SE (unique loop, 4 cells)
//	Unique Rectangle Type 2        4.5   SE
//	Unique Rectangle Type 4        4.5   SE
//	WXYZ-Wing                      4.6   SukakuExplainer
//	Unique Rectangle Type 3        4.6+  SE (4.5 + 0.1 per cell of the naked set besides the roof)
//	Hidden Rectangle               4.6   HoDoKu: after the SE types
//	Unique Rectangle Types 5, 6    4.6   HoDoKu: after types 1-4, beside the hidden rectangle (HoDoKu rates all UR types alike)
//	Avoidable Rectangle Types 1, 2 4.6   HoDoKu: 100 like every UR type, right after the hidden rectangle (order 4020, 4030)
//	Finned/Sashimi Swordfish       4.7   HoDoKu: after Swordfish and the wings
//	Naked Quad                     5.0   SE
//	Simple Colouring               5.1   HoDoKu: after UR and finned fish
//	Jellyfish                      5.2   SE
//	Hidden Quad                    5.4   SE
//	Finned/Sashimi Jellyfish       5.5   HoDoKu: after Jellyfish
//	Unique Loop Types 1, 2, 4      4.6+  SE (6 cells 4.6, 8 cells 4.7, 10+ cells 5.0)
//	Unique Loop Type 3             4.7+  SE (loop rating + 0.1 per naked-set cell besides the loop's)
//	BUG+1                          5.6   SE (BUG type 1)
//	BUG Type 2, BUG Type 4         5.7   SE
//	BUG Type 3                     5.8+  SE (5.7 + 0.1 per naked-set digit beyond one)
//	Multi-Colouring                5.7   HoDoKu: after simple colouring
//	Sue de Coq                     6.0   HoDoKu: 250, between Finned Jellyfish (240) and X-Chain (260)
//	Aligned Pair Exclusion         6.2   SE
//	X-Chain / X-Cycle              6.5+  SE X-cycles
//	XY-Chain / XY-Cycle / Remote   6.6+  SE Y-cycles
//	ALS-XZ                         6.8+  HoDoKu: between XY-Chain and AIC
//	ALS-XY-Wing                    6.9   HoDoKu: 320, between ALS-XZ (300) and the chains after it
//	Franken X-Wing                 6.8   HoDoKu: 300, beside ALS-XZ (300)
//	AIC / Nice Loop (grouped too)  7.0+  SE bidirectional cycles / forcing chains
//	Franken Swordfish              7.1   HoDoKu: 350 (Franken and Mutant fish: 0.1 per 19 HoDoKu
//	Franken Jellyfish              7.2   HoDoKu: 370  points above ALS-XY-Wing, 320 = 6.9, so that
//	Finned Franken X-Wing          7.3   HoDoKu: 390  HoDoKu's order holds and Kraken fish and
//	Finned Franken Swordfish       7.4   HoDoKu: 410  forcing chains, 500, stay above them)
//	Finned Franken Jellyfish       7.5   HoDoKu: 430
//	Mutant X-Wing to Jellyfish     7.6   HoDoKu: 450 (level extreme, not master: HoDoKu grades
//	Finned Mutant fish, and every  7.7   HoDoKu: 470  Mutant fish and every fish of 5+ units
//	Franken or Mutant fish of 5+                      "extreme", like the forcing chains)
//	Kraken Fish                    7.8+  HoDoKu: 500, after every fish and before its forcing chains
//	                                     (500, ours 8.0+); level extreme, a proof by cases; plus
//	                                     the chains' length bonus
//	ALS-XY-Chain                   7.0+  HoDoKu: 340, after ALS-XY-Wing (320); plus SE's length bonus for two nodes per restricted common (4 sets 7.0, 5 sets 7.1, 6 sets 7.2)
//	Death Blossom                  7.2   HoDoKu: 360, after ALS-XY-Chain (340) and before the forcing chains (500 and more)
//	Forcing Chain                  7.0+  SE
//	Aligned Triple Exclusion       7.5   SE
//	Nishio Forcing Chain           7.5+  SE
//	Cell / Region Forcing Chain    8.0+  SE
//	Dynamic Forcing Chain          8.5+  SE
//	Dynamic Forcing Chain (+)      9.0+  SE
//	Template Set, Template Delete  9.4   HoDoKu: 10000, "last resort" after Forcing Chain (500) and Forcing Net (700); below our last resort
//	Nested Forcing Chain           9.5+  SE
const (
	scoreFullHouse          = 1.0
	scoreHiddenSingleBox    = 1.2
	scoreHiddenSingleLine   = 1.5
	scoreDirectPointing     = 1.7
	scoreDirectClaiming     = 1.9
	scoreDirectHiddenPair   = 2.0
	scoreNakedSingle        = 2.3
	scoreDirectHiddenTriple = 2.5
	scorePointing           = 2.6
	scoreClaiming           = 2.8
	scoreNakedPair          = 3.0
	scoreXWing              = 3.2
	scoreHiddenPair         = 3.4
	scoreNakedTriple        = 3.6
	scoreSwordfish          = 3.8
	scoreHiddenTriple       = 4.0
	scoreSkyscraper         = 4.0
	scoreTwoStringKite      = 4.1
	scoreXYWing             = 4.2
	scoreTurbotFish         = 4.2
	scoreEmptyRectangle     = 4.2
	scoreWWing              = 4.4
	scoreFinnedXWing        = 4.3
	scoreXYZWing            = 4.4
	scoreURType1            = 4.5
	scoreURType2            = 4.5
	scoreURType4            = 4.5
	scoreWXYZWing           = 4.6
	scoreURType3            = 4.6
	scoreURType56           = 4.6
	scoreHiddenRectangle    = 4.6
	scoreAvoidableRectangle = 4.6
	scoreFinnedSwordfish    = 4.7
	scoreNakedQuad          = 5.0
	scoreSimpleColouring    = 5.1
	scoreJellyfish          = 5.2
	scoreHiddenQuad         = 5.4
	scoreFinnedJellyfish    = 5.5
	scoreSueDeCoq           = 6.0
	scoreALSXYWing          = 6.9
	scoreKrakenFish         = 7.8
	scoreALSXYChain         = 7.0
	scoreDeathBlossom       = 7.2
	scoreBUG                = 5.6
	scoreMultiColouring     = 5.7
	scoreBUGType2           = 5.7
	scoreBUGType3           = 5.8
	scoreBUGType4           = 5.7
	scoreUniqueLoop         = 4.6
	scoreUniqueLoopType3    = 4.7

	scoreAlignedPairExclusion   = 6.2
	scoreAlignedTripleExclusion = 7.5

	// Chain, ALS and forcing techniques (built in chain*.go, als*.go,
	// forcing*.go); each found step adds SE's length bonus, chainLengthBonus
	// in chain_text.go (0.1 per threshold 4, 6, 8, 12, 16, 24, ... exceeded).
	scoreXChain              = 6.5
	scoreXCycle              = 6.5
	scoreXYChain             = 6.6
	scoreXYCycle             = 6.6
	scoreRemotePair          = 6.6
	scoreALSXZ               = 6.8
	scoreAIC                 = 7.0
	scoreNiceLoop            = 7.0
	scoreForcingChain        = 7.0
	scoreNishioForcingChain  = 7.5
	scoreCellForcingChain    = 8.0
	scoreRegionForcingChain  = 8.0
	scoreDynamicForcingChain = 8.5
	scoreDynamicForcingPlus  = 9.0
	scoreNestedForcingChain  = 9.5
	scoreTemplate            = 9.4
)

// complexFishScore is the rating of a Franken or Mutant fish (see the
// table above).
func complexFishScore(kind fishKind, finned bool, size int) float64 {
	switch {
	case size >= 5 || kind == fishMutant && finned:
		return 7.7
	case kind == fishMutant:
		return 7.6
	case finned:
		return [5]float64{2: 7.3, 3: 7.4, 4: 7.5}[size]
	}
	return [5]float64{2: 6.8, 3: 7.1, 4: 7.2}[size]
}

// roundScore rounds a score to one decimal.
func roundScore(x float64) float64 { return math.Round(x*10) / 10 }
