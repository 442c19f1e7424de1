package engine

import (
	"bufio"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// seedPool is the pool shipped with the engine: puzzles this project dug
// with Mine and graded with Rate (never taken from outside sets), so that
// a fresh install serves every level fast. Regenerate it with
// `sudokubot mine` (see pooldata/README.md).
//
//go:embed pooldata/pool.txt
var seedPool string

// PoolEntry is one mined puzzle with its grade when it was mined.
type PoolEntry struct {
	Puzzle   Grid
	Grade    Grade
	Symmetry string // name of the symmetry of the givens, "none" if none
	Seed     uint64 // Mine(Seed, symmetry) reproduces the puzzle
}

// String formats an entry as a pool line:
// "PUZZLE LEVEL SCORE SYMMETRY SEED HARDEST".
func (e PoolEntry) String() string {
	return fmt.Sprintf("%s %s %.1f %s %d %s", e.Puzzle, e.Grade.Level, e.Grade.Score, e.Symmetry, e.Seed, e.Grade.Hardest)
}

// Pool holds mined puzzles by level, ready to be served through random
// equivalence transformations. It is read-only after ParsePool, so one
// Pool may serve many goroutines.
type Pool struct {
	entries []PoolEntry
}

// ParsePool reads pool lines ("PUZZLE LEVEL SCORE SYMMETRY SEED HARDEST",
// '#' comments and blank lines skipped). Any malformed line is an error
// naming its line number, so a bad edit to the data file cannot ship.
func ParsePool(text string) (*Pool, error) {
	p := &Pool{}
	sc := bufio.NewScanner(strings.NewReader(text))
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := parsePoolLine(line)
		if err != nil {
			return nil, fmt.Errorf("pool line %d: %w", n, err)
		}
		p.entries = append(p.entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("pool: %w", err)
	}
	return p, nil
}

func parsePoolLine(line string) (PoolEntry, error) {
	f := strings.Fields(line)
	if len(f) < 6 {
		return PoolEntry{}, fmt.Errorf("want PUZZLE LEVEL SCORE SYMMETRY SEED HARDEST, got %d fields", len(f))
	}
	g, err := Parse(f[0])
	if err != nil {
		return PoolEntry{}, fmt.Errorf("puzzle: %w", err)
	}
	lv, err := ParseLevel(f[1])
	if err != nil {
		return PoolEntry{}, fmt.Errorf("level: %w", err)
	}
	score, err := strconv.ParseFloat(f[2], 64)
	if err != nil {
		return PoolEntry{}, fmt.Errorf("score: %w", err)
	}
	seed, err := strconv.ParseUint(f[4], 10, 64)
	if err != nil {
		return PoolEntry{}, fmt.Errorf("seed: %w", err)
	}
	hardest, err := ParseTechnique(strings.Join(f[5:], " "))
	if err != nil {
		return PoolEntry{}, fmt.Errorf("hardest: %w", err)
	}
	return PoolEntry{
		Puzzle:   g,
		Grade:    Grade{Level: lv, Score: score, Hardest: hardest},
		Symmetry: f[3],
		Seed:     seed,
	}, nil
}

// Entries returns the entries of a level whose givens have the symmetry.
func (p *Pool) Entries(level Level, sym Symmetry) []PoolEntry {
	var out []PoolEntry
	for _, e := range p.entries {
		if e.Grade.Level == level && e.Symmetry == sym.String() {
			out = append(out, e)
		}
	}
	return out
}

// All returns every entry in file order.
func (p *Pool) All() []PoolEntry { return p.entries }

var (
	defaultPoolOnce sync.Once
	defaultPool     *Pool
)

// DefaultPool returns the pool shipped with the engine. The data file is
// checked by the tests, so a parse error here means a broken build; it
// yields an empty pool, and GenerateLevel then digs.
func DefaultPool() *Pool {
	defaultPoolOnce.Do(func() {
		p, err := ParsePool(seedPool)
		if err != nil {
			p = &Pool{}
		}
		defaultPool = p
	})
	return defaultPool
}
