package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// TestPostgresDeadlines: the deadlines Open adds to a DSN that names none,
// and a DSN's own winning.
func TestPostgresDeadlines(t *testing.T) {
	for _, tc := range []struct {
		dsn              string
		connect, answer  time.Duration
		statement, locks string
	}{
		{"postgres://bot@db/sudoku", 5 * time.Second, 5500 * time.Millisecond, "5000", "3000"},
		{"postgres://bot@db/sudoku?connect_timeout=10&statement_timeout=30s&lock_timeout=0", 10 * time.Second, 30500 * time.Millisecond, "30s", "0"},
		{"postgres://bot@db/sudoku?statement_timeout=0", 5 * time.Second, 0, "0", "3000"},
		{"postgres://bot@db/sudoku?statement_timeout=1min", 5 * time.Second, 60500 * time.Millisecond, "1min", "3000"},
	} {
		cfg, answer, err := postgresConfig(tc.dsn)
		if err != nil {
			t.Fatalf("%s: %v", tc.dsn, err)
		}
		if cfg.ConnectTimeout != tc.connect || answer != tc.answer {
			t.Errorf("%s: connect %s, answer %s; want %s, %s", tc.dsn, cfg.ConnectTimeout, answer, tc.connect, tc.answer)
		}
		p := cfg.RuntimeParams
		if p["statement_timeout"] != tc.statement || p["lock_timeout"] != tc.locks || p["idle_in_transaction_session_timeout"] != "30000" {
			t.Errorf("%s: runtime params %v", tc.dsn, p)
		}
	}
	for _, dsn := range []string{
		"postgres://bot:hunter2@db/sudoku?statement_timeout=soon",
		"postgres://bot:hunter2@db:notaport/sudoku",
	} {
		_, _, err := postgresConfig(dsn)
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", dsn, err)
		}
		if err != nil && strings.Contains(err.Error(), "hunter2") {
			t.Errorf("the error shows the password: %v", err)
		}
	}
}

func TestPGDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"0": 0, "5000": 5 * time.Second, "250ms": 250 * time.Millisecond, "5s": 5 * time.Second,
		"1.5s": 1500 * time.Millisecond, "2min": 2 * time.Minute, "1h": time.Hour, "1d": 24 * time.Hour, " 7 s ": 7 * time.Second,
	} {
		if got, err := pgDuration(in); err != nil || got != want {
			t.Errorf("pgDuration(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
	for _, in := range []string{"", "soon", "5 parsecs", "-1s", "1e400"} {
		if _, err := pgDuration(in); err == nil {
			t.Errorf("pgDuration(%q): no error", in)
		}
	}
}

// FuzzPGDuration: a duration or an error, never a panic or a negative one.
func FuzzPGDuration(f *testing.F) {
	for _, s := range []string{"5000", "5s", "1.5min", "0", "", "1e9h", "9999999999999999999d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := pgDuration(s)
		if err == nil && d < 0 {
			t.Fatalf("pgDuration(%q) = %s", s, d)
		}
	})
}

// TestUnavailableLocked: a statement that waited out lock_timeout is
// retried like a silent database (ErrUnavailable) but says what it was,
// a locked row, not a database that does not answer.
func TestUnavailableLocked(t *testing.T) {
	lock := &pgconn.PgError{Code: "55P03", Message: "canceling statement due to lock timeout"}
	err := unavailable(context.Background(), fmt.Errorf("claiming: %w", lock))
	if !errors.Is(err, ErrUnavailable) || !errors.Is(err, ErrLocked) {
		t.Errorf("%v: not ErrUnavailable and ErrLocked", err)
	}
	if strings.Contains(err.Error(), ErrUnavailable.Error()) || !strings.Contains(err.Error(), "locked") {
		t.Errorf("%q: says the database is not answering, or not that a row was locked", err)
	}
	other := &pgconn.PgError{Code: "23505", Message: "duplicate key"}
	if err := unavailable(context.Background(), other); errors.Is(err, ErrUnavailable) {
		t.Errorf("a constraint is %v", err)
	}
}
