package game

import (
	"errors"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// Error is a problem the player can fix. Its message, from the catalogue,
// is shown to them in their language by whichever door they came through,
// so it must say exactly what to change; the wrapped error, if any, only
// goes to the log.
type Error struct {
	Msg l10n.Msg
	Err error
	// Kind is what sort of refusal it is, for a door that answers with a
	// code besides the words (the web door's HTTP status and ErrorCode).
	Kind Kind
}

// Kind sorts refusals for doors that answer with a code.
type Kind int

// The kinds of refusal.
const (
	Refused  Kind = iota // a rule refused the request as it is
	Finished             // the game is over
	Given                // a move on a given cell
	Stale                // the board changed since the player saw it
	Busy                 // the engine's work for the player is full or over its budget: try again soon
)

// Error is the message in English, for logs.
func (e *Error) Error() string {
	if e.Err != nil {
		return e.Text(l10n.English()) + ": " + e.Err.Error()
	}
	return e.Text(l10n.English())
}

func (e *Error) Unwrap() error { return e.Err }

// Text is the message in a player's language.
func (e *Error) Text(l *l10n.Lang) string { return e.Msg.In(l) }

// Refuse returns an *Error with a catalogue message and its fields.
func Refuse(id string, kv ...any) error {
	return &Error{Msg: l10n.M(id, kv...)}
}

// Explain turns the store's expected refusals and the engine's over-budget
// into messages for players, the one place they are worded, and returns
// other errors unchanged. Every use case explains its errors; a door
// explains what it gets from the store itself.
func Explain(err error) error {
	var given *store.GivenCellError
	var mine *Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &mine):
		return err
	case errors.Is(err, store.ErrGameFinished):
		return &Error{Msg: l10n.M("game.finished"), Err: err, Kind: Finished}
	case errors.As(err, &given):
		return &Error{Msg: l10n.M("game.given_cell", "Cell", engine.CellName(given.Cell), "Digit", given.Digit), Err: err, Kind: Given}
	case errors.Is(err, store.ErrGivenCell):
		return &Error{Msg: l10n.M("game.given"), Err: err, Kind: Given}
	case errors.Is(err, store.ErrNotOwner):
		// The store's own check of CheckOwner's rule, inside a transaction.
		return &Error{Msg: l10n.M("game.not_owner"), Err: err}
	case errors.Is(err, store.ErrStale), errors.Is(err, store.ErrNotSolved):
		// The board changed between reading it and writing (another tab,
		// or a move in Discord). Worded for any door ("error.stale"): the
		// web door answers its own stale moves with the board as it is
		// now, and says so ("web.error.stale").
		return &Error{Msg: l10n.M("error.stale"), Err: err, Kind: Stale}
	case errors.Is(err, ErrOverBudget):
		// Only hints run in the engine on a use case's path.
		return &Error{Msg: l10n.M("hint.slow"), Err: err, Kind: Busy}
	}
	return err
}
