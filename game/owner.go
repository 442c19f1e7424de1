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
