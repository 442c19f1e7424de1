package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// runGraded runs a subcommand of this CLI with stdin and returns
// its output and exit status.
func runGraded(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	code = run(context.Background(), env, args)
	return out.String(), errOut.String(), code
}

func TestRateCommand(t *testing.T) {
	const easy = "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	tests := []struct {
		name   string
		stdin  string
		args   []string
		want   []string // output lines, each matched as a substring
		code   int
		stderr string
	}{
		{
			name:  "easy puzzle with trailing fields",
			stdin: "# comment\n\n" + easy + " 1.2 whatever\n",
			want:  []string{"easy 1.2 Hidden Single"},
		},
		{
			name:  "errors keep their place",
			stdin: easy + "\n" + strings.Repeat(".", 81) + "\n12345\n55" + easy[2:] + "\n123456780000000009" + strings.Repeat("0", 63) + "\n" + easy + "\n",
			want: []string{
				"easy 1.2 Hidden Single",
				"error: multiple solutions",
				"error: invalid: line 3: found 5 cells, a grid has 81",
				"error: invalid: r1c1 and r1c2 both hold 5",
				"error: no solution",
				"easy 1.2 Hidden Single",
			},
			code: exitError,
		},
		{
			name:   "two files",
			args:   []string{"a", "b"},
			code:   exitUsage,
			stderr: "at most one FILE",
		},
		{
			name:   "missing file",
			args:   []string{"/nonexistent/puzzles.txt"},
			code:   exitUsage,
			stderr: "no such file",
		},
		{
			name:   "bad flag",
			args:   []string{"--frobnicate"},
			code:   exitUsage,
			stderr: "frobnicate",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runGraded(t, tt.stdin, append([]string{"rate"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if tt.stderr != "" && !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr %q lacks %q", errOut, tt.stderr)
			}
			if tt.want == nil {
				return
			}
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			ok := len(got) == len(tt.want)
			for i := 0; ok && i < len(got); i++ {
				// Error lines must start "error: "; the detail may carry
				// context (a line number) around the expected words.
				ok = strings.Contains(got[i], tt.want[i]) &&
					strings.HasPrefix(got[i], "error: ") == strings.Contains(tt.want[i], "error: ")
			}
			if !ok {
				t.Errorf("output:\n%s\nwant lines containing:\n%s", out, strings.Join(tt.want, "\n"))
			}
		})
	}
}
