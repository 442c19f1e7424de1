package codecheck

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"testing"
)

// exportedNames are the module's exported Go names by package name
// (tests aside): each top-level name, each method and struct field as
// Type.Name, and each method as .Name too.
func exportedNames(t *testing.T) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	goSources(t, func(_ string, f *ast.File) {
		names := out[f.Name.Name]
		if names == nil {
			names = map[string]bool{}
			out[f.Name.Name] = names
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
					continue
				}
				recv := d.Recv.List[0].Type
				if star, ok := recv.(*ast.StarExpr); ok {
					recv = star.X
				}
				if idx, ok := recv.(*ast.IndexExpr); ok {
					recv = idx.X
				}
				if id, ok := recv.(*ast.Ident); ok {
					names[id.Name+"."+d.Name.Name] = true
					// The docs write the method of a package's own type
					// by the package: `store.EditGame`, `game.Place`.
					names["."+d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						names[s.Name.Name] = true
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, f := range st.Fields.List {
								for _, n := range f.Names {
									names[s.Name.Name+"."+n.Name] = true
								}
							}
						}
						if it, ok := s.Type.(*ast.InterfaceType); ok {
							for _, m := range it.Methods.List {
								for _, n := range m.Names {
									names[s.Name.Name+"."+n.Name] = true
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	})
	delete(out, "main")
	return out
}

// goName is a Go name as the docs write it in code: pkg.Name,
// pkg.Type.Method or pkg.Type.Field.
var goName = regexp.MustCompile(`\b([a-z][a-z0-9]*)\.([A-Z][A-Za-z0-9_]*)(?:\.([A-Z][A-Za-z0-9_]*))?`)

// TestDocsGoNames: every Go name of this module that the docs write in
// code (`jobs.Kinds`, `game.Service.Notify`, `bot.Config.DeferAfter`,
// and a method by its package, `bank.Refill`) is one the code exports, in
// that package: a function moved to another
// package or renamed fails here instead of leaving the docs pointing at
// nothing.
func TestDocsGoNames(t *testing.T) {
	t.Parallel()
	names := exportedNames(t)
	checked := 0
	for _, doc := range docsCode(t) {
		for _, span := range doc.spans {
			for _, m := range goName.FindAllStringSubmatch(span, -1) {
				pkg, name, sub := m[1], m[2], m[3]
				exported, ok := names[pkg]
				if !ok {
					continue // not a package of this module (http.Server, slog.Level)
				}
				checked++
				switch {
				case !exported[name] && !(sub == "" && exported["."+name]):
					t.Errorf("%s: `%s`: package %s has no exported %s", filepath.Base(doc.path), m[0], pkg, name)
				case sub != "" && !exported[name+"."+sub]:
					t.Errorf("%s: `%s`: %s.%s has no method or field %s", filepath.Base(doc.path), m[0], pkg, name, sub)
				}
			}
		}
	}
	if checked < 50 {
		t.Errorf("checked %d Go names in the docs: the scan is broken", checked)
	}
}
