package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// AddLibraryEntry keeps a technique library entry found by a background
// job: entry is its line (engine.LibraryEntry.String), canon its puzzle's
// canonical key. false when the technique already has that puzzle (from
// any process): a find is stored once.
func (s *Store) AddLibraryEntry(ctx context.Context, technique, canon, entry string, now time.Time) (bool, error) {
	if technique == "" || canon == "" || entry == "" {
		return false, fmt.Errorf("store: add library entry: empty technique, canon or entry: %w", ErrInvalid)
	}
	var added bool
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO technique_library (technique, canon, entry, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (technique, canon) DO NOTHING`), technique, canon, entry, ms(now))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		added = n == 1
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: add library entry %s: %w", technique, err)
	}
	return added, nil
}

// LibraryEntries returns the lines of every stored library entry, oldest
// first.
func (s *Store) LibraryEntries(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT entry FROM technique_library ORDER BY created_at, technique, canon`)
	if err != nil {
		return nil, fmt.Errorf("store: library entries: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, fmt.Errorf("store: library entries: %w", err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: library entries: %w", err)
	}
	return out, nil
}
