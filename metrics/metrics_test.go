package metrics

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/promtest"
)

// TestMetricsExposition: every sudokubot_ metric keeps its name, labels
// and type, the latency histogram its buckets, and the Go runtime and
// process collectors are there too.
func TestMetricsExposition(t *testing.T) {
	m := New()
	m.ObserveInteraction("sudoku new", OutcomeOK, 3*time.Millisecond)
	m.ObserveInteraction("sudoku new", OutcomeOK, 2*time.Second)
	m.ObserveInteraction(`odd "route"`+"\n", OutcomeUserError, 0)
	m.DailyPost("posted")
	m.Error("respond")
	m.Rejected("signature")
	m.WebRequest("game", http.StatusUnauthorized)

	rec := httptest.NewRecorder()
	m.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("content type %q", ct)
	}
	body := rec.Body.String()
	s := promtest.Parse(t, body)
	s.Want(t, 2, "sudokubot_interactions_total", "route", "sudoku new", "outcome", "ok")
	s.Want(t, 1, "sudokubot_interactions_total", "route", `odd "route"`+"\n", "outcome", "user_error")
	for le, n := range map[string]float64{"0.001": 0, "0.005": 1, "1": 1, "2.5": 2, "10": 2, "+Inf": 2} {
		s.Want(t, n, "sudokubot_interaction_duration_seconds_bucket", "route", "sudoku new", "le", le)
	}
	s.Want(t, 2.003, "sudokubot_interaction_duration_seconds_sum", "route", "sudoku new")
	s.Want(t, 2, "sudokubot_interaction_duration_seconds_count", "route", "sudoku new")
	s.Want(t, 1, "sudokubot_daily_posts_total", "outcome", "posted")
	s.Want(t, 1, "sudokubot_errors_total", "kind", "respond")
	s.Want(t, 1, "sudokubot_rejected_requests_total", "reason", "signature")
	s.Want(t, 1, "sudokubot_web_requests_total", "call", "game", "status", "401")
	for _, typ := range []string{
		"# TYPE sudokubot_interactions_total counter",
		"# TYPE sudokubot_interaction_duration_seconds histogram",
		"# TYPE sudokubot_daily_posts_total counter",
		"# TYPE sudokubot_errors_total counter",
		"# TYPE sudokubot_rejected_requests_total counter",
		"# TYPE sudokubot_web_requests_total counter",
	} {
		if !strings.Contains(body, typ) {
			t.Errorf("/metrics lacks %q", typ)
		}
	}
	for _, name := range []string{"go_goroutines", "process_start_time_seconds"} {
		if _, ok := s[promtest.Series(name)]; !ok {
			t.Errorf("/metrics lacks %s", name)
		}
	}
	// Each Metrics counts on its own: a second bot starts from zero.
	rec = httptest.NewRecorder()
	New().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if strings.Contains(rec.Body.String(), "sudokubot_") {
		t.Errorf("a new Metrics has counts:\n%s", rec.Body.String())
	}
}

// TestMetricsBuildInfo: the running build's version is in /metrics, one
// series at a time.
func TestMetricsBuildInfo(t *testing.T) {
	m := New()
	m.SetBuildInfo("old")
	m.SetBuildInfo("1.2.3")
	rec := httptest.NewRecorder()
	m.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	s := promtest.Parse(t, rec.Body.String())
	if got, ok := s[promtest.Series("sudokubot_build_info", "version", "1.2.3", "go_version", runtime.Version())]; !ok || got != 1 {
		t.Fatalf("sudokubot_build_info{version=\"1.2.3\"} = %v, %v; /metrics:\n%s", got, ok, rec.Body.String())
	}
	if _, ok := s[promtest.Series("sudokubot_build_info", "version", "old", "go_version", runtime.Version())]; ok {
		t.Fatal("the replaced version is still exported")
	}
}
