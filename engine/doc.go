// Package engine is the puzzle brain of sudokubot: grids and candidate sets,
// parsing, an exact solver and solution counter, a seeded generator,
// a human-style logical solver with named techniques, grading and hints.
//
// The package is pure: no I/O, no clock, no global randomness and no
// logging. Randomness comes in as a seed, so every machine computes the same
// puzzle from the same options.
//
// Coordinates in text are 1-based: r4c6 is row 4, column 6, and b5 is the
// centre box. Internally a cell is an index 0..80 in row-major order:
//
//	 0  1  2 |  3  4  5 |  6  7  8
//	 9 10 11 | 12 13 14 | 15 16 17
//	...
//	72 73 74 | 75 76 77 | 78 79 80
package engine
