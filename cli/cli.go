package cli

// The command-line helpers that more than one subcommand uses: flag
// parsing with the same answer to -h everywhere, pencil marks, and the
// wording of engine errors on output lines.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// parseFlags parses a subcommand's flags. ok is false when the command
// must stop with code: -h, -help or --help prints the usage on standard
// output and exits 0, as `sudokubot -h` does; a bad flag prints the error
// and the usage on standard error and exits 2. A command's fs.Usage writes
// to fs.Output(), which is standard error again once parsing is done.
func parseFlags(env *cliEnv, fs *flag.FlagSet, args []string) (code int, ok bool) {
	return flagsParsed(env, fs, func() error { return fs.Parse(args) })
}

// parseFlagsOnly is parseFlags for a command that takes no positional
// arguments: one is a usage error that names it.
func parseFlagsOnly(env *cliEnv, fs *flag.FlagSet, args []string) (code int, ok bool) {
	if code, ok := parseFlags(env, fs, args); !ok {
		return code, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "sudokubot %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return exitUsage, false
	}
	return exitOK, true
}

// parseFlagsInterspersed is parseFlags for a command whose flags may come
// before or after its positional arguments, which it returns.
func parseFlagsInterspersed(env *cliEnv, fs *flag.FlagSet, args []string) (rest []string, code int, ok bool) {
	code, ok = flagsParsed(env, fs, func() (err error) {
		rest, err = parseInterspersed(fs, args)
		return err
	})
	return rest, code, ok
}

// flagsParsed runs parse with the flag set's output held back, so that
// what the flag package prints goes to standard output for a help request
// and to standard error for a mistake.
func flagsParsed(env *cliEnv, fs *flag.FlagSet, parse func() error) (int, bool) {
	var buf bytes.Buffer
	fs.SetOutput(&buf)
	err := parse()
	fs.SetOutput(env.stderr)
	switch {
	case err == nil:
		return exitOK, true
	case errors.Is(err, flag.ErrHelp):
		env.stdout.Write(buf.Bytes())
		return exitOK, false
	default:
		env.stderr.Write(buf.Bytes())
		return exitUsage, false
	}
}

// parseInterspersed parses flags that may come before or after the
// positional arguments ("hint PUZZLE --level 2"), as users type them.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// parseMarks reads pencil marks: 81 comma-separated fields, each the
// digits marked in that cell, with an empty field, "0" or "." for none.
func parseMarks(text string) ([engine.NumCells]engine.Digits, error) {
	var marks [engine.NumCells]engine.Digits
	fields := strings.Split(text, ",")
	if len(fields) != engine.NumCells {
		return marks, fmt.Errorf("found %d comma-separated cells, want 81", len(fields))
	}
	for i, f := range fields {
		f = strings.TrimSpace(f)
		if f == "0" || f == "." {
			continue
		}
		for _, r := range f {
			if r < '1' || r > '9' {
				return marks, fmt.Errorf("cell %d (%s): unexpected %q, want digits 1-9", i+1, engine.CellName(i), r)
			}
			marks[i] = marks[i].With(uint8(r - '0'))
		}
	}
	return marks, nil
}

// gradeErrorText words an engine error for an output line: the solve
// command's wording for bad puzzles, the error itself otherwise.
func gradeErrorText(err error) string {
	switch {
	case errors.Is(err, engine.ErrNoSolution):
		return "no solution"
	case errors.Is(err, engine.ErrMultipleSolutions):
		return "multiple solutions"
	}
	return err.Error()
}

// solveErrorText words a solver error for an output line.
func solveErrorText(err error) string {
	switch {
	case errors.Is(err, engine.ErrInvalid):
		return err.Error() // "invalid: r1c3 and r1c7 both hold 5"
	case errors.Is(err, engine.ErrNoSolution):
		return "no solution"
	case errors.Is(err, engine.ErrMultipleSolutions):
		return "multiple solutions"
	case errors.Is(err, engine.ErrNotFound):
		return "not found"
	}
	return err.Error()
}

// cliLang reads a --lang flag: a Discord locale the catalogue speaks.
func cliLang(name string) (*l10n.Lang, error) {
	if !slices.Contains(l10n.DiscordLocales(), name) {
		return nil, fmt.Errorf("--lang %q: want one of %s", name, strings.Join(l10n.DiscordLocales(), ", "))
	}
	return l10n.For(name), nil
}
