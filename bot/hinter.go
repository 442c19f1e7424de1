package bot

import (
	"context"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
)

// heavyHinter runs a Hinter's search in the heavy pool, within the
// player's budget, so hints from every door share the pool's limits: a
// hint is worked out by the game's use case, and the pool is the door's.
type heavyHinter struct {
	b     *Bot
	inner game.Hinter
}

// Hint implements game.Hinter; the use case puts the player in ctx.
func (h heavyHinter) Hint(ctx context.Context, puzzle, progress engine.Grid, marks *[engine.NumCells]engine.Digits) (game.Hint, error) {
	user := game.PlayerOf(ctx)
	var out game.Hint
	err := h.b.heavy(ctx, user, func(ctx context.Context) error {
		var err error
		out, err = h.inner.Hint(ctx, puzzle, progress, marks)
		return err
	})
	return out, err
}
