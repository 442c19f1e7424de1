package codecheck

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var operations = filepath.Join("..", "..", "docs", "operations.md")

// sourceLiterals returns every string constant in the module's non-test
// Go files outside web/node_modules.
func sourceLiterals(t *testing.T) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	goSources(t, func(_ string, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					out[s] = true
				}
			}
			return true
		})
	})
	return out
}

var (
	metricName = regexp.MustCompile(`\bsudokubot_[a-z0-9_]+\b`)
	envName    = regexp.MustCompile(`\b(?:SUDOKUBOT|DISCORD)_[A-Z0-9_]+\b`)
	// configKey is a key of the config file as operations.md writes it:
	// `http.addr`, `db:`.
	configKey = regexp.MustCompile(`^((?:discord|http|log|daily)\.[a-z_]+|db):?$`)
)

// TestOperationsMetricsAndSettings holds docs/operations.md's checkable
// claims to the code, both ways where the doc is the operator's only
// list: every metric it names is one the code exports and every metric
// the code exports is named there; every environment variable it names
// is one the code reads; every config key it names is a setting of
// app's table (app/config.go). (The commands and their flags are
// checked by cli's TestOperationsCommands.)
func TestOperationsMetricsAndSettings(t *testing.T) {
	spans := codeSpans(t, operations)
	lits := sourceLiterals(t)
	isMetric := func(s string) bool {
		if lits[s] {
			return true
		}
		// A histogram's series: its _bucket, _sum and _count.
		for _, suf := range []string{"_bucket", "_sum", "_count"} {
			if base, ok := strings.CutSuffix(s, suf); ok && lits[base] {
				return true
			}
		}
		return false
	}
	documented := map[string]bool{}
	for _, s := range spans {
		for _, m := range metricName.FindAllString(s, -1) {
			documented[m] = true
			if !isMetric(m) {
				t.Errorf("operations.md names the metric %s, which the code does not export", m)
			}
		}
		for _, e := range envName.FindAllString(s, -1) {
			if !lits[e] {
				t.Errorf("operations.md names the environment variable %s, which the code does not read", e)
			}
		}
		if m := configKey.FindStringSubmatch(s); m != nil && !lits[m[1]] {
			t.Errorf("operations.md names the config key %s, which is no setting (app/config.go)", m[1])
		}
	}
	// Every literal that is a whole metric name is one: the code spells
	// no other string so.
	var exported []string
	for s := range lits {
		if s != "" && metricName.FindString(s) == s {
			exported = append(exported, s)
		}
	}
	slices.Sort(exported)
	if len(exported) == 0 {
		t.Fatal("found no metric in the code: the scan is broken")
	}
	for _, m := range exported {
		if !documented[m] {
			t.Errorf("the code exports the metric %s, which operations.md does not name", m)
		}
	}
}
