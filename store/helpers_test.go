package store

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// backend describes how to make a fresh, empty database for one test.
type backend struct {
	name string
	// newDSN returns the DSN of a new empty database that lives until the
	// test ends; several Opens of it share the database (except memory).
	newDSN func(t testing.TB) string
	// shared reports whether two Opens of one DSN see the same data.
	shared bool
}

func backends() []backend {
	return []backend{
		{name: "sqlite-file", shared: true, newDSN: storetest.SQLite},
		{name: "sqlite-memory", newDSN: func(testing.TB) string { return ":memory:" }},
		{name: "postgres", shared: true, newDSN: storetest.Postgres},
	}
}

// forEachBackend runs fn as a parallel subtest for every back end.
func forEachBackend(t *testing.T, fn func(t *testing.T, be backend)) {
	t.Helper()
	for _, be := range backends() {
		t.Run(be.name, func(t *testing.T) {
			t.Parallel()
			fn(t, be)
		})
	}
}

// openStore opens dsn, closing the store at cleanup.
func openStore(t testing.TB, dsn string) *Store {
	t.Helper()
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("Open(%q): %v", dsn, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// fixture is a puzzle of testdata/puzzles.txt with its solution.
type fixture struct {
	grid, solution engine.Grid
}

// empties lists the puzzle's blank cells.
func (f fixture) empties() []int {
	var out []int
	for i, d := range f.grid {
		if d == 0 {
			out = append(out, i)
		}
	}
	return out
}

// givenCell returns the first given's cell.
func (f fixture) givenCell() int {
	for i, d := range f.grid {
		if d != 0 {
			return i
		}
	}
	return -1
}

func loadFixtures(t testing.TB) []fixture {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "puzzles.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []fixture
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			t.Fatalf("testdata/puzzles.txt: %q: want puzzle, rating, solution", line)
		}
		g, err := engine.Parse(fields[0])
		if err != nil {
			t.Fatal(err)
		}
		sol, err := engine.Parse(fields[2])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fixture{g, sol})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 4 {
		t.Fatalf("testdata/puzzles.txt has %d puzzles, tests need 4", len(out))
	}
	return out
}

// savePuzzle stores fixture i at level.
func savePuzzle(t testing.TB, s *Store, f fixture, level engine.Level) Puzzle {
	t.Helper()
	p, err := s.SavePuzzle(context.Background(), Puzzle{Grid: f.grid, Solution: f.solution, Score: 1.2, Level: level, Origin: "test"})
	if err != nil {
		t.Fatalf("SavePuzzle: %v", err)
	}
	return p
}

// solveMoves returns the moves that fill every blank with the solution.
func solveMoves(f fixture) []Move {
	var moves []Move
	for _, c := range f.empties() {
		moves = append(moves, Move{Cell: c, Digit: f.solution[c]})
	}
	return moves
}

// t0 is the tests' fixed clock origin.
var t0 = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

// mustIs fails unless err wraps want.
func mustIs(t testing.TB, err, want error, what string) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: got error %v, want %v", what, err, want)
	}
}

// must fails the test now on err.
func must(t testing.TB, err error, what string) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// mustDay is a date of a test, written as it reads.
func mustDay(s string) Day {
	d, err := ParseDay(s)
	if err != nil {
		panic(err)
	}
	return d
}
