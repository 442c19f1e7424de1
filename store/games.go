package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

const gameSelect = `SELECT g.id, g.user_id, g.guild_id, g.puzzle_id, g.context, g.day, p.level, p.graded, p.grid, p.solution,
	g.entries, g.pencil, g.started_at, g.updated_at, g.finished_at, g.hints1, g.hints2, g.hints3,
	g.mistakes, g.gave_up, g.solved, g.version, g.box_order, g.hint_key, g.hint_level, g.wrong_seen, g.cell_versions, g.late, g.hint_version,
	p.origin
	FROM games g JOIN puzzles p ON p.id = g.puzzle_id`

// scanner is what *sql.Row and *sql.Rows have in common.
type scanner interface{ Scan(dest ...any) error }

// scanGame reads one row of gameSelect.
func scanGame(r scanner) (Game, error) {
	var g Game
	var level, givens, sol, entries, pencil, boxes, wrongSeen, cellVersions string
	var graded bool
	var started, updated, finished int64
	err := r.Scan(&g.ID, &g.UserID, &g.GuildID, &g.PuzzleID, &g.Context, &g.Day, &level, &graded, &givens, &sol,
		&entries, &pencil, &started, &updated, &finished, &g.Hints[0], &g.Hints[1], &g.Hints[2],
		&g.Mistakes, &g.GaveUp, &g.Solved, &g.Version, &boxes, &g.HintKey, &g.HintLevel, &wrongSeen, &cellVersions, &g.Late, &g.HintVersion,
		&g.Origin)
	if err != nil {
		return Game{}, err
	}
	g.Level, g.Ungraded = readLevel(level, graded)
	if err = checkBoxOrder(boxes); err != nil {
		return Game{}, err
	}
	g.BoxOrder = boxes
	if g.Givens, err = parseGrid(givens); err != nil {
		return Game{}, err
	}
	if g.Solution, err = parseGrid(sol); err != nil {
		return Game{}, err
	}
	if g.Entries, err = parseGrid(entries); err != nil {
		return Game{}, err
	}
	if g.Pencil, err = parsePencil(pencil); err != nil {
		return Game{}, err
	}
	if wrongSeen != "" {
		if g.WrongSeen, err = parsePencil(wrongSeen); err != nil {
			return Game{}, fmt.Errorf("store: wrong digits seen: %w", err)
		}
	}
	if g.CellVersions, err = parseCellVersions(cellVersions); err != nil {
		return Game{}, err
	}
	g.StartedAt, g.UpdatedAt, g.FinishedAt = fromMS(started), fromMS(updated), fromMS(finished)
	return g, nil
}

// formatPencil stores pencil marks as 81 groups of 3 hex digits.
func formatPencil(p [engine.NumCells]engine.Digits) string {
	b := make([]byte, 0, 3*engine.NumCells)
	const hex = "0123456789abcdef"
	for _, d := range p {
		b = append(b, hex[d>>8&0xf], hex[d>>4&0xf], hex[d&0xf])
	}
	return string(b)
}

// formatWrongSeen stores the wrong digits seen as pencil marks are
// stored, or "" when there are none.
func formatWrongSeen(w [engine.NumCells]engine.Digits) string {
	if w == ([engine.NumCells]engine.Digits{}) {
		return ""
	}
	return formatPencil(w)
}

// formatCellVersions stores per-cell versions as 81 comma-separated
// numbers, or "" when no cell was ever changed.
func formatCellVersions(v [engine.NumCells]int64) string {
	if v == ([engine.NumCells]int64{}) {
		return ""
	}
	b := make([]byte, 0, 2*engine.NumCells)
	for i, n := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, n, 10)
	}
	return string(b)
}

// parseCellVersions is the inverse of formatCellVersions.
func parseCellVersions(s string) ([engine.NumCells]int64, error) {
	var v [engine.NumCells]int64
	if s == "" {
		return v, nil
	}
	fields := strings.Split(s, ",")
	if len(fields) != engine.NumCells {
		return v, fmt.Errorf("store: stored cell versions have %d fields, want 81", len(fields))
	}
	for i, f := range fields {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil || n < 0 {
			return v, fmt.Errorf("store: stored version of cell %d is %q", i, f)
		}
		v[i] = n
	}
	return v, nil
}

// parsePencil is the inverse of formatPencil.
func parsePencil(s string) ([engine.NumCells]engine.Digits, error) {
	var p [engine.NumCells]engine.Digits
	if len(s) != 3*engine.NumCells {
		return p, fmt.Errorf("store: stored pencil marks have %d characters, want 243", len(s))
	}
	for i := range p {
		v, err := strconv.ParseUint(s[3*i:3*i+3], 16, 16)
		if err != nil {
			return p, fmt.Errorf("store: stored pencil marks of cell %d: %w", i, err)
		}
		p[i] = engine.Digits(v) & engine.AllDigits
	}
	return p, nil
}

// now returns at, or the current time when at is zero.
func now(at time.Time) time.Time {
	if at.IsZero() {
		return time.Now()
	}
	return at
}

// StartGame returns the player's game of that puzzle in that context,
// creating it if there is none; created tells which. Pressing "play" twice,
// or from two processes at once, yields one game. ErrNotFound means the
// puzzle does not exist.
func (s *Store) StartGame(ctx context.Context, ng NewGame) (Game, bool, error) {
	if ng.UserID == "" {
		return Game{}, false, fmt.Errorf("store: start game: empty user id: %w", ErrInvalid)
	}
	if ng.Context == "" {
		ng.Context = ContextPersonal
		if !ng.Day.IsZero() {
			ng.Context = DailyContext(ng.Day.String())
		}
	}
	at := ms(now(ng.StartedAt))
	var g Game
	var created bool
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO games
			(user_id, guild_id, puzzle_id, context, day, entries, pencil, started_at, updated_at, late)
			SELECT ?, ?, id, ?, ?, ?, ?, ?, ?, ? FROM puzzles WHERE id = ?
			ON CONFLICT (user_id, puzzle_id, context) DO NOTHING`),
			ng.UserID, ng.GuildID, ng.Context, ng.Day, ng.Entries.Digits(),
			formatPencil(ng.Pencil), at, at, ng.Late && !ng.Day.IsZero(), ng.PuzzleID)
		if err != nil {
			return fmt.Errorf("store: start game: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: start game: %w", err)
		}
		created = n == 1
		g, err = scanGame(tx.QueryRowContext(ctx, s.q(gameSelect+` WHERE g.user_id = ? AND g.puzzle_id = ? AND g.context = ?`),
			ng.UserID, ng.PuzzleID, ng.Context))
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: start game: puzzle %d: %w", ng.PuzzleID, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: start game: %w", err)
		}
		return nil
	})
	if err != nil {
		return Game{}, false, err
	}
	return g, created, nil
}

// Game returns the game with that ID, or ErrNotFound.
func (s *Store) Game(ctx context.Context, id int64) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, s.q(gameSelect+` WHERE g.id = ?`), id))
	if err != nil {
		return Game{}, notFound(err, fmt.Sprintf("game %d", id))
	}
	return g, nil
}

// CurrentGame returns the player's most recently changed unfinished game
// in a place, a guild or "" for DMs and group DMs: the game a bare
// "/sudoku place" acts on. A personal game belongs to the place it was
// started in, so a DM game and a server game never mix; a daily is one
// game per player and day wherever it is played (one solve, one streak),
// so an open daily is current in every place. A co-op board is played
// only through its own buttons (every move checked against its version),
// so it is never current. ErrNotFound means the player has no open game
// there.
func (s *Store) CurrentGame(ctx context.Context, userID, guildID string) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, s.q(gameSelect+`
		WHERE g.user_id = ? AND (g.guild_id = ? OR g.day <> '') AND g.finished_at = 0 AND g.context NOT LIKE 'coop:%'

		ORDER BY g.updated_at DESC, g.id DESC LIMIT 1`), userID, guildID))
	if err != nil {
		return Game{}, notFound(err, fmt.Sprintf("open game of user %s in guild %q", userID, guildID))
	}
	return g, nil
}

// OpenGames returns the player's unfinished games in a place, most
// recently changed first (the first is CurrentGame's), at most limit: the
// games a command that names none could mean, so its reply can say which
// it answers and offer the others. The place rules are CurrentGame's.
func (s *Store) OpenGames(ctx context.Context, userID, guildID string, limit int) ([]Game, error) {
	rows, err := s.db.QueryContext(ctx, s.q(gameSelect+`
		WHERE g.user_id = ? AND (g.guild_id = ? OR g.day <> '') AND g.finished_at = 0 AND g.context NOT LIKE 'coop:%'
		ORDER BY g.updated_at DESC, g.id DESC LIMIT ?`), userID, guildID, max(limit, 1))
	if err != nil {
		return nil, fmt.Errorf("open games of user %s in guild %q: %w", userID, guildID, err)
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("open games of user %s: %w", userID, err)
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("open games of user %s: %w", userID, err)
	}
	return out, nil
}

// updateGame writes the play state of g (entries, marks, hints,
// mistakes) inside tx and counts the change in its version.
func (s *Store) updateGame(ctx context.Context, tx *sql.Tx, g *Game, at time.Time) error {
	g.UpdatedAt = now(at).UTC().Truncate(time.Millisecond)
	_, err := tx.ExecContext(ctx, s.q(`UPDATE games SET entries = ?, pencil = ?, hints1 = ?, hints2 = ?, hints3 = ?,
		mistakes = ?, box_order = ?, updated_at = ?, hint_key = ?, hint_level = ?, wrong_seen = ?, cell_versions = ?, hint_version = ?,
		version = version + 1 WHERE id = ?`),
		g.Entries.Digits(), formatPencil(g.Pencil), g.Hints[0], g.Hints[1], g.Hints[2],
		g.Mistakes, g.BoxOrder, ms(g.UpdatedAt), g.HintKey, g.HintLevel, formatWrongSeen(g.WrongSeen),
		formatCellVersions(g.CellVersions), g.HintVersion, g.ID)
	if err != nil {
		return fmt.Errorf("store: update game %d: %w", g.ID, err)
	}
	g.Version++
	return nil
}

// lockGame reads a game for a change inside tx, locking its row, and
// checks that userID owns it and that it is still open.
func (s *Store) lockGame(ctx context.Context, tx *sql.Tx, gameID int64, userID string) (Game, error) {
	g, err := scanGame(tx.QueryRowContext(ctx, s.q(gameSelect+` WHERE g.id = ?`+s.forUpdate("g")), gameID))
	if err != nil {
		return Game{}, notFound(err, fmt.Sprintf("game %d", gameID))
	}
	if g.UserID != userID {
		return Game{}, fmt.Errorf("store: game %d belongs to user %s, not %s: %w", gameID, g.UserID, userID, ErrNotOwner)
	}
	if g.Finished() {
		return Game{}, fmt.Errorf("store: game %d finished at %s: %w", gameID, g.FinishedAt.Format(time.RFC3339), ErrGameFinished)
	}
	return g, nil
}

// checkMoves refuses cells outside 0-80 and digits outside 0-9 before
// any transaction starts.
func checkMoves(gameID int64, moves []Move) error {
	for _, m := range moves {
		if m.Cell < 0 || m.Cell >= engine.NumCells {
			return fmt.Errorf("store: game %d: cell %d is outside 0-80: %w", gameID, m.Cell, ErrInvalidMove)
		}
		if m.Digit > 9 {
			return fmt.Errorf("store: game %d: digit %d is outside 0-9: %w", gameID, m.Digit, ErrInvalidMove)
		}
	}
	return nil
}

// Apply plays moves, in order, on g: the rules a move is stored by, so
// a caller can show the position moves make before storing them. A move
// on a given is a *GivenCellError (ErrGivenCell), a cell or digit out of
// range ErrInvalidMove; after an error g is half changed: discard it.
func (g *Game) Apply(moves []Move) error {
	if err := checkMoves(g.ID, moves); err != nil {
		return err
	}
	for _, m := range moves {
		if d := g.Givens[m.Cell]; d != 0 {
			return &GivenCellError{GameID: g.ID, Cell: m.Cell, Digit: d}
		}
		switch {
		case !m.Pencil:
			g.Entries[m.Cell] = m.Digit
		case m.Digit == 0:
			g.Pencil[m.Cell] = 0
		default:
			g.Pencil[m.Cell] ^= engine.DigitSet(m.Digit)
		}
	}
	g.noteCompletedBoxes()
	return nil
}

// noteCompletedBoxes appends to BoxOrder every box that is now filled
// and right and was not before, in box order when one change completes
// several. A box once completed keeps its place even if it is changed
// again: the order records how the solve went.
func (g *Game) noteCompletedBoxes() {
	board := g.Board()
	for b := range 9 {
		name := byte('1' + b)
		if strings.IndexByte(g.BoxOrder, name) >= 0 {
			continue
		}
		done := true
		for _, c := range engine.UnitCells[engine.FirstBox+b] {
			if board[c] != g.Solution[c] {
				done = false
				break
			}
		}
		if done {
			g.BoxOrder += string(name)
		}
	}
}

// checkBoxOrder checks a stored box order: distinct digits 1-9.
func checkBoxOrder(s string) error {
	for i := 0; i < len(s); i++ {
		if s[i] < '1' || s[i] > '9' || strings.IndexByte(s[:i], s[i]) >= 0 {
			return fmt.Errorf("store: bad box order %q", s)
		}
	}
	return nil
}

// finishLocked finishes the locked game g inside tx and updates the
// player's statistics, returning those in the game's guild.
func (s *Store) finishLocked(ctx context.Context, tx *sql.Tx, g *Game, at time.Time, gaveUp bool) (PlayerStats, error) {
	if !gaveUp && g.Board() != g.Solution {
		return PlayerStats{}, fmt.Errorf("store: finish game %d: %w", g.ID, ErrNotSolved)
	}
	fin := now(at).UTC().Truncate(time.Millisecond)
	if fin.Before(g.StartedAt) {
		fin = g.StartedAt
	}
	g.FinishedAt, g.UpdatedAt = fin, fin
	g.GaveUp, g.Solved = gaveUp, !gaveUp
	_, err := tx.ExecContext(ctx, s.q(`UPDATE games SET finished_at = ?, updated_at = ?, duration_ms = ?,
		gave_up = ?, solved = ?, version = version + 1 WHERE id = ?`),
		ms(fin), ms(fin), g.Duration().Milliseconds(), g.GaveUp, g.Solved, g.ID)
	if err != nil {
		return PlayerStats{}, fmt.Errorf("store: finish game %d: %w", g.ID, err)
	}
	g.Version++
	// Lock stats rows in one order (the guild's, then the global one) so
	// two finishes of the same player cannot deadlock.
	keys := []string{g.GuildID}
	if g.GuildID != "" {
		keys = append(keys, "")
	}
	var st PlayerStats
	for i, key := range keys {
		ps, err := s.updateStats(ctx, tx, key, *g)
		if err != nil {
			return PlayerStats{}, err
		}
		if i == 0 {
			st = ps
		}
	}
	return st, nil
}

// Finish is how an edit (EditGame) ends a game, if it does.
type Finish int

// How an edit ends a game.
const (
	KeepOpen Finish = iota // the game stays open
	Solve                  // finish as solved: the board must be the solution
	GiveUp                 // finish as given up
)

// EditGame is the one transaction of a player action: it locks the open
// game of userID, runs fn (the rules of package game) on its current
// state, writes what fn changed with Version+1, and finishes the game as
// fn says, updating the player's statistics, all or nothing. fn decides
// from the state it is handed, never from an earlier read, so two doors
// acting at once queue up and neither loses the other's change or a
// solve. When fn fails nothing is written and the error is returned with
// the game as it was read (zero if it could not be read). The stats are
// the player's in the game's guild when the game was finished. done, if
// not nil, runs last inside the transaction with the game and stats as
// they will be committed: a door builds its reply there, so that nothing
// is stored that the player cannot be told (done failing rolls back).
func (s *Store) EditGame(ctx context.Context, gameID int64, userID string, at time.Time, fn func(g *Game) (Finish, error), done func(Game, PlayerStats) error) (Game, PlayerStats, error) {
	var fin Finish
	var st PlayerStats
	g, err := s.edit(ctx, at,
		func(tx *sql.Tx) (Game, error) { return s.lockGame(ctx, tx, gameID, userID) },
		func(g *Game) (err error) { fin, err = fn(g); return err },
		func(tx *sql.Tx, g *Game) error {
			var err error
			switch fin {
			case Solve:
				st, err = s.finishLocked(ctx, tx, g, at, false)
			case GiveUp:
				st, err = s.finishLocked(ctx, tx, g, at, true)
			}
			if err == nil && done != nil {
				err = done(*g, st)
			}
			return err
		})
	if err != nil {
		return g, PlayerStats{}, err
	}
	return g, st, nil
}

// edit is the one body of EditGame and EditCoop. In one transaction it
// reads the game with lock, runs fn (the rules) on that current state,
// refuses what the rules may not change (checkEdit), writes the play state
// with Version+1 if fn changed it, and runs then (the finish, credits and
// the door's reply) on the written game. On any error nothing is written
// and the game is returned as it was read (zero if it could not be read).
func (s *Store) edit(ctx context.Context, at time.Time, lock func(tx *sql.Tx) (Game, error), fn func(g *Game) error, then func(tx *sql.Tx, g *Game) error) (Game, error) {
	var g, read Game
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		if g, err = lock(tx); err != nil {
			return err
		}
		read = g
		if err := fn(&g); err != nil {
			return err
		}
		if err := checkEdit(read, g); err != nil {
			return err
		}
		if g != read {
			if err := s.updateGame(ctx, tx, &g, at); err != nil {
				return err
			}
		}
		return then(tx, &g)
	})
	if err != nil {
		return read, err
	}
	return g, nil
}

// checkEdit refuses an edit that changes what the rules may not: the
// game's identity, its puzzle, a given's cell (its entry or marks), or a
// value out of range.
func checkEdit(was, now Game) error {
	if was.ID != now.ID || was.UserID != now.UserID || was.Givens != now.Givens || was.Solution != now.Solution ||
		was.Version != now.Version || was.Finished() != now.Finished() {
		return fmt.Errorf("store: game %d: an edit may change only the play state: %w", was.ID, ErrInvalid)
	}
	for c := range engine.NumCells {
		if now.Entries[c] > 9 {
			return fmt.Errorf("store: game %d: digit %d in cell %d is outside 0-9: %w", was.ID, now.Entries[c], c, ErrInvalidMove)
		}
		if now.Givens[c] != 0 && (now.Entries[c] != was.Entries[c] || now.Pencil[c] != was.Pencil[c]) {
			return &GivenCellError{GameID: was.ID, Cell: c, Digit: now.Givens[c]}
		}
		if now.Pencil[c]&^engine.AllDigits != 0 || now.WrongSeen[c]&^engine.AllDigits != 0 {
			return fmt.Errorf("store: game %d: marks of cell %d hold a digit outside 1-9: %w", was.ID, c, ErrInvalidMove)
		}
	}
	if now.Mistakes < 0 || now.Hints[0] < 0 || now.Hints[1] < 0 || now.Hints[2] < 0 {
		return fmt.Errorf("store: game %d: negative counts: %w", was.ID, ErrInvalid)
	}
	return nil
}

// CoopEdit is what one player's action did on a co-op board, for the
// contributions shown when it is solved.
type CoopEdit struct {
	Placed int  // digits the player filled anew
	Hints  int  // hints the player asked for everyone
	Solved bool // the action solved the board
}

// EditCoop is EditGame for a co-op board, which anyone may play: it locks
// the open board, runs fn on its current state, writes what fn changed,
// credits userID with what fn says they did, and finishes the board when
// fn says it is solved. A shared solve is nobody's own, so no player's
// statistics change. Every cell the edit fills is recorded as userID's
// (CoopCells). When fn fails nothing is written and the error is
// returned with the board as it was read. done is as in EditGame.
func (s *Store) EditCoop(ctx context.Context, gameID int64, userID string, at time.Time, fn func(g *Game) (CoopEdit, error), done func(Game) error) (Game, error) {
	var ed CoopEdit
	var was Game
	return s.edit(ctx, at,
		func(tx *sql.Tx) (Game, error) {
			g, err := s.lockCoop(ctx, tx, gameID)
			was = g
			return g, err
		},
		func(g *Game) (err error) { ed, err = fn(g); return err },
		func(tx *sql.Tx, g *Game) error {
			if err := s.placeCoop(ctx, tx, was, *g, userID); err != nil {
				return err
			}
			if ed.Placed != 0 || ed.Hints != 0 {
				if err := s.countCoop(ctx, tx, gameID, userID, ed.Placed, ed.Hints); err != nil {
					return err
				}
			}
			if ed.Solved {
				if g.Board() != g.Solution {
					return fmt.Errorf("store: finish co-op game %d: %w", g.ID, ErrNotSolved)
				}
				if err := s.finishCoop(ctx, tx, g, at); err != nil {
					return err
				}
			}
			if done != nil {
				return done(*g)
			}
			return nil
		})
}
