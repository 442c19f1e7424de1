package bot

import (
	"math"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// samples are the samples of a /metrics body keyed by series: the name,
// then the labels sorted by name, e.g. `x_total{a="1",b="2"}`.
type samples map[string]float64

// parseMetrics parses a /metrics body in Prometheus's text format, failing
// the test on a malformed one. A histogram gives its _bucket (cumulative,
// with le), _sum and _count samples, as in the text.
func parseMetrics(t testing.TB, body string) samples {
	t.Helper()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(body))
	if err != nil {
		t.Fatalf("/metrics is not in Prometheus's text format: %v\n%s", err, body)
	}
	s := samples{}
	for name, f := range fams {
		for _, m := range f.GetMetric() {
			var labels []string
			for _, l := range m.GetLabel() {
				labels = append(labels, l.GetName(), l.GetValue())
			}
			switch f.GetType() {
			case dto.MetricType_COUNTER:
				s[series(name, labels...)] = m.GetCounter().GetValue()
			case dto.MetricType_GAUGE:
				s[series(name, labels...)] = m.GetGauge().GetValue()
			case dto.MetricType_UNTYPED:
				s[series(name, labels...)] = m.GetUntyped().GetValue()
			case dto.MetricType_HISTOGRAM:
				h := m.GetHistogram()
				for _, b := range h.GetBucket() {
					le := strconv.FormatFloat(b.GetUpperBound(), 'g', -1, 64)
					if math.IsInf(b.GetUpperBound(), 1) {
						le = "+Inf"
					}
					s[series(name+"_bucket", append(labels, "le", le)...)] = float64(b.GetCumulativeCount())
				}
				s[series(name+"_bucket", append(labels, "le", "+Inf")...)] = float64(h.GetSampleCount())
				s[series(name+"_sum", labels...)] = h.GetSampleSum()
				s[series(name+"_count", labels...)] = float64(h.GetSampleCount())
			}
		}
	}
	return s
}

// series names a sample: its metric name and label pairs (name, value,
// name, value...) in any order.
func series(name string, labels ...string) string {
	pairs := make([]string, 0, len(labels)/2)
	for i := 0; i+1 < len(labels); i += 2 {
		pairs = append(pairs, labels[i]+"="+strconv.Quote(labels[i+1]))
	}
	slices.Sort(pairs)
	return name + "{" + strings.Join(pairs, ",") + "}"
}

// want fails the test unless s has the sample named by name and labels,
// with value v.
func (s samples) want(t testing.TB, v float64, name string, labels ...string) {
	t.Helper()
	k := series(name, labels...)
	got, ok := s[k]
	switch {
	case !ok:
		t.Errorf("/metrics lacks %s", k)
	case got != v:
		t.Errorf("/metrics: %s = %g, want %g", k, got, v)
	}
}

// TestMetricsExposition: every sudokubot_ metric keeps its name, labels
// and type, the latency histogram its buckets, and the Go runtime and
// process collectors are there too.
func TestMetricsExposition(t *testing.T) {
	m := NewMetrics()
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
	s := parseMetrics(t, body)
	s.want(t, 2, "sudokubot_interactions_total", "route", "sudoku new", "outcome", "ok")
	s.want(t, 1, "sudokubot_interactions_total", "route", `odd "route"`+"\n", "outcome", "user_error")
	for le, n := range map[string]float64{"0.001": 0, "0.005": 1, "1": 1, "2.5": 2, "10": 2, "+Inf": 2} {
		s.want(t, n, "sudokubot_interaction_duration_seconds_bucket", "route", "sudoku new", "le", le)
	}
	s.want(t, 2.003, "sudokubot_interaction_duration_seconds_sum", "route", "sudoku new")
	s.want(t, 2, "sudokubot_interaction_duration_seconds_count", "route", "sudoku new")
	s.want(t, 1, "sudokubot_daily_posts_total", "outcome", "posted")
	s.want(t, 1, "sudokubot_errors_total", "kind", "respond")
	s.want(t, 1, "sudokubot_rejected_requests_total", "reason", "signature")
	s.want(t, 1, "sudokubot_web_requests_total", "call", "game", "status", "401")
	for _, typ := range []string{
		"# TYPE sudokubot_interactions_total counter",
		"# TYPE sudokubot_interaction_duration_seconds histogram",
		"# TYPE sudokubot_daily_posts_total counter",
		"# TYPE sudokubot_errors_total counter",
		"# TYPE sudokubot_rejected_requests_total counter",
		"# TYPE sudokubot_web_requests_total counter",
	} {
		mustContain(t, "/metrics", body, typ)
	}
	for _, name := range []string{"go_goroutines", "process_start_time_seconds"} {
		if _, ok := s[series(name)]; !ok {
			t.Errorf("/metrics lacks %s", name)
		}
	}
	// Each Metrics counts on its own: a second bot starts from zero.
	rec = httptest.NewRecorder()
	NewMetrics().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if strings.Contains(rec.Body.String(), "sudokubot_") {
		t.Errorf("a new Metrics has counts:\n%s", rec.Body.String())
	}
}

// TestMetricsBuildInfo: the running build's version is in /metrics, one
// series at a time.
func TestMetricsBuildInfo(t *testing.T) {
	m := NewMetrics()
	m.SetBuildInfo("old")
	m.SetBuildInfo("1.2.3")
	rec := httptest.NewRecorder()
	m.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	s := parseMetrics(t, rec.Body.String())
	if got, ok := s[series("sudokubot_build_info", "version", "1.2.3", "go_version", runtime.Version())]; !ok || got != 1 {
		t.Fatalf("sudokubot_build_info{version=\"1.2.3\"} = %v, %v; /metrics:\n%s", got, ok, rec.Body.String())
	}
	if _, ok := s[series("sudokubot_build_info", "version", "old", "go_version", runtime.Version())]; ok {
		t.Fatal("the replaced version is still exported")
	}
}
