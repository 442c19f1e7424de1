package codecheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestNoInit: no init function anywhere in the module, tests included,
// outside generated files. A table is data written out or a variable
// computed by a function; a registry is an explicit list (the engine's
// catalogue of techniques), so nothing depends on which files are linked
// or the order their init functions run in.
func TestNoInit(t *testing.T) {
	walkGo(t, true, parser.ParseComments, func(fset *token.FileSet, _ string, f *ast.File) {
		if ast.IsGenerated(f) {
			return
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == "init" {
				t.Errorf("%s: func init: compute the table in a variable's initializer, or list the registry explicitly", fset.Position(fn.Pos()))
			}
		}
	})
}
