// Package promtest is test support: reading a /metrics body in
// Prometheus's text format into samples a test can ask for.
package promtest

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// Samples are the samples of a /metrics body keyed by series: the name,
// then the labels sorted by name, e.g. `x_total{a="1",b="2"}`.
type Samples map[string]float64

// Parse parses a /metrics body in Prometheus's text format, failing
// the test on a malformed one. A histogram gives its _bucket (cumulative,
// with le), _sum and _count samples, as in the text.
func Parse(t testing.TB, body string) Samples {
	t.Helper()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(body))
	if err != nil {
		t.Fatalf("/metrics is not in Prometheus's text format: %v\n%s", err, body)
	}
	s := Samples{}
	for name, f := range fams {
		for _, m := range f.GetMetric() {
			var labels []string
			for _, l := range m.GetLabel() {
				labels = append(labels, l.GetName(), l.GetValue())
			}
			switch f.GetType() {
			case dto.MetricType_COUNTER:
				s[Series(name, labels...)] = m.GetCounter().GetValue()
			case dto.MetricType_GAUGE:
				s[Series(name, labels...)] = m.GetGauge().GetValue()
			case dto.MetricType_UNTYPED:
				s[Series(name, labels...)] = m.GetUntyped().GetValue()
			case dto.MetricType_HISTOGRAM:
				h := m.GetHistogram()
				for _, b := range h.GetBucket() {
					le := strconv.FormatFloat(b.GetUpperBound(), 'g', -1, 64)
					if math.IsInf(b.GetUpperBound(), 1) {
						le = "+Inf"
					}
					s[Series(name+"_bucket", append(labels, "le", le)...)] = float64(b.GetCumulativeCount())
				}
				s[Series(name+"_bucket", append(labels, "le", "+Inf")...)] = float64(h.GetSampleCount())
				s[Series(name+"_sum", labels...)] = h.GetSampleSum()
				s[Series(name+"_count", labels...)] = float64(h.GetSampleCount())
			}
		}
	}
	return s
}

// Series names a sample: its metric name and label pairs (name, value,
// name, value...) in any order.
func Series(name string, labels ...string) string {
	pairs := make([]string, 0, len(labels)/2)
	for i := 0; i+1 < len(labels); i += 2 {
		pairs = append(pairs, labels[i]+"="+strconv.Quote(labels[i+1]))
	}
	slices.Sort(pairs)
	return name + "{" + strings.Join(pairs, ",") + "}"
}

// Want fails the test unless s has the sample named by name and labels,
// with value v.
func (s Samples) Want(t testing.TB, v float64, name string, labels ...string) {
	t.Helper()
	k := Series(name, labels...)
	got, ok := s[k]
	switch {
	case !ok:
		t.Errorf("/metrics lacks %s", k)
	case got != v:
		t.Errorf("/metrics: %s = %g, want %g", k, got, v)
	}
}
