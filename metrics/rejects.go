package metrics

import (
	"log/slog"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/clock"
)

// RejectLog logs refused requests (forged signatures, stale timestamps,
// bad board tokens) at most once per interval, with the count since the
// last line: they are counted in /metrics
// (sudokubot_rejected_requests_total) and cannot flood the log. Both doors
// share one, so a flood on one does not hide behind the other. Make it
// with NewRejectLog; it is safe for concurrent use.
type RejectLog struct {
	log      *slog.Logger
	interval time.Duration
	clock    clock.Clock

	mu         sync.Mutex
	last       time.Time
	suppressed int
}

// NewRejectLog returns a RejectLog writing to log at most once per
// interval by c's time (the wall clock when nil).
func NewRejectLog(log *slog.Logger, interval time.Duration, c clock.Clock) *RejectLog {
	return &RejectLog{log: log, interval: interval, clock: clock.Or(c)}
}

// LogRejected notes one refused request and logs it unless a line was
// written within the interval.
func (l *RejectLog) LogRejected(reason string, status int, remote string, err error) {
	l.mu.Lock()
	now := l.clock.Now()
	if !l.last.IsZero() && now.Sub(l.last) < l.interval {
		l.suppressed++
		l.mu.Unlock()
		return
	}
	n := l.suppressed
	l.suppressed, l.last = 0, now
	l.mu.Unlock()
	l.log.Warn("rejected interaction request", "reason", reason, "status", status, "remote", remote, "err", err,
		"more_rejected_since_last_line", n)
}
