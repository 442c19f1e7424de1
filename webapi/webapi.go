// Package webapi is the web door: the board's pages and its API
// (web/API.md) under /board/ (the "Open board" links) and /activity/ (the
// Discord Activity), and the Activity's sign-in. Server.Handler serves
// them; app mounts it beside the Discord door's handler on one server.
//
// A request is read, its board token checked (boardtoken) and its
// player's budget taken (guard.go), then one of the game's use cases
// runs (Config.Play: Place, Check, Hint, GiveUp, StartNew) and the game
// is answered as State. The door imports game, never bot: what it takes
// from the Discord door (the puzzle maker and hinter of its heavy pool,
// the race card refresh, the metrics and the reject log) comes through
// Config as functions and small interfaces.
//
// The JSON types here are one side of the board's contract; the other,
// web/src/contract.gen.ts, is generated from them and stepjson's by
// internal/tsgen, and a test there fails when the committed file is not
// what the generator writes. Change a type here or in stepjson, then run
// go generate ./webapi.
package webapi

//go:generate go run ../internal/tsgen -o ../web/src/contract.gen.ts

import "github.com/sudokubot/sudokubot/stepjson"

// State is a game as the page sees it (API.md, State). The solution is
// there only once the game is over; the share text and the card only
// once it is solved.
type State struct {
	GameID  int64  `json:"game_id"`
	Version int64  `json:"version"`
	Title   string `json:"title"`
	Level   string `json:"level"`
	Givens  string `json:"givens"`
	// Code is the puzzle's share code (engine.ShareCode), which
	// `/sudoku new code:` plays on any install.
	Code      string          `json:"code"`
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
	// Coop is there for a co-op board: its players and what they did.
	Coop *CoopState `json:"coop,omitempty"`
}

// CoopState is a co-op board's players as every player's board shows
// them. Each player keeps one colour on every board: their place in
// Players (the same order for everyone), at most MaxCoopColours, then
// the colours again.
type CoopState struct {
	Players []CoopPlayer `json:"players"`
	// You is the viewer's place in Players, -1 before they played.
	You int `json:"you"`
	// By is the place of the player who made the change this state
	// shows (the live stream's latest, or the viewer's own), -1 unknown.
	By int `json:"by"`
	// Hint tells that a hint for everyone was asked on the board as it
	// is: api/coophint shows it, uncounted.
	Hint bool `json:"hint"`
}

// CoopPlayer is one player of a co-op board. Their Discord id stays the
// bot's: the board tells players apart by colour.
type CoopPlayer struct {
	Host   bool `json:"host"`
	You    bool `json:"you"`
	Placed int  `json:"placed"`
	Hints  int  `json:"hints"`
}

// MaxCoopColours is how many player colours a board has.
const MaxCoopColours = 6

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

// Calendar is the answer of GET api/calendar?month=YYYY-MM: the player's
// dailies of one month, day by day, for the board's calendar. Today is
// the date where the player's server is.
type Calendar struct {
	Month string        `json:"month"`
	Today string        `json:"today"`
	Prev  string        `json:"prev,omitempty"` // the month before, when it holds playable days
	Next  string        `json:"next,omitempty"` // the month after, when it is not in the future
	Days  []CalendarDay `json:"days"`
}

// CalendarDay is one date of a Calendar and how its daily went.
// Playable days (all but future ones, and those more than a year back)
// can be opened with POST api/daily.
type CalendarDay struct {
	Day      string   `json:"day"`
	State    DayState `json:"state"`
	Playable bool     `json:"playable"`
}

// DayState is how a day's daily went for the player.
type DayState string

// The states of a calendar day.
const (
	DaySolved DayState = "solved"  // solved on its day
	DayLate   DayState = "late"    // solved on a later day
	DayGaveUp DayState = "gave_up" // given up
	DayOpen   DayState = "open"    // started, not finished
	DayMissed DayState = "missed"  // a past day never started
	DayToday  DayState = "today"   // today, not started yet
	DayFuture DayState = "future"  // not out yet
)

// DayStates lists every DayState, for the board's contract.
func DayStates() []DayState {
	return []DayState{DaySolved, DayLate, DayGaveUp, DayOpen, DayMissed, DayToday, DayFuture}
}

// DailyRequest is the body of POST api/daily: the date of the daily to
// play, YYYY-MM-DD.
type DailyRequest struct {
	Day string `json:"day"`
}

// DailyStarted is the answer of POST api/daily: a board token for the
// player's game of that day's daily (a new token: the board loads it as
// it loads a link's).
type DailyStarted struct {
	Token string `json:"token"`
	State *State `json:"state"`
}
