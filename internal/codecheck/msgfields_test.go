package codecheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/BurntSushi/toml"
)

// fieldRE finds the fields a message template names: {{.Cell}}, and the
// .Count of {{if eq .Count 1}}.
var fieldRE = regexp.MustCompile(`\.([A-Z][A-Za-z0-9]*)`)

// catalogueFields reads the English catalogue: each message id with the
// fields any of its forms names.
func catalogueFields(t *testing.T, root string) map[string][]string {
	t.Helper()
	var raw map[string]any
	if _, err := toml.DecodeFile(filepath.Join(root, "l10n", "locales", "en-US.toml"), &raw); err != nil {
		t.Fatalf("reading the English catalogue: %v", err)
	}
	out := make(map[string][]string, len(raw))
	for id, v := range raw {
		var forms []string
		switch m := v.(type) {
		case string:
			forms = []string{m}
		case map[string]any:
			for _, f := range m {
				if s, ok := f.(string); ok {
					forms = append(forms, s)
				}
			}
		}
		var fields []string
		for _, s := range forms {
			for _, action := range regexp.MustCompile(`\{\{[^}]*\}\}`).FindAllString(s, -1) {
				for _, m := range fieldRE.FindAllStringSubmatch(action, -1) {
					if !slices.Contains(fields, m[1]) {
						fields = append(fields, m[1])
					}
				}
			}
		}
		out[id] = fields
	}
	return out
}

// TestMessagesGetTheirFields walks every call in the module that names a
// catalogue message by a literal id and gives its fields as literal name,
// value pairs (T("moves.placed", "Digit", 7), game.Refuse(id, "Count",
// n)), and fails when the message names a field the call does not give:
// the player would read "<no value>" where the number belongs.
func TestMessagesGetTheirFields(t *testing.T) {
	root := filepath.Join("..", "..")
	want := catalogueFields(t, root)
	checked := 0
	walkGo(t, true, parser.SkipObjectResolution, func(fset *token.FileSet, _ string, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || call.Ellipsis.IsValid() {
				return true
			}
			for i, arg := range call.Args {
				id, ok := stringLit(arg)
				if !ok {
					continue
				}
				fields, isMsg := want[id]
				if !isMsg {
					continue
				}
				if i > 0 && i == len(call.Args)-1 {
					// An id as the last of several arguments is handed on
					// (ListOrCount(cells, "n.cells") gives the Count
					// itself), not rendered by this call.
					break
				}
				given, literal := givenFields(call.Args[i+1:])
				if !literal {
					break
				}
				checked++
				for _, f := range fields {
					if !slices.Contains(given, f) {
						rel, _ := filepath.Rel(root, fset.Position(call.Pos()).Filename)
						t.Errorf("%s:%d: message %q names {{.%s}}, which the call does not give (it gives %v)",
							rel, fset.Position(call.Pos()).Line, id, f, given)
					}
				}
				break
			}
			return true
		})
	})
	// The walk must have found the calls, or it checks nothing.
	if checked < 200 {
		t.Fatalf("only %d calls with a message id were checked; the walk is broken", checked)
	}
	t.Logf("%d calls checked", checked)
}

// givenFields reads args as name, value pairs; literal is false when a
// name is not a string literal (the fields cannot be known here).
func givenFields(args []ast.Expr) (names []string, literal bool) {
	if len(args)%2 != 0 {
		return nil, false
	}
	for i := 0; i < len(args); i += 2 {
		s, ok := stringLit(args[i])
		if !ok {
			return nil, false
		}
		names = append(names, s)
	}
	return names, true
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}
