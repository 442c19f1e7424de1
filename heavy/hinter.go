package heavy

import (
	"context"

	"github.com/sudokubot/sudokubot/game"
)

// Hinter runs another Hinter's search in the pool, within the player's
// budget, so hints from every door share the pool's limits: a hint is
// worked out by the game's use case, the CPU it takes is the pool's.
type Hinter struct {
	Pool *Pool
	// Inner finds the hints; nil is game.EngineHinter.
	Inner game.Hinter
}

// Hint implements game.Hinter; the use case puts the player in ctx.
func (h Hinter) Hint(ctx context.Context, q game.HintQuery) (game.Hint, error) {
	inner := h.Inner
	if inner == nil {
		inner = game.EngineHinter{}
	}
	var out game.Hint
	err := h.Pool.Run(ctx, game.PlayerOf(ctx), func(ctx context.Context) error {
		var err error
		out, err = inner.Hint(ctx, q)
		return err
	})
	return out, err
}
