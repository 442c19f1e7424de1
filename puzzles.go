package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
)

// puzzleInput opens the FILE argument, or standard input when there is none
// or it is "-". It is a usage error to give more than one file.
func puzzleInput(env *cliEnv, args []string) (io.ReadCloser, error) {
	switch {
	case len(args) > 1:
		return nil, fmt.Errorf("expected at most one FILE, got %d arguments", len(args))
	case len(args) == 0 || args[0] == "-":
		return io.NopCloser(env.stdin), nil
	}
	f, err := os.Open(args[0])
	if err != nil {
		return nil, err
	}
	return f, nil
}

// eachPuzzle streams the CLI's puzzle lines: one puzzle per line, blank
// lines and lines starting with '#' skipped, anything after the first
// whitespace ignored. fn gets either a grid or the parse error of its line,
// in input order, so output can be joined with input line by line. A parse
// error's line and column are those of the input, not of the puzzle text.
func eachPuzzle(r io.Reader, fn func(g engine.Grid, err error) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	n := 0
	for sc.Scan() {
		n++
		raw := sc.Text()
		line := strings.TrimLeft(raw, " \t")
		lead := len(raw) - len(line)
		line = strings.TrimRight(line, " \t\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if i := strings.IndexAny(line, " \t"); i >= 0 {
			line = line[:i]
		}
		g, err := engine.Parse(line)
		var pe *engine.ParseError
		if errors.As(err, &pe) {
			moved := *pe
			moved.Line = n
			if pe.Col > 0 {
				moved.Col = pe.Col + lead
			}
			err = &moved
		}
		if err := fn(g, err); err != nil {
			return err
		}
	}
	return sc.Err()
}
