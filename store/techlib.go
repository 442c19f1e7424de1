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

// LibraryClimb is the saved state of one technique's climb (jobs kind
// technique-climb): State is engine.Climb.String, Updated when it was
// saved.
type LibraryClimb struct {
	Technique, State string
	Updated          time.Time
}

// LibraryClimbs returns every saved climb, by technique.
func (s *Store) LibraryClimbs(ctx context.Context) ([]LibraryClimb, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT technique, state, updated_at FROM technique_climbs ORDER BY technique`)
	if err != nil {
		return nil, fmt.Errorf("store: library climbs: %w", err)
	}
	defer rows.Close()
	var out []LibraryClimb
	for rows.Next() {
		var c LibraryClimb
		var at int64
		if err := rows.Scan(&c.Technique, &c.State, &at); err != nil {
			return nil, fmt.Errorf("store: library climbs: %w", err)
		}
		c.Updated = fromMS(at)
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: library climbs: %w", err)
	}
	return out, nil
}

// SaveLibraryClimb saves technique's climb as state where it was old (""
// for none saved yet), and reports false, saving nothing, where another
// process saved another state first: a round that outlived its job's
// lease and ran twice is saved once.
func (s *Store) SaveLibraryClimb(ctx context.Context, technique, old, state string, now time.Time) (bool, error) {
	if technique == "" || state == "" {
		return false, fmt.Errorf("store: save library climb: empty technique or state: %w", ErrInvalid)
	}
	var saved bool
	err := s.write(ctx, func(tx *sql.Tx) error {
		var res sql.Result
		var err error
		if old == "" {
			res, err = tx.ExecContext(ctx, s.q(`INSERT INTO technique_climbs (technique, state, updated_at) VALUES (?, ?, ?)
				ON CONFLICT (technique) DO NOTHING`), technique, state, ms(now))
		} else {
			res, err = tx.ExecContext(ctx, s.q(`UPDATE technique_climbs SET state = ?, updated_at = ? WHERE technique = ? AND state = ?`),
				state, ms(now), technique, old)
		}
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		saved = n == 1
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: save library climb %s: %w", technique, err)
	}
	return saved, nil
}
