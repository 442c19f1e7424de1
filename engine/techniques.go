package engine

import (
	"slices"
	"strings"
)

// The catalogue of techniques: every technique a step can name, with its
// level, rating, family, the key of its words and its web address, in one
// table. The level a generated puzzle promises (TechniqueLevel), the
// techniques Sudoku Explainer grades with (GradingCatalogue), the list
// training and lessons offer (TechniqueIDs), the words and reasoning of
// package explain and the board's technique table (internal/tsgen) all
// read it; TestTechniqueCatalogue holds it to the finders (Catalogue,
// OffPath) so that a technique added there and not here fails.
//
// The order is the one players see: easiest level first, then by base
// rating (the Sashimi fish beside their finned forms), then by key.

// TechniqueInfo is one technique of the catalogue.
type TechniqueInfo struct {
	// ID is the technique's stable key, as steps carry it.
	ID TechniqueID
	// Level is the level of the technique's family, whatever a step's
	// exact score: what a generated puzzle of a level promises its player.
	// It follows the score bands except where a family straddles one: a
	// Hidden Triple (4.0) is a triple, hard; chains are master whatever
	// their length bonus; BUG and unique loops with large naked sets stay
	// expert; and every forcing chain, the Nishio one (7.5) included, is
	// extreme, as are Kraken fish (a proof by cases), Mutant fish (7.6,
	// 7.7) and Franken fish of 5 units and more (HoDoKu's "extreme").
	Level Level
	// Rating is the technique's base rating on the Sudoku Explainer scale
	// (ratings.go): the lowest a step of it rates (a hidden single in a
	// box, 1.2); chains add a length bonus. A Sashimi fish rates as its
	// finned form.
	Rating float64
	// Family is the group of techniques found and worded alike.
	Family Family
	// Words is the key of the technique's words in package l10n's
	// catalogue ("tech.<Words>.name" and "tech.<Words>.def"). A Franken or
	// Mutant fish has no words of its own: its name and definition are
	// composed from "cfish.plain_<Words>" and "cfish.def_<Words>" with the
	// name of its size (FishSize).
	Words string
	// Slug is the technique's web address segment ("x-wing",
	// "cell-region-forcing-chain"): /learn/<Slug>. LookupTechnique reads
	// it back.
	Slug string
	// SE is true for the techniques Sudoku Explainer 1.2.1 knows: RateSE
	// grades with these only (GradingCatalogue explains why).
	SE bool
	// Aliases are other spellings of the key that people type and
	// LookupTechnique reads as the technique: the keys are British
	// ("Simple Colouring"), and an American types "Simple Coloring".
	// They are never stored or shown: a step carries its ID.
	Aliases []string
	// FishSize is the number of base units of a Franken or Mutant fish
	// (2-7), 0 for every other technique.
	FishSize int
}

// Family is a group of techniques that one finder looks for and that are
// worded alike (package explain words each family once).
type Family string

// The keys of the catalogue's techniques, in its order.
const (
	TechFullHouse                        TechniqueID = "Full House"
	TechHiddenSingle                     TechniqueID = "Hidden Single"
	TechDirectPointing                   TechniqueID = "Direct Pointing"
	TechDirectClaiming                   TechniqueID = "Direct Claiming"
	TechDirectHiddenPair                 TechniqueID = "Direct Hidden Pair"
	TechNakedSingle                      TechniqueID = "Naked Single"
	TechDirectHiddenTriple               TechniqueID = "Direct Hidden Triple"
	TechPointing                         TechniqueID = "Pointing"
	TechClaiming                         TechniqueID = "Claiming"
	TechNakedPair                        TechniqueID = "Naked Pair"
	TechXWing                            TechniqueID = "X-Wing"
	TechHiddenPair                       TechniqueID = "Hidden Pair"
	TechNakedTriple                      TechniqueID = "Naked Triple"
	TechSwordfish                        TechniqueID = "Swordfish"
	TechHiddenTriple                     TechniqueID = "Hidden Triple"
	TechSkyscraper                       TechniqueID = "Skyscraper"
	TechTwoStringKite                    TechniqueID = "2-String Kite"
	TechEmptyRectangle                   TechniqueID = "Empty Rectangle"
	TechTurbotFish                       TechniqueID = "Turbot Fish"
	TechXYWing                           TechniqueID = "XY-Wing"
	TechFinnedXWing                      TechniqueID = "Finned X-Wing"
	TechSashimiXWing                     TechniqueID = "Sashimi X-Wing"
	TechWWing                            TechniqueID = "W-Wing"
	TechXYZWing                          TechniqueID = "XYZ-Wing"
	TechUniqueRectangleType1             TechniqueID = "Unique Rectangle Type 1"
	TechUniqueRectangleType2             TechniqueID = "Unique Rectangle Type 2"
	TechUniqueRectangleType4             TechniqueID = "Unique Rectangle Type 4"
	TechAvoidableRectangleType1          TechniqueID = "Avoidable Rectangle Type 1"
	TechAvoidableRectangleType2          TechniqueID = "Avoidable Rectangle Type 2"
	TechHiddenRectangle                  TechniqueID = "Hidden Rectangle"
	TechUniqueLoopType1                  TechniqueID = "Unique Loop Type 1"
	TechUniqueLoopType2                  TechniqueID = "Unique Loop Type 2"
	TechUniqueLoopType4                  TechniqueID = "Unique Loop Type 4"
	TechUniqueRectangleType3             TechniqueID = "Unique Rectangle Type 3"
	TechUniqueRectangleType5             TechniqueID = "Unique Rectangle Type 5"
	TechUniqueRectangleType6             TechniqueID = "Unique Rectangle Type 6"
	TechWXYZWing                         TechniqueID = "WXYZ-Wing"
	TechFinnedSwordfish                  TechniqueID = "Finned Swordfish"
	TechSashimiSwordfish                 TechniqueID = "Sashimi Swordfish"
	TechUniqueLoopType3                  TechniqueID = "Unique Loop Type 3"
	TechNakedQuad                        TechniqueID = "Naked Quad"
	TechSimpleColouring                  TechniqueID = "Simple Colouring"
	TechJellyfish                        TechniqueID = "Jellyfish"
	TechHiddenQuad                       TechniqueID = "Hidden Quad"
	TechFinnedJellyfish                  TechniqueID = "Finned Jellyfish"
	TechSashimiJellyfish                 TechniqueID = "Sashimi Jellyfish"
	TechBUGPlus1                         TechniqueID = "BUG+1"
	TechBUGType2                         TechniqueID = "BUG Type 2"
	TechBUGType4                         TechniqueID = "BUG Type 4"
	TechMultiColouring                   TechniqueID = "Multi-Colouring"
	TechBUGType3                         TechniqueID = "BUG Type 3"
	TechSueDeCoq                         TechniqueID = "Sue de Coq"
	TechAlignedPairExclusion             TechniqueID = "Aligned Pair Exclusion"
	TechXChain                           TechniqueID = "X-Chain"
	TechRemotePair                       TechniqueID = "Remote Pair"
	TechXYChain                          TechniqueID = "XY-Chain"
	TechALSXZ                            TechniqueID = "ALS-XZ"
	TechFrankenXWing                     TechniqueID = "Franken X-Wing"
	TechALSXYWing                        TechniqueID = "ALS-XY-Wing"
	TechALSXYChain                       TechniqueID = "ALS-XY-Chain"
	TechAlternatingInferenceChain        TechniqueID = "Alternating Inference Chain"
	TechGroupedAlternatingInferenceChain TechniqueID = "Grouped Alternating Inference Chain"
	TechFrankenSwordfish                 TechniqueID = "Franken Swordfish"
	TechDeathBlossom                     TechniqueID = "Death Blossom"
	TechFrankenJellyfish                 TechniqueID = "Franken Jellyfish"
	TechFinnedFrankenXWing               TechniqueID = "Finned Franken X-Wing"
	TechFinnedFrankenSwordfish           TechniqueID = "Finned Franken Swordfish"
	TechAlignedTripleExclusion           TechniqueID = "Aligned Triple Exclusion"
	TechFinnedFrankenJellyfish           TechniqueID = "Finned Franken Jellyfish"
	TechNishioForcingChain               TechniqueID = "Nishio Forcing Chain"
	TechMutantJellyfish                  TechniqueID = "Mutant Jellyfish"
	TechMutantSwordfish                  TechniqueID = "Mutant Swordfish"
	TechMutantXWing                      TechniqueID = "Mutant X-Wing"
	TechFinnedFrankenLeviathan           TechniqueID = "Finned Franken Leviathan"
	TechFinnedFrankenSquirmbag           TechniqueID = "Finned Franken Squirmbag"
	TechFinnedFrankenWhale               TechniqueID = "Finned Franken Whale"
	TechFinnedMutantJellyfish            TechniqueID = "Finned Mutant Jellyfish"
	TechFinnedMutantLeviathan            TechniqueID = "Finned Mutant Leviathan"
	TechFinnedMutantSquirmbag            TechniqueID = "Finned Mutant Squirmbag"
	TechFinnedMutantSwordfish            TechniqueID = "Finned Mutant Swordfish"
	TechFinnedMutantWhale                TechniqueID = "Finned Mutant Whale"
	TechFinnedMutantXWing                TechniqueID = "Finned Mutant X-Wing"
	TechFrankenLeviathan                 TechniqueID = "Franken Leviathan"
	TechFrankenSquirmbag                 TechniqueID = "Franken Squirmbag"
	TechFrankenWhale                     TechniqueID = "Franken Whale"
	TechMutantLeviathan                  TechniqueID = "Mutant Leviathan"
	TechMutantSquirmbag                  TechniqueID = "Mutant Squirmbag"
	TechMutantWhale                      TechniqueID = "Mutant Whale"
	TechKrakenFish                       TechniqueID = "Kraken Fish"
	TechCellRegionForcingChain           TechniqueID = "Cell/Region Forcing Chain"
	TechDynamicForcingChain              TechniqueID = "Dynamic Forcing Chain"
	TechDynamicForcingChainPlus          TechniqueID = "Dynamic Forcing Chain (+)"
	TechTemplateDelete                   TechniqueID = "Template Delete"
	TechTemplateSet                      TechniqueID = "Template Set"
	TechNestedForcingChain               TechniqueID = "Nested Forcing Chain"
)

// The families, in the order of their first technique in the catalogue.
const (
	// FamilySingles is Full House, Hidden and Naked Single: the one place or the one digit left.
	FamilySingles Family = "singles"
	// FamilyIntersections is Pointing and Claiming, direct or not: a digit confined to where a box and a line cross.
	FamilyIntersections Family = "intersections"
	// FamilyHiddenSubsets is Hidden Pair, Triple and Quad, direct or not.
	FamilyHiddenSubsets Family = "hidden-subsets"
	// FamilyNakedSubsets is Naked Pair, Triple and Quad.
	FamilyNakedSubsets Family = "naked-subsets"
	// FamilyFish is X-Wing, Swordfish and Jellyfish, plain, finned or sashimi.
	FamilyFish Family = "fish"
	// FamilySingleDigit is Skyscraper, 2-String Kite and Turbot Fish: short chains of one digit.
	FamilySingleDigit Family = "single-digit"
	// FamilyEmptyRectangle is Empty Rectangle.
	FamilyEmptyRectangle Family = "empty-rectangle"
	// FamilyWings is XY-, XYZ-, W- and WXYZ-Wing: a pivot and pincers.
	FamilyWings Family = "wings"
	// FamilyUniqueRectangles is Unique Rectangle types 1 to 6.
	FamilyUniqueRectangles Family = "unique-rectangles"
	// FamilyAvoidableRectangles is Avoidable Rectangle types 1 and 2.
	FamilyAvoidableRectangles Family = "avoidable-rectangles"
	// FamilyHiddenRectangle is Hidden Rectangle.
	FamilyHiddenRectangle Family = "hidden-rectangle"
	// FamilyUniqueLoops is Unique Loop types 1 to 4.
	FamilyUniqueLoops Family = "unique-loops"
	// FamilyColouring is Simple and Multi-Colouring.
	FamilyColouring Family = "colouring"
	// FamilyBUGPlusOne is BUG+1.
	FamilyBUGPlusOne Family = "bug-plus-one"
	// FamilyBUG is BUG types 2 to 4.
	FamilyBUG Family = "bug"
	// FamilySueDeCoq is Sue de Coq.
	FamilySueDeCoq Family = "sue-de-coq"
	// FamilyAlignedExclusion is Aligned Pair and Triple Exclusion.
	FamilyAlignedExclusion Family = "aligned-exclusion"
	// FamilyChains is X-Chain, XY-Chain and the alternating inference chains, grouped or not.
	FamilyChains Family = "chains"
	// FamilyRemotePair is Remote Pair.
	FamilyRemotePair Family = "remote-pair"
	// FamilyALSXZ is ALS-XZ.
	FamilyALSXZ Family = "als-xz"
	// FamilyComplexFish is Franken and Mutant fish of every size, finned or not: their words are composed (TechniqueInfo.FishSize).
	FamilyComplexFish Family = "complex-fish"
	// FamilyALSXYWing is ALS-XY-Wing.
	FamilyALSXYWing Family = "als-xy-wing"
	// FamilyALSXYChain is ALS-XY-Chain.
	FamilyALSXYChain Family = "als-xy-chain"
	// FamilyDeathBlossom is Death Blossom.
	FamilyDeathBlossom Family = "death-blossom"
	// FamilyForcingChains is the forcing chains: Nishio, cell/region, dynamic and nested.
	FamilyForcingChains Family = "forcing-chains"
	// FamilyKrakenFish is Kraken Fish: a finned fish whose fins are followed by forcing chains.
	FamilyKrakenFish Family = "kraken-fish"
	// FamilyTemplates is Template Set and Template Delete.
	FamilyTemplates Family = "templates"
)

// techniques is the catalogue (see the top of this file).
var techniques = [...]TechniqueInfo{
	{ID: TechFullHouse, Level: LevelEasy, Rating: 1.0, Family: FamilySingles, Words: "full_house", Slug: "full-house", SE: true},
	{ID: TechHiddenSingle, Level: LevelEasy, Rating: 1.2, Family: FamilySingles, Words: "hidden_single", Slug: "hidden-single", SE: true},
	{ID: TechDirectPointing, Level: LevelMedium, Rating: 1.7, Family: FamilyIntersections, Words: "direct_pointing", Slug: "direct-pointing", SE: true},
	{ID: TechDirectClaiming, Level: LevelMedium, Rating: 1.9, Family: FamilyIntersections, Words: "direct_claiming", Slug: "direct-claiming", SE: true},
	{ID: TechDirectHiddenPair, Level: LevelMedium, Rating: 2.0, Family: FamilyHiddenSubsets, Words: "direct_hidden_pair", Slug: "direct-hidden-pair", SE: true},
	{ID: TechNakedSingle, Level: LevelMedium, Rating: 2.3, Family: FamilySingles, Words: "naked_single", Slug: "naked-single", SE: true},
	{ID: TechDirectHiddenTriple, Level: LevelMedium, Rating: 2.5, Family: FamilyHiddenSubsets, Words: "direct_hidden_triple", Slug: "direct-hidden-triple", SE: true},
	{ID: TechPointing, Level: LevelHard, Rating: 2.6, Family: FamilyIntersections, Words: "pointing", Slug: "pointing", SE: true},
	{ID: TechClaiming, Level: LevelHard, Rating: 2.8, Family: FamilyIntersections, Words: "claiming", Slug: "claiming", SE: true},
	{ID: TechNakedPair, Level: LevelHard, Rating: 3.0, Family: FamilyNakedSubsets, Words: "naked_pair", Slug: "naked-pair", SE: true},
	{ID: TechXWing, Level: LevelHard, Rating: 3.2, Family: FamilyFish, Words: "x_wing", Slug: "x-wing", SE: true},
	{ID: TechHiddenPair, Level: LevelHard, Rating: 3.4, Family: FamilyHiddenSubsets, Words: "hidden_pair", Slug: "hidden-pair", SE: true},
	{ID: TechNakedTriple, Level: LevelHard, Rating: 3.6, Family: FamilyNakedSubsets, Words: "naked_triple", Slug: "naked-triple", SE: true},
	{ID: TechSwordfish, Level: LevelHard, Rating: 3.8, Family: FamilyFish, Words: "swordfish", Slug: "swordfish", SE: true},
	{ID: TechHiddenTriple, Level: LevelHard, Rating: 4.0, Family: FamilyHiddenSubsets, Words: "hidden_triple", Slug: "hidden-triple", SE: true},
	{ID: TechSkyscraper, Level: LevelExpert, Rating: 4.0, Family: FamilySingleDigit, Words: "skyscraper", Slug: "skyscraper"},
	{ID: TechTwoStringKite, Level: LevelExpert, Rating: 4.1, Family: FamilySingleDigit, Words: "2_string_kite", Slug: "2-string-kite"},
	{ID: TechEmptyRectangle, Level: LevelExpert, Rating: 4.2, Family: FamilyEmptyRectangle, Words: "empty_rectangle", Slug: "empty-rectangle"},
	{ID: TechTurbotFish, Level: LevelExpert, Rating: 4.2, Family: FamilySingleDigit, Words: "turbot_fish", Slug: "turbot-fish"},
	{ID: TechXYWing, Level: LevelExpert, Rating: 4.2, Family: FamilyWings, Words: "xy_wing", Slug: "xy-wing", SE: true},
	{ID: TechFinnedXWing, Level: LevelExpert, Rating: 4.3, Family: FamilyFish, Words: "finned_x_wing", Slug: "finned-x-wing"},
	{ID: TechSashimiXWing, Level: LevelExpert, Rating: 4.3, Family: FamilyFish, Words: "sashimi_x_wing", Slug: "sashimi-x-wing"},
	{ID: TechWWing, Level: LevelExpert, Rating: 4.4, Family: FamilyWings, Words: "w_wing", Slug: "w-wing"},
	{ID: TechXYZWing, Level: LevelExpert, Rating: 4.4, Family: FamilyWings, Words: "xyz_wing", Slug: "xyz-wing", SE: true},
	{ID: TechUniqueRectangleType1, Level: LevelExpert, Rating: 4.5, Family: FamilyUniqueRectangles, Words: "unique_rectangle_type_1", Slug: "unique-rectangle-type-1", SE: true},
	{ID: TechUniqueRectangleType2, Level: LevelExpert, Rating: 4.5, Family: FamilyUniqueRectangles, Words: "unique_rectangle_type_2", Slug: "unique-rectangle-type-2", SE: true},
	{ID: TechUniqueRectangleType4, Level: LevelExpert, Rating: 4.5, Family: FamilyUniqueRectangles, Words: "unique_rectangle_type_4", Slug: "unique-rectangle-type-4", SE: true},
	{ID: TechAvoidableRectangleType1, Level: LevelExpert, Rating: 4.6, Family: FamilyAvoidableRectangles, Words: "avoidable_rectangle_type_1", Slug: "avoidable-rectangle-type-1"},
	{ID: TechAvoidableRectangleType2, Level: LevelExpert, Rating: 4.6, Family: FamilyAvoidableRectangles, Words: "avoidable_rectangle_type_2", Slug: "avoidable-rectangle-type-2"},
	{ID: TechHiddenRectangle, Level: LevelExpert, Rating: 4.6, Family: FamilyHiddenRectangle, Words: "hidden_rectangle", Slug: "hidden-rectangle"},
	{ID: TechUniqueLoopType1, Level: LevelExpert, Rating: 4.6, Family: FamilyUniqueLoops, Words: "unique_loop_type_1", Slug: "unique-loop-type-1", SE: true},
	{ID: TechUniqueLoopType2, Level: LevelExpert, Rating: 4.6, Family: FamilyUniqueLoops, Words: "unique_loop_type_2", Slug: "unique-loop-type-2", SE: true},
	{ID: TechUniqueLoopType4, Level: LevelExpert, Rating: 4.6, Family: FamilyUniqueLoops, Words: "unique_loop_type_4", Slug: "unique-loop-type-4", SE: true},
	{ID: TechUniqueRectangleType3, Level: LevelExpert, Rating: 4.6, Family: FamilyUniqueRectangles, Words: "unique_rectangle_type_3", Slug: "unique-rectangle-type-3", SE: true},
	{ID: TechUniqueRectangleType5, Level: LevelExpert, Rating: 4.6, Family: FamilyUniqueRectangles, Words: "unique_rectangle_type_5", Slug: "unique-rectangle-type-5"},
	{ID: TechUniqueRectangleType6, Level: LevelExpert, Rating: 4.6, Family: FamilyUniqueRectangles, Words: "unique_rectangle_type_6", Slug: "unique-rectangle-type-6"},
	{ID: TechWXYZWing, Level: LevelExpert, Rating: 4.6, Family: FamilyWings, Words: "wxyz_wing", Slug: "wxyz-wing"},
	{ID: TechFinnedSwordfish, Level: LevelExpert, Rating: 4.7, Family: FamilyFish, Words: "finned_swordfish", Slug: "finned-swordfish"},
	{ID: TechSashimiSwordfish, Level: LevelExpert, Rating: 4.7, Family: FamilyFish, Words: "sashimi_swordfish", Slug: "sashimi-swordfish"},
	{ID: TechUniqueLoopType3, Level: LevelExpert, Rating: 4.7, Family: FamilyUniqueLoops, Words: "unique_loop_type_3", Slug: "unique-loop-type-3", SE: true},
	{ID: TechNakedQuad, Level: LevelExpert, Rating: 5.0, Family: FamilyNakedSubsets, Words: "naked_quad", Slug: "naked-quad", SE: true},
	{ID: TechSimpleColouring, Level: LevelExpert, Rating: 5.1, Family: FamilyColouring, Words: "simple_colouring", Slug: "simple-colouring", Aliases: []string{"Simple Coloring"}},
	{ID: TechJellyfish, Level: LevelExpert, Rating: 5.2, Family: FamilyFish, Words: "jellyfish", Slug: "jellyfish", SE: true},
	{ID: TechHiddenQuad, Level: LevelExpert, Rating: 5.4, Family: FamilyHiddenSubsets, Words: "hidden_quad", Slug: "hidden-quad", SE: true},
	{ID: TechFinnedJellyfish, Level: LevelExpert, Rating: 5.5, Family: FamilyFish, Words: "finned_jellyfish", Slug: "finned-jellyfish"},
	{ID: TechSashimiJellyfish, Level: LevelExpert, Rating: 5.5, Family: FamilyFish, Words: "sashimi_jellyfish", Slug: "sashimi-jellyfish"},
	{ID: TechBUGPlus1, Level: LevelExpert, Rating: 5.6, Family: FamilyBUGPlusOne, Words: "bugplus1", Slug: "bug+1", SE: true},
	{ID: TechBUGType2, Level: LevelExpert, Rating: 5.7, Family: FamilyBUG, Words: "bug_type_2", Slug: "bug-type-2", SE: true},
	{ID: TechBUGType4, Level: LevelExpert, Rating: 5.7, Family: FamilyBUG, Words: "bug_type_4", Slug: "bug-type-4", SE: true},
	{ID: TechMultiColouring, Level: LevelExpert, Rating: 5.7, Family: FamilyColouring, Words: "multi_colouring", Slug: "multi-colouring", Aliases: []string{"Multi-Coloring"}},
	{ID: TechBUGType3, Level: LevelExpert, Rating: 5.8, Family: FamilyBUG, Words: "bug_type_3", Slug: "bug-type-3", SE: true},
	{ID: TechSueDeCoq, Level: LevelMaster, Rating: 6.0, Family: FamilySueDeCoq, Words: "sue_de_coq", Slug: "sue-de-coq"},
	{ID: TechAlignedPairExclusion, Level: LevelMaster, Rating: 6.2, Family: FamilyAlignedExclusion, Words: "aligned_pair_exclusion", Slug: "aligned-pair-exclusion", SE: true},
	{ID: TechXChain, Level: LevelMaster, Rating: 6.5, Family: FamilyChains, Words: "x_chain", Slug: "x-chain", SE: true},
	{ID: TechRemotePair, Level: LevelMaster, Rating: 6.6, Family: FamilyRemotePair, Words: "remote_pair", Slug: "remote-pair", SE: true},
	{ID: TechXYChain, Level: LevelMaster, Rating: 6.6, Family: FamilyChains, Words: "xy_chain", Slug: "xy-chain", SE: true},
	{ID: TechALSXZ, Level: LevelMaster, Rating: 6.8, Family: FamilyALSXZ, Words: "als_xz", Slug: "als-xz"},
	{ID: TechFrankenXWing, Level: LevelMaster, Rating: 6.8, Family: FamilyComplexFish, Words: "franken", Slug: "franken-x-wing", FishSize: 2},
	{ID: TechALSXYWing, Level: LevelMaster, Rating: 6.9, Family: FamilyALSXYWing, Words: "als_xy_wing", Slug: "als-xy-wing"},
	{ID: TechALSXYChain, Level: LevelMaster, Rating: 7.0, Family: FamilyALSXYChain, Words: "als_xy_chain", Slug: "als-xy-chain"},
	{ID: TechAlternatingInferenceChain, Level: LevelMaster, Rating: 7.0, Family: FamilyChains, Words: "alternating_inference_chain", Slug: "alternating-inference-chain", SE: true},
	{ID: TechGroupedAlternatingInferenceChain, Level: LevelMaster, Rating: 7.0, Family: FamilyChains, Words: "grouped_alternating_inference_chain", Slug: "grouped-alternating-inference-chain"},
	{ID: TechFrankenSwordfish, Level: LevelMaster, Rating: 7.1, Family: FamilyComplexFish, Words: "franken", Slug: "franken-swordfish", FishSize: 3},
	{ID: TechDeathBlossom, Level: LevelMaster, Rating: 7.2, Family: FamilyDeathBlossom, Words: "death_blossom", Slug: "death-blossom"},
	{ID: TechFrankenJellyfish, Level: LevelMaster, Rating: 7.2, Family: FamilyComplexFish, Words: "franken", Slug: "franken-jellyfish", FishSize: 4},
	{ID: TechFinnedFrankenXWing, Level: LevelMaster, Rating: 7.3, Family: FamilyComplexFish, Words: "franken_finned", Slug: "finned-franken-x-wing", FishSize: 2},
	{ID: TechFinnedFrankenSwordfish, Level: LevelMaster, Rating: 7.4, Family: FamilyComplexFish, Words: "franken_finned", Slug: "finned-franken-swordfish", FishSize: 3},
	{ID: TechAlignedTripleExclusion, Level: LevelMaster, Rating: 7.5, Family: FamilyAlignedExclusion, Words: "aligned_triple_exclusion", Slug: "aligned-triple-exclusion", SE: true},
	{ID: TechFinnedFrankenJellyfish, Level: LevelMaster, Rating: 7.5, Family: FamilyComplexFish, Words: "franken_finned", Slug: "finned-franken-jellyfish", FishSize: 4},
	{ID: TechNishioForcingChain, Level: LevelExtreme, Rating: 7.5, Family: FamilyForcingChains, Words: "nishio_forcing_chain", Slug: "nishio-forcing-chain", SE: true},
	{ID: TechMutantJellyfish, Level: LevelExtreme, Rating: 7.6, Family: FamilyComplexFish, Words: "mutant", Slug: "mutant-jellyfish", FishSize: 4},
	{ID: TechMutantSwordfish, Level: LevelExtreme, Rating: 7.6, Family: FamilyComplexFish, Words: "mutant", Slug: "mutant-swordfish", FishSize: 3},
	{ID: TechMutantXWing, Level: LevelExtreme, Rating: 7.6, Family: FamilyComplexFish, Words: "mutant", Slug: "mutant-x-wing", FishSize: 2},
	{ID: TechFinnedFrankenLeviathan, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "franken_finned", Slug: "finned-franken-leviathan", FishSize: 7},
	{ID: TechFinnedFrankenSquirmbag, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "franken_finned", Slug: "finned-franken-squirmbag", FishSize: 5},
	{ID: TechFinnedFrankenWhale, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "franken_finned", Slug: "finned-franken-whale", FishSize: 6},
	{ID: TechFinnedMutantJellyfish, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "mutant_finned", Slug: "finned-mutant-jellyfish", FishSize: 4},
	{ID: TechFinnedMutantLeviathan, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "mutant_finned", Slug: "finned-mutant-leviathan", FishSize: 7},
	{ID: TechFinnedMutantSquirmbag, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "mutant_finned", Slug: "finned-mutant-squirmbag", FishSize: 5},
	{ID: TechFinnedMutantSwordfish, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "mutant_finned", Slug: "finned-mutant-swordfish", FishSize: 3},
	{ID: TechFinnedMutantWhale, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "mutant_finned", Slug: "finned-mutant-whale", FishSize: 6},
	{ID: TechFinnedMutantXWing, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "mutant_finned", Slug: "finned-mutant-x-wing", FishSize: 2},
	{ID: TechFrankenLeviathan, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "franken", Slug: "franken-leviathan", FishSize: 7},
	{ID: TechFrankenSquirmbag, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "franken", Slug: "franken-squirmbag", FishSize: 5},
	{ID: TechFrankenWhale, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "franken", Slug: "franken-whale", FishSize: 6},
	{ID: TechMutantLeviathan, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "mutant", Slug: "mutant-leviathan", FishSize: 7},
	{ID: TechMutantSquirmbag, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "mutant", Slug: "mutant-squirmbag", FishSize: 5},
	{ID: TechMutantWhale, Level: LevelExtreme, Rating: 7.7, Family: FamilyComplexFish, Words: "mutant", Slug: "mutant-whale", FishSize: 6},
	{ID: TechKrakenFish, Level: LevelExtreme, Rating: 7.8, Family: FamilyKrakenFish, Words: "kraken_fish", Slug: "kraken-fish"},
	{ID: TechCellRegionForcingChain, Level: LevelExtreme, Rating: 8.0, Family: FamilyForcingChains, Words: "cell_region_forcing_chain", Slug: "cell-region-forcing-chain", SE: true},
	{ID: TechDynamicForcingChain, Level: LevelExtreme, Rating: 8.5, Family: FamilyForcingChains, Words: "dynamic_forcing_chain", Slug: "dynamic-forcing-chain", SE: true},
	{ID: TechDynamicForcingChainPlus, Level: LevelExtreme, Rating: 9.0, Family: FamilyForcingChains, Words: "dynamic_forcing_chain_plus", Slug: "dynamic-forcing-chain-+", SE: true},
	{ID: TechTemplateDelete, Level: LevelExtreme, Rating: 9.4, Family: FamilyTemplates, Words: "template_delete", Slug: "template-delete"},
	{ID: TechTemplateSet, Level: LevelExtreme, Rating: 9.4, Family: FamilyTemplates, Words: "template_set", Slug: "template-set"},
	{ID: TechNestedForcingChain, Level: LevelExtreme, Rating: 9.5, Family: FamilyForcingChains, Words: "nested_forcing_chain", Slug: "nested-forcing-chain", SE: true},
}

// techniqueIndex finds a technique of the catalogue by its key.
var techniqueIndex = func() map[TechniqueID]int {
	m := make(map[TechniqueID]int, len(techniques))
	for i, t := range techniques {
		m[t.ID] = i
	}
	return m
}()

// Techniques returns the catalogue, in its order (easiest first).
func Techniques() []TechniqueInfo { return slices.Clone(techniques[:]) }

// Info returns the catalogue's entry of a technique; false for a key the
// catalogue does not have.
func (t TechniqueID) Info() (TechniqueInfo, bool) {
	i, ok := techniqueIndex[t]
	if !ok {
		return TechniqueInfo{}, false
	}
	return techniques[i], true
}

// Families lists every family, in the order of its first technique in
// the catalogue.
func Families() []Family {
	var out []Family
	for _, t := range techniques {
		if !slices.Contains(out, t.Family) {
			out = append(out, t.Family)
		}
	}
	return out
}

// slugOf is a key as a web address segment: lower case, words joined by
// hyphens, '+' kept. The catalogue's slugs are spelled out; this is for a
// key it does not have, and for the test that checks them.
func slugOf(t TechniqueID) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(string(t)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	return b.String()
}
