package bot

import (
	"context"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/store"
)

// What the web door (webapi) takes from this one, wired by app: the use
// cases with this door's heavy pool as their hinter, the puzzle maker in
// that pool, the race card refresh and the shared reject log. The web
// door imports nothing of bot's, nor bot of it.

// Play is the game's use cases as this bot runs them: hints go through
// the heavy pool, so a player's hints from both doors share one budget.
func (b *Bot) Play() *game.Service { return b.play }

// NewPuzzle makes a puzzle at the default level for user in the heavy
// pool (the Activity's first game).
func (b *Bot) NewPuzzle(ctx context.Context, user string) (store.Puzzle, error) {
	return b.makePuzzleFor(ctx, user, engine.DefaultLevel, "")
}

// GameChanged brings a race's card up to date after a racer's game
// changed elsewhere (on the web board); other games need nothing.
func (b *Bot) GameChanged(ctx context.Context, g store.Game) { b.afterChange(ctx, g) }

// TrainingPuzzle makes a training puzzle of a technique for user in the
// heavy pool (the lesson page's Practise button).
func (b *Bot) TrainingPuzzle(ctx context.Context, user string, t engine.TechniqueID) (engine.TechniquePuzzle, error) {
	return b.makeTraining(ctx, user, t)
}
