package webapi

import (
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// What guards the web API: a per-player request budget, and one line in
// /metrics per call and status.

// Web API budget: a page polls every 5 s and sends a move per tap, so 10
// requests a second with bursts of 40 never bind a player, and a script
// hammering the store with one link is slowed to that.
const (
	webRate  = 10
	webBurst = 40
	// webLimiterMax bounds the players remembered; idle ones are dropped.
	webLimiterMax = 10000
)

// webLimiter keeps a token bucket (golang.org/x/time/rate) per key: a
// player, or "activity" for the sign-in calls, which cost a request to
// Discord each.
type webLimiter struct {
	mu       sync.Mutex
	limiters map[string]*rate.Limiter
}

// allow takes one request from key's bucket at now; a new key starts with
// a full bucket of burst requests, refilled at limit a second.
func (l *webLimiter) allow(key string, now time.Time, limit rate.Limit, burst int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	lim := l.limiter(key, now, limit, burst)
	return lim.AllowN(now, 1)
}

// allowAbove is allow for a caller who may not take the bucket's last
// floor requests: they are kept for others.
func (l *webLimiter) allowAbove(key string, now time.Time, limit rate.Limit, burst, floor int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	lim := l.limiter(key, now, limit, burst)
	if lim.TokensAt(now) < float64(floor+1) {
		return false
	}
	return lim.AllowN(now, 1)
}

// limiter is key's bucket, made on first use (pruning idle ones when
// the map is full). l.mu must be held.
func (l *webLimiter) limiter(key string, now time.Time, limit rate.Limit, burst int) *rate.Limiter {
	if l.limiters == nil {
		l.limiters = map[string]*rate.Limiter{}
	}
	lim := l.limiters[key]
	if lim == nil {
		if len(l.limiters) >= webLimiterMax {
			l.prune(now)
		}
		lim = rate.NewLimiter(limit, burst)
		l.limiters[key] = lim
	}
	return lim
}

// take takes one request from key's bucket at now, if it holds one, and
// returns what gives it back: a budget of failures is charged before the
// attempt, so that attempts at once cannot overdraw it, and refunded
// when the attempt succeeds.
func (l *webLimiter) take(key string, now time.Time, limit rate.Limit, burst int) (refund func(), ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lim := l.limiter(key, now, limit, burst)
	r := lim.ReserveN(now, 1)
	if !r.OK() || r.DelayFrom(now) > 0 {
		r.CancelAt(now)
		return nil, false
	}
	// CancelAt at the reservation's own time gives its token back.
	return func() { r.CancelAt(now) }, true
}

// delay reserves one request from key's bucket at now and says how long
// the caller must wait for it: requests beyond the bucket queue in
// order, each a 1/limit later. It reserves nothing and says false when
// the wait would pass max.
func (l *webLimiter) delay(key string, now time.Time, limit rate.Limit, burst int, max time.Duration) (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lim := l.limiter(key, now, limit, burst)
	r := lim.ReserveN(now, 1)
	if !r.OK() {
		return 0, false
	}
	d := r.DelayFrom(now)
	if d > max {
		r.CancelAt(now)
		return 0, false
	}
	return d, true
}

// has says whether key's bucket holds a request at now, without taking
// it (a budget charged only afterwards, on failure).
func (l *webLimiter) has(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	lim := l.limiters[key]
	return lim == nil || lim.TokensAt(now) >= 1
}

// prune drops the buckets full again by now: forgetting them changes
// nothing, as a new one starts full.
func (l *webLimiter) prune(now time.Time) {
	for k, lim := range l.limiters {
		if lim.TokensAt(now) >= float64(lim.Burst()) {
			delete(l.limiters, k)
		}
	}
}

// statusRecorder remembers the status a handler answered.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the connection (the event
// stream flushes and lifts the write deadline).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// observed counts every answer of an API call in /metrics
// (sudokubot_web_requests_total{call,status}) and logs it at debug level.
func (srv *Server) observed(call string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		h(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		srv.metrics.WebRequest(call, rec.status)
		srv.log.Debug("web API", "call", call, "status", rec.status, "duration", time.Since(start))
	}
}
