package bot

import (
	"net/http"
	"strconv"
	"sync"
	"time"
)

// What guards the web API: a per-player request budget, and one line in
// /metrics per call and status.

// Web API budget: a page polls every 5 s and sends a move per tap, so 10
// requests a second with bursts of 40 never bind a player, and a script
// hammering the store with one link is slowed to that.
const (
	webRate  = 10.0
	webBurst = 40.0
	// webLimiterMax bounds the players remembered; idle ones are dropped.
	webLimiterMax = 10000
)

// webLimiter is a token bucket per key (a player, or "activity" for the
// sign-in calls, which cost a request to Discord each).
type webLimiter struct {
	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// allow takes one request from key's bucket at now.
func (l *webLimiter) allow(key string, now time.Time, rate, burst float64) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buckets == nil {
		l.buckets = map[string]*bucket{}
	}
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= webLimiterMax {
			l.prune(now, burst/rate)
		}
		b = &bucket{tokens: burst, last: now}
		l.buckets[key] = b
	}
	if d := now.Sub(b.last).Seconds(); d > 0 {
		b.tokens = min(burst, b.tokens+d*rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// prune drops the buckets full again by now (idle for refill seconds):
// forgetting them changes nothing.
func (l *webLimiter) prune(now time.Time, refill float64) {
	for k, b := range l.buckets {
		if now.Sub(b.last).Seconds() >= refill {
			delete(l.buckets, k)
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

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// observed counts every answer of an API call in /metrics
// (sudokubot_web_requests_total{call,status}) and logs it at debug level.
func (b *Bot) observed(call string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		h(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		b.metrics.WebRequest(call, rec.status)
		b.log.Debug("web API", "call", call, "status", rec.status, "duration", time.Since(start))
	}
}

// WebRequest counts an answer of the web board's API.
func (m *Metrics) WebRequest(call string, status int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.web == nil {
		m.web = map[[2]string]uint64{}
	}
	m.web[[2]string{call, strconv.Itoa(status)}]++
}
