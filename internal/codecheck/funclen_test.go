package codecheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// maxFuncLines is the longest a function may be outside tests and
// generated files: past it, a function does several things that deserve
// names of their own.
const maxFuncLines = 120

// TestNoLongFunctions walks the module and fails for every function
// longer than maxFuncLines.
func TestNoLongFunctions(t *testing.T) {
	walkGo(t, false, parser.ParseComments, func(fset *token.FileSet, path string, f *ast.File) {
		if ast.IsGenerated(f) {
			return
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			lines := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if lines > maxFuncLines {
				rel, _ := filepath.Rel(repoRoot, path)
				t.Errorf("%s: func %s is %d lines (at most %d)", rel, fn.Name.Name, lines, maxFuncLines)
			}
		}
	})
}
