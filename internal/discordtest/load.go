package discordtest

import (
	"context"
	"sort"
	"sync"
	"time"
)

// load is the fake's time per request and its log of arrivals, to see
// whether a client keeps Discord's global limit (requests in any second).
type load struct {
	mu       sync.Mutex
	latency  time.Duration
	arrivals []time.Time // real (wall-clock) arrival of each REST request
	paths    []string    // the method and path of each
}

// SetLatency makes every later REST request take d before it is handled,
// as a request to Discord takes time on the network and in Discord: a
// client that sends its next request when the previous one answers
// sends it d later.
func (f *Server) SetLatency(d time.Duration) {
	f.load.mu.Lock()
	f.load.latency = d
	f.load.mu.Unlock()
}

// arrive logs a REST request's arrival on the wall clock (the rate limit
// is Discord's, in real seconds, whatever clock the test gives the fake),
// then takes the latency, or until the client gives up.
func (f *Server) arrive(ctx context.Context, what string) {
	f.load.mu.Lock()
	f.load.arrivals = append(f.load.arrivals, time.Now())
	f.load.paths = append(f.load.paths, what)
	d := f.load.latency
	f.load.mu.Unlock()
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// Requests is the number of REST requests the fake received.
func (f *Server) Requests() int {
	f.load.mu.Lock()
	defer f.load.mu.Unlock()
	return len(f.load.arrivals)
}

// MaxPerSecond is the most REST requests (posts, threads, searches, every
// kind) that arrived in any one second: the largest number of arrivals in
// a half-open interval [t, t+1 s), wherever it starts, which is what
// Discord's global limit of requests per second bounds.
func (f *Server) MaxPerSecond() int {
	f.load.mu.Lock()
	at := append([]time.Time(nil), f.load.arrivals...)
	f.load.mu.Unlock()
	return MaxInWindow(at, time.Second)
}

// MaxInWindow is the most of times in any half-open interval of length w.
func MaxInWindow(times []time.Time, w time.Duration) int {
	sort.Slice(times, func(i, j int) bool { return times[i].Before(times[j]) })
	best, lo := 0, 0
	for hi, t := range times {
		for !times[lo].Add(w).After(t) {
			lo++
		}
		best = max(best, hi-lo+1)
	}
	return best
}

// Arrivals returns the wall-clock arrival and "METHOD path" of every REST
// request, in order of arrival.
func (f *Server) Arrivals() ([]time.Time, []string) {
	f.load.mu.Lock()
	defer f.load.mu.Unlock()
	return append([]time.Time(nil), f.load.arrivals...), append([]string(nil), f.load.paths...)
}
