package bot

import (
	"context"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// What the web door (webapi) still takes from this one, wired by app: the
// puzzle maker in the heavy pool. The web door imports nothing of bot's,
// nor bot of it.

// NewPuzzle makes a puzzle at the default level for user in the heavy
// pool (the Activity's first game).
func (b *Bot) NewPuzzle(ctx context.Context, user string) (store.Puzzle, error) {
	return b.makePuzzleFor(ctx, user, engine.DefaultLevel, "")
}

// TrainingPuzzle makes a training puzzle of a technique for user in the
// heavy pool (the lesson page's Practise button).
func (b *Bot) TrainingPuzzle(ctx context.Context, user string, t engine.TechniqueID) (engine.TechniquePuzzle, error) {
	return b.makeTraining(ctx, user, t)
}
