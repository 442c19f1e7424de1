package bot

import (
	"fmt"
	"io"
	"math"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// latencyBuckets are the upper bounds (seconds) of the handler latency
// histogram: fine below 100 ms, where the target is, coarse up to
// Discord's 3-second limit and beyond.
var latencyBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

type histogram struct {
	counts []uint64 // per bucket, not cumulative; last is +Inf
	sum    float64
	n      uint64
}

// Metrics counts what the bot does, written in the Prometheus text
// exposition format by ServeHTTP. It is safe for concurrent use; the zero
// value is ready.
type Metrics struct {
	mu           sync.Mutex
	interactions map[[2]string]uint64 // route, outcome
	latency      map[string]*histogram
	dailyPosts   map[string]uint64    // outcome
	errors       map[string]uint64    // kind
	rejected     map[string]uint64    // reason
	web          map[[2]string]uint64 // web API call, status
}

// Interaction outcomes.
const (
	OutcomeOK        = "ok"
	OutcomeUserError = "user_error" // the player asked for something impossible
	OutcomeError     = "error"      // our side failed
	OutcomePanic     = "panic"
)

// ObserveInteraction records one handled interaction.
func (m *Metrics) ObserveInteraction(route, outcome string, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.interactions == nil {
		m.interactions = map[[2]string]uint64{}
		m.latency = map[string]*histogram{}
	}
	m.interactions[[2]string{route, outcome}]++
	h := m.latency[route]
	if h == nil {
		h = &histogram{counts: make([]uint64, len(latencyBuckets)+1)}
		m.latency[route] = h
	}
	s := d.Seconds()
	i := sort.SearchFloat64s(latencyBuckets, s)
	h.counts[i]++
	h.sum += s
	h.n++
}

// DailyPost records a daily post attempt by the publisher: outcome is e.g.
// "posted", "forbidden", "failed".
func (m *Metrics) DailyPost(outcome string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.dailyPosts == nil {
		m.dailyPosts = map[string]uint64{}
	}
	m.dailyPosts[outcome]++
}

// Error counts an error of a kind (e.g. "respond", "signature", "panic").
func (m *Metrics) Error(kind string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.errors == nil {
		m.errors = map[string]uint64{}
	}
	m.errors[kind]++
}

// Rejected counts a request to the HTTP endpoint refused before any
// handling, by reason ("signature", "timestamp", "replay", ...).
func (m *Metrics) Rejected(reason string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.rejected == nil {
		m.rejected = map[string]uint64{}
	}
	m.rejected[reason]++
}

var labelEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)

func label(name, value string) string { return name + `="` + labelEscaper.Replace(value) + `"` }

func fmtFloat(f float64) string {
	if math.IsInf(f, 1) {
		return "+Inf"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// WriteTo writes every metric in the Prometheus text format (version
// 0.0.4), series sorted so the output is stable.
func (m *Metrics) WriteTo(w io.Writer) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var b strings.Builder
	b.WriteString("# HELP sudokubot_interactions_total Interactions handled, by route and outcome.\n")
	b.WriteString("# TYPE sudokubot_interactions_total counter\n")
	keys := make([][2]string, 0, len(m.interactions))
	for k := range m.interactions {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	for _, k := range keys {
		fmt.Fprintf(&b, "sudokubot_interactions_total{%s,%s} %d\n", label("route", k[0]), label("outcome", k[1]), m.interactions[k])
	}
	b.WriteString("# HELP sudokubot_interaction_duration_seconds Handler latency, from receipt to the response being ready.\n")
	b.WriteString("# TYPE sudokubot_interaction_duration_seconds histogram\n")
	routes := make([]string, 0, len(m.latency))
	for r := range m.latency {
		routes = append(routes, r)
	}
	sort.Strings(routes)
	for _, r := range routes {
		h := m.latency[r]
		var cum uint64
		for i, c := range h.counts {
			cum += c
			le := math.Inf(1)
			if i < len(latencyBuckets) {
				le = latencyBuckets[i]
			}
			fmt.Fprintf(&b, "sudokubot_interaction_duration_seconds_bucket{%s,%s} %d\n", label("route", r), label("le", fmtFloat(le)), cum)
		}
		fmt.Fprintf(&b, "sudokubot_interaction_duration_seconds_sum{%s} %s\n", label("route", r), fmtFloat(h.sum))
		fmt.Fprintf(&b, "sudokubot_interaction_duration_seconds_count{%s} %d\n", label("route", r), h.n)
	}
	writeCounter(&b, "sudokubot_daily_posts_total", "Daily puzzle posts attempted, by outcome.", "outcome", m.dailyPosts)
	writeCounter(&b, "sudokubot_errors_total", "Errors, by kind.", "kind", m.errors)
	b.WriteString("# HELP sudokubot_web_requests_total Web board API answers, by call and HTTP status.\n")
	b.WriteString("# TYPE sudokubot_web_requests_total counter\n")
	webKeys := make([][2]string, 0, len(m.web))
	for k := range m.web {
		webKeys = append(webKeys, k)
	}
	sort.Slice(webKeys, func(i, j int) bool { return webKeys[i][0]+" "+webKeys[i][1] < webKeys[j][0]+" "+webKeys[j][1] })
	for _, k := range webKeys {
		fmt.Fprintf(&b, "sudokubot_web_requests_total{%s,%s} %d\n", label("call", k[0]), label("status", k[1]), m.web[k])
	}
	writeCounter(&b, "sudokubot_rejected_requests_total", "Interaction requests refused before handling (forged, stale, replayed), by reason.", "reason", m.rejected)
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

func writeCounter(b *strings.Builder, name, help, labelName string, values map[string]uint64) {
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s counter\n", name, help, name)
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(b, "%s{%s} %d\n", name, label(labelName, k), values[k])
	}
}

// ServeHTTP serves the metrics for Prometheus to scrape.
func (m *Metrics) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	_, _ = m.WriteTo(w)
}
