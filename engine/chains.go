package engine

// The chain techniques follow Sudoku Explainer's chaining model
// (Chaining.java): a hypothesis about one candidate is propagated through
// implications, and a conclusion follows when it leads to its own
// negation, to a contradiction, or to the same literal from every case.
//
//   - chain_prop.go: the propagation engine (literals, rules, bitsets),
//     static (the links of the pencil marks) or dynamic (candidates turned
//     off leave the grid, so singles appear as the chain goes);
//   - chain_static.go: X-Chain, XY-Chain and AIC/nice loops, found as SE's
//     forcing chains and reported as the chain between their two ends;
//     chain_group.go adds grouped nodes (box-line crossings) and
//     chain_alsnode.go almost locked sets;
//   - chain_loops.go: HoDoKu's nice loops and AICs (continuous loops as
//     simple cycles, ALS nodes in the grouped ones), listed by All only;
//   - chain_remote.go: remote pairs; als.go: ALS-XZ;
//   - forcing.go: Nishio, cell/region, dynamic and dynamic (+) forcing
//     chains; forcing_advanced.go: the (+) rules inside a chain;
//   - forcing_nested.go: the last resort, a proof by nested cases.
//
// The chain, loop and ALS steps carry their links in reading order, each
// candidate on or off in Pattern and the loop kind in Variant
// (chain_static.go's chainData); package explain words them. Ratings come
// from ratings.go plus SE's length bonus (chain_text.go).

// Names of the chain techniques, as the steps report them.
const (
	chainNameRemotePairs = TechRemotePair
	chainNameXChain      = TechXChain
	chainNameXYChain     = TechXYChain
	chainNameALSXZ       = TechALSXZ
	chainNameAIC         = TechAlternatingInferenceChain
	chainNameGroupedAIC  = TechGroupedAlternatingInferenceChain
	chainNameNishio      = TechNishioForcingChain
	chainNameMultiple    = TechCellRegionForcingChain
	chainNameDynamic     = TechDynamicForcingChain
	chainNameDynamicPlus = TechDynamicForcingChainPlus
	chainNameNested      = TechNestedForcingChain
)

// The chain techniques, one value each (tests and the reglib map use them
// by name).
var (
	chainRemotePairs = remotePairs{}
	chainXChain      = staticChain{name: chainNameXChain, score: scoreXChain, rules: rulesX}
	chainXYChain     = staticChain{name: chainNameXYChain, score: scoreXYChain, rules: rulesXY}
	chainALSXZ       = alsXZ{}
	chainAIC         = staticChain{name: chainNameAIC, score: scoreAIC, rules: rulesAll, loops: true}
	chainGroupedAIC  = staticChain{name: chainNameGroupedAIC, score: scoreAIC, rules: rulesAll, loops: true, groups: true}
	chainNishio      = forcingChains{name: chainNameNishio, score: scoreNishioForcingChain, rules: rulesX,
		dynamic: true, contradiction: true}
	chainMultiple = forcingChains{name: chainNameMultiple, score: scoreCellForcingChain, rules: rulesAll,
		multiple: true, minBranches: 3}
	chainDynamic = forcingChains{name: chainNameDynamic, score: scoreDynamicForcingChain, rules: rulesAll,
		dynamic: true, contradiction: true, double: true, multiple: true, minBranches: 2}
	chainDynamicPlus = forcingChains{name: chainNameDynamicPlus, score: scoreDynamicForcingPlus, rules: rulesAll,
		dynamic: true, level: 1, contradiction: true, double: true, multiple: true, minBranches: 2}
	chainNested = nestedForcing{}
)

// chainTechniques returns the chain, ALS and forcing techniques. The
// catalogue merges them with the pattern techniques and orders all by score.
func chainTechniques() []Technique {
	return []Technique{
		chainRemotePairs,
		chainXChain,
		chainXYChain,
		chainALSXZ,
		chainAIC,
		chainGroupedAIC,
		chainNishio,
		chainMultiple,
		chainDynamic,
		chainDynamicPlus,
		chainNested,
	}
}
