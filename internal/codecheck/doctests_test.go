package codecheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var (
	// goTest is `go test ./pkg ...` in the docs' code, up to a shell
	// comment.
	goTest = regexp.MustCompile(`\bgo test ((?:\./[\w/.]+\s*)+)(.*)`)
	// testFlag is a -run, -skip or -bench flag and its pattern, quoted or not.
	testFlag = regexp.MustCompile(`(?:^|\s)-(run|bench|skip)[ =](?:'([^']*)'|"([^"]*)"|(\S+))`)
)

// testFuncs are the names of the top-level functions of the package in
// dir's test files (Test*, Benchmark*, and their helpers), and the flags
// they define (flag.Bool("sweep", ...): the names after -args).
func testFuncs(t *testing.T, dir string) (funcs, flags []string) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, p := range paths {
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil {
				funcs = append(funcs, fn.Name.Name)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "flag" {
				return true
			}
			// flag.Bool("sweep", ...), flag.Var(v, "name", ...)
			for _, a := range call.Args[:min(2, len(call.Args))] {
				if lit, ok := a.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if name, err := strconv.Unquote(lit.Value); err == nil {
						flags = append(flags, name)
					}
					break
				}
			}
			return true
		})
	}
	return funcs, flags
}

// TestDocsNameTests: every `go test ./pkg -run PATTERN` (or -bench,
// -skip) the docs show selects at least one test (or benchmark) of that
// package, and every flag after -args is one its tests define, so a test
// or flag renamed or removed leaves no command that quietly runs nothing
// ("ok ... [no tests to run]") or fails on an unknown flag.
func TestDocsNameTests(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	checked := 0
	for _, doc := range docsCode(t) {
		for _, span := range doc.spans {
			m := goTest.FindStringSubmatch(span)
			if m == nil {
				continue
			}
			rest, _, _ := strings.Cut(m[2], "#")
			flags, args, _ := strings.Cut(rest, " -args")
			var funcs, defined []string
			for _, pkg := range strings.Fields(m[1]) {
				if strings.HasSuffix(pkg, "/...") {
					continue
				}
				fs, fl := testFuncs(t, filepath.Join(root, filepath.FromSlash(pkg)))
				funcs, defined = append(funcs, fs...), append(defined, fl...)
			}
			for _, a := range regexp.MustCompile(`(?:^|\s)-([a-z][a-z0-9.-]*)`).FindAllStringSubmatch(args, -1) {
				checked++
				if !slices.Contains(defined, a[1]) {
					t.Errorf("%s: `%s`: the tests of %s define no flag -%s", filepath.Base(doc.path), span, strings.TrimSpace(m[1]), a[1])
				}
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
					t.Errorf("%s: `%s`: -%s %q is no pattern: %v", filepath.Base(doc.path), span, kind, pattern, err)
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
					t.Errorf("%s: `%s`: -%s %s matches no %s function in %s", filepath.Base(doc.path), span, kind, pattern, prefix, strings.TrimSpace(m[1]))
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
