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
// Every write is one transaction: a game move reads the game under a lock
// (SELECT ... FOR UPDATE on PostgreSQL, BEGIN IMMEDIATE on SQLite), checks
// it and writes it back, so concurrent moves queue and none is lost, and a
// crash never leaves a half-written game. Expected failures are sentinel
// errors (ErrNotFound, ErrGameFinished, ErrGivenCell, ...), checked with
// errors.Is; nothing is written when one is returned.
//
// Typical use:
//
//	st, err := store.Open(ctx, os.Getenv("SUDOKUBOT_DB"))
//	p, err := st.SavePuzzle(ctx, store.Puzzle{Grid: g, Solution: sol, Level: engine.LevelHard, Score: 3.4})
//	game, created, err := st.StartGame(ctx, store.NewGame{UserID: u, GuildID: gid, PuzzleID: p.ID})
//	game, err = st.ApplyMoves(ctx, game.ID, u, []store.Move{{Cell: 40, Digit: 7}}, time.Now())
//	if game.Board() == game.Solution {
//		game, stats, err := st.FinishGame(ctx, game.ID, u, time.Now(), false)
//	}
package store
