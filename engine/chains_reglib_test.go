package engine

// reglibChainTechniques maps HoDoKu reglib codes to the chain, ALS and
// forcing techniques; reglib_test.go merges it with reglibPatternTechniques.
// Only codes whose every case passes are listed, so TestReglib stays a
// strict check. The nice loops and AICs pass through Enumerator.All, which
// lists HoDoKu's loops (chain_loops.go) besides the chains Find looks at.
var reglibChainTechniques = map[string]Technique{
	"0701": chainXChain,
	"0702": chainXYChain,
	"0703": chainRemotePairs,
	"0706": chainAIC, // continuous nice loops
	"0707": chainAIC, // discontinuous nice loops
	"0708": chainAIC,
	"0709": chainGroupedAIC, // grouped continuous nice loops, ALSs included
	"0710": chainGroupedAIC, // grouped discontinuous nice loops
	"0711": chainGroupedAIC,
	"0901": chainALSXZ,
}
