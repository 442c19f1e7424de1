package codecheck

import (
	"go/ast"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// useCaseTypes are the types of game whose exported methods are use
// cases, by the name architecture.md gives their methods ("" for
// Service's: `Place`; "Guilds" for `Guilds.Settings`).
var useCaseTypes = map[string]string{"Service": "", "Guilds": "Guilds", "Races": "Races", "Leaderboards": "Leaderboards"}

// notUseCases are exported methods of those types that are no use case.
var notUseCases = []string{"Notify"} // the core's hook (architecture.md, Changes)

// gameAPI reads package game (tests aside): its use cases, as
// architecture.md names them, and its exported functions.
func gameAPI(t *testing.T) (useCases, funcs map[string]bool) {
	t.Helper()
	useCases, funcs = map[string]bool{}, map[string]bool{}
	packageSources(t, "game", func(f *ast.File) {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !fn.Name.IsExported() {
				continue
			}
			if fn.Recv == nil {
				funcs[fn.Name.Name] = true
				continue
			}
			recv := fn.Recv.List[0].Type
			if star, ok := recv.(*ast.StarExpr); ok {
				recv = star.X
			}
			id, ok := recv.(*ast.Ident)
			if !ok {
				continue
			}
			prefix, ok := useCaseTypes[id.Name]
			if !ok || slices.Contains(notUseCases, fn.Name.Name) {
				continue
			}
			if prefix != "" {
				prefix += "."
			}
			useCases[prefix+fn.Name.Name] = true
		}
	})
	if len(useCases) < 10 {
		t.Fatalf("found %d use cases in game: the scan is broken", len(useCases))
	}
	return useCases, funcs
}

// architectureSection is the text of architecture.md under heading,
// up to the next heading of its level or higher.
func architectureSection(t *testing.T, heading string) string {
	t.Helper()
	doc, err := os.ReadFile(architecture)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("architecture.md has no %q", heading)
	}
	level := strings.Index(heading, " ")
	for _, l := range strings.SplitAfter(rest, "\n") {
		if h := strings.Index(l, " "); strings.HasPrefix(l, "#") && h > 0 && h <= level {
			rest, _, _ = strings.Cut(rest, l)
			break
		}
	}
	return rest
}

// TestUseCaseTable: architecture.md's table of use cases has a row for
// each use case of game (the exported methods of Service, Guilds, Races
// and Leaderboards), and names nothing game does not export.
func TestUseCaseTable(t *testing.T) {
	t.Parallel()
	useCases, funcs := gameAPI(t)
	section := architectureSection(t, "## Use cases (package `game`)")
	row := regexp.MustCompile("(?m)^\\| ((?:`[A-Za-z.]+`(?:, )?)+) \\|")
	name := regexp.MustCompile("`([A-Za-z.]+)`")
	listed := map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		for _, n := range name.FindAllStringSubmatch(m[1], -1) {
			listed[n[1]] = true
			if !useCases[n[1]] && !funcs[n[1]] {
				t.Errorf("architecture.md's use cases list %s, which game does not export", n[1])
			}
		}
	}
	for uc := range useCases {
		if !listed[uc] {
			t.Errorf("architecture.md's use cases have no row for %s", uc)
		}
	}
}

// TestWebDoorUseCases: the use cases architecture.md says the web door
// calls are those webapi calls (srv.play.X, and the Guilds, Races and
// Leaderboards methods it reaches through its Config).
func TestWebDoorUseCases(t *testing.T) {
	t.Parallel()
	useCases, _ := gameAPI(t)
	section := architectureSection(t, "## Use cases (package `game`)")
	_, sentence, ok := strings.Cut(section, "The web door calls ")
	if !ok {
		t.Fatal("architecture.md's use cases do not say which the web door calls (\"The web door calls ...\")")
	}
	sentence, _, _ = strings.Cut(sentence, "(")
	var said []string
	for _, m := range regexp.MustCompile("`([A-Za-z.]+)`").FindAllStringSubmatch(sentence, -1) {
		said = append(said, m[1])
	}
	// Guilds' methods by their bare name, as a Config interface has them.
	byMethod := map[string]string{}
	for uc := range useCases {
		if typ, m, ok := strings.Cut(uc, "."); ok {
			byMethod[m] = typ + "." + m
		}
	}
	called := map[string]bool{}
	packageSources(t, "webapi", func(f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			recv, ok := sel.X.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			switch {
			case recv.Sel.Name == "play" && useCases[sel.Sel.Name]:
				called[sel.Sel.Name] = true
			case byMethod[sel.Sel.Name] != "":
				if cfg, ok := recv.X.(*ast.SelectorExpr); ok && cfg.Sel.Name == "cfg" {
					called[byMethod[sel.Sel.Name]] = true
				}
			}
			return true
		})
	})
	var calls []string
	for c := range called {
		calls = append(calls, c)
	}
	slices.Sort(calls)
	slices.Sort(said)
	if !slices.Equal(said, calls) {
		t.Errorf("architecture.md says the web door calls %q; webapi calls %q", said, calls)
	}
}
