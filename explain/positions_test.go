package explain

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

var updatePositions = flag.Bool("update-positions", false, "find the golden cases' positions on today's solving paths again and rewrite testdata/positions.txt")

// positionsFile holds the board of every golden case that is found on a
// solving path. The golden texts are of a position, not of a path: when a
// technique joins the catalogue, the paths change and a case's step
// index would land on another position, so the positions are kept here
// and found again only with -update-positions.
//
// Each line is KEY, TAB, the 81 digits of the grid, TAB, the candidates of
// the 81 cells as three hex digits each (bit d set = candidate d).
var positionsFile = filepath.Join("testdata", "positions.txt")

var positions struct {
	sync.Mutex
	loaded bool
	boards map[string]engine.Board
}

// frozenBoard returns the board kept for key, or, with -update-positions
// (or for a key not kept yet, which then fails the test), the board that
// find computes.
func frozenBoard(t *testing.T, key string, find func() engine.Board) engine.Board {
	t.Helper()
	positions.Lock()
	defer positions.Unlock()
	if !positions.loaded {
		boards, err := readPositions(positionsFile)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		positions.boards, positions.loaded = boards, true
	}
	if b, ok := positions.boards[key]; ok && !*updatePositions {
		return b
	}
	b := find()
	if !*updatePositions {
		t.Fatalf("no position kept for %q in %s (run with -update-positions)", key, positionsFile)
	}
	positions.boards[key] = b
	if err := writePositions(positionsFile, positions.boards); err != nil {
		t.Fatal(err)
	}
	return b
}

func readPositions(path string) (map[string]engine.Board, error) {
	boards := map[string]engine.Board{}
	f, err := os.Open(path)
	if err != nil {
		return boards, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, b, err := parsePosition(line)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, n, err)
		}
		boards[key] = b
	}
	return boards, sc.Err()
}

func parsePosition(line string) (string, engine.Board, error) {
	f := strings.Split(line, "\t")
	if len(f) != 3 || len(f[1]) != engine.NumCells || len(f[2]) != 3*engine.NumCells {
		return "", engine.Board{}, fmt.Errorf("want KEY, 81 digits and 243 hex digits separated by tabs")
	}
	g, err := engine.Parse(f[1])
	if err != nil {
		return "", engine.Board{}, err
	}
	b := engine.Board{Grid: g}
	for c := range engine.NumCells {
		v, err := strconv.ParseUint(f[2][3*c:3*c+3], 16, 16)
		if err != nil {
			return "", engine.Board{}, fmt.Errorf("candidates of %s: %w", engine.CellName(c), err)
		}
		b.Cands[c] = engine.Digits(v)
	}
	return f[0], b, nil
}

func writePositions(path string, boards map[string]engine.Board) error {
	var sb strings.Builder
	sb.WriteString("# The positions of the golden cases found on solving paths (see positions_test.go):\n")
	sb.WriteString("# KEY, the grid, and each cell's candidates as 3 hex digits (bit d = candidate d).\n")
	keys := make([]string, 0, len(boards))
	for k := range boards {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		b := boards[k]
		fmt.Fprintf(&sb, "%s\t%s\t", k, b.Grid.String())
		for _, d := range b.Cands {
			fmt.Fprintf(&sb, "%03x", uint16(d))
		}
		sb.WriteString("\n")
	}
	return os.WriteFile(path, []byte(sb.String()), 0o644)
}
