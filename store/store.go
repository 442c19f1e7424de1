package store

import (
	"errors"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// Sentinel errors, checked with errors.Is. The store wraps them with detail
// (which game, which cell); when a method returns one of them nothing was
// written.
var (
	// ErrNotFound means the game, puzzle, daily, post record or guild
	// settings asked for do not exist.
	ErrNotFound = errors.New("not found")
	// ErrGameFinished means the game was already solved or given up, so it
	// takes no more moves, hints or mistakes.
	ErrGameFinished = errors.New("game already finished")
	// ErrGivenCell means a move tried to change one of the puzzle's givens
	// (the error is a *GivenCellError).
	ErrGivenCell = errors.New("cell is a given")
	// ErrInvalidMove means a move's cell is outside 0-80 or its digit outside
	// 0-9 (0 clears the cell).
	ErrInvalidMove = errors.New("invalid move")
	// ErrNotOwner means a user tried to change someone else's game.
	ErrNotOwner = errors.New("not the game's owner")
	// ErrNotSolved means FinishGame was asked to record a solve but the
	// board does not match the solution.
	ErrNotSolved = errors.New("board is not solved")
	// ErrConflict means the write contradicts what is stored: the same grid
	// saved with a different solution, a post record released after it was
	// posted, or a post recorded without a claim.
	ErrConflict = errors.New("conflict")
	// ErrAlreadyClaimed means another caller (maybe another process) holds or
	// completed the claim on a guild's daily post.
	ErrAlreadyClaimed = errors.New("daily post already claimed")
	// ErrClaimChanged means ReleaseDailyPost found the claim renewed or
	// released since the caller read it: another process settled it first,
	// and the current claim is not the caller's to give up.
	ErrClaimChanged = errors.New("daily post claim changed")
	// ErrInvalid means an argument is malformed: a day that is not
	// YYYY-MM-DD, a post time that is not HH:MM, an unknown time zone, a hint
	// level outside 1-3, an empty user id.
	ErrInvalid = errors.New("invalid argument")
	// ErrSchemaTooNew means the database was migrated by a newer sudokubot
	// than this one; the error text names both schema versions.
	ErrSchemaTooNew = errors.New("database schema is newer than this binary")
)

// Puzzle is a stored puzzle with its grade. Puzzles are unique by Grid:
// saving the same grid twice gives back the first row.
type Puzzle struct {
	ID       int64
	Grid     engine.Grid // the givens
	Solution engine.Grid
	Score    float64      // Sudoku Explainer scale
	Level    engine.Level // meaningless when Ungraded
	// Ungraded means the puzzle was saved before its grading ended (a
	// pasted puzzle whose grading ran over its time budget): it has no
	// level or score yet, until GradeIfUngraded records them.
	Ungraded   bool
	Techniques string // summary of the techniques the logical solution uses
	Origin     string // how it was made, e.g. "seed:12345" or "daily:2026-11-22"
	CreatedAt  time.Time
	// Canon is the canonical key of the givens (engine.CanonicalKey),
	// set by SavePuzzle; "" on a row the backfill has not reached.
	Canon string
}

// ContextPersonal is the Game.Context of a game a player started for
// themselves (/sudoku new). Daily games use DailyContext.
const ContextPersonal = "personal"

// DailyContext returns the Game.Context of the daily of day (YYYY-MM-DD),
// so a player has one game per daily whichever button they press. The
// context names no guild: a player in two guilds with the same daily plays
// it once, and the game (and its place on the daily leaderboard) belongs to
// the guild where it was started.
func DailyContext(day string) string { return "daily:" + day }

// NewGame is what StartGame needs. Day is the daily's local date for a
// daily game and the zero Day for any other; Context defaults to
// DailyContext(Day) or ContextPersonal.
type NewGame struct {
	UserID    string
	GuildID   string // "" for a direct message
	PuzzleID  int64
	Context   string
	Day       Day
	StartedAt time.Time
	// Late marks a daily started after its day: a solve, but not for the
	// streak or the day's leaderboards. Kept by the first start only.
	Late bool
	// Entries and Pencil are where the game starts: a training game
	// starts just before its technique, with the digits the path placed
	// and the candidates it left. Zero values start from the givens.
	Entries engine.Grid
	Pencil  [engine.NumCells]engine.Digits
}

// Game is one player's attempt at one puzzle. Entries holds only the
// player's digits: a given's cell is 0 in Entries (use Board for the whole
// picture). Givens and Solution are copied from the puzzle so a caller needs
// no second read.
type Game struct {
	ID         int64
	UserID     string
	GuildID    string
	PuzzleID   int64
	Context    string
	Day        Day          // the daily's date; the zero Day for any other game
	Late       bool         // a daily started after its day (NewGame.Late)
	Level      engine.Level // the puzzle's level, meaningless when Ungraded
	Ungraded   bool         // the puzzle's Ungraded
	Origin     string       // the puzzle's Origin: package game reads a training board's kind from it
	Givens     engine.Grid
	Solution   engine.Grid
	Entries    engine.Grid
	Pencil     [engine.NumCells]engine.Digits
	StartedAt  time.Time
	UpdatedAt  time.Time
	FinishedAt time.Time // zero while the game is open
	Hints      [3]int    // hints used at levels 1 (nudge), 2 (reasoning), 3 (result)
	Mistakes   int
	GaveUp     bool
	Solved     bool
	// Version increases by one with every change, so a caller can tell
	// whether the board it rendered is still current.
	Version int64
	// BoxOrder lists the boxes, numbered "1"-"9" left to right and top to
	// bottom, in the order the player completed them correctly, e.g.
	// "5213": the spoiler-free picture of a shared solve.
	BoxOrder string
	// HintKey names the step of the last hint counted and HintLevel the
	// deepest level shown for it: package game counts a hint once per
	// step, however many levels the player opens.
	HintKey   string
	HintLevel int
	// HintVersion is the Version the last counted hint left the game at:
	// a hint asked on that very board again is that hint (package game).
	HintVersion int64
	// WrongSeen holds, per cell, the wrong digits already counted as
	// mistakes: a mistake counts once, however often it is checked.
	WrongSeen [engine.NumCells]engine.Digits
	// CellVersions holds, per cell, the Version that last changed its
	// entry (0: never), so a co-op move made against an older board is
	// refused only when its own cells changed since.
	CellVersions [engine.NumCells]int64
}

// Board returns the givens with the player's entries filled in.
func (g Game) Board() engine.Grid {
	b := g.Givens
	for i, d := range g.Entries {
		if b[i] == 0 {
			b[i] = d
		}
	}
	return b
}

// Finished reports whether the game was solved or given up.
func (g Game) Finished() bool { return !g.FinishedAt.IsZero() }

// Duration is the time from start to finish, or zero while the game is open.
func (g Game) Duration() time.Duration {
	if g.FinishedAt.IsZero() {
		return 0
	}
	return g.FinishedAt.Sub(g.StartedAt)
}

// HintsTotal is the number of hints used at any level.
func (g Game) HintsTotal() int { return g.Hints[0] + g.Hints[1] + g.Hints[2] }

// Move is one change to a cell. Without Pencil, Digit (1-9) is placed, or
// the cell is cleared when Digit is 0. With Pencil, the pencil mark Digit is
// toggled in the cell, or all its marks are cleared when Digit is 0.
type Move struct {
	Cell   int // 0-80, row-major
	Digit  uint8
	Pencil bool
}

// DailyPost is the record of a guild's daily post for one local date: a
// claim first, then the message once it is posted, or the error of a failed
// attempt after the claim is released.
type DailyPost struct {
	GuildID   string
	Day       Day
	ClaimedAt time.Time // zero when released (or never claimed)
	PostedAt  time.Time // zero until RecordDailyPost
	ChannelID string
	MessageID string
	ThreadID  string
	Error     string // why the last attempt failed, "" if none
	Attempts  int    // number of successful claims
}

// Posted reports whether the post was recorded as sent.
func (p DailyPost) Posted() bool { return p.MessageID != "" }

// GuildSettings is a guild's daily-post configuration.
type GuildSettings struct {
	GuildID   string
	ChannelID string
	PostTime  string       // local time "HH:MM"
	TimeZone  string       // IANA name, e.g. "Europe/Paris"
	Level     engine.Level // of the daily
	Enabled   bool
	Threads   bool // open a thread per daily
	// Locale is the server's Discord locale ("zh-CN"), saved from the
	// guild_locale of the admin's interaction; the daily post is in its
	// language. "" is English.
	Locale    string
	UpdatedBy string
	UpdatedAt time.Time
	// Problem is the last problem met while posting (e.g. a 403 on the
	// channel), shown to admins; the publisher leaves the guild alone
	// until saving the settings clears it.
	Problem PostProblem
}

// LevelStats is a player's record on one level.
type LevelStats struct {
	Solves  int
	GaveUps int
	Best    time.Duration // fastest solve, 0 if none
	Median  time.Duration // median solve time, 0 if none
}

// PlayerStats is a player's record in one guild, or across all guilds and
// direct messages when GuildID is "". Streaks count solved dailies on
// consecutive dates; a date on which the guild had no successful daily post
// does not break a streak.
type PlayerStats struct {
	GuildID       string
	UserID        string
	CurrentStreak int
	BestStreak    int
	LastSolvedDay string // YYYY-MM-DD of the last solved daily, "" if none
	Solves        int    // all levels, dailies and personal games
	GaveUps       int
	DailySolves   int
	Levels        map[engine.Level]LevelStats // games of ungraded puzzles count in no level
}

// LeaderboardEntry is one row of a leaderboard; which fields are set depends
// on the board (time boards set Duration, Hints and Mistakes; streak and
// solve boards set Streak, BestStreak and Solves).
type LeaderboardEntry struct {
	Rank       int // 1-based; ties share no rank, order is stable
	UserID     string
	Duration   time.Duration
	Hints      int
	Mistakes   int
	FinishedAt time.Time
	Streak     int
	BestStreak int
	Solves     int
	// Clean counts the solves without any hint (period leaderboards).
	Clean int
}

// DailyStats summarises a guild's daily for the publisher's "yesterday"
// message.
type DailyStats struct {
	GuildID string
	Day     string
	Players int           // started the daily in this guild
	Solves  int           // solved it
	GaveUps int           // gave up
	Median  time.Duration // median solve time, 0 without solves
	Fastest []LeaderboardEntry
}

// GivenCellError is a move on one of the puzzle's givens; it matches
// ErrGivenCell and names the cell and its digit, for a message a player
// can act on.
type GivenCellError struct {
	GameID int64
	Cell   int
	Digit  uint8
}

func (e *GivenCellError) Error() string {
	return fmt.Sprintf("store: game %d: %s is a given (%d)", e.GameID, engine.CellName(e.Cell), e.Digit)
}

// Is makes errors.Is(err, ErrGivenCell) true.
func (e *GivenCellError) Is(target error) bool { return target == ErrGivenCell }
