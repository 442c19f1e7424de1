package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var committed = filepath.Join("..", "..", "web", "src", "contract.gen.ts")

// TestGeneratedIsCurrent fails when web/src/contract.gen.ts is not what
// the generator makes from today's Go types: run go generate ./webapi.
func TestGeneratedIsCurrent(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(committed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("web/src/contract.gen.ts is stale: run go generate ./webapi")
	}
}

type named string

type words map[string]string

type withNamed struct {
	N named `json:"n"`
}

type ownJSON struct{}

func (ownJSON) MarshalJSON() ([]byte, error) { return []byte("1"), nil }

type withOwn struct {
	O ownJSON `json:"o"`
}

type withAnon struct {
	A []struct{ X int } `json:"a"`
}

// TestRefusesToGuess: a type whose JSON the generator cannot know from
// its fields is an error, not a wrong TypeScript type.
func TestRefusesToGuess(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{withNamed{}, "named string type"},
		{withOwn{}, "writes its own JSON"},
		{withAnon{}, "anonymous struct"},
	} {
		g := &gen{decls: map[string]string{}, named: map[string]reflect.Type{}, docs: map[reflect.Type]string{}}
		_, err := g.typeOf(reflect.TypeOf(tc.v))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%T: err = %v, want one saying %q", tc.v, err, tc.want)
		}
	}
}

// TestFields: optional, nullable and flattened fields as encoding/json
// writes them.
func TestFields(t *testing.T) {
	type inner struct {
		I int `json:"i"`
	}
	type outer struct {
		inner
		S    []int          `json:"s"`
		O    []int          `json:"o,omitempty"`
		P    *inner         `json:"p"`
		M    map[string]int `json:"m,omitempty"`
		A    [2]int         `json:"a"`
		W    words          `json:"w"`
		Skip int            `json:"-"`
		hid  int
	}
	g := &gen{decls: map[string]string{}, named: map[string]reflect.Type{}, docs: map[reflect.Type]string{}}
	if _, err := g.typeOf(reflect.TypeFor[outer]()); err != nil {
		t.Fatal(err)
	}
	want := "export interface outer {\n  i: number;\n  s: number[] | null;\n  o?: number[];\n  p: inner | null;\n  m?: Record<string, number>;\n  a: [number, number];\n  w: words | null;\n}\n"
	if got := g.decls["outer"]; !strings.HasSuffix(got, want) {
		t.Errorf("got\n%s\nwant it to end with\n%s", got, want)
	}
	if got, want := g.decls["words"], "export type words = Record<string, string>;\n"; !strings.HasSuffix(got, want) {
		t.Errorf("a named map is %q, want an alias ending %q", got, want)
	}
	_ = outer{}.hid
}

// TestEnumsListEveryConst: each string enum the generator writes lists
// every constant its package declares of that type, so a value added in
// Go and not to its list (webapi.ErrorCodes, engine.Roles, ...) fails
// here rather than reaching the page as a value its union does not have.
func TestEnumsListEveryConst(t *testing.T) {
	t.Parallel()
	const module = "github.com/sudokubot/sudokubot/"
	for typ, e := range enums {
		if typ.Kind() != reflect.String {
			continue // engine.Level writes its own text
		}
		dir := filepath.Join("..", "..", filepath.FromSlash(strings.TrimPrefix(typ.PkgPath(), module)))
		consts := constsOf(t, dir, typ.Name())
		if len(consts) == 0 {
			t.Errorf("%s: found no constant of the type in %s", goName(typ), dir)
		}
		for name, v := range consts {
			if !slices.Contains(e.values, v) {
				t.Errorf("%s.%s = %q is not in %s (the list the page gets)", goName(typ), name, v, e.list)
			}
		}
	}
}

// constsOf reads the string constants of type typ declared in the Go
// files of dir (tests aside): name to value.
func constsOf(t *testing.T, dir, typ string) map[string]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != typ {
					continue
				}
				for i, n := range vs.Names {
					if i >= len(vs.Values) {
						continue
					}
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if v, err := strconv.Unquote(lit.Value); err == nil {
							out[n.Name] = v
						}
					}
				}
			}
		}
	}
	return out
}
