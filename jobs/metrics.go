package jobs

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

var (
	depthDesc = prometheus.NewDesc("sudokubot_jobs_queued",
		"Jobs in the durable queue, by kind and state (waiting, running, dead).", []string{"kind", "state"}, nil)
	ageDesc = prometheus.NewDesc("sudokubot_jobs_oldest_age_seconds",
		"Age of the oldest live (waiting or running) job, by kind; 0 when none.", []string{"kind"}, nil)
	scrapeErrDesc = prometheus.NewDesc("sudokubot_jobs_stats_error",
		"1 when the last read of the queue's figures failed.", nil, nil)
)

// Collector returns a Prometheus collector of the queue's depth per kind
// and the age of its oldest job, read from the store at each scrape (the
// queue is shared by every process: any replica reports all of it). The
// read gets 2 s.
func (r *Runner) Collector() prometheus.Collector { return collector{r} }

type collector struct{ r *Runner }

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	ch <- depthDesc
	ch <- ageDesc
	ch <- scrapeErrDesc
}

func (c collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	now := c.r.opt.Clock.Now()
	stats, err := c.r.q.JobStats(ctx, now)
	failed := 0.0
	if err != nil {
		failed = 1
		c.r.opt.Logger.Warn("reading the job queue's figures failed", "err", err)
	}
	ch <- prometheus.MustNewConstMetric(scrapeErrDesc, prometheus.GaugeValue, failed)
	seen := map[string]bool{}
	for _, s := range stats {
		seen[s.Kind] = true
		ch <- prometheus.MustNewConstMetric(depthDesc, prometheus.GaugeValue, float64(s.Waiting), s.Kind, "waiting")
		ch <- prometheus.MustNewConstMetric(depthDesc, prometheus.GaugeValue, float64(s.Running), s.Kind, "running")
		ch <- prometheus.MustNewConstMetric(depthDesc, prometheus.GaugeValue, float64(s.Dead), s.Kind, "dead")
		age := 0.0
		if !s.Oldest.IsZero() {
			age = max(0, now.Sub(s.Oldest).Seconds())
		}
		ch <- prometheus.MustNewConstMetric(ageDesc, prometheus.GaugeValue, age, s.Kind)
	}
	// Registered kinds with nothing queued read 0 rather than vanish, so
	// dashboards and alerts see the series.
	c.r.mu.Lock()
	var idle []string
	for k := range c.r.kinds {
		if !seen[string(k)] {
			idle = append(idle, string(k))
		}
	}
	c.r.mu.Unlock()
	for _, k := range idle {
		for _, st := range []string{"waiting", "running", "dead"} {
			ch <- prometheus.MustNewConstMetric(depthDesc, prometheus.GaugeValue, 0, k, st)
		}
		ch <- prometheus.MustNewConstMetric(ageDesc, prometheus.GaugeValue, 0, k)
	}
}
