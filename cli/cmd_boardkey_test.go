package cli

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/store"
)

// TestBoardKeyCommand: rotate makes a new signing key and keeps the old
// one verifying for 7 days; --revoke leaves only the new key; bad usage
// exits 2; no key is ever printed.
func TestBoardKeyCommand(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "keys.db")
	st, err := store.Open(context.Background(), db) // the bot's first start
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	for _, tc := range []struct {
		args  []string
		code  int
		lines int    // lines of output
		want  string // in stdout, or stderr when code is not 0
	}{
		{[]string{"board-key", "rotate", "--db", db}, 0, 1, "key 1 signs board links from now on"},
		{[]string{"board-key", "rotate", "--db", db}, 0, 2, "verifies its links until"},
		{[]string{"board-key", "rotate", "--revoke", "--db", db}, 0, 2, "every older key is revoked: links made before now no longer open\nkey 3 signs board links from now on"},
		{[]string{"board-key", "--db", db}, 2, 0, "want the action rotate, got nothing"},
		{[]string{"board-key", "spin", "--db", db}, 2, 0, `got "spin"`},
		{[]string{"board-key", "rotate", "--db", filepath.Join(dir, "typo.db")}, 2, 0, "no database at " + strconv.Quote(filepath.Join(dir, "typo.db"))},
	} {
		out, errOut, code := runGraded(t, "", tc.args...)
		got := out
		if tc.code != 0 {
			got = errOut
		}
		if code != tc.code || !strings.Contains(got, tc.want) || (tc.code == 0 && strings.Count(out, "\n") != tc.lines) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, %d lines, %q", tc.args, code, out, errOut, tc.code, tc.lines, tc.want)
		}
	}
	// A mistyped connection string is never echoed with its password.
	for _, dsn := range []string{"Postgres://bot:hunter2@db/s", "pgsql://bot:hunter2@db/x", "postgres:bot:hunter2@db", "host=db user=bot password=hunter2 dbname=s"} {
		if out, errOut, _ := runGraded(t, "", "board-key", "rotate", "--db", dsn); strings.Contains(out+errOut, "hunter2") {
			t.Errorf("--db %q: the password shows in %q %q", dsn, out, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "typo.db")); !os.IsNotExist(err) {
		t.Errorf("a mistyped --db made a database: %v", err)
	}
}
