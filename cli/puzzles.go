package cli

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
// or it is "-". An argument that is no file but reads as a puzzle is that
// puzzle (as hint and render take it), and several such arguments are
// several puzzles; more than one file is a usage error.
func puzzleInput(env *cliEnv, args []string) (io.ReadCloser, error) {
	if len(args) == 0 || (len(args) == 1 && args[0] == "-") {
		return io.NopCloser(env.stdin), nil
	}
	if puzzles, ok := puzzleArgs(args); ok {
		return io.NopCloser(strings.NewReader(strings.Join(puzzles, "\n") + "\n")), nil
	}
	if len(args) > 1 {
		return nil, fmt.Errorf("expected at most one FILE (or one or more puzzles), got %d arguments", len(args))
	}
	f, err := os.Open(args[0])
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%q is neither a file nor a puzzle (%v): give a file of puzzles, one per line, a puzzle of 81 cells, or pipe puzzles to standard input", clipArg(args[0]), puzzleProblem(args[0]))
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

// puzzleArgs returns args as puzzle lines when each is a puzzle (and no
// file of that name exists, so a file always wins). Each is written back
// as one 81-cell line, since Parse also reads spaced and nine-line grids
// that the line reader would split.
func puzzleArgs(args []string) ([]string, bool) {
	lines := make([]string, len(args))
	for i, a := range args {
		if _, err := os.Stat(a); err == nil {
			return nil, false
		}
		g, err := engine.Parse(a)
		if err != nil {
			return nil, false
		}
		lines[i] = g.String()
	}
	return lines, true
}

// puzzleProblem says why an argument is not a puzzle: only "no such
// file" for what looks like a file name, the parse error too for what
// looks like a puzzle (mostly digits and dots) that is not one.
func puzzleProblem(a string) string {
	cells := 0
	for _, r := range a {
		if r == '.' || (r >= '0' && r <= '9') {
			cells++
		}
	}
	_, err := engine.Parse(a)
	if err == nil || 2*cells < len([]rune(a)) {
		return "no such file"
	}
	return "no such file; as a puzzle: " + err.Error()
}

// clipArg shortens an argument for an error message.
func clipArg(a string) string {
	if r := []rune(a); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return a
}

// eachPuzzle streams the CLI's puzzle lines: one puzzle per line, blank
// lines and lines starting with '#' skipped, anything after the first
// whitespace ignored. fn gets either a grid or the parse error of its line,
// in input order, so output can be joined with input line by line. A parse
// error's line and column are those of the input, not of the puzzle text.
func eachPuzzle(r io.Reader, fn func(g engine.Grid, err error) error) error {
	br := bufio.NewReaderSize(r, 64*1024)
	n := 0
	for {
		raw, long, err := readLine(br, maxLine)
		if err == io.EOF && raw == "" && long == 0 {
			return nil
		}
		if err != nil && err != io.EOF {
			return err
		}
		n++
		if n == 1 {
			raw = strings.TrimPrefix(raw, "\uFEFF") // a byte-order mark some editors write
		}
		if long > 0 {
			// One error line for it, and on with the rest (as the README
			// promises for any bad line).
			if ferr := fn(engine.Grid{}, &lineTooLongError{line: n, bytes: long}); ferr != nil {
				return ferr
			}
		} else if ferr := eachLine(n, raw, fn); ferr != nil {
			return ferr
		}
		if err == io.EOF {
			return nil
		}
	}
}

// maxLine is the longest input line read; longer ones are reported and
// skipped.
const maxLine = 1 << 20

// lineTooLongError is an input line longer than maxLine, skipped unread.
type lineTooLongError struct{ line, bytes int }

func (e *lineTooLongError) Error() string {
	return fmt.Sprintf("line %d: line too long (%d bytes, the limit is %d): skipped", e.line, e.bytes, maxLine)
}

// readLine reads one line without its newline. A line longer than max is
// read to its end and dropped: long is then its length and line "".
func readLine(br *bufio.Reader, max int) (line string, long int, err error) {
	var buf []byte
	total := 0
	for {
		chunk, err := br.ReadSlice('\n')
		total += len(chunk)
		if total <= max+1 { // +1: the newline
			buf = append(buf, chunk...)
		} else {
			buf = nil
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return "", 0, err
		}
		line := strings.TrimSuffix(string(buf), "\n")
		size := total
		if strings.HasSuffix(string(chunk), "\n") {
			size--
		}
		if size > max {
			return "", size, err
		}
		return line, 0, err
	}
}

// eachLine handles line n of eachPuzzle's input.
func eachLine(n int, raw string, fn func(g engine.Grid, err error) error) error {
	line := strings.TrimLeft(raw, " \t")
	lead := len(raw) - len(line)
	line = strings.TrimRight(line, " \t\r")
	if line == "" || strings.HasPrefix(line, "#") {
		return nil
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
	return fn(g, err)
}
