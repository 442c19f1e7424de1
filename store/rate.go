package store

import (
	"context"
	"database/sql"
	"fmt"
)

// UpdateRateState reads the state of the shared rate limit called name
// ("" for a new one), passes it to update and stores what update returns,
// in one write transaction that holds the limit's row: processes sharing
// the database take turns, so a limiter built on it (the daily publisher's
// request slots) can keep all of them together under one limit. The state
// is opaque to the store. An error from update rolls back and is returned.
func (s *Store) UpdateRateState(ctx context.Context, name string, update func(state string) (string, error)) error {
	if name == "" {
		return fmt.Errorf("store: update rate state: empty name: %w", ErrInvalid)
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO post_rate (name, state) VALUES (?, '')
			ON CONFLICT (name) DO NOTHING`), name); err != nil {
			return fmt.Errorf("store: rate state %q: %w", name, err)
		}
		var state string
		err := tx.QueryRowContext(ctx, s.q(`SELECT state FROM post_rate WHERE name = ?`+s.forUpdate("post_rate")), name).Scan(&state)
		if err != nil {
			return fmt.Errorf("store: rate state %q: %w", name, err)
		}
		next, err := update(state)
		if err != nil {
			return err
		}
		if next == state {
			return nil
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE post_rate SET state = ? WHERE name = ?`), next, name); err != nil {
			return fmt.Errorf("store: rate state %q: %w", name, err)
		}
		return nil
	})
}
