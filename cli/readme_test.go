package cli

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/internal/mdcode"
)

// TestREADMEListsEveryCommand: the README's table of commands names every
// subcommand of `commands`, in the same order, and no other, so that the
// README cannot keep a command that is gone or miss a new one.
func TestREADMEListsEveryCommand(t *testing.T) {
	raw, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\| ").FindAllStringSubmatch(string(raw), -1) {
		listed = append(listed, m[1])
	}
	var want []string
	for _, c := range commands {
		want = append(want, c.name)
	}
	if !slices.Equal(listed, want) {
		t.Errorf("README.md lists the commands %q; cli has %q", listed, want)
	}
}

// TestCommandsDocShowsEveryCommand: docs/commands.md, "every subcommand
// of sudokubot", shows each one (`sudokubot NAME ...`); a command it
// shows that is none fails TestOperationsCommands.
func TestCommandsDocShowsEveryCommand(t *testing.T) {
	raw, err := os.ReadFile("../docs/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]bool{}
	for _, span := range mdcode.Spans(string(raw)) {
		if m := invocation.FindStringSubmatch(span); m != nil {
			shown[m[1]] = true
		}
	}
	for _, c := range commands {
		if !shown[c.name] {
			t.Errorf("docs/commands.md does not show `sudokubot %s`", c.name)
		}
	}
}
