package store

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// BoardKeyGrace is how long a retired board key still verifies: the
// lifetime of the links it signed, so a rotation breaks no link a player
// was just given.
const BoardKeyGrace = 7 * 24 * time.Hour

// BoardKey is a key that signs (the newest live one) or verifies board
// links. Secret is never logged.
type BoardKey struct {
	ID        int64
	Secret    []byte
	CreatedAt time.Time
	RetiredAt time.Time // zero while it signs
}

// BoardKeys returns the keys that verify board links at time at, newest
// first: the live keys and the keys retired less than BoardKeyGrace ago.
// When there is no live key (the first start), it stores newKey, made
// once for this call, so that every process finds the same key; two
// processes starting together keep one key each and both verify.
func (s *Store) BoardKeys(ctx context.Context, at time.Time, newKey func() ([]byte, error)) ([]BoardKey, error) {
	keys, err := s.boardKeys(ctx, s.db, at)
	if err != nil {
		return nil, err
	}
	if len(keys) > 0 && keys[0].RetiredAt.IsZero() {
		return keys, nil
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		if err := s.lockBoardKeys(ctx, tx); err != nil {
			return err
		}
		var live int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM board_keys WHERE retired_at = 0`).Scan(&live); err != nil {
			return fmt.Errorf("store: board keys: %w", err)
		}
		if live > 0 {
			return nil
		}
		return s.insertBoardKey(ctx, tx, at, newKey)
	})
	if err != nil {
		return nil, err
	}
	return s.boardKeys(ctx, s.db, at)
}

// RotateBoardKey retires the live board keys and stores newKey as the one
// that signs from now on. The retired keys keep verifying for
// BoardKeyGrace, unless revoke is set: then every older key, retired or
// not, verifies nothing from now on (a key that leaked). It returns the
// keys as BoardKeys would.
func (s *Store) RotateBoardKey(ctx context.Context, at time.Time, newKey func() ([]byte, error), revoke bool) ([]BoardKey, error) {
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := s.lockBoardKeys(ctx, tx); err != nil {
			return err
		}
		var err error
		if revoke {
			// Retired a grace ago: past what boardKeys returns.
			gone := ms(now(at).Add(-BoardKeyGrace - time.Millisecond))
			_, err = tx.ExecContext(ctx, s.q(`UPDATE board_keys SET retired_at = ? WHERE retired_at = 0 OR retired_at > ?`), gone, gone)
		} else {
			_, err = tx.ExecContext(ctx, s.q(`UPDATE board_keys SET retired_at = ? WHERE retired_at = 0`), ms(now(at)))
		}
		if err != nil {
			return fmt.Errorf("store: retire board keys: %w", err)
		}
		return s.insertBoardKey(ctx, tx, at, newKey)
	})
	if err != nil {
		return nil, err
	}
	return s.boardKeys(ctx, s.db, at)
}

// lockBoardKeys makes concurrent first starts and rotations take turns on
// PostgreSQL; SQLite's write transactions already do.
func (s *Store) lockBoardKeys(ctx context.Context, tx *sql.Tx) error {
	if s.backend != Postgres {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `LOCK TABLE board_keys IN SHARE ROW EXCLUSIVE MODE`); err != nil {
		return fmt.Errorf("store: lock board keys: %w", err)
	}
	return nil
}

func (s *Store) insertBoardKey(ctx context.Context, tx *sql.Tx, at time.Time, newKey func() ([]byte, error)) error {
	secret, err := newKey()
	if err != nil {
		return fmt.Errorf("store: new board key: %w", err)
	}
	if len(secret) < 32 {
		return fmt.Errorf("store: a board key of %d bytes is too short (want 32 or more): %w", len(secret), ErrInvalid)
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO board_keys (secret, created_at) VALUES (?, ?)`),
		hex.EncodeToString(secret), ms(now(at))); err != nil {
		return fmt.Errorf("store: new board key: %w", err)
	}
	return nil
}

func (s *Store) boardKeys(ctx context.Context, db querier, at time.Time) ([]BoardKey, error) {
	rows, err := db.QueryContext(ctx, s.q(`SELECT id, secret, created_at, retired_at FROM board_keys
		WHERE retired_at = 0 OR retired_at > ? ORDER BY retired_at = 0 DESC, id DESC`), ms(now(at).Add(-BoardKeyGrace)))
	if err != nil {
		return nil, fmt.Errorf("store: board keys: %w", err)
	}
	defer rows.Close()
	var out []BoardKey
	for rows.Next() {
		var k BoardKey
		var secret string
		var created, retired int64
		if err := rows.Scan(&k.ID, &secret, &created, &retired); err != nil {
			return nil, fmt.Errorf("store: board keys: %w", err)
		}
		if k.Secret, err = hex.DecodeString(secret); err != nil {
			return nil, fmt.Errorf("store: board key %d is not hex: %w", k.ID, errors.Join(err, ErrConflict))
		}
		k.CreatedAt, k.RetiredAt = fromMS(created), fromMS(retired)
		out = append(out, k)
	}
	return out, rows.Err()
}
