// Package webapi is the JSON of the web board's API (web/API.md) as Go
// types: what the bot's HTTP server reads and answers. It is one side of
// the board's contract; the other, web/src/contract.gen.ts, is generated
// from these types and stepjson's by internal/tsgen, and a test there
// fails when the committed file is not what the generator writes. Change
// a type here or in stepjson, then run go generate ./webapi.
package webapi

//go:generate go run ../internal/tsgen -o ../web/src/contract.gen.ts

import "github.com/sudokubot/sudokubot/stepjson"

// State is a game as the page sees it (API.md, State). The solution is
// there only once the game is over; the share text and the card only
// once it is solved.
type State struct {
	GameID    int64           `json:"game_id"`
	Version   int64           `json:"version"`
	Title     string          `json:"title"`
	Level     string          `json:"level"`
	Givens    string          `json:"givens"`
	Entries   string          `json:"entries"`
	Marks     []string        `json:"marks"`
	Conflicts []stepjson.Cell `json:"conflicts"`
	Wrong     []stepjson.Cell `json:"wrong"`
	Solved    bool            `json:"solved"`
	GaveUp    bool            `json:"gave_up"`
	StartedAt string          `json:"started_at"`
	ElapsedMS int64           `json:"elapsed_ms"`
	Hints     int             `json:"hints"`
	Mistakes  int             `json:"mistakes"`
	Solution  string          `json:"solution,omitempty"`
	ShareText string          `json:"share_text,omitempty"`
	Card      string          `json:"card,omitempty"`
}

// Hint is the answer of api/hint: the fields of `sudokubot hint --json`
// at the level (stepjson.FromHint: the same level cuts), and the state
// after the hint is counted.
type Hint struct {
	stepjson.Hint
	State *State `json:"state"`
}

// HintRequest is the body of POST api/hint.
type HintRequest struct {
	Level int `json:"level"`
}

// Moves is the body of POST api/moves: digits, then pencil marks, played
// on the game at Version.
type Moves struct {
	Version *int64    `json:"version"`
	Moves   []Move    `json:"moves"`
	Marks   []MarkSet `json:"marks"`
}

// Move puts a digit (1-9) into a cell, or clears it (0).
type Move struct {
	Row   int `json:"row"`
	Col   int `json:"col"`
	Digit int `json:"digit"`
}

// MarkSet sets a cell's pencil marks to exactly Digits.
type MarkSet struct {
	Row    int   `json:"row"`
	Col    int   `json:"col"`
	Digits []int `json:"digits"`
}
