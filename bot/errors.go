package bot

import (
	"github.com/sudokubot/sudokubot/game"
)

// UserError is a problem the player can fix: the core's refusal
// (game.Error), worded in the player's language by whichever door they
// came through.
type UserError = game.Error

// userErr returns a *UserError with a catalogue message and its fields.
func userErr(id string, kv ...any) error { return game.Refuse(id, kv...) }
