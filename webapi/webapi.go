// Package webapi is the web door: the board's pages and its API
// (web/API.md) under /board/ (the "Open board" links) and /activity/ (the
// Discord Activity), the lesson pages under /learn/, and the Activity's
// sign-in. Server.Handler serves them; app mounts it beside the Discord
// door's handler on one server.
//
// Every route is in one table, Routes (routes.go): its method and path,
// what it reads and answers; the mux is made from it. A request is read,
// its board token checked (boardtoken) and its player's budget taken
// (guard.go), then one of the game's use cases runs (Config.Play: Place,
// Check, Hint, GiveUp, StartNew, ...) and the game is answered as State.
// The door imports game, never bot: what it shares with the Discord door
// (the puzzle maker and the heavy pool's hinter, the metrics and the
// reject log) app makes from their own packages and passes through
// Config as functions and small interfaces.
//
// The JSON types and the routes here are one side of the board's
// contract; the other, web/src/contract.gen.ts, is generated from them
// and stepjson's by internal/tsgen, and a test there fails when the
// committed file is not what the generator writes. Change a type or a
// route here or in stepjson, then run go generate ./webapi.
package webapi

//go:generate go run ../internal/tsgen -o ../web/src/contract.gen.ts

import "github.com/sudokubot/sudokubot/stepjson"

// State is a game as the page sees it (API.md, State). The solution is
// there only once the game is over; the share text and the card only
// once it is solved.
type State struct {
	GameID  int64     `json:"game_id"`
	Version int64     `json:"version"`
	Title   string    `json:"title"`
	Level   LevelName `json:"level"`
	Givens  string    `json:"givens"`
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
	// Race is there for a racer's board: every racer's progress.
	Race *RaceState `json:"race,omitempty"`
	// Together is there on the Activity's live stream: what the players
	// of its voice channel play together.
	Together *TogetherState `json:"together,omitempty"`
}

// LevelName is a puzzle's level as the page reads it: the level's stable
// name (engine.Level's text, one of LEVELS), or "" for a pasted puzzle
// not graded yet.
type LevelName string

// TogetherState is what the players of an Activity's voice channel play
// together: for the channel's open co-op board and its race taking
// racers, how many players have it open now; -1 when there is none.
// It changes when someone there presses Co-op or Race (api/together).
type TogetherState struct {
	Coop int `json:"coop"`
	Race int `json:"race"`
}

// RaceState is a race as each racer's board shows it: every racer's
// progress (cells filled, mistakes, hints; never a digit) in the race's
// order (game.RankRacers: finishers by time, then the most filled).
type RaceState struct {
	Racers []Racer `json:"racers"`
	// You is the viewer's place in Racers.
	You int `json:"you"`
	// Total is the cells each racer fills (the puzzle's blanks).
	Total int `json:"total"`
	// EndsAt is when racers not done have timed out (RFC 3339); Over
	// tells that it has passed.
	EndsAt string `json:"ends_at"`
	Over   bool   `json:"over"`
}

// Racer is one racer's progress. Racers are told apart by their number
// (their place in the order they joined, 1 the host), not their names.
type Racer struct {
	N   int  `json:"n"`
	You bool `json:"you"`
	// Here tells that the racer has their board open now.
	Here     bool `json:"here"`
	Filled   int  `json:"filled"`
	Mistakes int  `json:"mistakes"`
	Hints    int  `json:"hints"`
	Solved   bool `json:"solved"`
	GaveUp   bool `json:"gave_up"`
	// Place is the finishing place (1 first) of a solve in time, 0
	// before; ElapsedMS its time.
	Place     int   `json:"place"`
	ElapsedMS int64 `json:"elapsed_ms,omitempty"`
	// version is the racer's game's, for the event id (never sent).
	version int64
}

// CoopState is a co-op board's players (those who played, and those who
// have it open) as every player's board shows them. Each player keeps one colour on every board: their place in
// Players (the same order for everyone), at most MaxCoopColours, then
// the colours again.
type CoopState struct {
	Players []CoopPlayer `json:"players"`
	// You is the viewer's place in Players.
	You int `json:"you"`
	// By is the place of the player who made the change this state
	// shows (the live stream's latest, or the viewer's own), -1 unknown.
	By int `json:"by"`
	// Hint tells that a hint for everyone was asked on the board as it
	// is: api/coophint shows it, uncounted, at HintLevel (1-3), the
	// deepest level anyone opened.
	Hint      bool `json:"hint"`
	HintLevel int  `json:"hint_level"`
	// Filled is, for each cell (row by row), the place in Players of
	// who filled it, -1 for a given, an empty cell or one filled before
	// who filled it was kept: every player's colour, from the start.
	Filled []int `json:"filled"`
}

// CoopPlayer is one player of a co-op board. Their Discord id stays the
// bot's: the board tells players apart by colour.
type CoopPlayer struct {
	Host bool `json:"host"`
	You  bool `json:"you"`
	// Here tells that the player has the board open now.
	Here   bool `json:"here"`
	Placed int  `json:"placed"`
	Hints  int  `json:"hints"`
	// id is the player's Discord id, for the stream's looks (never sent).
	id string
}

// LookRequest is the body of POST api/look: the cell the player selected
// on a co-op board, shown on the others' boards.
type LookRequest struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// Looks is the data of the live stream's "look" events on a co-op board:
// for each player (their place in CoopState.Players), the cell they have
// selected (0-80, row by row), -1 for the viewer and for a player whose
// selection is not known.
type Looks struct {
	Cells []int `json:"cells"`
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

// ErrorCode says what kind of refusal an error answer is, for the page to
// act on (reload the state, sign in again, wait); its words are in
// ErrorBody.Error.
type ErrorCode string

// The error codes of the board's API.
const (
	CodeInvalid      ErrorCode = "invalid"      // the request is malformed or breaks a rule (400, 413)
	CodeUnauthorized ErrorCode = "unauthorized" // no, a bad or an expired token (401)
	CodeForbidden    ErrorCode = "forbidden"    // Discord does not show the player where the request is for (403)
	CodeNotFound     ErrorCode = "not_found"    // no such game, day or page (404)
	CodeStale        ErrorCode = "stale"        // the board changed since the page's version: the answer carries the state (409)
	CodeFinished     ErrorCode = "finished"     // the game is over (409)
	CodeGiven        ErrorCode = "given"        // a move on a given cell (400)
	CodeTooMany      ErrorCode = "too_many"     // over the player's request budget (429)
	CodeUnavailable  ErrorCode = "unavailable"  // the database or the heavy pool did not answer in time (503)
	CodeInternal     ErrorCode = "internal"     // our side failed (500)
)

// ErrorCodes lists every ErrorCode, for the generated TypeScript union.
func ErrorCodes() []ErrorCode {
	return []ErrorCode{CodeInvalid, CodeUnauthorized, CodeForbidden, CodeNotFound, CodeStale, CodeFinished, CodeGiven, CodeTooMany, CodeUnavailable, CodeInternal}
}

// ErrorBody is every error answer of the board's API.
type ErrorBody struct {
	// Error is what went wrong, in the player's language.
	Error string    `json:"error"`
	Code  ErrorCode `json:"code"`
	// State is the game as it is now, with a stale move's refusal.
	State *State `json:"state,omitempty"`
	// Challenge is, on a 429 of the Activity's sign-in from a flooding
	// address, the proof of work that lets the code past the flood.
	Challenge *SignInChallenge `json:"challenge,omitempty"`
}

// ClientConfig is the answer of GET api/config: what the Activity's page
// needs before signing in.
type ClientConfig struct {
	// ClientID is the application's id, for the Embedded App SDK.
	ClientID string `json:"client_id"`
	// Activity says whether the Activity is turned on.
	Activity bool `json:"activity"`
}

// ActivityToken is the answer of POST api/activity/token: the player's
// Discord access token (for the SDK's authenticate) and the board token
// of their game.
type ActivityToken struct {
	AccessToken string `json:"access_token"`
	Token       string `json:"token"`
}

// TogetherRequest is the body of POST api/together: play with the
// others in a voice channel's Activity, on its shared co-op board or in
// its race.
type TogetherRequest struct {
	Kind TogetherKind `json:"kind"`
	// ChannelID, when given, is the channel the page believes it is in
	// (the Embedded App SDK's channelId). The channel played in is the
	// one Discord confirmed at sign-in (ActivityTokenRequest.InstanceID);
	// another one here is refused, never obeyed.
	ChannelID string `json:"channel_id,omitempty"`
}

// TogetherKind is what a player plays together in a voice channel.
type TogetherKind string

// The kinds of playing together.
const (
	TogetherCoop TogetherKind = "coop" // the channel's shared co-op board
	TogetherRace TogetherKind = "race" // the channel's race
)

// TogetherKinds lists every TogetherKind, for the board's contract.
func TogetherKinds() []TogetherKind { return []TogetherKind{TogetherCoop, TogetherRace} }

// Together is the answer of POST api/together: a board token for the
// channel's co-op board or the player's board in its race, which the
// page switches to.
type Together struct {
	Token string `json:"token"`
	State *State `json:"state"`
}
