package app

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHealthz: every check passing is 200 "ok"; a failing check answers
// "unhealthy" without its error (which can name a database host and
// user), the log has it; a check's HealthError shows its reason, and only
// its reason, every failing check named; once the bot drains, /healthz
// says so and runs no check, so a load balancer stops sending it
// requests.
func TestHealthz(t *testing.T) {
	t.Parallel()
	var ran bool // a check ran (the cases run one by one)
	ok := Health(func(context.Context) error { ran = true; return nil })
	for _, tc := range []struct {
		name     string
		draining bool
		checks   []Health
		status   int
		body     string
		logged   string // what the log must hold; "" asks nothing
	}{
		{name: "ok", checks: []Health{ok}, status: http.StatusOK, body: "ok"},
		{name: "hides detail", checks: []Health{func(context.Context) error {
			return errors.New(`failed to connect to user=admin host=db.internal.example: password authentication failed`)
		}}, status: http.StatusServiceUnavailable, body: "unhealthy", logged: "db.internal.example"},
		{name: "says what is wrong", checks: []Health{
			func(context.Context) error {
				return &HealthError{Reason: "database: no answer in 1s", Err: errors.New("dial tcp db.internal.example:5432: i/o timeout")}
			},
			ok,
			func(context.Context) error { return &HealthError{Reason: "discord gateway: not connected"} },
		}, status: http.StatusServiceUnavailable, body: "unhealthy: database: no answer in 1s; discord gateway: not connected", logged: "db.internal.example"},
		{name: "draining", draining: true, checks: []Health{ok}, status: http.StatusServiceUnavailable, body: "shutting down"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ran = false
			logs := &strings.Builder{}
			h := healthHandler(slog.New(slog.NewTextHandler(logs, nil)), func() bool { return tc.draining }, tc.checks...)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest("GET", "/healthz", nil))
			if w.Code != tc.status || strings.TrimSpace(w.Body.String()) != tc.body {
				t.Errorf("/healthz %d %q, want %d %q", w.Code, w.Body, tc.status, tc.body)
			}
			if !strings.Contains(logs.String(), tc.logged) {
				t.Errorf("the log lacks %q: %s", tc.logged, logs)
			}
			if tc.draining && ran {
				t.Error("a check ran while draining")
			}
		})
	}
}
