package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/clock"
)

// ErrFenced means a write made under a leadership term (WithFence) was
// refused because another process has led since: the fencing token in the
// store has moved on. A leader that was frozen (SIGSTOP, a long pause)
// and thawed cannot act on what it believed before.
var ErrFenced = errors.New("store: leadership lost: another process leads now")

// Fence is a leadership term: the lease's name and the token it had when
// this process took it. Each change of holder increments the token.
type Fence struct {
	Name  string
	Token int64
}

type fenceKey struct{}

// WithFence makes the writes under ctx that a leader makes (ClaimDailyPost)
// conditional on f still being the lease's term.
func WithFence(ctx context.Context, f Fence) context.Context {
	return context.WithValue(ctx, fenceKey{}, f)
}

// checkFence refuses, inside tx, a write under a fence whose term is
// over. On PostgreSQL the lease's row stays share-locked until tx ends, so
// a takeover waits for the write rather than passing it; and so that a
// leader frozen inside tx (SIGSTOP, a stalled VM) cannot hold the row, and
// with it the lease, the server ends tx once it idles for fenceIdle.
func (s *Store) checkFence(ctx context.Context, tx *sql.Tx) error {
	f, ok := ctx.Value(fenceKey{}).(Fence)
	if !ok {
		return nil
	}
	lock := ""
	if s.backend == Postgres {
		lock = " FOR SHARE"
		if err := s.shortIdle(ctx, tx); err != nil {
			return err
		}
	}
	var token int64
	err := tx.QueryRowContext(ctx, s.q(`SELECT token FROM leader_leases WHERE name = ?`+lock), f.Name).Scan(&token)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("store: lease %s: no holder: %w", f.Name, ErrFenced)
	case err != nil:
		return fmt.Errorf("store: lease %s: %w", f.Name, err)
	case token != f.Token:
		return fmt.Errorf("store: lease %s: term %d is over (now %d): %w", f.Name, f.Token, token, ErrFenced)
	}
	return nil
}

// fenceIdle is how long PostgreSQL lets a transaction that locks the
// lease's row sit idle before it ends it, and the session with it: far
// longer than such a transaction ever waits on its own client (no I/O
// runs inside it), and short enough that a holder frozen inside one
// delays a takeover by a couple of seconds rather than the session-wide
// idle limit (idle_in_transaction_session_timeout, 30 s by default).
const fenceIdle = 2 * time.Second

// shortIdle sets fenceIdle as tx's idle limit (PostgreSQL only).
func (s *Store) shortIdle(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`SET LOCAL idle_in_transaction_session_timeout = %d`, fenceIdle.Milliseconds())); err != nil {
		return fmt.Errorf("store: lease: %w", err)
	}
	return nil
}

// LeaderLease elects one process among those sharing the database, on
// either back end, by a lease with an expiry that its holder renews: a
// holder that stops renewing (it died, or is frozen and still connected)
// is replaced once the lease runs out, ttl after its last renewal. Each
// new holder gets a new fencing token (Fenced), which the store checks
// where a leader writes, so a thawed former holder cannot act. Expiry is
// reckoned on each process's clock: replicas' clocks must agree to well
// within ttl (NTP does). Its methods are safe for concurrent use.
type LeaderLease struct {
	s      *Store
	name   string
	holder string
	ttl    time.Duration
	// Clock is the lease's clock; the wall clock unless a test sets it.
	Clock clock.Clock

	mu    sync.Mutex
	token int64 // the term held, 0 for none
	// renewed is when this process last renewed the term it holds;
	// otherUntil when the lease another holds runs out, as last read, but
	// at most ttl/3 after that read (a holder may give it up early).
	// Asked again before renewed+ttl/3 or otherUntil, Leader answers from
	// them without a write.
	renewed, otherUntil time.Time
}

// LeaderLease returns the lease called name for holder (unique per
// process), lasting ttl after each renewal.
func (s *Store) LeaderLease(name, holder string, ttl time.Duration) *LeaderLease {
	return &LeaderLease{s: s, name: name, holder: holder, ttl: ttl, Clock: clock.System()}
}

// Leader renews the lease when this process holds it, or takes it when it
// has run out, and reports whether this process leads until ttl from now.
func (l *LeaderLease) Leader(ctx context.Context) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	at := l.Clock.Now()
	switch {
	case l.token != 0 && at.Sub(l.renewed) < l.ttl/3:
		return true, nil
	case l.token == 0 && at.Before(l.otherUntil):
		return false, nil
	}
	now := ms(at)
	var token int64
	err := l.s.write(ctx, func(tx *sql.Tx) error {
		if l.s.backend == Postgres {
			// Frozen between this write and its commit, the holder would
			// keep the row locked: see checkFence.
			if err := l.s.shortIdle(ctx, tx); err != nil {
				return err
			}
		}
		return tx.QueryRowContext(ctx, l.s.q(`INSERT INTO leader_leases (name, holder, token, expires_at) VALUES (?, ?, 1, ?)
			ON CONFLICT (name) DO UPDATE SET
				token = CASE WHEN leader_leases.holder = excluded.holder THEN leader_leases.token ELSE leader_leases.token + 1 END,
				holder = excluded.holder, expires_at = excluded.expires_at
			WHERE leader_leases.holder = excluded.holder OR leader_leases.expires_at <= ?
			RETURNING token`), l.name, l.holder, now+l.ttl.Milliseconds(), now).Scan(&token)
	})
	switch {
	case errors.Is(err, sql.ErrNoRows):
		l.token = 0
		var until int64
		if err := l.s.db.QueryRowContext(ctx, l.s.q(`SELECT expires_at FROM leader_leases WHERE name = ?`), l.name).Scan(&until); err == nil {
			l.otherUntil = minTime(fromMS(until), at.Add(l.ttl/3))
		}
		return false, nil
	case err != nil:
		l.token = 0
		return false, fmt.Errorf("store: lease %s: %w", l.name, err)
	}
	l.token, l.renewed = token, at
	return true, nil
}

// Fenced is ctx carrying this process's current term (WithFence): the
// leader's writes under it fail with ErrFenced once another has taken
// the lease. Without a term held it is ctx with a fence no write passes.
func (l *LeaderLease) Fenced(ctx context.Context) context.Context {
	l.mu.Lock()
	defer l.mu.Unlock()
	return WithFence(ctx, Fence{Name: l.name, Token: l.token})
}

// Close gives the lease up at once, if this process holds it, so that
// another takes over without waiting for it to run out.
func (l *LeaderLease) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.token == 0 {
		return nil
	}
	l.token, l.renewed = 0, time.Time{}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := l.s.db.ExecContext(ctx, l.s.q(`UPDATE leader_leases SET expires_at = 0 WHERE name = ? AND holder = ?`), l.name, l.holder)
	if err != nil {
		return fmt.Errorf("store: lease %s: giving it up: %w", l.name, err)
	}
	return nil
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}
