package render

import "github.com/sudokubot/sudokubot/engine"

// stepFixture is a real position and a step that is true in it. The
// positions come from the public-domain Sudoku Exchange bank (sxbank_hard
// in shared/data/puzzles): the puzzle, then the grid after filling every
// single, with pencil marks computed from it (engine.NewBoard). The steps
// were found by a throwaway search and are checked by TestFixturesSound
// against engine.Solve and the candidates of the position, so they stand
// in for the engine's own steps while its logical solver is being written.
type stepFixture struct {
	name     string
	puzzle   string
	progress string
	step     engine.Step
}

var stepFixtures = []stepFixture{
	{name: "hidden-single",
		puzzle:   "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19",
		progress: "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19",
		step: engine.Step{Technique: "Hidden Single",
			Units:      []int{19},
			Cells:      []int{5, 40, 57},
			Placements: []engine.Candidate{{Cell: 5, Digit: 8}},
			Proof:      []engine.Candidate{{Cell: 5, Digit: 8}}}},
	{name: "pointing",
		puzzle:   "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19",
		progress: "57..681.3.3..15.6.691..75...53.....112..8.3..94...127.31.8.6452.8.1...3.26..43819",
		step: engine.Step{Technique: "Pointing",
			Units:        []int{18, 1},
			Cells:        []int{9, 11},
			Eliminations: []engine.Candidate{{Cell: 17, Digit: 8}},
			Proof:        []engine.Candidate{{Cell: 9, Digit: 8}, {Cell: 11, Digit: 8}}}},
	{name: "x-wing",
		puzzle:   "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19",
		progress: "57..681.3.3..15.6.691..75...53.....112..8.3..94...127.31.8.6452.8.1...3.26..43819",
		step: engine.Step{Technique: "X-Wing",
			Units:        []int{4, 8, 11, 12},
			Cells:        []int{38, 39, 74, 75},
			Eliminations: []engine.Candidate{{Cell: 56, Digit: 7}, {Cell: 65, Digit: 7}, {Cell: 30, Digit: 7}},
			Proof:        []engine.Candidate{{Cell: 38, Digit: 7}, {Cell: 39, Digit: 7}, {Cell: 74, Digit: 7}, {Cell: 75, Digit: 7}}}},
	{name: "xy-chain",
		puzzle:   "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19",
		progress: "57..681.3.3..15.6.691..75...53.....112..8.3..94...127.31.8.6452.8.1...3.26..43819",
		step: engine.Step{Technique: "XY-Chain",
			Cells:        []int{27, 9, 63, 56, 58},
			Eliminations: []engine.Candidate{{Cell: 31, Digit: 7}},
			Proof:        []engine.Candidate{{Cell: 27, Digit: 7}, {Cell: 27, Digit: 8}, {Cell: 9, Digit: 8}, {Cell: 9, Digit: 4}, {Cell: 63, Digit: 4}, {Cell: 63, Digit: 7}, {Cell: 56, Digit: 7}, {Cell: 56, Digit: 9}, {Cell: 58, Digit: 9}, {Cell: 58, Digit: 7}},
			Links: []engine.Link{
				{From: engine.Candidate{Cell: 27, Digit: 7}, To: engine.Candidate{Cell: 27, Digit: 8}, Strong: true},
				{From: engine.Candidate{Cell: 27, Digit: 8}, To: engine.Candidate{Cell: 9, Digit: 8}, Strong: false},
				{From: engine.Candidate{Cell: 9, Digit: 8}, To: engine.Candidate{Cell: 9, Digit: 4}, Strong: true},
				{From: engine.Candidate{Cell: 9, Digit: 4}, To: engine.Candidate{Cell: 63, Digit: 4}, Strong: false},
				{From: engine.Candidate{Cell: 63, Digit: 4}, To: engine.Candidate{Cell: 63, Digit: 7}, Strong: true},
				{From: engine.Candidate{Cell: 63, Digit: 7}, To: engine.Candidate{Cell: 56, Digit: 7}, Strong: false},
				{From: engine.Candidate{Cell: 56, Digit: 7}, To: engine.Candidate{Cell: 56, Digit: 9}, Strong: true},
				{From: engine.Candidate{Cell: 56, Digit: 9}, To: engine.Candidate{Cell: 58, Digit: 9}, Strong: false},
				{From: engine.Candidate{Cell: 58, Digit: 9}, To: engine.Candidate{Cell: 58, Digit: 7}, Strong: true},
			}}},
	{name: "forcing-chain",
		puzzle:   "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19",
		progress: "57..681.3.3..15.6.691..75...53.....112..8.3..94...127.31.8.6452.8.1...3.26..43819",
		step: engine.Step{Technique: "Cell Forcing Chain",
			Cells:        []int{15},
			Eliminations: []engine.Candidate{{Cell: 39, Digit: 9}},
			Proof:        []engine.Candidate{{Cell: 15, Digit: 7}, {Cell: 15, Digit: 9}},
			Links: []engine.Link{
				{From: engine.Candidate{Cell: 15, Digit: 7}, To: engine.Candidate{Cell: 15, Digit: 9}, Strong: false},
				{From: engine.Candidate{Cell: 15, Digit: 9}, To: engine.Candidate{Cell: 12, Digit: 9}, Strong: true},
				{From: engine.Candidate{Cell: 12, Digit: 9}, To: engine.Candidate{Cell: 39, Digit: 9}, Strong: false},
				{From: engine.Candidate{Cell: 15, Digit: 9}, To: engine.Candidate{Cell: 7, Digit: 9}, Strong: false},
				{From: engine.Candidate{Cell: 7, Digit: 9}, To: engine.Candidate{Cell: 3, Digit: 9}, Strong: true},
				{From: engine.Candidate{Cell: 3, Digit: 9}, To: engine.Candidate{Cell: 39, Digit: 9}, Strong: false},
			}}},
	{name: "xy-wing",
		puzzle:   "..9..3...71.......8..7953...5...98..2.7...9.6..65...7...5812..9.......42...9..6..",
		progress: "5.91.32.77132...9.8..7953...5.67982.287431956..6528.7...5812739..83...42...9..6..",
		step: engine.Step{Technique: "XY-Wing",
			Cells:        []int{15, 26, 69},
			Eliminations: []engine.Candidate{{Cell: 80, Digit: 1}},
			Proof:        []engine.Candidate{{Cell: 15, Digit: 4}, {Cell: 15, Digit: 5}, {Cell: 26, Digit: 4}, {Cell: 26, Digit: 1}, {Cell: 69, Digit: 5}, {Cell: 69, Digit: 1}}}},
}
