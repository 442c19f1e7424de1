package engine

// Names of the chain techniques, as the steps report them.
const (
	chainNameRemotePairs = "Remote Pair"
	chainNameXChain      = "X-Chain"
	chainNameXYChain     = "XY-Chain"
	chainNameALSXZ       = "ALS-XZ"
	chainNameAIC         = "Alternating Inference Chain"
	chainNameNishio      = "Nishio Forcing Chain"
	chainNameMultiple    = "Cell/Region Forcing Chain"
	chainNameDynamic     = "Dynamic Forcing Chain"
	chainNameDynamicPlus = "Dynamic Forcing Chain (+)"
	chainNameNested      = "Nested Forcing Chain"
)

var (
	chainRemotePairs = remotePairs{}
	chainXChain      = staticChain{name: chainNameXChain, score: scoreXChain, rules: rulesX}
	chainXYChain     = staticChain{name: chainNameXYChain, score: scoreXYChain, rules: rulesXY}
	chainALSXZ       = alsXZ{}
	chainAIC         = staticChain{name: chainNameAIC, score: scoreAIC, rules: rulesAll, loops: true}
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
		chainNishio,
		chainMultiple,
		chainDynamic,
		chainDynamicPlus,
		chainNested,
	}
}
