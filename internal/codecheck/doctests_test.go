package codecheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/mdcode"
)

var (
	// goTest is `go test ./pkg ...` in the docs' code, up to a shell
	// comment.
	goTest = regexp.MustCompile(`\bgo test ((?:\./[\w/.]+\s*)+)(.*)`)
	// testFlag is a -run, -skip or -bench flag and its pattern, quoted or not.
	testFlag = regexp.MustCompile(`(?:^|\s)-(run|bench|skip)[ =](?:'([^']*)'|"([^"]*)"|(\S+))`)
)

// testFuncs are the names of the top-level functions of the package in
// dir's test files (Test*, Benchmark*, and their helpers).
func testFuncs(t *testing.T, dir string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, p := range paths {
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil {
				out = append(out, fn.Name.Name)
			}
		}
	}
	return out
}

// TestDocsNameTests: every `go test ./pkg -run PATTERN` (or -bench,
// -skip) the docs show selects at least one test (or benchmark) of that
// package, so a test renamed or removed leaves no command that quietly
// runs nothing ("ok ... [no tests to run]").
func TestDocsNameTests(t *testing.T) {
	root := filepath.Join("..", "..")
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs = append(docs, filepath.Join(root, "README.md"), filepath.Join(root, "web", "API.md"))
	checked := 0
	for _, doc := range docs {
		raw, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, span := range mdcode.Spans(string(raw)) {
			m := goTest.FindStringSubmatch(span)
			if m == nil {
				continue
			}
			flags, _, _ := strings.Cut(m[2], " -args")
			flags, _, _ = strings.Cut(flags, "#")
			var funcs []string
			for _, pkg := range strings.Fields(m[1]) {
				if strings.HasSuffix(pkg, "/...") {
					continue
				}
				funcs = append(funcs, testFuncs(t, filepath.Join(root, filepath.FromSlash(pkg)))...)
			}
			if funcs == nil {
				continue
			}
			for _, f := range testFlag.FindAllStringSubmatch(flags, -1) {
				kind, pattern := f[1], f[2]+f[3]+f[4]
				if pattern == "^$" || pattern == "X" || pattern == "XXX" || pattern == "." {
					continue // nothing, or everything: no name to check
				}
				re, err := regexp.Compile(pattern)
				if err != nil {
					t.Errorf("%s: `%s`: -%s %q is no pattern: %v", filepath.Base(doc), span, kind, pattern, err)
					continue
				}
				prefix := "Test"
				if kind == "bench" {
					prefix = "Benchmark"
				}
				checked++
				// go test matches each part of a pattern split by / against
				// the test and its subtests; the first part names the test.
				if !slices.ContainsFunc(funcs, func(name string) bool {
					return strings.HasPrefix(name, prefix) && matchTop(re, pattern, name)
				}) {
					t.Errorf("%s: `%s`: -%s %s matches no %s function in %s", filepath.Base(doc), span, kind, pattern, prefix, strings.TrimSpace(m[1]))
				}
			}
		}
	}
	t.Logf("checked %d -run, -skip and -bench patterns", checked)
	if checked < 10 {
		t.Errorf("checked %d -run/-bench patterns in the docs: the scan is broken", checked)
	}
}

// matchTop reports whether a -run pattern's top-level part matches name.
func matchTop(re *regexp.Regexp, pattern, name string) bool {
	if top, _, ok := strings.Cut(pattern, "/"); ok {
		if r, err := regexp.Compile(top); err == nil {
			return r.MatchString(name)
		}
	}
	return re.MatchString(name)
}
