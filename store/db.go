package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite" // also registers the "sqlite" database/sql driver

	"github.com/sudokubot/sudokubot/internal/retry"
)

// DefaultPath is the SQLite file Open uses for an empty DSN.
const DefaultPath = "sudokubot.db"

// Back end names, as returned by Store.Backend.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// Store holds every piece of persistent state of the bot. It is safe for
// concurrent use by many goroutines, and (through the database's own
// locking) by several processes sharing one database.
type Store struct {
	db      *pool
	backend string
	// wmu serialises this process's SQLite write transactions, so they queue
	// in Go instead of spinning in SQLite's busy handler. Other processes
	// are still kept out by SQLite's own lock (busy_timeout).
	wmu sync.Mutex
	// notify is the schema's notification channel (notify.go).
	notify notifyChannel
}

// sqlitePragmas are applied by the driver to every new pooled connection:
// a PRAGMA run once with Exec would reach a single connection only.
// synchronous=NORMAL in WAL mode keeps every committed transaction across a
// crash of the process; only a power loss may roll back the last commits,
// and it never corrupts the file.
var sqlitePragmas = []string{
	"busy_timeout(10000)",
	"foreign_keys(1)",
	"journal_mode(WAL)",
	"synchronous(NORMAL)",
}

// Open connects to the database named by dsn and migrates it to this
// binary's schema. dsn is:
//
//   - "" for the SQLite file sudokubot.db in the working directory;
//   - a file path or a "file:" URI for SQLite (WAL mode, foreign keys on,
//     10 s busy timeout, set for every pooled connection);
//   - ":memory:" for a private in-memory SQLite database (one connection,
//     gone on Close; for tests and trials);
//   - a "postgres://" or "postgresql://" URL for PostgreSQL, which several
//     bot processes can share. Its query may carry pgx settings such as
//     sslmode or search_path, and the deadlines (connect_timeout,
//     statement_timeout, lock_timeout, idle_in_transaction_session_timeout;
//     see openPostgres for their defaults).
//
// Open fails with ErrSchemaTooNew when a newer sudokubot already migrated
// the database.
func Open(ctx context.Context, dsn string) (*Store, error) {
	return openWith(ctx, dsn, nil)
}

// openWith is Open with a replacement migration list, for tests that play
// an older or newer binary.
func openWith(ctx context.Context, dsn string, migs []migration) (*Store, error) {
	dsn, err := checkDSN(dsn)
	if err != nil {
		return nil, err
	}
	s := &Store{}
	switch {
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		s.backend = Postgres
		db, err := openPostgres(dsn)
		if err != nil {
			return nil, err
		}
		s.db = &pool{DB: db, wait: poolWait}
		s.db.SetMaxOpenConns(20)
		s.db.SetMaxIdleConns(10)
		s.db.SetConnMaxIdleTime(5 * time.Minute)
	default:
		s.backend = SQLite
		name, memory, err := sqliteDSN(dsn)
		if err != nil {
			return nil, err
		}
		db, err := sql.Open("sqlite", name)
		if err != nil {
			return nil, fmt.Errorf("store: open sqlite: %w", err)
		}
		s.db = &pool{DB: db}
		if memory {
			// Every connection to :memory: is a database of its own: keep
			// exactly one, forever.
			s.db.SetMaxOpenConns(1)
			s.db.SetMaxIdleConns(1)
			s.db.SetConnMaxLifetime(0)
			s.db.SetConnMaxIdleTime(0)
		} else {
			s.db.SetMaxOpenConns(8)
			s.db.SetMaxIdleConns(8)
		}
	}
	if err := s.connect(ctx); err != nil {
		s.db.Close()
		if s.backend == SQLite {
			return nil, sqliteOpenError(dsn, err)
		}
		return nil, fmt.Errorf("store: connect to %s: %w", s.backend, err)
	}
	if migs == nil {
		migs, err = loadMigrations(s.backend)
		if err != nil {
			s.db.Close()
			return nil, err
		}
	}
	if err := s.migrate(ctx, migs); err != nil {
		s.db.Close()
		return nil, err
	}
	return s, nil
}

// connect opens the first connection. Several processes opening one new
// SQLite file at once race to switch it to WAL, and SQLite answers that
// switch with SQLITE_BUSY at once rather than through the busy handler, so
// a busy first connection is retried for as long as the busy timeout.
func (s *Store) connect(ctx context.Context) error {
	deadline := time.Now().Add(10 * time.Second)
	return connectRetry.Do(ctx, func() error {
		err := s.db.PingContext(ctx)
		var se *sqlite.Error
		if err == nil || s.backend != SQLite || !errors.As(err, &se) || se.Code()&0xff != sqliteBusy || time.Now().After(deadline) {
			return retry.Permanent(err)
		}
		return err
	}, nil)
}

// connectRetry spaces the attempts of connect: short waits, as the other
// process is done with the switch within milliseconds.
var connectRetry = retry.Policy{First: 5 * time.Millisecond, Max: 200 * time.Millisecond}

// sqliteOpenError names the database file, and its directory when that
// is missing, in a failure to open a SQLite database: SQLite's own
// "unable to open database file (14)" names neither.
func sqliteOpenError(dsn string, err error) error {
	path := dsn
	if path == "" {
		path = DefaultPath
	}
	path, _, _ = strings.Cut(strings.TrimPrefix(path, "file:"), "?")
	if dir := filepath.Dir(path); path != "" && path != ":memory:" {
		if _, statErr := os.Stat(dir); errors.Is(statErr, fs.ErrNotExist) {
			return fmt.Errorf("store: SQLite database %s: the directory %s does not exist (create it, or choose another path): %w", path, dir, err)
		}
		if !writable(dir) {
			return fmt.Errorf("store: SQLite database %s: this process (uid %d) cannot write in %s (in the Docker image, uid 65532: chown 65532:65532 a bind-mounted /data, or use a named volume): %w", path, os.Getuid(), dir, err)
		}
		return fmt.Errorf("store: SQLite database %s: %w", path, err)
	}
	return fmt.Errorf("store: connect to sqlite: %w", err)
}

// writable reports whether this process can create a file in dir, as
// SQLite must (the database, its WAL and shared-memory files). A variable
// for tests, which run as root in CI, where every directory is writable.
var writable = func(dir string) bool {
	f, err := os.CreateTemp(dir, ".sudokubot-write-check-*")
	if err != nil {
		return false
	}
	f.Close()
	os.Remove(f.Name())
	return true
}

// sqliteBusy is SQLite's primary result code SQLITE_BUSY.
const sqliteBusy = 5

// sqliteDSN turns Open's dsn into a modernc.org/sqlite DSN carrying the
// pragmas; memory reports an in-memory database.
func sqliteDSN(dsn string) (name string, memory bool, err error) {
	if dsn == "" {
		dsn = DefaultPath
	}
	path, query, prefix := dsn, "", ""
	if strings.HasPrefix(dsn, "file:") {
		// A URI: the driver hands it whole to SQLite, which applies its own
		// parameters (mode=memory, cache=shared, ...).
		prefix = "file:"
		path, query, _ = strings.Cut(strings.TrimPrefix(dsn, "file:"), "?")
	} else if strings.ContainsRune(dsn, '?') {
		return "", false, fmt.Errorf("store: sqlite path %q holds a '?': use a file: URI: %w", dsn, ErrInvalid)
	}
	q, err := url.ParseQuery(query)
	if err != nil {
		return "", false, fmt.Errorf("store: sqlite DSN %q: %w", dsn, err)
	}
	memory = path == ":memory:" || q.Get("mode") == "memory"
	have := map[string]bool{}
	for _, p := range q["_pragma"] {
		k, _, _ := strings.Cut(p, "(")
		have[strings.ToLower(strings.TrimSpace(k))] = true
	}
	for _, p := range sqlitePragmas {
		k, _, _ := strings.Cut(p, "(")
		if !have[k] {
			q.Add("_pragma", p)
		}
	}
	// BEGIN IMMEDIATE: a write transaction takes the write lock when it
	// starts, so a read-then-write never fails half way with SQLITE_BUSY.
	if q.Get("_txlock") == "" {
		q.Set("_txlock", "immediate")
	}
	// A plain path stays plain: the driver cuts the query off before SQLite
	// sees the name, so no character of the path needs escaping.
	return prefix + path + "?" + q.Encode(), memory, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Backend returns SQLite or Postgres.
func (s *Store) Backend() string { return s.backend }

// Ping checks that the database answers, for /healthz.
func (s *Store) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// q rewrites a query written with ? placeholders for the back end:
// PostgreSQL wants $1, $2, ... Queries never hold a literal '?'.
func (s *Store) q(query string) string {
	if s.backend != Postgres {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	return b.String()
}

// forUpdate is the row-lock clause for a read that precedes a write in the
// same transaction. SQLite needs none: BEGIN IMMEDIATE already holds the
// database's write lock.
func (s *Store) forUpdate(table string) string {
	if s.backend == Postgres {
		return " FOR UPDATE OF " + table
	}
	return ""
}

// write runs fn in a write transaction and commits it when fn returns nil;
// any error rolls everything back, so nothing is half written.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	if s.backend == SQLite {
		s.wmu.Lock()
		defer s.wmu.Unlock()
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// ms converts a time to the stored form: Unix milliseconds, 0 for the zero
// time. Both back ends store times as integers, so they compare and sort
// the same way everywhere.
func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromMS is the inverse of ms; times come back in UTC.
func fromMS(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v).UTC()
}

// notFound wraps ErrNotFound for sql.ErrNoRows and passes other errors on.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	return fmt.Errorf("store: %s: %w", what, err)
}

// keywordDSN matches libpq's key=value connection strings.
var keywordDSN = regexp.MustCompile(`(?i)(^|\s)(host|hostaddr|user|dbname|password|port|sslmode)\s*=`)

// checkDSN refuses what is neither a PostgreSQL URL nor a SQLite path but
// would be taken for a path: a file named after a mistyped connection
// string, password and all, is never what the admin wanted. It lowercases
// a "Postgres://" scheme, which URLs allow. Its errors never quote the
// DSN, which may carry a password.
func checkDSN(dsn string) (string, error) {
	lower := strings.ToLower(dsn)
	for _, scheme := range []string{"postgres://", "postgresql://"} {
		if strings.HasPrefix(lower, scheme) {
			return scheme + dsn[len(scheme):], nil
		}
	}
	switch {
	case strings.HasPrefix(lower, "file:"):
		return dsn, nil
	case strings.Contains(dsn, "://"):
		scheme, _, _ := strings.Cut(dsn, "://")
		if len(scheme) > 20 || strings.ContainsAny(scheme, "@:/ ") {
			scheme = "this"
		} else {
			scheme = strconv.Quote(scheme)
		}
		return "", fmt.Errorf("store: the database is a URL with the scheme %s: want a postgres:// URL or a SQLite file path: %w", scheme, ErrInvalid)
	case strings.HasPrefix(lower, "postgres:"), strings.HasPrefix(lower, "postgresql:"):
		return "", fmt.Errorf("store: the database looks like a PostgreSQL connection string but is not a postgres:// URL: %w", ErrInvalid)
	case keywordDSN.MatchString(dsn):
		return "", fmt.Errorf("store: key=value connection strings are not supported: give PostgreSQL as a URL: postgres:// then user:password@host/db: %w", ErrInvalid)
	}
	return dsn, nil
}
