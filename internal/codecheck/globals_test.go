package codecheck

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestParallelTestsLeaveGlobalsAlone: a test that runs in parallel
// (calls Parallel anywhere in its body) assigns no package-level
// variable of the code it tests. Other tests of the package run beside
// it and read the variable: the race detector catches the pair only when
// the timing lines up, so CI failed on one such pair once (a retry's
// backoff shortened by one bot test while another bot started). A knob
// a test must turn is a field of the value it builds.
func TestParallelTestsLeaveGlobalsAlone(t *testing.T) {
	globals := map[string]map[string]bool{} // by package directory
	// Parsed with object resolution: a name the test file declares itself
	// resolves, a package variable declared in another file does not.
	walkGo(t, true, 0, func(fset *token.FileSet, path string, f *ast.File) {
		if !strings.HasSuffix(path, "_test.go") {
			return
		}
		dir := filepath.Dir(path)
		if globals[dir] == nil {
			globals[dir] = packageGlobals(t, dir)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil || !callsParallel(fn.Body) {
				continue
			}
			for _, id := range assignedGlobals(fn.Body, globals[dir]) {
				t.Errorf("%s: %s runs in parallel and assigns the package variable %s: make it a field of what the test builds", fset.Position(id.Pos()), fn.Name.Name, id.Name)
			}
		}
	})
}

// packageGlobals names the package-level variables declared outside the
// tests of the package in dir (a path under repoRoot).
func packageGlobals(t *testing.T, dir string) map[string]bool {
	t.Helper()
	rel, err := filepath.Rel(repoRoot, dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	packageSources(t, rel, func(f *ast.File) {
		for _, decl := range f.Decls {
			if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				for _, spec := range gd.Specs {
					for _, n := range spec.(*ast.ValueSpec).Names {
						out[n.Name] = n.Name != "_"
					}
				}
			}
		}
	})
	return out
}

// callsParallel reports whether body calls a Parallel method (t.Parallel,
// in the test or one of its subtests).
func callsParallel(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if s, ok := c.Fun.(*ast.SelectorExpr); ok && s.Sel.Name == "Parallel" && len(c.Args) == 0 {
				found = true
			}
		}
		return !found
	})
	return found
}

// assignedGlobals returns the identifiers body assigns (=, op=, ++, --)
// that name one of globals and no name of the test's own file.
func assignedGlobals(body *ast.BlockStmt, globals map[string]bool) []*ast.Ident {
	var out []*ast.Ident
	check := func(e ast.Expr) {
		if id, ok := e.(*ast.Ident); ok && id.Obj == nil && globals[id.Name] {
			out = append(out, id)
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			if s.Tok != token.DEFINE {
				for _, l := range s.Lhs {
					check(l)
				}
			}
		case *ast.IncDecStmt:
			check(s.X)
		}
		return true
	})
	return out
}
