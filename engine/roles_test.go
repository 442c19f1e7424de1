package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestRolesListsEveryRole reads the package's source for every constant
// of type Role and requires Roles to list exactly those, once each: a
// role added beside a technique and left out of Roles would be missing
// from the web board's generated contract.
func TestRolesListsEveryRole(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	declared := map[Role]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Role" {
					continue
				}
				for i, n := range vs.Names {
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						t.Fatalf("%s: role %s is not a string literal", fset.Position(n.Pos()), n.Name)
					}
					v, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					declared[Role(v)] = n.Name
				}
			}
		}
	}
	if len(declared) < 10 {
		t.Fatalf("found only %d Role constants in the source: is the parser looking at the right files?", len(declared))
	}
	listed := Roles()
	for i, r := range listed {
		if slices.Contains(listed[:i], r) {
			t.Errorf("Roles lists %q twice", r)
		}
		if _, ok := declared[r]; !ok {
			t.Errorf("Roles lists %q, which no Role constant declares", r)
		}
	}
	for r, name := range declared {
		if !slices.Contains(listed, r) {
			t.Errorf("%s (%q) is missing from Roles", name, r)
		}
	}
}
