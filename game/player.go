package game

import (
	"context"
	"errors"

	"github.com/sudokubot/sudokubot/l10n"
)

// The engine's work for a request (a hint on a hard position, a new
// puzzle) may run in a door's bounded pool (bot's heavy pool): these are
// what such a pool answers, the same whichever door asked, so that every
// door words them alike.

// ErrOverBudget means engine work did not finish within its time budget.
var ErrOverBudget = errors.New("engine work over its time budget")

// ErrBusy means the player already has as much engine work running as
// allowed.
var ErrBusy = &Error{Msg: l10n.M("error.busy"), Kind: Busy}

// playerKey keys the player of a request in its context.
type playerKey struct{}

// WithPlayer returns ctx carrying the player engine work is for, for a
// Hinter that budgets each player's work (the Hinter interface takes the
// position, not the player). The use cases set it themselves.
func WithPlayer(ctx context.Context, user string) context.Context {
	return context.WithValue(ctx, playerKey{}, user)
}

// PlayerOf is the player WithPlayer put in ctx, or "".
func PlayerOf(ctx context.Context) string {
	user, _ := ctx.Value(playerKey{}).(string)
	return user
}
