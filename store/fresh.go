package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// ErrRepeat means a puzzle is an earlier daily in disguise (its canonical
// key is taken): the daily maker mines another.
var ErrRepeat = errors.New("repeats an earlier daily")

// claimDailyCanon records the canonical key of the daily just set, in
// SetDaily's transaction: the key's primary key refuses a second daily of
// the same puzzle, at any level, from any process.
func (s *Store) claimDailyCanon(ctx context.Context, tx *sql.Tx, day Day, level engine.Level, puzzleID int64) error {
	var canon, grid string
	if err := tx.QueryRowContext(ctx, s.q(`SELECT canon, grid FROM puzzles WHERE id = ?`), puzzleID).Scan(&canon, &grid); err != nil {
		return notFound(err, fmt.Sprintf("set daily %s %s: puzzle %d", day, level, puzzleID))
	}
	if canon == "" {
		g, err := parseGrid(grid)
		if err != nil {
			return err
		}
		canon = engine.CanonicalKey(g)
	}
	res, err := tx.ExecContext(ctx, s.q(`INSERT INTO daily_canons (canon, day, level) VALUES (?, ?, ?) ON CONFLICT (canon) DO NOTHING`),
		canon, day, level.String())
	if err != nil {
		return fmt.Errorf("store: set daily %s %s: %w", day, level, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("store: set daily %s %s: puzzle %d: %w", day, level, puzzleID, ErrRepeat)
	}
	return nil
}

// DailyCanonUsed reports whether some daily, of any day and level, was
// the puzzle with this canonical key.
func (s *Store) DailyCanonUsed(ctx context.Context, canon string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM daily_canons WHERE canon = ?`), canon).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("store: daily canon: %w", err)
	}
	return n > 0, nil
}

// DailyTechniques returns the deciding technique (Puzzle.Techniques) of
// each daily at level from first to last, both included, by day: what
// the variety rules of the daily maker count.
func (s *Store) DailyTechniques(ctx context.Context, level engine.Level, first, last Day) (map[Day]string, error) {
	if err := checkLevel(level, "daily techniques"); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT d.day, p.techniques FROM dailies d JOIN puzzles p ON p.id = d.puzzle_id
		WHERE d.level = ? AND d.day >= ? AND d.day <= ?`), level.String(), first, last)
	if err != nil {
		return nil, fmt.Errorf("store: daily techniques: %w", err)
	}
	defer rows.Close()
	out := map[Day]string{}
	for rows.Next() {
		var day, tech string
		if err := rows.Scan(&day, &tech); err != nil {
			return nil, fmt.Errorf("store: daily techniques: %w", err)
		}
		d, err := ParseDay(day)
		if err != nil {
			return nil, fmt.Errorf("store: daily techniques: %w", err)
		}
		out[d] = tech
	}
	return out, rows.Err()
}

// PlayedCanon reports whether the user has a game, of any kind, of the
// puzzle with this canonical key (in any disguise).
func (s *Store) PlayedCanon(ctx context.Context, user, canon string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM games g JOIN puzzles p ON p.id = g.puzzle_id
		WHERE g.user_id = ? AND p.canon = ?`), user, canon).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("store: played canon: %w", err)
	}
	return n > 0, nil
}

// BankAdd puts a stored puzzle in the bank of its level, with its deciding
// technique.
func (s *Store) BankAdd(ctx context.Context, p Puzzle) error {
	if p.ID == 0 || p.Ungraded {
		return fmt.Errorf("store: bank add: an unsaved or ungraded puzzle: %w", ErrInvalid)
	}
	if err := checkLevel(p.Level, "bank add"); err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO bank (level, puzzle_id, technique, created_at) VALUES (?, ?, ?, ?)`),
			p.Level.String(), p.ID, p.Techniques, time.Now().UnixMilli())
		if err != nil {
			return fmt.Errorf("store: bank add: %w", err)
		}
		return nil
	})
}

// BankClaim takes the oldest banked puzzle of level that user has never
// played in any disguise, removing it from the bank in one statement, so
// two processes never hand out the same one. ErrNotFound when the bank
// has none for them.
func (s *Store) BankClaim(ctx context.Context, level engine.Level, user string) (Puzzle, error) {
	if err := checkLevel(level, "bank claim"); err != nil {
		return Puzzle{}, err
	}
	lock := ""
	if s.backend == Postgres {
		// A replica claiming at the same moment skips the row this one
		// holds instead of waiting for it and then finding it gone.
		lock = " FOR UPDATE OF b SKIP LOCKED"
	}
	var id int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, s.q(`DELETE FROM bank WHERE id = (
			SELECT b.id FROM bank b JOIN puzzles p ON p.id = b.puzzle_id
			WHERE b.level = ? AND p.canon NOT IN (
				SELECT q.canon FROM games g JOIN puzzles q ON q.id = g.puzzle_id WHERE g.user_id = ?)
			ORDER BY b.id LIMIT 1`+lock+`) RETURNING puzzle_id`), level.String(), user).Scan(&id)
	})
	if err != nil {
		return Puzzle{}, notFound(err, "bank claim "+level.String())
	}
	return s.Puzzle(ctx, id)
}

// BankCounts returns how many puzzles the bank holds at level, by
// deciding technique.
func (s *Store) BankCounts(ctx context.Context, level engine.Level) (map[string]int, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT technique, COUNT(*) FROM bank WHERE level = ? GROUP BY technique`), level.String())
	if err != nil {
		return nil, fmt.Errorf("store: bank counts: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var t string
		var n int
		if err := rows.Scan(&t, &n); err != nil {
			return nil, fmt.Errorf("store: bank counts: %w", err)
		}
		out[t] = n
	}
	return out, rows.Err()
}

// BackfillCanon computes the canonical key of up to batch puzzles stored
// before version 15 and records the dailies among them in daily_canons
// (oldest first; an old repeat stays history, not an error). It returns
// how many puzzles it filled: 0 means done.
func (s *Store) BackfillCanon(ctx context.Context, batch int) (int, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT id, grid FROM puzzles WHERE canon = '' ORDER BY id LIMIT ?`), batch)
	if err != nil {
		return 0, fmt.Errorf("store: backfill canon: %w", err)
	}
	type row struct {
		id    int64
		canon string
	}
	var todo []row
	for rows.Next() {
		var r row
		var grid string
		if err := rows.Scan(&r.id, &grid); err != nil {
			rows.Close()
			return 0, fmt.Errorf("store: backfill canon: %w", err)
		}
		g, err := parseGrid(grid)
		if err != nil {
			rows.Close()
			return 0, err
		}
		r.canon = engine.CanonicalKey(g)
		todo = append(todo, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("store: backfill canon: %w", err)
	}
	if len(todo) == 0 {
		return 0, nil
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		for _, r := range todo {
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE puzzles SET canon = ? WHERE id = ?`), r.canon, r.id); err != nil {
				return fmt.Errorf("store: backfill canon: %w", err)
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO daily_canons (canon, day, level)
			SELECT p.canon, d.day, d.level FROM dailies d JOIN puzzles p ON p.id = d.puzzle_id
			WHERE p.canon <> '' ORDER BY d.day, d.level ON CONFLICT (canon) DO NOTHING`)
		if err != nil {
			return fmt.Errorf("store: backfill daily canons: %w", err)
		}
		return nil
	})
	return len(todo), err
}

// PuzzleSolves is how many players solved a puzzle (in any game but a
// shared board) and their median time: what a share post and the board
// may say about a puzzle without spoiling it.
type PuzzleSolves struct {
	Players int
	Median  time.Duration
}

// Solves returns the PuzzleSolves of a puzzle.
func (s *Store) Solves(ctx context.Context, puzzleID int64) (PuzzleSolves, error) {
	// Each player's best time counts once.
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT MIN(duration_ms) FROM games
		WHERE puzzle_id = ? AND solved AND context NOT LIKE 'coop:%' GROUP BY user_id`), puzzleID)
	if err != nil {
		return PuzzleSolves{}, fmt.Errorf("store: solves of puzzle %d: %w", puzzleID, err)
	}
	defer rows.Close()
	var ds []int64
	for rows.Next() {
		var d int64
		if err := rows.Scan(&d); err != nil {
			return PuzzleSolves{}, fmt.Errorf("store: solves of puzzle %d: %w", puzzleID, err)
		}
		ds = append(ds, d)
	}
	if err := rows.Err(); err != nil {
		return PuzzleSolves{}, fmt.Errorf("store: solves of puzzle %d: %w", puzzleID, err)
	}
	if len(ds) == 0 {
		return PuzzleSolves{}, nil
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	med := ds[len(ds)/2]
	if len(ds)%2 == 0 {
		med = (ds[len(ds)/2-1] + ds[len(ds)/2]) / 2
	}
	return PuzzleSolves{Players: len(ds), Median: time.Duration(med) * time.Millisecond}, nil
}
