package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func notDraining() bool { return false }

// TestHealthzHidesDetail: a failing check answers "unhealthy" without its
// error (which can name a database host and user); the log has it.
func TestHealthzHidesDetail(t *testing.T) {
	t.Parallel()
	logs := &strings.Builder{}
	srv := httptest.NewServer(healthHandler(slog.New(slog.NewTextHandler(logs, nil)), notDraining, func(context.Context) error {
		return errors.New(`failed to connect to user=admin host=db.internal.example: password authentication failed`)
	}))
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || strings.TrimSpace(string(b)) != "unhealthy" {
		t.Fatalf("/healthz %d %q, want 503 \"unhealthy\"", resp.StatusCode, b)
	}
	if !strings.Contains(logs.String(), "db.internal.example") {
		t.Errorf("the log lacks the detail: %s", logs)
	}
}

// TestHealthzSaysWhatIsWrong: a check's HealthError shows its reason, and
// only its reason; every failing check is named.
func TestHealthzSaysWhatIsWrong(t *testing.T) {
	t.Parallel()
	logs := &strings.Builder{}
	srv := httptest.NewServer(healthHandler(slog.New(slog.NewTextHandler(logs, nil)), notDraining,
		func(context.Context) error {
			return &HealthError{Reason: "database: no answer in 1s", Err: errors.New("dial tcp db.internal.example:5432: i/o timeout")}
		},
		func(context.Context) error { return nil },
		func(context.Context) error { return &HealthError{Reason: "discord gateway: not connected"} },
	))
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	want := "unhealthy: database: no answer in 1s; discord gateway: not connected"
	if resp.StatusCode != http.StatusServiceUnavailable || strings.TrimSpace(string(b)) != want {
		t.Fatalf("/healthz %d %q, want 503 %q", resp.StatusCode, b, want)
	}
	if !strings.Contains(logs.String(), "db.internal.example") {
		t.Errorf("the log lacks the detail: %s", logs)
	}
}

// TestHealthzWhileDraining: once the bot drains, /healthz says so and
// runs no check, so a load balancer stops sending it requests.
func TestHealthzWhileDraining(t *testing.T) {
	t.Parallel()
	checked := false
	srv := httptest.NewServer(healthHandler(slog.New(slog.DiscardHandler), func() bool { return true },
		func(context.Context) error { checked = true; return nil }))
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || strings.TrimSpace(string(b)) != "shutting down" || checked {
		t.Fatalf("/healthz while draining: %d %q (checks run: %v)", resp.StatusCode, b, checked)
	}
}

// TestHealthzOK: every check passing is 200 "ok".
func TestHealthzOK(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(healthHandler(slog.New(slog.DiscardHandler), notDraining, func(context.Context) error { return nil }))
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(b) != "ok\n" {
		t.Fatalf("/healthz %d %q", resp.StatusCode, b)
	}
}
