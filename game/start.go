package game

import (
	"context"
	"errors"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// StartInput starts a player's own game, or gives back the one they have
// of the same puzzle here.
type StartInput struct {
	User, Guild string
	// Puzzle makes the puzzle: fresh from the generator, or pasted,
	// checked (CheckPaste) and graded. Making one is heavy work the door
	// runs within its budget.
	Puzzle func(context.Context) (store.Puzzle, error)
	// Pasted is a puzzle the player typed (a grid or a share code): one
	// that is a daily is played as that daily (StartNew).
	Pasted bool
}

// StartResult is a started game.
type StartResult struct {
	Game   store.Game
	Puzzle store.Puzzle
	// Created tells a new game from the player's game of the same puzzle
	// here, which starting again gives back (a paste of a puzzle they
	// already play).
	Created bool
}

// StartNew starts a player's own game in a place (a guild, or "" for DMs
// and group DMs): the puzzle is stored once, however often it is pasted.
// A pasted daily (its share code or grid) is that day's daily: the
// player's one game of it (StartDaily), played late if the day is past
// where the guild is; the result's Game.Day says so.
func (s *Service) StartNew(ctx context.Context, in StartInput) (StartResult, error) {
	p, err := in.Puzzle(ctx)
	if err != nil {
		return StartResult{}, err
	}
	if p, err = s.store.SavePuzzle(ctx, p); err != nil {
		return StartResult{}, err
	}
	if in.Pasted {
		day, level, err := s.store.DailyOfPuzzle(ctx, p.ID)
		switch {
		case err == nil:
			loc, _, err := DailyClock(ctx, s.store, in.Guild)
			if err != nil {
				return StartResult{}, err
			}
			return s.StartDaily(ctx, DailyInput{User: in.User, Guild: in.Guild, Day: day, Level: level,
				Today:  store.DayOf(s.now(), loc),
				Puzzle: func(context.Context) (store.Puzzle, error) { return p, nil }})
		case !errors.Is(err, store.ErrNotFound):
			return StartResult{}, err
		}
	}
	g, created, err := s.store.StartGame(ctx, store.NewGame{UserID: in.User, GuildID: in.Guild, PuzzleID: p.ID,
		Context: store.ContextPersonal, StartedAt: s.now()})
	if err != nil {
		return StartResult{}, err
	}
	return StartResult{Game: g, Puzzle: p, Created: created}, nil
}

// Resume is the game a player comes back to in a place (a guild, or ""
// for DMs): their current open game there (store.CurrentGame, the one
// /sudoku show shows), else a new one (StartNew with in.Puzzle, made only
// then). Created says which.
func (s *Service) Resume(ctx context.Context, in StartInput) (StartResult, error) {
	g, err := s.store.CurrentGame(ctx, in.User, in.Guild)
	switch {
	case err == nil:
		return StartResult{Game: g}, nil
	case !errors.Is(err, store.ErrNotFound):
		return StartResult{}, err
	}
	return s.StartNew(ctx, in)
}

// DailyInput starts a player's daily of a day and level.
type DailyInput struct {
	User, Guild string
	Day         store.Day
	Level       engine.Level
	// Today is the date where the player is (the guild's time zone): a
	// Day before it is played late, one after it is refused. The zero Day
	// takes Day for today.
	Today store.Day
	// Puzzle is the daily of Day and Level (daily.Source, within the
	// door's budget).
	Puzzle func(context.Context) (store.Puzzle, error)
}

// MaxLateDays is how far back a past daily may be played: a year of
// archive, and no call to make the daily of 1900.
const MaxLateDays = 366

// MayPlayDaily is the rule of which dailies a player may play on the
// day today: today's, or a past day's at most MaxLateDays back (played
// late); never a later one.
func MayPlayDaily(day, today store.Day) bool {
	return !day.After(today) && today.Sub(day) <= MaxLateDays
}

// StartDaily starts the player's daily, or gives back their game of it:
// a daily is one game per player and day wherever it is played, so it
// counts once for the streak.
func (s *Service) StartDaily(ctx context.Context, in DailyInput) (StartResult, error) {
	if in.Day.IsZero() || !in.Level.Valid() {
		return StartResult{}, Refuse("daily.bad_button")
	}
	today := in.Today
	if today.IsZero() {
		today = in.Day
	}
	if !MayPlayDaily(in.Day, today) {
		if in.Day.After(today) {
			return StartResult{}, Refuse("daily.future", "Day", in.Day.String(), "Today", today.String())
		}
		return StartResult{}, Refuse("daily.too_old", "Day", in.Day.String(), "Days", MaxLateDays)
	}
	p, err := in.Puzzle(ctx)
	if err != nil {
		return StartResult{}, err
	}
	g, created, err := s.store.StartGame(ctx, store.NewGame{UserID: in.User, GuildID: in.Guild, PuzzleID: p.ID,
		Context: store.DailyContext(in.Day.String()), Day: in.Day, StartedAt: s.now(), Late: in.Day.Before(today)})
	if err != nil {
		return StartResult{}, err
	}
	return StartResult{Game: g, Puzzle: p, Created: created}, nil
}

// CheckPaste checks the rules a pasted puzzle must keep to be played: no
// two givens clash, and it has exactly one solution, which it returns.
// The refusals say what is wrong in the player's language.
func CheckPaste(grid engine.Grid) (engine.Grid, error) {
	sol, err := engine.Solve(grid)
	var ce *engine.ConflictError
	switch {
	case errors.As(err, &ce):
		var f []string
		for _, c := range ce.Conflicts {
			f = append(f, c.String())
		}
		return engine.Grid{}, &Error{Msg: l10n.M("new.conflicts", "Conflicts", ListOrCount(f, "n.conflicts")), Err: err}
	case errors.Is(err, engine.ErrNoSolution):
		return engine.Grid{}, &Error{Msg: l10n.M("new.no_solution"), Err: err}
	case errors.Is(err, engine.ErrMultipleSolutions):
		return engine.Grid{}, &Error{Msg: l10n.M("new.many_solutions", "Givens", grid.Count()), Err: err}
	case err != nil:
		return engine.Grid{}, err
	}
	return sol, nil
}

// ListOrCount lists items when there are a few, else counts them with
// the first few named: a reply to 57 moves or 810 conflicts stays
// readable and short. what is the plural message that counts them
// ("n.cells"). The list is a message so that its words come out in the
// sentence's language.
func ListOrCount(items []string, what string) l10n.Msg {
	const few = 8
	if len(items) <= few {
		return l10n.M("list.items", "Items", strings.Join(items, ", "))
	}
	return l10n.M("list.counted", "Counted", l10n.M(what, "Count", len(items)), "First", strings.Join(items[:few/2], ", "))
}
