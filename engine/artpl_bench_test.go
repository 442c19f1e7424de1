package engine

import (
	"testing"
)

func BenchmarkFindAvoidableRectangle1(b *testing.B) {
	benchFindStuck(b, avoidableRectangle{kind: 1}, "sxbank_diabolical.txt", 50)
}

func BenchmarkFindAvoidableRectangle2(b *testing.B) {
	benchFindStuck(b, avoidableRectangle{kind: 2}, "sxbank_diabolical.txt", 50)
}

func BenchmarkFindTemplateSet(b *testing.B) {
	benchFindStuck(b, template{set: true}, "sxbank_diabolical.txt", 50)
}

func BenchmarkFindTemplateDelete(b *testing.B) {
	benchFindStuck(b, template{set: false}, "sxbank_diabolical.txt", 50)
}

// BenchmarkFindTemplateSetCSP is Template Set on the hardest csp_rules
// puzzle's stuck position (SE 11.9), where templates are most numerous.
func BenchmarkFindTemplateSetCSP(b *testing.B) { benchChainFind(b, template{set: true}) }

// BenchmarkFindUniqueRectangle1 is a neighbour's cost on the same
// positions, for comparison.
func BenchmarkFindUniqueRectangle1(b *testing.B) {
	benchFindStuck(b, uniqueRectangle{kind: 1}, "sxbank_diabolical.txt", 50)
}
