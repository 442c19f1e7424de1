package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/mdcode"
)

var (
	// invocation is `sudokubot NAME ...` in the docs' code: the command's
	// name and the rest of the span (not `sudokubot version=...`, a log
	// line, nor a path such as /srv/sudokubot).
	invocation = regexp.MustCompile(`(?:^|[\s.(])(?:\./)?sudokubot ([a-z][a-z-]*)((?:[ \t][^=]*)?)$`)
	docFlag    = regexp.MustCompile(`(?:^|[\s\[(|])--?([a-z][a-z0-9-]*)`)
	helpFlag   = regexp.MustCompile(`(?m)^\s+-([a-z][a-z0-9-]*)`)
	subcommand = regexp.MustCompile(`^ ([a-z][a-z-]*)\b`)
)

// TestOperationsCommands holds the commands the operator's docs show to
// the code: every `sudokubot NAME ...` in docs/operations.md and
// docs/commands.md names a command, and each --flag written after it is
// one that command (or its subcommand: `jobs retry`) accepts, as its -h
// lists them.
func TestOperationsCommands(t *testing.T) {
	t.Parallel()
	checked := 0
	for _, doc := range []string{"operations.md", "commands.md"} {
		raw, err := os.ReadFile(filepath.Join("..", "docs", doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, span := range mdcode.Spans(string(raw)) {
			m := invocation.FindStringSubmatch(span)
			if m == nil {
				continue
			}
			name, rest := m[1], m[2]
			if name == "version" {
				continue // `sudokubot version` is run's own, not in commands
			}
			if _, ok := lookup(name); !ok {
				t.Errorf("%s: `%s` names no command", doc, span)
				continue
			}
			flags := commandFlags(t, name)
			if sub := subcommand.FindStringSubmatch(rest); sub != nil {
				for f := range commandFlags(t, name, sub[1]) {
					flags[f] = true
				}
			}
			for _, f := range docFlag.FindAllStringSubmatch(rest, -1) {
				if !flags[f[1]] {
					t.Errorf("%s: `%s`: %s has no flag --%s", doc, span, name, f[1])
				}
			}
			checked++
		}
	}
	if checked < 5 {
		t.Errorf("read %d invocations in the docs: the scan is broken", checked)
	}
}

// commandFlags returns the flags a command's -h lists.
func commandFlags(t *testing.T, args ...string) map[string]bool {
	t.Helper()
	out, errOut, _ := runCmd(t, strings.NewReader(""), append(args, "-h")...)
	flags := map[string]bool{}
	for _, m := range helpFlag.FindAllStringSubmatch(out+errOut, -1) {
		flags[m[1]] = true
	}
	return flags
}
