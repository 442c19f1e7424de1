package game

import (
	"fmt"

	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// CheckOwner is the rule of whose game it is: only its player acts on a
// game (a co-op board's players act through the co-op use cases). The
// refusal names the player it belongs to, for the door to word; it is
// store.ErrNotOwner too, which the store's own transactions return.
func CheckOwner(g store.Game, user string) error {
	if g.UserID == user {
		return nil
	}
	return &Error{Msg: l10n.M("game.not_yours", "User", g.UserID),
		Err: fmt.Errorf("game %d belongs to %s, not %s: %w", g.ID, g.UserID, user, store.ErrNotOwner)}
}

// CheckPlays is the rule of who may play a game on now, before any use
// case runs: its player (CheckOwner), while it is open. A door asks it
// before what is no use case (a board link, the moves form, the give-up
// confirmation); the refusal of a finished game is Explain's.
func CheckPlays(g store.Game, user string) error {
	if err := CheckOwner(g, user); err != nil {
		return err
	}
	if g.Finished() {
		return Explain(fmt.Errorf("game %d: %w", g.ID, store.ErrGameFinished))
	}
	return nil
}

// CheckBoardAccess is the rule of who may play a game's board through a
// token the bot gave: a co-op board anyone it was given to (the board's
// "Open board" button), any other game only its player (CheckOwner).
func CheckBoardAccess(g store.Game, user string) error {
	if g.IsCoop() {
		return nil
	}
	return CheckOwner(g, user)
}

// CheckSolo is the rule that a shared (co-op) board has no Check or Give
// up: its players play on together, and it finishes when the last digit
// is right. Check and GiveUp apply it in their transaction; a door may
// ask it first, before the board's player is known to be its host.
func CheckSolo(g store.Game) error {
	if g.IsCoop() {
		return Refuse("error.coop_shared")
	}
	return nil
}
