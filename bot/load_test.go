package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

var (
	loadN        = flag.Int("load.n", 200, "interactions in the load test (-load.n 1000 for a long run)")
	loadInFlight = flag.Int("load.inflight", 50, "interactions in flight in the load test")
	loadP99      = flag.Duration("load.p99", 0, "fail the load test when a route's handler p99 exceeds this (0: report only)")
)

// latencies collects handler durations per route, measured by a
// middleware innermost in the chain: the time the bot spends answering.
type latencies struct {
	mu sync.Mutex
	d  map[string][]time.Duration
}

func (l *latencies) middleware(next HandlerFunc) HandlerFunc {
	return func(ctx context.Context, r *Request) (*Response, error) {
		start := time.Now()
		resp, err := next(ctx, r)
		d := time.Since(start)
		l.mu.Lock()
		l.d[r.Route] = append(l.d[r.Route], d)
		l.mu.Unlock()
		return resp, err
	}
}

func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(float64(len(s))*p+0.999999) - 1
	return s[max(0, min(i, len(s)-1))]
}

type loadResult struct {
	failures  int64
	deferred  int64
	handler   map[string][]time.Duration
	roundTrip []time.Duration
	elapsed   time.Duration
}

// runLoad sends n signed interactions to the HTTP endpoint, inFlight at a
// time: each of inFlight players repeats place, check and hint on an
// expert puzzle. A failure is any answer that is not a 200 with a
// non-apology response, or a reply with an error message.
func runLoad(t testing.TB, n, inFlight int) loadResult {
	h := newHarness(t, func(c *setup) { c.Logger = discardToBuffer(&bytes.Buffer{}) })
	lat := &latencies{d: map[string][]time.Duration{}}
	h.bot.Router().Use(lat.middleware)
	players := make([]string, inFlight)
	games := make([]struct {
		sol   engine.Grid
		empty []int
	}, inFlight)
	for p := range players {
		players[p] = fmt.Sprint(20000 + p)
		r := h.viaHTTP(t, h.cmd(players[p], guildID, "sudoku", "new", map[string]any{"level": "expert"}))
		if r.Type != 4 || len(r.Files) != 1 {
			t.Fatalf("new game for player %d: %+v", p, r.Content)
		}
		g := h.current(t, players[p])
		games[p].sol = g.Solution
		for c, d := range g.Givens {
			if d == 0 {
				games[p].empty = append(games[p].empty, c)
			}
		}
	}
	lat.mu.Lock()
	lat.d = map[string][]time.Duration{}
	lat.mu.Unlock()

	var failures, deferred atomic.Int64
	var next atomic.Int64
	var rtMu sync.Mutex
	var roundTrip []time.Duration
	start := time.Now()
	var wg sync.WaitGroup
	for p := 0; p < inFlight; p++ {
		wg.Add(1)
		go func(p int) {
			defer wg.Done()
			step := 0
			for {
				k := next.Add(1)
				if k > int64(n) {
					return
				}
				var i map[string]any
				switch step % 3 {
				case 0:
					c := games[p].empty[(step/3)%len(games[p].empty)]
					d := games[p].sol[c]
					if step%2 == 1 {
						d = d%9 + 1 // sometimes wrong, so check has work to do
					}
					i = h.cmd(players[p], guildID, "sudoku", "place", map[string]any{"moves": fmt.Sprintf("%s=%d", engine.CellName(c), d)})
				case 1:
					i = h.cmd(players[p], guildID, "sudoku", "check", nil)
				case 2:
					i = h.cmd(players[p], guildID, "sudoku", "hint", nil)
				}
				step++
				t0 := time.Now()
				ok, def := postSigned(h, i)
				d := time.Since(t0)
				if def {
					deferred.Add(1)
				}
				rtMu.Lock()
				roundTrip = append(roundTrip, d)
				rtMu.Unlock()
				if !ok {
					failures.Add(1)
				}
			}
		}(p)
	}
	wg.Wait()
	// Deferred interactions finish after their HTTP reply: wait for them.
	sctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := h.bot.Shutdown(sctx); err != nil {
		t.Errorf("interactions still running after the load: %v", err)
	}
	lat.mu.Lock()
	defer lat.mu.Unlock()
	if n := int64(len(h.fake.Calls(http.MethodPatch, "/messages/@original"))); n != deferred.Load() {
		t.Errorf("%d deferred interactions but %d edits of the original response", deferred.Load(), n)
	}
	return loadResult{failures: failures.Load(), deferred: deferred.Load(), handler: lat.d, roundTrip: roundTrip, elapsed: time.Since(start)}
}

// postSigned sends one interaction and reports whether it succeeded (a
// 200 that is not an apology) and whether it was deferred (the handler
// took over 2 s; its answer then comes as an edit).
func postSigned(h *harness, i map[string]any) (ok, deferred bool) {
	body, err := json.Marshal(i)
	if err != nil {
		return false, false
	}
	req, err := http.NewRequest(http.MethodPost, h.http.URL+"/interactions", bytes.NewReader(body))
	if err != nil {
		return false, false
	}
	h.sign(req, body)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false, false
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return false, false
	}
	var buf bytes.Buffer
	_, _ = buf.ReadFrom(resp.Body)
	return !bytes.Contains(buf.Bytes(), []byte("Sorry, something went wrong")), bytes.Contains(buf.Bytes(), []byte(`"type":5`))
}

// TestLoad runs 200 interactions (-load.n; place, check, hint on expert
// puzzles) at 50 in flight through the signed HTTP endpoint: none may
// fail, and the handler latency percentiles are logged (and checked
// against -load.p99 when given). Four waves of 50 show what concurrency
// breaks as well as 1,000 did in five times the test time; speed is
// BenchmarkInteractions'.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test skipped in -short mode")
	}
	n := *loadN
	if raceEnabled {
		n = min(n, 150) // the race detector's overhead would dominate; keep the concurrency
	}
	res := runLoad(t, n, *loadInFlight)
	if res.failures != 0 {
		t.Errorf("%d of %d interactions failed", res.failures, n)
	}
	t.Logf("%d interactions deferred (handler over 2 s), each answered by an edit", res.deferred)
	total := 0
	for _, route := range []string{"sudoku place", "sudoku check", "sudoku hint"} {
		ds := res.handler[route]
		total += len(ds)
		p50, p99 := percentile(ds, 0.50), percentile(ds, 0.99)
		t.Logf("%-13s n=%4d handler p50=%v p99=%v max=%v", route, len(ds), p50.Round(time.Microsecond), p99.Round(time.Microsecond), percentile(ds, 1).Round(time.Microsecond))
		if *loadP99 > 0 && p99 > *loadP99 {
			t.Errorf("%s: handler p99 %v exceeds %v", route, p99, *loadP99)
		}
	}
	if total != n {
		t.Errorf("%d interactions handled, want %d", total, n)
	}
	t.Logf("round trip (client side, incl. signing, HTTP, multipart) p50=%v p99=%v; %d interactions in %v (%.0f/s)",
		percentile(res.roundTrip, 0.5).Round(time.Microsecond), percentile(res.roundTrip, 0.99).Round(time.Microsecond),
		len(res.roundTrip), res.elapsed.Round(time.Millisecond), float64(len(res.roundTrip))/res.elapsed.Seconds())
}

// BenchmarkInteractions measures place/check/hint through the signed HTTP
// endpoint at 50 in flight; it reports handler p50/p99 per route.
func BenchmarkInteractions(b *testing.B) {
	res := runLoad(b, max(b.N, 3), *loadInFlight)
	if res.failures != 0 {
		b.Fatalf("%d interactions failed", res.failures)
	}
	for _, route := range []string{"sudoku place", "sudoku check", "sudoku hint"} {
		ds := res.handler[route]
		b.ReportMetric(float64(percentile(ds, 0.99).Microseconds())/1000, route[7:]+"-p99-ms")
		b.ReportMetric(float64(percentile(ds, 0.50).Microseconds())/1000, route[7:]+"-p50-ms")
	}
}
