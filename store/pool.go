package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// poolWait bounds a PostgreSQL statement's wait for a pooled connection,
// opening a new one included. With the database silent every connection
// is held by a statement waiting for its answer; without a bound the
// requests queued behind them waited their whole deadline (a web
// request's 20 s). Healthy statements take milliseconds: a wait this long
// is an overloaded or silent database, and the caller is better told
// "try again in a moment" at once.
const poolWait = 2 * time.Second

// pool is a Store's database handle: *sql.DB, whose statements (and
// transactions) first take a connection within wait, else fail with
// ErrUnavailable; the time taken to get it counts in the first
// statement's answer deadline (deadlineConn), so a statement's wait and
// answer together stay within statement_timeout plus answerMargin. A
// wait of 0 (SQLite, on a local file) waits as long as the caller's
// context lets.
type pool struct {
	*sql.DB
	wait time.Duration
}

// startKey carries when a statement began waiting for its connection.
type startKey struct{}

// waitedSince is when the statement under ctx began waiting for its
// connection, if the pool says.
func waitedSince(ctx context.Context) (time.Time, bool) {
	t, ok := ctx.Value(startKey{}).(time.Time)
	return t, ok
}

// conn takes a connection within p.wait. The context it returns carries
// the time the wait began.
func (p *pool) conn(ctx context.Context) (*sql.Conn, context.Context, error) {
	start := time.Now()
	wctx, cancel := context.WithTimeout(ctx, p.wait)
	defer cancel()
	c, err := p.DB.Conn(wctx)
	if err != nil {
		if ctx.Err() == nil && wctx.Err() != nil {
			err = fmt.Errorf("%w: no database connection in %s: %w", ErrUnavailable, p.wait, err)
		}
		return nil, ctx, unavailable(ctx, err)
	}
	return c, context.WithValue(ctx, startKey{}, start), nil
}

// release gives c back to the pool once what runs on it (rows being read,
// a transaction) is done: sql.Conn.Close waits for that.
func release(c *sql.Conn) { go c.Close() }

// ExecContext is sql.DB's, with the bounded wait for a connection.
func (p *pool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if p.wait <= 0 {
		return p.DB.ExecContext(ctx, query, args...)
	}
	c, ctx, err := p.conn(ctx)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	return c.ExecContext(ctx, query, args...)
}

// QueryContext is sql.DB's, with the bounded wait for a connection; the
// connection goes back when the rows are closed.
func (p *pool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if p.wait <= 0 {
		return p.DB.QueryContext(ctx, query, args...)
	}
	c, ctx, err := p.conn(ctx)
	if err != nil {
		return nil, err
	}
	defer release(c)
	return c.QueryContext(ctx, query, args...)
}

// QueryRowContext is sql.DB's, with the bounded wait for a connection; a
// connection not had in time is the row's error.
func (p *pool) QueryRowContext(ctx context.Context, query string, args ...any) *row {
	if p.wait <= 0 {
		return &row{row: p.DB.QueryRowContext(ctx, query, args...)}
	}
	c, ctx, err := p.conn(ctx)
	if err != nil {
		return &row{err: err}
	}
	defer release(c)
	return &row{row: c.QueryRowContext(ctx, query, args...)}
}

// BeginTx is sql.DB's, with the bounded wait for a connection; the
// connection goes back when the transaction ends.
func (p *pool) BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error) {
	if p.wait <= 0 {
		return p.DB.BeginTx(ctx, opts)
	}
	c, ctx, err := p.conn(ctx)
	if err != nil {
		return nil, err
	}
	defer release(c)
	return c.BeginTx(ctx, opts)
}

// row is a single-row result: sql.Row, or the error of getting a
// connection for it.
type row struct {
	row *sql.Row
	err error
}

// Scan is sql.Row's.
func (r *row) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	return r.row.Scan(dest...)
}

// rowScanner is a single-row result of the pool or of a transaction.
type rowScanner interface {
	Scan(dest ...any) error
}
