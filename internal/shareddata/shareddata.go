// Package shareddata finds the test data that is not a package's own:
// Discord's OpenAPI description and the public puzzle sets. Every test
// finds it this one way:
//
//  1. the full sets, in $SUDOKUBOT_SHARED_DATA or else in shared/data
//     beside the repository (../shared/data from its root), as CI has them;
//  2. else the samples shipped in the repository's testdata/ (see
//     testdata/README.md), so that a plain clone tests the Discord
//     contract, the engine on real puzzles and the web board;
//  3. else the test skips, saying what is missing and where it looked.
//
// Puzzle sets are the exception: a plain test run reads their samples
// even beside the full sets (Puzzles), so that it does the same work with
// or without ../shared; the sweeps read the full sets (WholePuzzles), and
// so does every test with SUDOKUBOT_WHOLE_SETS=1 (WholeEnv).
//
// Paths are relative to the data folder: "puzzles/sxbank_hard.txt",
// "discord-api-spec/openapi.json".
package shareddata

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// Env names a variable that may hold the full shared data folder (the one
// holding puzzles/ and discord-api-spec/).
const Env = "SUDOKUBOT_SHARED_DATA"

// TB is the part of testing.TB this package uses (so that it does not
// import package testing into programs such as internal/devboard).
type TB interface {
	Helper()
	Skipf(format string, args ...any)
}

// ErrNotFound means neither the full shared data nor the repository's
// samples hold the file.
var ErrNotFound = errors.New("shareddata: not found")

var (
	rootOnce sync.Once
	root     string
	rootErr  error
)

// Root is the repository's root: the nearest folder above the working
// directory (a test runs in its package's folder) that holds go.mod.
func Root() (string, error) {
	rootOnce.Do(func() {
		dir, err := os.Getwd()
		if err != nil {
			rootErr = err
			return
		}
		for {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				root = dir
				return
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				rootErr = errors.New("shareddata: no go.mod above the working directory")
				return
			}
			dir = parent
		}
	})
	return root, rootErr
}

// SharedDir is the full shared data folder, if there is one: $Env, else
// shared/data beside the repository.
func SharedDir() (string, bool) {
	if d := os.Getenv(Env); d != "" {
		return d, true
	}
	r, err := Root()
	if err != nil {
		return "", false
	}
	d := filepath.Join(filepath.Dir(r), "shared", "data")
	if fi, err := os.Stat(d); err == nil && fi.IsDir() {
		return d, true
	}
	return "", false
}

// Find is the path of rel: the full shared copy when there is one, else
// the repository's sample. full says which.
func Find(rel string) (path string, full bool, err error) {
	rel = filepath.FromSlash(rel)
	if d, ok := SharedDir(); ok {
		p := filepath.Join(d, rel)
		if _, err := os.Stat(p); err == nil {
			return p, true, nil
		}
	}
	r, err := Root()
	if err != nil {
		return "", false, err
	}
	p := filepath.Join(r, "testdata", rel)
	if _, err := os.Stat(p); err == nil {
		return p, false, nil
	}
	return "", false, fmt.Errorf("%w: %s is neither in the shared data (%s, or ../shared/data beside the repository) nor in testdata/", ErrNotFound, filepath.ToSlash(rel), Env)
}

// Path is Find for a test, which skips when the file is absent.
func Path(tb TB, rel string) string {
	tb.Helper()
	p, _, err := Find(rel)
	if err != nil {
		tb.Skipf("test data missing: %v", err)
	}
	return p
}

// FullPath is the full shared copy of rel only, for the sweeps that mean
// the whole set; the test skips without it.
func FullPath(tb TB, rel string) string {
	tb.Helper()
	p, full, err := Find(rel)
	if err != nil || !full {
		tb.Skipf("needs the full shared data set %s (set %s or put shared/data beside the repository); the repository ships a sample only", filepath.ToSlash(rel), Env)
	}
	return p
}

// WholeEnv names a variable that, set to 1, makes Puzzles read the whole
// shared sets as WholePuzzles does (CI's whole-sets step).
const WholeEnv = "SUDOKUBOT_WHOLE_SETS"

// Puzzles is the puzzle set name ("sxbank_hard.txt") as a plain test run
// reads it: the repository's sample in testdata/puzzles, even when the
// full shared copy is there, so that `go test ./...` does the same work,
// and costs the same time, beside ../shared as in a plain clone. With
// $WholeEnv=1, or when the repository has no sample of the set, it is
// WholePuzzles.
func Puzzles(tb TB, name string) string {
	tb.Helper()
	if os.Getenv(WholeEnv) != "1" {
		if r, err := Root(); err == nil {
			p := filepath.Join(r, "testdata", "puzzles", name)
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
	}
	return WholePuzzles(tb, name)
}

// WholePuzzles is Path of the puzzle set name: the full shared copy when
// there is one, else the sample; for the sweeps, calibrations and
// benchmarks that mean the whole set.
func WholePuzzles(tb TB, name string) string {
	tb.Helper()
	return Path(tb, "puzzles/"+name)
}
