package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5"
)

// Notifications between the processes sharing a PostgreSQL database
// (LISTEN/NOTIFY): what one process changed, the others hear at once,
// with no other server to run. SQLite is one process's database: there
// Notify and Listen are ErrInvalid, and a caller delivers in process.

// notifyChannel holds the name of the schema's notification channel,
// read once: a channel is database-wide, so processes (or tests) in
// different schemas of one database must not hear each other.
type notifyChannel struct {
	mu   sync.Mutex
	name string
}

// channel is the schema's notification channel, "sudokubot_" and the
// md5 of the schema's name (a channel name is at most 63 bytes).
func (s *Store) channel(ctx context.Context) (string, error) {
	s.notify.mu.Lock()
	defer s.notify.mu.Unlock()
	if s.notify.name != "" {
		return s.notify.name, nil
	}
	var name string
	if err := s.db.QueryRowContext(ctx, `SELECT 'sudokubot_' || md5(current_schema())`).Scan(&name); err != nil {
		return "", fmt.Errorf("store: the notification channel: %w", err)
	}
	s.notify.name = name
	return name, nil
}

// MaxNotifyPayload is the longest payload Notify sends: PostgreSQL's
// limit is 8000 bytes, and a notification is meant to say what changed,
// not to carry it.
const MaxNotifyPayload = 1000

// Notify sends payload to every process listening on this schema
// (Listen), this one included, once the statement commits. It needs
// PostgreSQL.
func (s *Store) Notify(ctx context.Context, payload string) error {
	if s.backend != Postgres {
		return fmt.Errorf("store: notifications need PostgreSQL, not %s: %w", s.backend, ErrInvalid)
	}
	if len(payload) > MaxNotifyPayload {
		return fmt.Errorf("store: a notification of %d bytes (at most %d): %w", len(payload), MaxNotifyPayload, ErrInvalid)
	}
	ch, err := s.channel(ctx)
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, ch, payload); err != nil {
		return fmt.Errorf("store: notify: %w", err)
	}
	return nil
}

// Listen listens on this schema's channel on a connection of its own
// and calls fn with each payload, in order, until ctx ends or the
// connection fails; ready (if set) is called once the LISTEN is in
// place, so the caller knows from when on nothing is missed. It returns
// ctx's error, or the failure: a caller listens again, and should
// assume it missed notifications in between. It needs PostgreSQL.
func (s *Store) Listen(ctx context.Context, ready func(), fn func(payload string)) error {
	if s.backend != Postgres {
		return fmt.Errorf("store: notifications need PostgreSQL, not %s: %w", s.backend, ErrInvalid)
	}
	ch, err := s.channel(ctx)
	if err != nil {
		return err
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store: listen: %w", err)
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		dl, ok := dc.(*deadlineConn)
		if !ok {
			return fmt.Errorf("store: listen: a connection of type %T", dc)
		}
		pc := dl.pg().Conn()
		if _, err := pc.Exec(ctx, "LISTEN "+pgx.Identifier{ch}.Sanitize()); err != nil {
			return errors.Join(unavailable(ctx, err), driver.ErrBadConn)
		}
		if ready != nil {
			ready()
		}
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				// The connection still listens (or is broken): never hand
				// it back to the pool.
				return errors.Join(unavailable(ctx, err), driver.ErrBadConn)
			}
			fn(n.Payload)
		}
	})
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return fmt.Errorf("store: listen: %w", err)
}
