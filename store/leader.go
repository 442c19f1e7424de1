package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
)

// SchemaLeaderKey asks LeaderLock for the key of the store's own schema:
// an advisory lock is held database-wide, so bots (or tests) in different
// schemas of one database must not elect one leader among them all.
const SchemaLeaderKey int64 = 0

// LeaderLock elects one process among those sharing a PostgreSQL
// database: the one holding a session-level advisory lock. The lock lives
// on one connection taken from the pool and kept, so if the process dies
// PostgreSQL drops the connection and the lock, and another process takes
// over at its next Leader call. Its methods are safe for concurrent use.
type LeaderLock struct {
	db  *sql.DB
	key int64

	mu   sync.Mutex
	conn *sql.Conn
}

// LeaderLock returns the leader lock of key; SchemaLeaderKey (0) derives
// the key from the connection's schema, so every process on one schema
// elects one leader and other schemas elect their own. It needs
// PostgreSQL: SQLite has no advisory locks, and is ErrInvalid.
func (s *Store) LeaderLock(key int64) (*LeaderLock, error) {
	if s.backend != Postgres {
		return nil, fmt.Errorf("store: a leader lock needs PostgreSQL, not %s: %w", s.backend, ErrInvalid)
	}
	return &LeaderLock{db: s.db.DB, key: key}, nil
}

// Leader reports whether this process holds the lock, trying to take it
// when it does not.
func (l *LeaderLock) Leader(ctx context.Context) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn != nil {
		// Still leader while our connection (which holds the lock) lives.
		if err := l.conn.PingContext(ctx); err == nil {
			return true, nil
		}
		l.conn.Close()
		l.conn = nil
	}
	conn, err := l.db.Conn(ctx)
	if err != nil {
		return false, fmt.Errorf("store: leader lock: %w", err)
	}
	var got bool
	if l.key == SchemaLeaderKey {
		if err := conn.QueryRowContext(ctx, `SELECT hashtextextended('sudokubot.leader.' || current_schema(), 0)`).Scan(&l.key); err != nil {
			conn.Close()
			return false, fmt.Errorf("store: leader lock: %w", err)
		}
	}
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, l.key).Scan(&got); err != nil {
		conn.Close()
		return false, fmt.Errorf("store: leader lock: %w", err)
	}
	if !got {
		conn.Close()
		return false, nil
	}
	l.conn = conn
	return true, nil
}

// Close gives up leadership. The lock may be taken again by Leader.
func (l *LeaderLock) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn == nil {
		return nil
	}
	_, err := l.conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, l.key)
	err = errors.Join(err, l.conn.Close())
	l.conn = nil
	if err != nil {
		return fmt.Errorf("store: leader lock: %w", err)
	}
	return nil
}
