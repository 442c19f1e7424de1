package cli

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// TestHealth: `sudokubot health` exits 0 on /healthz's "ok" and 1 on
// each other answer the bot gives ("unhealthy", "shutting down"), on no
// answer, and when no address is configured.
func TestHealth(t *testing.T) {
	answer := func(status int, body string) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/healthz" {
				http.NotFound(w, r)
				return
			}
			w.WriteHeader(status)
			w.Write([]byte(body + "\n"))
		}))
		t.Cleanup(srv.Close)
		return strings.TrimPrefix(srv.URL, "http://")
	}
	closed := httptest.NewServer(http.NotFoundHandler())
	closedAddr := strings.TrimPrefix(closed.URL, "http://")
	closed.Close()
	ok := answer(http.StatusOK, "ok")
	// The container's case: a config file (named by $SUDOKUBOT_CONFIG or
	// --config) that reads its token from an environment the health
	// check does not have.
	dir := t.TempDir()
	withFile := filepath.Join(dir, "sudokubot.yaml")
	os.WriteFile(withFile, []byte("discord:\n  token: ${DISCORD_TOKEN}\n  app_id: \"1\"\nhttp:\n  addr: "+ok+"\n"), 0o600)
	badAddr := filepath.Join(dir, "bad.yaml")
	os.WriteFile(badAddr, []byte("http:\n  addr: localhost\n"), 0o600)
	for _, tt := range []struct {
		name string
		args []string
		env  map[string]string
		code int
		want string
	}{
		{"ok", []string{"--addr", ok}, nil, exitOK, "ok"},
		{"configured address", nil, map[string]string{"DISCORD_TOKEN": "x.y.z", "DISCORD_APP_ID": "1", "SUDOKUBOT_HTTP_ADDR": ok}, exitOK, "ok"},
		{"unhealthy", []string{"--addr", answer(http.StatusServiceUnavailable, "unhealthy")}, nil, exitError, `503 "unhealthy"`},
		{"shutting down", []string{"--addr", answer(http.StatusServiceUnavailable, "shutting down")}, nil, exitError, `503 "shutting down"`},
		{"nothing listening", []string{"--addr", closedAddr}, nil, exitError, "unhealthy: "},
		{"config file from the environment, no token", nil, map[string]string{"SUDOKUBOT_CONFIG": withFile}, exitOK, "ok"},
		{"config file by flag, no token", []string{"--config", withFile}, nil, exitOK, "ok"},
		{"config file with a bad address", []string{"--config", badAddr}, nil, exitError, "http.addr (SUDOKUBOT_HTTP_ADDR) \"localhost\" is not host:port"},
		{"config file missing", []string{"--config", filepath.Join(dir, "none.yaml")}, nil, exitError, "none.yaml"},
		{"no address", nil, map[string]string{"DISCORD_TOKEN": "x.y.z", "DISCORD_APP_ID": "1"}, exitError, "no http.addr (SUDOKUBOT_HTTP_ADDR)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(context.Background(), &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, getenv: envOf(tt.env)}, append([]string{"health"}, tt.args...))
			if code != tt.code || !strings.Contains(out.String()+errOut.String(), tt.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit %d and %q", code, out.String(), errOut.String(), tt.code, tt.want)
			}
		})
	}
}

func TestDialable(t *testing.T) {
	for in, want := range map[string]string{
		":8080":           "127.0.0.1:8080",
		"0.0.0.0:8080":    "127.0.0.1:8080",
		"[::]:8080":       "[::1]:8080",
		"10.0.0.5:9000":   "10.0.0.5:9000",
		"localhost:8080":  "localhost:8080",
		"[2001:db8::1]:1": "[2001:db8::1]:1",
	} {
		if got := dialable(in); got != want {
			t.Errorf("dialable(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestVersionFromSettings(t *testing.T) {
	rev := debug.BuildSetting{Key: "vcs.revision", Value: "893f061a1b2c3d4e5f60718293a4b5c6d7e8f901"}
	for _, tt := range []struct {
		settings []debug.BuildSetting
		want     string
	}{
		{nil, "dev"},
		{[]debug.BuildSetting{rev}, "dev-893f061a1b2c"},
		{[]debug.BuildSetting{rev, {Key: "vcs.modified", Value: "true"}}, "dev-893f061a1b2c-dirty"},
	} {
		if got := versionFromSettings(tt.settings); got != tt.want {
			t.Errorf("versionFromSettings(%v) = %q, want %q", tt.settings, got, tt.want)
		}
	}
	if got := buildVersion("1.2.3"); got != "1.2.3" {
		t.Errorf("buildVersion(1.2.3) = %q", got)
	}
}
