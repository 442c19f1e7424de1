// Package game holds the rules of play, once, for every front door: the
// Discord commands and buttons (package bot), the web board and the
// Activity. Each use case (Place, Check, Hint, GiveUp, CoopMove,
// CoopHint) takes typed input, runs as one store transaction on the
// game's current state (store.EditGame, store.EditCoop), and returns a
// typed result: what changed, whether the game is now solved, and what
// to tell the player as data or as a catalogue message (*Error). A door
// only reads its request, resolves which game it means, calls the use
// case and words or draws the result; it imports no rule.
//
// The counting rules live here and nowhere else:
//   - a hint counts once per step of the puzzle, however many levels the
//     player opens (Hints[level-1] counts steps by the deepest level
//     shown, so a level-3 hint is counted as "answer shown"); on a co-op
//     board the same rule counts the hint for everyone, whoever opens
//     which level of it (CoopHint);
//   - a mistake counts once per wrong digit in a cell, however often it
//     is checked;
//   - a co-op solve counts for nobody (store.EditCoop touches no stats),
//     and a hint on a co-op board does not void a teammate's moves: a
//     move is refused only when one of its own cells changed since the
//     player's board.
//
// The package imports neither discordgo nor net/http.
package game
