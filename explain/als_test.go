package explain

import (
	"flag"
	"testing"
)

var updateALS = flag.Bool("update-als", false, "rewrite the ALS golden files")

var alsCases = []chainCase{
	{golden: "als-xz", technique: "ALS-XZ", file: "csp_rules_ser_examples.txt", line: 10},
	{golden: "als-xz-grouped-x", technique: "ALS-XZ", grouped: true, file: "csp_rules_ser_examples.txt", line: 15},
	{golden: "als-xz-double", technique: "ALS-XZ", variant: "double", file: "csp_rules_ser_examples.txt", line: 13},
	{golden: "als-xz-hodoku", technique: "ALS-XZ", reglib: ":0901-1:3:.24.6.+7..5.74"},
}

func TestALSGolden(t *testing.T) { runChainCases(t, alsCases, "als", *updateALS) }
