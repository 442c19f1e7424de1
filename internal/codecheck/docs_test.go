package codecheck

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/jobs"
)

// module is this module's path; architecture.md names packages without it.
const module = "github.com/sudokubot/sudokubot"

var architecture = filepath.Join("..", "..", "docs", "architecture.md")

// importsHeading opens the table of docs/architecture.md that
// TestArchitectureImports reads.
const importsHeading = "### What each package imports"

// TestArchitectureImports holds the table under importsHeading in
// docs/architecture.md to the code: each row names a package and every
// package of this module it imports, no more and no fewer, and every
// package of the module has a row. A change of imports that the design
// does not mention fails here until the table says it.
func TestArchitectureImports(t *testing.T) {
	doc, err := os.ReadFile(architecture)
	if err != nil {
		t.Fatal(err)
	}
	want, err := importTable(doc)
	if err != nil {
		t.Fatal(err)
	}
	got := moduleImports(t)
	for pkg, imps := range got {
		w, ok := want[pkg]
		switch {
		case !ok:
			t.Errorf("architecture.md has no row for %s: add | `%s` | %s |", pkg, pkg, cell(imps))
		case !slices.Equal(w, imps):
			t.Errorf("%s imports %s; architecture.md says %s", pkg, cell(imps), cell(w))
		}
	}
	for pkg := range want {
		if _, ok := got[pkg]; !ok {
			t.Errorf("architecture.md has a row for %s, which is no package of the module", pkg)
		}
	}
}

// importTable reads the rows under importsHeading: | `pkg` | `a`, `b` |,
// with — for a package that imports none of ours.
func importTable(doc []byte) (map[string][]string, error) {
	_, rest, ok := bytes.Cut(doc, []byte(importsHeading+"\n"))
	if !ok {
		return nil, fmt.Errorf("docs/architecture.md has no %q section", importsHeading)
	}
	row := regexp.MustCompile("^\\| `([^`]+)` \\| (.*) \\|$")
	name := regexp.MustCompile("`([^`]+)`")
	out := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(rest))
	started := false
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "|") {
			if started {
				break
			}
			continue
		}
		started = true
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue // the header and its rule
		}
		imps := []string{}
		for _, n := range name.FindAllStringSubmatch(m[2], -1) {
			imps = append(imps, n[1])
		}
		slices.Sort(imps)
		if _, dup := out[m[1]]; dup {
			return nil, fmt.Errorf("architecture.md: two rows for %s", m[1])
		}
		out[m[1]] = imps
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("architecture.md: no rows under %q", importsHeading)
	}
	return out, nil
}

// moduleImports is what go list says each package of the module imports
// of the module (not counting tests), names without the module path; the
// main package is "sudokubot".
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./...")
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("go list: %v (the go command is needed to read the imports)", err)
	}
	short := func(p string) string {
		if p == module {
			return "sudokubot"
		}
		return strings.TrimPrefix(p, module+"/")
	}
	got := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		imps := []string{}
		for _, imp := range f[1:] {
			if imp == module || strings.HasPrefix(imp, module+"/") {
				imps = append(imps, short(imp))
			}
		}
		slices.Sort(imps)
		got[short(f[0])] = imps
	}
	return got
}

func cell(imps []string) string {
	if len(imps) == 0 {
		return "—"
	}
	return "`" + strings.Join(imps, "`, `") + "`"
}

// TestArchitectureJobKinds: the job queue's kinds that architecture.md
// lists are jobs.Kinds, no more and no fewer.
func TestArchitectureJobKinds(t *testing.T) {
	doc, err := os.ReadFile(architecture)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "- **Kinds**")
	if !ok {
		t.Fatal("architecture.md has no **Kinds** item in the job queue")
	}
	item, _, _ := strings.Cut(rest, "\n- **")
	var got []string
	for _, m := range regexp.MustCompile("`([a-z]+(?:-[a-z]+)+)` \\(").FindAllStringSubmatch(item, -1) {
		got = append(got, m[1])
	}
	var want []string
	for _, k := range jobs.Kinds() {
		want = append(want, string(k))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("architecture.md lists the job kinds %q; jobs.Kinds() is %q", got, want)
	}
}

// TestArchitectureDescribesEveryPackage: the table of what each package
// does (architecture.md) has a row for every package of the module
// (`pkg/`; `main.go` for the main package), and none for a package that
// is gone.
func TestArchitectureDescribesEveryPackage(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(architecture)
	if err != nil {
		t.Fatal(err)
	}
	const heading = "### What each package does\n"
	_, rest, ok := strings.Cut(string(doc), heading)
	if !ok {
		t.Fatalf("architecture.md has no %q", strings.TrimSpace(heading))
	}
	rest, _, _ = strings.Cut(rest, "\n#")
	described := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([^`]+)` \\|").FindAllStringSubmatch(rest, -1) {
		name := strings.TrimSuffix(m[1], "/")
		if name == "main.go" {
			name = "sudokubot"
		}
		described[name] = true
	}
	got := moduleImports(t)
	for pkg := range got {
		if !described[pkg] {
			t.Errorf("architecture.md does not say what %s does: add | `%s/` | ... | under %q", pkg, pkg, strings.TrimSpace(heading))
		}
	}
	for pkg := range described {
		if _, ok := got[pkg]; !ok {
			t.Errorf("architecture.md says what %s does, and it is no package of the module", pkg)
		}
	}
}
