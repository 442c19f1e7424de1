package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBoardKeyCommand: rotate makes a new signing key and keeps the old
// one verifying for 7 days; --revoke leaves only the new key; bad usage
// exits 2; no key is ever printed.
func TestBoardKeyCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "keys.db")
	for _, tc := range []struct {
		args  []string
		code  int
		lines int    // lines of output
		want  string // in stdout, or stderr when code is not 0
	}{
		{[]string{"board-key", "rotate", "--db", db}, 0, 1, "key 1 signs board links from now on"},
		{[]string{"board-key", "rotate", "--db", db}, 0, 2, "verifies its links until"},
		{[]string{"board-key", "rotate", "--revoke", "--db", db}, 0, 1, "key 3 signs board links from now on"},
		{[]string{"board-key", "--db", db}, 2, 0, "want the action rotate"},
		{[]string{"board-key", "spin", "--db", db}, 2, 0, `got ["spin"]`},
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
}
