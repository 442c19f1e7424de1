package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// ErrUnavailable means the database did not answer in time or refused the
// connection: nothing the caller can fix, and worth trying again soon. The
// doors answer it with "try again in a moment" (503 on the web), never a
// hang.
var ErrUnavailable = errors.New("the database is not answering")

// ErrLocked means a statement waited past lock_timeout for a row another
// session holds (a long transaction, or a stopped process's). The
// database answers, so its text says so, where an operator reads it; the
// caller's remedy is ErrUnavailable's, trying again soon, and
// errors.Is(ErrLocked, ErrUnavailable) holds.
var ErrLocked error = lockedError{}

type lockedError struct{}

func (lockedError) Error() string {
	return "a row stayed locked by another database session past lock_timeout"
}

func (lockedError) Is(target error) bool { return target == ErrUnavailable }

// The PostgreSQL deadlines Open sets when the DSN's query names none of
// its own (every one can be set there: connect_timeout=10,
// statement_timeout=30s, lock_timeout=0, ...). A silent database (a
// partition, a stalled proxy) otherwise holds a connection, and the request
// on it, forever.
const (
	// defaultConnectTimeout bounds a new connection, TCP and start-up.
	defaultConnectTimeout = 5 * time.Second
	// defaultStatementTimeout is the server's limit on one statement; the
	// client gives up a little after it (answerMargin).
	defaultStatementTimeout = 5 * time.Second
	// defaultLockTimeout bounds a wait for a row lock.
	defaultLockTimeout = 3 * time.Second
	// defaultIdleInTx ends a session left idle inside a transaction.
	defaultIdleInTx = 30 * time.Second
	// answerMargin is how much longer than statement_timeout the client
	// waits for an answer before it takes the database for silent.
	answerMargin = 500 * time.Millisecond
	// pingTimeout bounds the liveness check of a pooled connection before
	// reuse (and /healthz's ping): a healthy server answers in
	// milliseconds.
	pingTimeout = time.Second
	// keepAlive probes idle connections, so a peer gone without a word
	// (a dead host, a dropped NAT entry) is found within about 30 s.
	keepAliveIdle     = 15 * time.Second
	keepAliveInterval = 5 * time.Second
	keepAliveCount    = 3
)

// openPostgres opens a pool whose every statement has a deadline: the
// server's (statement_timeout, lock_timeout,
// idle_in_transaction_session_timeout, defaults above unless the DSN sets
// them) and the client's (a statement not answered within
// statement_timeout plus a margin fails with ErrUnavailable and closes its
// connection, so the pool never keeps a wedged one).
func openPostgres(dsn string) (*sql.DB, error) {
	cfg, answer, err := postgresConfig(dsn)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(&deadlineConnector{inner: stdlib.GetConnector(*cfg), answer: answer}), nil
}

// postgresConfig parses dsn and adds the default deadlines and TCP
// keepalive; answer is the client's wait for a statement (0: none).
// Its errors never quote the DSN, which may carry a password.
func postgresConfig(dsn string) (*pgx.ConnConfig, time.Duration, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, 0, fmt.Errorf("store: the PostgreSQL URL does not parse: check its form (postgres://user:password@host:port/db?setting=value): %w", ErrInvalid)
	}
	q := url.Values{}
	if u, err := url.Parse(dsn); err == nil {
		q = u.Query()
	}
	if !q.Has("connect_timeout") {
		cfg.ConnectTimeout = defaultConnectTimeout
	}
	dialer := &net.Dialer{Timeout: cfg.ConnectTimeout, KeepAliveConfig: net.KeepAliveConfig{
		Enable: true, Idle: keepAliveIdle, Interval: keepAliveInterval, Count: keepAliveCount,
	}}
	cfg.DialFunc = dialer.DialContext
	defaults := map[string]time.Duration{
		"statement_timeout":                   defaultStatementTimeout,
		"lock_timeout":                        defaultLockTimeout,
		"idle_in_transaction_session_timeout": defaultIdleInTx,
	}
	for name, d := range defaults {
		if _, set := cfg.RuntimeParams[name]; !set {
			cfg.RuntimeParams[name] = strconv.FormatInt(d.Milliseconds(), 10)
		}
	}
	st, err := pgDuration(cfg.RuntimeParams["statement_timeout"])
	if err != nil {
		return nil, 0, fmt.Errorf("store: the PostgreSQL URL's statement_timeout: %w", err)
	}
	if st == 0 {
		return cfg, 0, nil // no limit asked for: the request's own deadline still applies
	}
	return cfg, st + answerMargin, nil
}

// pgDuration reads a PostgreSQL time setting: a number of milliseconds or
// a number with a unit (us, ms, s, min, h, d). Its error does not quote
// the value: a DSN's parts are not shown.
func pgDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	i := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := s, "ms"
	if i >= 0 {
		num, unit = s[:i], strings.TrimSpace(s[i:])
	}
	n, err := strconv.ParseFloat(num, 64)
	units := map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second,
		"min": time.Minute, "h": time.Hour, "d": 24 * time.Hour}
	u, ok := units[unit]
	if err != nil || !ok || n < 0 || n*float64(u) > float64(math.MaxInt64) {
		return 0, fmt.Errorf("not a duration such as 5000 (milliseconds), 5s or 1min: %w", ErrInvalid)
	}
	return time.Duration(n * float64(u)), nil
}

// deadlineConnector hands out connections whose every round trip has a
// deadline (see deadlineConn).
type deadlineConnector struct {
	inner  driver.Connector
	answer time.Duration
}

func (c *deadlineConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.inner.Connect(ctx)
	if err != nil {
		return nil, unavailable(ctx, err)
	}
	return &deadlineConn{Conn: conn, answer: c.answer}, nil
}

func (c *deadlineConnector) Driver() driver.Driver { return c.inner.Driver() }

// unavailable marks an error of the network (a timeout, a refusal, a reset
// connection) as ErrUnavailable; an error of the caller's own context and
// the server's answers (a wrong password, a constraint) pass unchanged.
func unavailable(ctx context.Context, err error) error {
	if err == nil || ctx.Err() != nil || errors.Is(err, ErrUnavailable) {
		return err
	}
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	// lock_not_available: lock_timeout passed (55P03).
	if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == "55P03" {
		return fmt.Errorf("%w: %w", ErrLocked, err)
	}
	return err
}

// deadlineConn is a pgx connection whose statements, transactions and pings
// each get a deadline: answer for statements, pingTimeout for pings. When
// one passes, pgx closes the connection (database/sql then drops it) and
// the caller gets ErrUnavailable.
type deadlineConn struct {
	driver.Conn
	answer time.Duration
}

// The interfaces database/sql looks for, forwarded to pgx's conn.
var (
	_ driver.ConnBeginTx        = (*deadlineConn)(nil)
	_ driver.ExecerContext      = (*deadlineConn)(nil)
	_ driver.QueryerContext     = (*deadlineConn)(nil)
	_ driver.ConnPrepareContext = (*deadlineConn)(nil)
	_ driver.Pinger             = (*deadlineConn)(nil)
	_ driver.SessionResetter    = (*deadlineConn)(nil)
	_ driver.Validator          = (*deadlineConn)(nil)
	_ driver.NamedValueChecker  = (*deadlineConn)(nil)
	_ driver.ConnBeginTx        = (*stdlib.Conn)(nil)
	_ driver.SessionResetter    = (*stdlib.Conn)(nil)
	_ driver.NamedValueChecker  = (*stdlib.Conn)(nil)
	_ driver.ConnPrepareContext = (*stdlib.Conn)(nil)
	_ driver.ExecerContext      = (*stdlib.Conn)(nil)
	_ driver.QueryerContext     = (*stdlib.Conn)(nil)
	_ driver.Pinger             = (*stdlib.Conn)(nil)
)

func (c *deadlineConn) pg() *stdlib.Conn { return c.Conn.(*stdlib.Conn) }

// noDeadlineKey marks a context whose statements wait as long as it lets
// them (migrations).
type noDeadlineKey struct{}

func withoutDeadline(ctx context.Context) context.Context {
	return context.WithValue(ctx, noDeadlineKey{}, true)
}

// answerFor is the client's wait for a statement under ctx: the answer
// deadline, less the time the statement waited for its connection (the
// pool's bounded wait), so that both together stay within it, but at
// least answerMargin (or the whole deadline, if shorter).
func (c *deadlineConn) answerFor(ctx context.Context) time.Duration {
	if ctx.Value(noDeadlineKey{}) != nil || c.answer <= 0 {
		return 0
	}
	if since, ok := waitedSince(ctx); ok {
		return max(c.answer-time.Since(since), min(c.answer, answerMargin))
	}
	return c.answer
}

// within runs fn with a deadline of d (none for 0) and turns the deadline's
// passing into ErrUnavailable.
func within[T any](ctx context.Context, d time.Duration, fn func(context.Context) (T, error)) (T, error) {
	if d <= 0 {
		return fn(ctx)
	}
	dctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	v, err := fn(dctx)
	if err != nil && ctx.Err() == nil && dctx.Err() != nil {
		err = fmt.Errorf("%w: no answer in %s: %w", ErrUnavailable, d, err)
	}
	return v, unavailable(ctx, err)
}

func (c *deadlineConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	return within(ctx, c.answerFor(ctx), func(ctx context.Context) (driver.Result, error) {
		return c.pg().ExecContext(ctx, query, args)
	})
}

// QueryContext gives the rows the statement's deadline: reading them is
// part of the answer. It ends when the rows are closed.
func (c *deadlineConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	answer := c.answerFor(ctx)
	if answer <= 0 {
		return c.pg().QueryContext(ctx, query, args)
	}
	dctx, cancel := context.WithTimeout(ctx, answer)
	rows, err := c.pg().QueryContext(dctx, query, args)
	if err != nil {
		cancel()
		if ctx.Err() == nil && dctx.Err() != nil {
			err = fmt.Errorf("%w: no answer in %s: %w", ErrUnavailable, answer, err)
		}
		return nil, unavailable(ctx, err)
	}
	return &deadlineRows{Rows: rows, ctx: ctx, dctx: dctx, cancel: cancel, answer: answer}, nil
}

func (c *deadlineConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return within(ctx, c.answerFor(ctx), func(ctx context.Context) (driver.Stmt, error) {
		return c.pg().PrepareContext(ctx, query)
	})
}

// BeginTx bounds BEGIN, and later COMMIT or ROLLBACK, each by the answer
// deadline. pgx runs COMMIT with BeginTx's context, so that context is
// cancelled by a timer armed only while one of the three is under way:
// the work between them has its own statements' deadlines.
func (c *deadlineConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	tctx, cancel := context.WithCancel(ctx)
	w := &txWatch{ctx: ctx, tctx: tctx, cancel: cancel, answer: c.answerFor(ctx)}
	var tx driver.Tx
	err := w.run(func() (err error) {
		tx, err = c.pg().BeginTx(tctx, opts)
		return err
	})
	if err != nil {
		cancel()
		return nil, err
	}
	w.tx = tx
	return w, nil
}

func (c *deadlineConn) Ping(ctx context.Context) error {
	_, err := within(ctx, pingTimeout, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, c.pg().Ping(ctx)
	})
	return err
}

// ResetSession runs before a pooled connection is reused; pgx pings one
// idle for over a second. A connection that does not answer the ping in
// pingTimeout is bad: database/sql drops it and takes or opens another.
func (c *deadlineConn) ResetSession(ctx context.Context) error {
	pctx, cancel := context.WithTimeout(ctx, pingTimeout)
	defer cancel()
	return c.pg().ResetSession(pctx)
}

// IsValid lets database/sql drop a connection pgx closed (after a missed
// deadline) when it is put back, rather than at its next use.
func (c *deadlineConn) IsValid() bool { return !c.pg().Conn().IsClosed() }

func (c *deadlineConn) CheckNamedValue(v *driver.NamedValue) error { return c.pg().CheckNamedValue(v) }

// txWatch is a transaction whose BEGIN, COMMIT and ROLLBACK each have the
// answer deadline.
type txWatch struct {
	tx     driver.Tx
	ctx    context.Context // the caller's
	tctx   context.Context // pgx's, cancelled when a deadline passes
	cancel context.CancelFunc
	answer time.Duration
	fired  atomic.Bool
}

// run runs one round trip of the transaction with the deadline armed.
func (w *txWatch) run(fn func() error) error {
	if w.answer > 0 {
		t := time.AfterFunc(w.answer, func() { w.fired.Store(true); w.cancel() })
		defer t.Stop()
	}
	err := fn()
	if err != nil && w.fired.Load() && w.ctx.Err() == nil {
		err = fmt.Errorf("%w: no answer in %s: %w", ErrUnavailable, w.answer, err)
	}
	return unavailable(w.ctx, err)
}

func (w *txWatch) Commit() error {
	defer w.cancel()
	return w.run(w.tx.Commit)
}

func (w *txWatch) Rollback() error {
	defer w.cancel()
	return w.run(w.tx.Rollback)
}

// deadlineRows are rows read under their statement's deadline, released
// on Close.
type deadlineRows struct {
	driver.Rows
	ctx, dctx context.Context
	cancel    context.CancelFunc
	answer    time.Duration
}

func (r *deadlineRows) Next(dest []driver.Value) error {
	err := r.Rows.Next(dest)
	if err != nil && err != io.EOF && r.ctx.Err() == nil && r.dctx.Err() != nil {
		err = fmt.Errorf("%w: no answer in %s: %w", ErrUnavailable, r.answer, err)
	}
	return err
}

func (r *deadlineRows) Close() error {
	defer r.cancel()
	return r.Rows.Close()
}
