package cli

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/app"
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
	// Each row says what the command's usage says (its summary), code in
	// backquotes and a link to more allowed.
	link := regexp.MustCompile(` \(\[[^\]]*\]\([^)]*\)\)`)
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\| (.*) \\|$").FindAllStringSubmatch(string(raw), -1) {
		c, ok := lookup(m[1])
		if !ok {
			continue
		}
		if said := strings.ReplaceAll(link.ReplaceAllString(m[2], ""), "`", ""); said != c.summary {
			t.Errorf("README.md says %s does %q; its usage says %q", c.name, said, c.summary)
		}
	}
}

// TestCommandsDocShowsEveryCommand: docs/commands.md, "every subcommand
// of sudokubot", shows each one (`sudokubot NAME ...`); a command it
// shows that is none fails TestOperationsCommands.
func TestCommandsDocShowsEveryCommand(t *testing.T) {
	t.Parallel()
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

// TestREADMESetUp: the README's set-up is exactly its two commands, and
// the Go it asks for is go.mod's.
func TestREADMESetUp(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, setUp, ok := strings.Cut(string(raw), "\n## Set up\n")
	if !ok {
		t.Fatal("README.md has no ## Set up")
	}
	setUp, _, _ = strings.Cut(setUp, "\n## ")
	block := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatch(setUp)
	if want := "go run . daily -o daily.png\ngo test ./...\n"; block == nil || block[1] != want {
		t.Errorf("README.md's set-up block is %q, want exactly %q", block, want)
	}
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goLine := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindSubmatch(mod)
	if goLine == nil {
		t.Fatal("go.mod has no go line")
	}
	if want := "with Go " + string(goLine[1]) + " or newer"; !strings.Contains(setUp, want) {
		t.Errorf("README.md's set-up does not say %q (go.mod: go %s)", want, goLine[1])
	}
}

// TestPlayingNamesEveryCommand: docs/playing.md's "Slash commands" shows
// every subcommand of the bot's commands (app.CommandsJSON) with each of
// its options, so that an option added, renamed or dropped in the
// command's definition fails here until the player's guide says it.
func TestPlayingNamesEveryCommand(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../docs/playing.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(raw), "\n## Slash commands\n")
	if !ok {
		t.Fatal("docs/playing.md has no ## Slash commands")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	spans := mdcode.Spans(section)
	js, err := app.CommandsJSON(false)
	if err != nil {
		t.Fatal(err)
	}
	type option struct {
		Name    string   `json:"name"`
		Type    int      `json:"type"`
		Options []option `json:"options"`
	}
	var cmds []option
	if err := json.Unmarshal(js, &cmds); err != nil {
		t.Fatal(err)
	}
	word := func(s, w string) bool {
		return regexp.MustCompile(`(^|[\s\[/])` + regexp.QuoteMeta(w) + `($|[\s\]:])`).MatchString(s)
	}
	checked := 0
	for _, c := range cmds {
		if !slices.ContainsFunc(spans, func(s string) bool { return strings.HasPrefix(s, "/"+c.Name) }) {
			t.Errorf("docs/playing.md's slash commands do not show /%s", c.Name)
		}
		for _, sub := range c.Options {
			if sub.Type != 1 { // an option of the command itself: `/sudoku-config [channel] ...`
				checked++
				if !slices.ContainsFunc(spans, func(s string) bool { return strings.HasPrefix(s, "/"+c.Name+" ") && word(s, sub.Name) }) {
					t.Errorf("docs/playing.md's slash commands show /%s without its option %s", c.Name, sub.Name)
				}
				continue
			}
			// Its spans: `/sudoku new ...`, or `new ...` in the list of /sudoku's.
			var mine []string
			for _, s := range spans {
				s = strings.TrimPrefix(s, "/"+c.Name+" ")
				if s == sub.Name || strings.HasPrefix(s, sub.Name+" ") {
					mine = append(mine, s)
				}
			}
			if len(mine) == 0 {
				t.Errorf("docs/playing.md's slash commands do not show /%s %s", c.Name, sub.Name)
			}
			for _, o := range sub.Options {
				checked++
				if !slices.ContainsFunc(mine, func(s string) bool { return word(s, o.Name) }) {
					t.Errorf("docs/playing.md's slash commands show /%s %s without its option %s", c.Name, sub.Name, o.Name)
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("checked %d options: the scan is broken", checked)
	}
	// The table of where each command works has a row for each.
	_, table, ok := strings.Cut(section, "Where each command works")
	if !ok {
		t.Fatal("docs/playing.md has no table of where each command works")
	}
	var inTable []string
	for _, line := range strings.Split(table, "\n") {
		if first, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " |"); ok && strings.HasPrefix(line, "| `") {
			inTable = append(inTable, mdcode.Spans(first)...)
		}
	}
	for _, c := range cmds {
		if len(c.Options) == 0 || c.Options[0].Type != 1 {
			if !slices.Contains(inTable, "/"+c.Name) {
				t.Errorf("docs/playing.md's table of where each command works has no row for /%s", c.Name)
			}
			continue
		}
		for _, sub := range c.Options {
			if !slices.Contains(inTable, sub.Name) {
				t.Errorf("docs/playing.md's table of where each command works has no row for /%s %s", c.Name, sub.Name)
			}
		}
	}
}
