package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

// migrationFiles holds one directory of numbered SQL files per back end
// (NNNN_name.sql). The two sets describe the same schema in each dialect and
// must keep the same numbers.
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationFiles embed.FS

// migration is one schema step.
type migration struct {
	version int
	name    string
	sql     string
}

// loadMigrations returns the back end's migrations in order.
func loadMigrations(backend string) ([]migration, error) {
	dir := "migrations/" + backend
	entries, err := fs.ReadDir(migrationFiles, dir)
	if err != nil {
		return nil, fmt.Errorf("store: migrations: %w", err)
	}
	var migs []migration
	for _, e := range entries {
		num, name, ok := strings.Cut(strings.TrimSuffix(e.Name(), ".sql"), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("store: migration file %s is not named NNNN_name.sql", e.Name())
		}
		text, err := migrationFiles.ReadFile(path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("store: migrations: %w", err)
		}
		migs = append(migs, migration{version: v, name: name, sql: string(text)})
	}
	sort.Slice(migs, func(i, j int) bool { return migs[i].version < migs[j].version })
	for i, m := range migs {
		if m.version != i+1 {
			return nil, fmt.Errorf("store: migrations of %s: expected version %d, found %d (%s)", backend, i+1, m.version, m.name)
		}
	}
	return migs, nil
}

// migrate applies the migrations the database lacks, each in its own
// transaction together with its row in schema_migrations, so a crash leaves
// the schema at a whole version. On PostgreSQL a session advisory lock
// (keyed by the current schema) makes processes that start together take
// turns; on SQLite, BEGIN IMMEDIATE does the same, and each step re-reads
// the version inside its transaction.
func (s *Store) migrate(ctx context.Context, migs []migration) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	defer conn.Close()

	if s.backend == Postgres {
		// A migration may rewrite a big table and wait for another
		// process's: no statement or lock deadline on this session while
		// it migrates (reset before the connection goes back to the pool).
		ctx = withoutDeadline(ctx)
		if _, err := conn.ExecContext(ctx, `SET statement_timeout = 0; SET lock_timeout = 0`); err != nil {
			return fmt.Errorf("store: migrate: %w", err)
		}
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(hashtext('sudokubot.migrate.' || current_schema()))`); err != nil {
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
			return fmt.Errorf("store: migrate: lock: %w", err)
		}
		defer func() {
			// A fresh context: the lock must go even when ctx is done. If the
			// unlock fails, closing the session frees the lock anyway.
			uctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if _, err := conn.ExecContext(uctx, `SELECT pg_advisory_unlock(hashtext('sudokubot.migrate.' || current_schema())); RESET statement_timeout; RESET lock_timeout`); err != nil {
				_ = conn.Raw(func(any) error { return driver.ErrBadConn })
			}
		}()
	}

	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER NOT NULL PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at BIGINT  NOT NULL
	)`); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}

	latest := len(migs)
	for {
		done, err := s.migrateStep(ctx, conn, migs, latest)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
	}
}

// migrateStep applies the next missing migration in one transaction, or
// reports done when the schema is current.
func (s *Store) migrateStep(ctx context.Context, conn *sql.Conn, migs []migration, latest int) (done bool, err error) {
	if s.backend == SQLite {
		s.wmu.Lock()
		defer s.wmu.Unlock()
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("store: migrate: begin: %w", err)
	}
	defer func() {
		if err != nil || done {
			_ = tx.Rollback()
		}
	}()
	var current int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&current); err != nil {
		return false, fmt.Errorf("store: migrate: read version: %w", err)
	}
	if current > latest {
		return false, fmt.Errorf("store: %w: the database is at schema version %d, this sudokubot knows up to %d; run a newer sudokubot",
			ErrSchemaTooNew, current, latest)
	}
	if current == latest {
		return true, nil
	}
	m := migs[current]
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return false, fmt.Errorf("store: migration %d (%s): %w", m.version, m.name, err)
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`),
		m.version, m.name, time.Now().UnixMilli()); err != nil {
		return false, fmt.Errorf("store: migration %d (%s): record: %w", m.version, m.name, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("store: migration %d (%s): commit: %w", m.version, m.name, err)
	}
	return false, nil
}
