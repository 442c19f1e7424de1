// Package storetest gives tests of store's users a fresh private database
// for store.Open, the way httptest gives them a server: a SQLite file in
// the test's temporary directory, or a PostgreSQL schema of its own (so
// tests run in parallel and leave nothing behind).
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // registers the "sqlite" database/sql driver
)

// PostgresEnv names the variable holding the PostgreSQL DSN tests use, e.g.
// postgres://postgres@127.0.0.1:5432/test?sslmode=disable.
const PostgresEnv = "SUDOKUBOT_TEST_POSTGRES"

// SQLite returns the path of a new SQLite database in t's temporary
// directory, removed when the test ends. Several store.Open calls on it
// share the database, as two processes would.
func SQLite(t testing.TB) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "store.db")
}

// Postgres returns the DSN of a new, empty PostgreSQL schema in the
// database named by $SUDOKUBOT_TEST_POSTGRES, dropped with everything in
// it when the test ends; the DSN's search_path selects it, so store.Open
// creates its tables there. Without the variable the test is skipped.
// Several store.Open calls on the DSN share the schema.
func Postgres(t testing.TB) string {
	t.Helper()
	base := os.Getenv(PostgresEnv)
	if base == "" {
		t.Skipf("%s not set", PostgresEnv)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	schema := "t_" + hex.EncodeToString(b[:])
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	if _, err := admin.ExecContext(context.Background(), "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		t.Fatalf("create schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
		admin.Close()
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// DB opens a connection of the test's own to the database of dsn (a
// SQLite path or a postgres:// URL, as store.Open takes), closed when the
// test ends: for a test that writes what no store method writes, such as
// a hundred thousand rows in one transaction, without the store handing
// out its handle.
func DB(t testing.TB, dsn string) *sql.DB {
	t.Helper()
	driver, name := "sqlite", "file:"+dsn+"?_pragma=busy_timeout(10000)"
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		driver, name = "pgx", dsn
	}
	db, err := sql.Open(driver, name)
	if err != nil {
		t.Fatalf("open %s: %v", driver, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
