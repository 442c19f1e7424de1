package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestSolveLongLineAndBOM: a line over 1 MiB is one "error: line N: ..."
// line and the lines after it are still solved; a byte-order mark at the
// start of the first line is accepted.
func TestSolveLongLineAndBOM(t *testing.T) {
	const (
		p1 = "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19"
		p2 = "040000090000050000806000407000080000005020700002165900007603500609070302000000000"
	)
	for _, tc := range []struct {
		name, input string
		errLine     string // the error line expected as output line 2
	}{
		{"2 MiB line", "\uFEFF" + p1 + "\n" + strings.Repeat("1", 2<<20) + "\n" + p2 + "\n", "error: line 2: line too long"},
		{"long line without newline before EOF", "\uFEFF" + p1 + "\n" + strings.Repeat("x", 3<<20+17) + "\n" + p2, "error: line 2: line too long"},
		{"just over the limit", p1 + "\n" + strings.Repeat("#", maxLine+1) + "\n" + p2 + "\n", "error: line 2: line too long"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			env := &cliEnv{stdin: strings.NewReader(tc.input), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
			code := run(context.Background(), env, []string{"solve"})
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(lines) != 3 {
				t.Fatalf("%d output lines, want 3: %.300q (stderr %q)", len(lines), out.String(), errOut.String())
			}
			if len(lines[0]) != 81 || len(lines[2]) != 81 || strings.Contains(lines[0]+lines[2], "error") {
				t.Fatalf("puzzles around the long line not solved: %q / %q", lines[0], lines[2])
			}
			if !strings.HasPrefix(lines[1], tc.errLine) || len(lines[1]) > 200 {
				t.Fatalf("line 2 %.200q, want %q...", lines[1], tc.errLine)
			}
			if code != exitError {
				t.Fatalf("exit %d, want 1 (one line was an error)", code)
			}
			if errOut.Len() != 0 {
				t.Fatalf("stderr %q", errOut.String())
			}
		})
	}
	// A line of exactly the limit is read, not skipped.
	var out bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(p1 + strings.Repeat(" ", maxLine-81) + "\n"), stdout: &out, stderr: &out, getenv: func(string) string { return "" }}
	if code := run(context.Background(), env, []string{"solve"}); code != exitOK || strings.Contains(out.String(), "error") {
		t.Fatalf("line of exactly %d bytes: exit %d, %.200q", maxLine, code, out.String())
	}
}

// TestRenderRefusesBadPuzzleAndSize: a puzzle without a unique solution
// exits 1 even without --solution/--wrong/--hint; --size 0 is a usage
// error.
func TestRenderRefusesBadPuzzleAndSize(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.png")
	multi := "..." + strings.Repeat(".", 78)
	if stdout, _, code := runRenderCmd(t, "", "-o", out, multi); code != exitError || !strings.Contains(stdout, "multiple solutions") {
		t.Fatalf("non-unique puzzle: exit %d, stdout %q; want 1 and an error line", code, stdout)
	}
	const good = "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19"
	if _, stderr, code := runRenderCmd(t, "", "--size", "0", "-o", out, good); code != exitUsage || !strings.Contains(stderr, "--size 0") {
		t.Fatalf("--size 0: exit %d, stderr %q; want a usage error", code, stderr)
	}
	if _, _, code := runRenderCmd(t, "", "-o", out, good); code != exitOK {
		t.Fatalf("good puzzle: exit %d", code)
	}
}
