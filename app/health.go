package app

import (
	"context"
	"errors"
	"fmt"
	"syscall"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/store"
)

// storeHealth is /healthz's check of the database, worded for the
// operator ("database: no answer in 1s") with the detail, which can name
// the host and user, for the log only.
func storeHealth(st *store.Store) bot.Health {
	return func(ctx context.Context) error {
		start := time.Now()
		err := st.Ping(ctx)
		if err == nil {
			return nil
		}
		return &bot.HealthError{Reason: "database: " + dbProblem(err, time.Since(start)), Err: err}
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
