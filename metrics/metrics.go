// Package metrics is the process's Prometheus metrics, one registry that
// every part counts in (the Discord door's interactions, the web door's
// answers, the publisher's posts, the job queue) and /metrics serves, and
// the throttled log of refused requests that both doors share.
package metrics

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"runtime"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// latencyBuckets are the upper bounds (seconds) of the handler latency
// histogram: fine below 100 ms, where the target is, coarse up to
// Discord's 3-second limit and beyond.
var latencyBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// Metrics counts what the bot does, for Prometheus to scrape from
// ServeHTTP. Each Metrics has a registry of its own (with the Go runtime
// and process collectors), not Prometheus's global one, so several bots
// in one process (tests) do not share counts. Make it with New;
// it is safe for concurrent use.
type Metrics struct {
	reg          *prometheus.Registry
	handler      http.Handler
	interactions *prometheus.CounterVec   // route, outcome
	latency      *prometheus.HistogramVec // route
	dailyPosts   *prometheus.CounterVec   // outcome
	errors       *prometheus.CounterVec   // kind
	rejected     *prometheus.CounterVec   // reason
	web          *prometheus.CounterVec   // call, status
	build        *prometheus.GaugeVec     // version, go_version: 1
}

// New returns metrics with nothing counted yet.
func New() *Metrics {
	m := &Metrics{
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_interactions_total",
			Help: "Interactions handled, by route and outcome.",
		}, []string{"route", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "sudokubot_interaction_duration_seconds",
			Help:    "Handler latency, from receipt to the response being ready.",
			Buckets: latencyBuckets,
		}, []string{"route"}),
		dailyPosts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_daily_posts_total",
			Help: "Daily puzzle posts attempted, by outcome.",
		}, []string{"outcome"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_errors_total",
			Help: "Errors, by kind.",
		}, []string{"kind"}),
		rejected: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_rejected_requests_total",
			Help: "Interaction requests refused before handling (forged, stale, replayed), by reason.",
		}, []string{"reason"}),
		web: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_web_requests_total",
			Help: "Web board API answers, by call and HTTP status.",
		}, []string{"call", "status"}),
		build: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "sudokubot_build_info",
			Help: "Always 1; the labels say which build is running.",
		}, []string{"version", "go_version"}),
	}
	m.reg = prometheus.NewRegistry()
	reg := m.reg
	reg.MustRegister(m.interactions, m.latency, m.dailyPosts, m.errors, m.rejected, m.web, m.build,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.handler = promhttp.InstrumentMetricHandler(reg, promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	return m
}

// Register adds a collector of another part (the job queue's depth) to
// what /metrics serves.
func (m *Metrics) Register(c prometheus.Collector) error { return m.reg.Register(c) }

// Interaction outcomes.
const (
	OutcomeOK        = "ok"
	OutcomeUserError = "user_error" // the player asked for something impossible
	OutcomeError     = "error"      // our side failed
	OutcomePanic     = "panic"
)

// SetBuildInfo exports the running build's version as
// sudokubot_build_info{version,go_version} 1.
func (m *Metrics) SetBuildInfo(version string) {
	m.build.Reset()
	m.build.WithLabelValues(version, runtime.Version()).Set(1)
}

// ObserveInteraction records one handled interaction.
func (m *Metrics) ObserveInteraction(route, outcome string, d time.Duration) {
	m.interactions.WithLabelValues(route, outcome).Inc()
	m.latency.WithLabelValues(route).Observe(d.Seconds())
}

// DailyPost records a daily post attempt by the publisher: outcome is e.g.
// "posted", "forbidden", "failed".
func (m *Metrics) DailyPost(outcome string) {
	m.dailyPosts.WithLabelValues(outcome).Inc()
}

// Error counts an error of a kind (e.g. "respond", "signature", "panic").
func (m *Metrics) Error(kind string) {
	m.errors.WithLabelValues(kind).Inc()
}

// Rejected counts a request to the HTTP endpoint refused before any
// handling, by reason ("signature", "timestamp", "replay", ...).
func (m *Metrics) Rejected(reason string) {
	m.rejected.WithLabelValues(reason).Inc()
}

// WebRequest counts an answer of the web board's API.
func (m *Metrics) WebRequest(call string, status int) {
	m.web.WithLabelValues(call, strconv.Itoa(status)).Inc()
}

// ServeHTTP serves the metrics for Prometheus to scrape, in the format it
// asks for (the text format by default).
func (m *Metrics) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.handler.ServeHTTP(w, r)
}

// Guarded serves the metrics behind a bearer token when token is set
// (Prometheus: authorization credentials): once the board is public, the
// listener is too, and the counts say how busy the bot is. A refusal is
// counted (metrics_unauthorized); the comparison takes the same time
// whatever matches, and the token is never logged. Unset, the metrics are
// open, as on a private listener.
func (m *Metrics) Guarded(token string) http.Handler {
	if token == "" {
		return m
	}
	want := sha256.Sum256([]byte("Bearer " + token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := sha256.Sum256([]byte(r.Header.Get("Authorization")))
		if subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
			m.Rejected("metrics_unauthorized")
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		m.ServeHTTP(w, r)
	})
}
