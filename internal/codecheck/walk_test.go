package codecheck

// walk_test.go: how the checks read the repository, once: the docs' code
// (docsCode), the module's Go files (walkGo, goSources) and one
// package's (packageSources).

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/mdcode"
)

// repoRoot is the repository's root, from this package's directory.
var repoRoot = filepath.Join("..", "..")

// codeSpans returns the code of a Markdown file (mdcode.Spans).
func codeSpans(t *testing.T, path string) []string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return mdcode.Spans(string(raw))
}

// docCode is a Markdown file of the docs and the code it holds.
type docCode struct {
	path  string   // from this package's directory
	spans []string // mdcode.Spans
}

// docsCode reads the code of the docs whose claims the tests check:
// docs/*.md, README.md and web/API.md, and the more files named
// (relative to the repository's root).
func docsCode(t *testing.T, more ...string) []docCode {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range append([]string{"README.md", "web/API.md"}, more...) {
		docs = append(docs, filepath.Join(repoRoot, filepath.FromSlash(p)))
	}
	out := make([]docCode, 0, len(docs))
	for _, doc := range docs {
		out = append(out, docCode{path: doc, spans: codeSpans(t, doc)})
	}
	return out
}

// goSources parses the module's Go files, tests aside (and those under
// node_modules, testdata and hidden directories), and calls fn on each.
func goSources(t *testing.T, fn func(path string, f *ast.File)) {
	t.Helper()
	walkGo(t, false, parser.SkipObjectResolution, func(_ *token.FileSet, path string, f *ast.File) { fn(path, f) })
}

// walkGo parses every Go file of the module (those under node_modules,
// testdata and hidden directories aside; tests too when withTests) with
// mode, and calls fn on each, with the file set its positions are in.
func walkGo(t *testing.T, withTests bool, mode parser.Mode, fn func(fset *token.FileSet, path string, f *ast.File)) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != repoRoot && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || (!withTests && strings.HasSuffix(path, "_test.go")) {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, mode)
		if err != nil {
			return err
		}
		fn(fset, path, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// packageSources parses the Go files of the module's package in dir
// (relative to the repository's root), tests aside, and calls fn on each.
func packageSources(t *testing.T, dir string, fn func(f *ast.File)) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(repoRoot, filepath.FromSlash(dir), "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		fn(f)
	}
}
