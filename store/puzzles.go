package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// parseGrid reads a stored grid: 81 digits '0'-'9'.
func parseGrid(s string) (engine.Grid, error) {
	var g engine.Grid
	if len(s) != engine.NumCells {
		return g, fmt.Errorf("store: stored grid has %d characters, want 81", len(s))
	}
	for i := 0; i < engine.NumCells; i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return g, fmt.Errorf("store: stored grid has %q at cell %d", c, i)
		}
		g[i] = c - '0'
	}
	return g, nil
}

// checkGrid rejects a grid with a cell value above 9, which Grid's type
// allows but no board holds.
func checkGrid(g engine.Grid, what string) error {
	for i, d := range g {
		if d > 9 {
			return fmt.Errorf("store: %s cell %d holds %d: %w", what, i, d, ErrInvalid)
		}
	}
	return nil
}

// SavePuzzle stores p (its ID and CreatedAt are ignored; a zero CreatedAt
// becomes now) and returns the stored row. Puzzles are unique by grid: if
// the grid is already stored, the existing row is returned unchanged, so
// two processes saving the same puzzle agree on one ID. Saving a stored grid
// with a different solution is ErrConflict (a bug somewhere).
func (s *Store) SavePuzzle(ctx context.Context, p Puzzle) (Puzzle, error) {
	if err := checkGrid(p.Grid, "puzzle"); err != nil {
		return Puzzle{}, err
	}
	if err := checkGrid(p.Solution, "solution"); err != nil {
		return Puzzle{}, err
	}
	if p.Solution.Count() != engine.NumCells {
		return Puzzle{}, fmt.Errorf("store: puzzle solution has %d digits, want 81: %w", p.Solution.Count(), ErrInvalid)
	}
	for i, d := range p.Grid {
		if d != 0 && d != p.Solution[i] {
			return Puzzle{}, fmt.Errorf("store: puzzle given %d at cell %d differs from the solution's %d: %w", d, i, p.Solution[i], ErrInvalid)
		}
	}
	level := ""
	if !p.Ungraded {
		if !p.Level.Valid() {
			return Puzzle{}, fmt.Errorf("store: puzzle level %d is not a level: %w", int(p.Level), ErrInvalid)
		}
		level = p.Level.String()
	}
	if p.CreatedAt.IsZero() {
		p.CreatedAt = time.Now()
	}
	// The canonical key costs about a millisecond: computed here, once per
	// stored puzzle, every puzzle carries it from the start.
	canon := engine.CanonicalKey(p.Grid)
	var out Puzzle
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO puzzles (grid, solution, score, level, graded, techniques, origin, created_at, canon)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (grid) DO NOTHING`),
			p.Grid.Digits(), p.Solution.Digits(), p.Score, level, !p.Ungraded, p.Techniques, p.Origin, ms(p.CreatedAt), canon)
		if err != nil {
			return fmt.Errorf("store: save puzzle: %w", err)
		}
		out, err = s.scanPuzzle(tx.QueryRowContext(ctx, s.q(puzzleSelect+` WHERE grid = ?`), p.Grid.Digits()))
		if err != nil {
			return notFound(err, "save puzzle")
		}
		if out.Solution != p.Solution {
			return fmt.Errorf("store: puzzle %s is stored (id %d) with another solution: %w", p.Grid, out.ID, ErrConflict)
		}
		return nil
	})
	return out, err
}

const puzzleSelect = `SELECT id, grid, solution, score, level, graded, techniques, origin, created_at, canon FROM puzzles`

// Puzzle returns the puzzle with that ID, or ErrNotFound.
func (s *Store) Puzzle(ctx context.Context, id int64) (Puzzle, error) {
	p, err := s.scanPuzzle(s.db.QueryRowContext(ctx, s.q(puzzleSelect+` WHERE id = ?`), id))
	if err != nil {
		return Puzzle{}, notFound(err, fmt.Sprintf("puzzle %d", id))
	}
	return p, nil
}

// PuzzleByGrid returns the stored puzzle with those givens, or ErrNotFound.
func (s *Store) PuzzleByGrid(ctx context.Context, g engine.Grid) (Puzzle, error) {
	p, err := s.scanPuzzle(s.db.QueryRowContext(ctx, s.q(puzzleSelect+` WHERE grid = ?`), g.Digits()))
	if err != nil {
		return Puzzle{}, notFound(err, "puzzle "+g.String())
	}
	return p, nil
}

// scanPuzzle reads one row of puzzleSelect.
func (s *Store) scanPuzzle(row rowScanner) (Puzzle, error) {
	var p Puzzle
	var grid, sol, level string
	var graded bool
	var created int64
	if err := row.Scan(&p.ID, &grid, &sol, &p.Score, &level, &graded, &p.Techniques, &p.Origin, &created, &p.Canon); err != nil {
		return Puzzle{}, err
	}
	p.Level, p.Ungraded = readLevel(level, graded)
	var err error
	if p.Grid, err = parseGrid(grid); err != nil {
		return Puzzle{}, err
	}
	if p.Solution, err = parseGrid(sol); err != nil {
		return Puzzle{}, err
	}
	p.CreatedAt = fromMS(created)
	return p, nil
}

// readLevel reads a puzzle's stored level: its name, and whether it was
// graded. A name this binary does not know (the "not graded" of the
// schema before version 11, an empty one, a level of a newer binary)
// reads as ungraded rather than as a wrong level.
func readLevel(name string, graded bool) (level engine.Level, ungraded bool) {
	l, err := engine.ParseLevel(name)
	if !graded || err != nil {
		return 0, true
	}
	return l, false
}

// checkLevel rejects a value that is not one of engine.Levels.
func checkLevel(l engine.Level, what string) error {
	if !l.Valid() {
		return fmt.Errorf("store: %s: level %d is not a level: %w", what, int(l), ErrInvalid)
	}
	return nil
}

// SetDaily records puzzleID as the daily of day at level and
// returns the daily in effect. The first call for a day and level wins:
// later calls (another process, or a newer binary whose generator changed)
// get the stored daily back, so every player of a date plays one puzzle.
func (s *Store) SetDaily(ctx context.Context, day Day, level engine.Level, puzzleID int64) (Puzzle, error) {
	if err := checkDayValue(day); err != nil {
		return Puzzle{}, err
	}
	if err := checkLevel(level, "set daily "+day.String()); err != nil {
		return Puzzle{}, err
	}
	var out Puzzle
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO dailies (day, level, puzzle_id, created_at)
			SELECT ?, ?, id, ? FROM puzzles WHERE id = ? ON CONFLICT (day, level) DO NOTHING`),
			day, level.String(), time.Now().UnixMilli(), puzzleID)
		if err != nil {
			return fmt.Errorf("store: set daily %s %s: %w", day, level, err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 1 {
			if err := s.claimDailyCanon(ctx, tx, day, level, puzzleID); err != nil {
				return err
			}
		}
		out, err = s.scanPuzzle(tx.QueryRowContext(ctx, s.q(dailySelect), day, level.String()))
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: set daily %s %s: puzzle %d: %w", day, level, puzzleID, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: set daily %s %s: %w", day, level, err)
		}
		return nil
	})
	return out, err
}

const dailySelect = `SELECT p.id, p.grid, p.solution, p.score, p.level, p.graded, p.techniques, p.origin, p.created_at, p.canon
	FROM dailies d JOIN puzzles p ON p.id = d.puzzle_id WHERE d.day = ? AND d.level = ?`

// Daily returns the daily puzzle of day at level, or ErrNotFound if
// SetDaily has not recorded one.
func (s *Store) Daily(ctx context.Context, day Day, level engine.Level) (Puzzle, error) {
	if err := checkDayValue(day); err != nil {
		return Puzzle{}, err
	}
	if err := checkLevel(level, "daily "+day.String()); err != nil {
		return Puzzle{}, err
	}
	p, err := s.scanPuzzle(s.db.QueryRowContext(ctx, s.q(dailySelect), day, level.String()))
	if err != nil {
		return Puzzle{}, notFound(err, fmt.Sprintf("daily %s %s", day, level))
	}
	return p, nil
}

// GradeIfUngraded sets the score and level of puzzle id if it is still
// Ungraded (saved when grading it took too long), and reports whether it
// did. A puzzle graded meanwhile is left alone.
func (s *Store) GradeIfUngraded(ctx context.Context, id int64, score float64, level engine.Level) (bool, error) {
	if err := checkLevel(level, fmt.Sprintf("grade puzzle %d", id)); err != nil {
		return false, err
	}
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE puzzles SET score = ?, level = ?, graded = ? WHERE id = ? AND NOT graded`),
			score, level.String(), true, id)
		if err != nil {
			return fmt.Errorf("store: grade puzzle %d: %w", id, err)
		}
		n, err = res.RowsAffected()
		return err
	})
	return n > 0, err
}

// DailyOfPuzzle returns the day and level puzzle id was the daily of
// (the earliest, should it have been set twice), or ErrNotFound for a
// puzzle that was never a daily: a daily's share code played with
// /sudoku new is that day's daily.
func (s *Store) DailyOfPuzzle(ctx context.Context, puzzleID int64) (Day, engine.Level, error) {
	var day Day
	var level string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT day, level FROM dailies WHERE puzzle_id = ? ORDER BY day LIMIT 1`), puzzleID).Scan(&day, &level)
	if err != nil {
		return Day{}, 0, notFound(err, fmt.Sprintf("the daily of puzzle %d", puzzleID))
	}
	l, err := engine.ParseLevel(level)
	if err != nil {
		return Day{}, 0, fmt.Errorf("store: the daily of puzzle %d: %w", puzzleID, err)
	}
	return day, l, nil
}
