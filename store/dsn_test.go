package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSQLiteDSN(t *testing.T) {
	for _, c := range []struct {
		dsn, prefix string
		memory      bool
		err         error
	}{
		{"", "sudokubot.db?", false, nil},
		{"data/bot.db", "data/bot.db?", false, nil},
		{":memory:", ":memory:?", true, nil},
		{"file:x.db?mode=memory&cache=shared", "file:x.db?", true, nil},
		{"file:x.db?_pragma=busy_timeout(1)", "file:x.db?", false, nil},
		{"odd?name.db", "", false, ErrInvalid},
	} {
		got, memory, err := sqliteDSN(c.dsn)
		if !errors.Is(err, c.err) {
			t.Errorf("sqliteDSN(%q) error %v, want %v", c.dsn, err, c.err)
			continue
		}
		if err != nil {
			continue
		}
		if !strings.HasPrefix(got, c.prefix) || memory != c.memory {
			t.Errorf("sqliteDSN(%q) = %q, memory %v; want prefix %q, memory %v", c.dsn, got, memory, c.prefix, c.memory)
		}
		// Every pragma is present exactly once; the caller's own value wins.
		for _, p := range []string{"busy_timeout", "foreign_keys", "journal_mode", "synchronous"} {
			if n := strings.Count(got, "_pragma="+p); n != 1 {
				t.Errorf("sqliteDSN(%q) = %q: pragma %s %d times", c.dsn, got, p, n)
			}
		}
		if !strings.Contains(got, "_txlock=immediate") {
			t.Errorf("sqliteDSN(%q) = %q: no _txlock=immediate", c.dsn, got)
		}
	}
}

// TestSQLitePragmas checks that every pooled connection, not just the
// first, runs with the pragmas, and that an awkward path works.
func TestSQLitePragmas(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "dir with space #1", "bot.db")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	s := openStore(t, path)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database file not at %s: %v", path, err)
	}
	// Hold several connections at once so the pool must open new ones.
	var conns []interface{ Close() error }
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := range 4 {
		c, err := s.db.DB.Conn(ctx)
		must(t, err, "Conn")
		conns = append(conns, c)
		var fk, busy int
		var mode string
		must(t, c.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk), "foreign_keys")
		must(t, c.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&busy), "busy_timeout")
		must(t, c.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode), "journal_mode")
		if fk != 1 || busy != 10000 || mode != "wal" {
			t.Errorf("connection %d: foreign_keys %d, busy_timeout %d, journal_mode %s", i, fk, busy, mode)
		}
	}
}

// TestCheckDSN: a mistyped connection string is refused, not taken for a
// SQLite file named after it, and the error never shows the password.
func TestCheckDSN(t *testing.T) {
	for _, c := range []struct {
		dsn, want string
		err       bool
	}{
		{"", "", false},
		{"data/bot.db", "data/bot.db", false},
		{":memory:", ":memory:", false},
		{"file:///tmp/x.db?mode=memory", "file:///tmp/x.db?mode=memory", false},
		{"postgres://u:pw@h/db", "postgres://u:pw@h/db", false},
		{"Postgres://u:hunter2@h/db", "postgres://u:hunter2@h/db", false},
		{"PostgreSQL://u@h/db", "postgresql://u@h/db", false},
		{"pgsql://bot:hunter2@db/x", "", true},
		{"postgres:bot:hunter2@db", "", true},
		{"host=db user=bot password=hunter2 dbname=s", "", true},
		{"mysql://root:hunter2@localhost/x", "", true},
	} {
		got, err := checkDSN(c.dsn)
		if (err != nil) != c.err || got != c.want {
			t.Errorf("checkDSN(%q) = %q, %v; want %q, error %v", c.dsn, got, err, c.want, c.err)
		}
		if err != nil && (!errors.Is(err, ErrInvalid) || strings.Contains(err.Error(), "hunter2")) {
			t.Errorf("checkDSN(%q): %v (want ErrInvalid, no password)", c.dsn, err)
		}
	}
	dir := t.TempDir()
	t.Chdir(dir)
	if _, err := Open(context.Background(), "host=db user=bot password=hunter2 dbname=s"); err == nil {
		t.Fatal("a key=value connection string opened as a SQLite file")
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("a refused DSN left %d files in the working directory", len(files))
	}
}

// FuzzCheckDSN: any DSN is accepted or refused with ErrInvalid, never a
// panic, and a refusal never quotes what follows the scheme.
func FuzzCheckDSN(f *testing.F) {
	for _, s := range []string{"", "a.db", "postgres://u:p@h/d", "x://y", "host=a", "file:x", "Postgres://", "://"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, dsn string) {
		_, err := checkDSN(dsn)
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Fatalf("checkDSN(%q): %v", dsn, err)
		}
		if _, rest, ok := strings.Cut(dsn, "://"); ok && err != nil && len(rest) > 3 && strings.Contains(err.Error(), rest) {
			t.Fatalf("checkDSN(%q) quotes %q: %v", dsn, rest, err)
		}
	})
}
