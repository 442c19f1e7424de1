// Package store keeps sudokubot's state: puzzles, players' games, the
// dailies and the record of their posts, guild settings and player
// statistics. One API, two back ends:
//
//   - SQLite (modernc.org/sqlite, pure Go), the default: Open(ctx, "")
//     creates sudokubot.db with no set-up. WAL mode, foreign keys and a
//     busy timeout are set on every pooled connection through the DSN.
//   - PostgreSQL (pgx), selected by a postgres:// DSN, for several bot
//     processes sharing one database; LeaderLock elects one of them (a
//     session advisory lock) to publish the dailies.
//
// The schema is versioned: migrations are embedded in the binary and
// applied at Open, one transaction each, recorded in schema_migrations. A
// newer binary migrates an older database; an older binary refuses a newer
// one with ErrSchemaTooNew.
//
// Every write is one transaction. A player action is one EditGame (one
// EditCoop on a shared board): it reads the game under a lock (SELECT ...
// FOR UPDATE on PostgreSQL, BEGIN IMMEDIATE on SQLite), runs the rules
// (package game's, handed in as a function) on that current state, and
// writes the result back with the finish and the player's statistics, so
// concurrent actions queue and none is lost, and a crash never leaves a
// half-written game. The store counts nothing itself: how hints, mistakes
// and co-op contributions count is the rules'. Expected failures are
// sentinel errors (ErrNotFound, ErrGameFinished, ErrGivenCell, ...),
// checked with errors.Is; nothing is written when one is returned.
//
// Typical use (a door calls package game, which calls EditGame so):
//
//	st, err := store.Open(ctx, os.Getenv("SUDOKUBOT_DB"))
//	p, err := st.SavePuzzle(ctx, store.Puzzle{Grid: g, Solution: sol, Level: engine.LevelHard, Score: 3.4})
//	game, created, err := st.StartGame(ctx, store.NewGame{UserID: u, GuildID: gid, PuzzleID: p.ID})
//	game, stats, err := st.EditGame(ctx, game.ID, u, time.Now(), func(g *store.Game) (store.Finish, error) {
//		if err := g.Apply([]store.Move{{Cell: 40, Digit: 7}}); err != nil {
//			return store.KeepOpen, err // nothing is written
//		}
//		if g.Board() == g.Solution {
//			return store.Solve, nil // finished and counted in stats, in the same transaction
//		}
//		return store.KeepOpen, nil
//	}, nil)
//
// Tests and tools set up a state with the primitives ApplyMoves,
// SolveWithMoves and FinishGame, which apply no counting rule.
package store
