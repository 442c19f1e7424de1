package cli

import (
	"os"
	"regexp"
	"slices"
	"testing"
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
