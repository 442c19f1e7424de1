package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"syscall"
	"time"

	"github.com/sudokubot/sudokubot/interactions"
	"github.com/sudokubot/sudokubot/store"
)

// Health checks a dependency (the store, the gateway) for /healthz. An
// error that is or wraps a *HealthError shows its Reason there; any other
// shows as "unhealthy" (its detail goes to the log only).
type Health func(ctx context.Context) error

// HealthError is a failed check as /healthz words it for the operator:
// what is wrong, in words safe to show anyone ("database: no answer in
// 1s"), never a host, user or password. Err, the detail, is logged.
type HealthError struct {
	Reason string
	Err    error
}

func (e *HealthError) Error() string {
	if e.Err == nil {
		return e.Reason
	}
	return e.Reason + ": " + e.Err.Error()
}

func (e *HealthError) Unwrap() error { return e.Err }

// healthTimeout bounds /healthz's checks together.
const healthTimeout = 2 * time.Second

// healthHandler serves GET /healthz: 200 "ok", or 503 "unhealthy: " and what is
// wrong ("; " between reasons), or "shutting down" once draining says so.
func healthHandler(log *slog.Logger, draining func() bool, checks ...Health) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		if draining() {
			http.Error(w, "shutting down", http.StatusServiceUnavailable)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
		defer cancel()
		failed := false
		var reasons []string
		for _, c := range checks {
			err := c(ctx)
			if err == nil {
				continue
			}
			// The detail (a database error can name its host and user)
			// goes to the log only.
			log.Warn("health check failed", "err", err)
			failed = true
			var he *HealthError
			if errors.As(err, &he) {
				reasons = append(reasons, he.Reason)
			}
		}
		switch {
		case len(reasons) > 0:
			http.Error(w, "unhealthy: "+strings.Join(reasons, "; "), http.StatusServiceUnavailable)
			return
		case failed:
			http.Error(w, "unhealthy", http.StatusServiceUnavailable)
			return
		}
		_, _ = io.WriteString(w, "ok\n")
	})
}

// gatewayHealth is /healthz's check of the gateway: it fails while the
// connection is down.
func gatewayHealth(g *interactions.Gateway) Health {
	return func(context.Context) error {
		if !g.Connected() {
			return &HealthError{Reason: "discord gateway: not connected (reconnecting)"}
		}
		return nil
	}
}

// storeHealth is /healthz's check of the database, worded for the
// operator ("database: no answer in 1s") with the detail, which can name
// the host and user, for the log only.
func storeHealth(st *store.Store) Health {
	return func(ctx context.Context) error {
		start := time.Now()
		err := st.Ping(ctx)
		if err == nil {
			return nil
		}
		return &HealthError{Reason: "database: " + dbProblem(err, time.Since(start)), Err: err}
	}
}

// dbProblem says what is wrong with the database from a failed ping that
// took the time given.
func dbProblem(err error, took time.Duration) string {
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return "connection reset"
	case errors.Is(err, store.ErrUnavailable), errors.Is(err, context.DeadlineExceeded):
		return fmt.Sprintf("no answer in %s", took.Round(100*time.Millisecond))
	}
	return "error (see the log)"
}
