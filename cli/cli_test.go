package cli

import (
	"slices"
	"strings"
	"testing"
)

// TestEveryCommandAnswersHelp: every registered subcommand answers -h,
// -help and --help the same way as `sudokubot -h`: exit 0 with its usage
// on standard output and nothing on standard error. A flag it does not
// know is a usage error instead: exit 2, the error and the usage on
// standard error, nothing on standard output.
func TestEveryCommandAnswersHelp(t *testing.T) {
	names := make([]string, 0, len(commands))
	for _, c := range commands {
		names = append(names, c.name)
	}
	if !slices.IsSorted(names) {
		t.Errorf("commands are not in alphabetical order, as usage lists them: %v", names)
	}
	for _, want := range []string{"bot", "commands", "daily", "generate", "hint", "mine", "rate", "render", "solve", "steps"} {
		if !slices.Contains(names, want) {
			t.Errorf("command %q is not registered (have %v)", want, names)
		}
	}
	for _, name := range names {
		usage := "usage: sudokubot " + name
		for _, tc := range []struct {
			args      []string
			code      int
			toStdout  bool
			errSubstr string
		}{
			{args: []string{"-h"}, code: exitOK, toStdout: true},
			{args: []string{"-help"}, code: exitOK, toStdout: true},
			{args: []string{"--help"}, code: exitOK, toStdout: true},
			{args: []string{"--no-such-flag"}, code: exitUsage, errSubstr: "flag provided but not defined: -no-such-flag"},
		} {
			t.Run(name+" "+strings.Join(tc.args, " "), func(t *testing.T) {
				stdout, stderr, code := runCmd(t, strings.NewReader(""), append([]string{name}, tc.args...)...)
				if code != tc.code {
					t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, stderr)
				}
				got, quiet := stdout, stderr
				if !tc.toStdout {
					got, quiet = stderr, stdout
				}
				if !strings.Contains(got, usage) {
					t.Errorf("usage %q missing from %s:\n%s", usage, map[bool]string{true: "stdout", false: "stderr"}[tc.toStdout], got)
				}
				if !strings.Contains(got, tc.errSubstr) {
					t.Errorf("%q missing from:\n%s", tc.errSubstr, got)
				}
				if quiet != "" {
					t.Errorf("unexpected output on the other stream:\n%s", quiet)
				}
			})
		}
	}
}

// TestHelpAfterArguments: hint and render take flags after their
// PUZZLE, so -h there is a help request too.
func TestHelpAfterArguments(t *testing.T) {
	for _, name := range []string{"hint", "render"} {
		stdout, stderr, code := runCmd(t, strings.NewReader(""), name, solveEasy, "-h")
		if code != exitOK || !strings.Contains(stdout, "usage: sudokubot "+name) || stderr != "" {
			t.Errorf("%s PUZZLE -h: exit %d, stdout %q, stderr %q; want exit 0 and the usage on stdout", name, code, stdout, stderr)
		}
	}
}
