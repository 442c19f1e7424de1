package webapi

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/ssetest"
	"github.com/sudokubot/sudokubot/live"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// replicas are n web doors, each with its own store connection pool and
// hub, on one PostgreSQL schema: the processes behind a load balancer.
// Each hub listens (LISTEN/NOTIFY) before replicas returns.
func replicas(tb testing.TB, n int, opts live.Options) []*harness {
	tb.Helper()
	dsn := storetest.Postgres(tb)
	var out []*harness
	for range n {
		var hub *live.Hub
		h := newHarnessAt(tb, dsn, func(c *Config) {
			st := c.Store.(*store.Store)
			hub = live.New(st, opts)
			c.Play = game.New(st, game.EngineHinter{}, nil)
			c.Play.Notify(hub)
			c.Live = hub
		})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { _ = hub.Run(ctx); close(done) }()
		tb.Cleanup(func() { cancel(); <-done })
		select {
		case <-hub.Ready():
		case <-time.After(10 * time.Second):
			tb.Fatal("a replica's hub never listened")
		}
		out = append(out, h)
	}
	return out
}

// waitVersion reads s until an event of at least version v.
func waitVersion(tb testing.TB, s *ssetest.Stream, v int64) {
	tb.Helper()
	for {
		id, st := nextState(tb, s)
		if st.Version >= v {
			return
		}
		_ = id
	}
}

// percentile is the p-th percentile (0-100) of sorted durations, nearest rank.
func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100
	return sorted[max(0, min(len(sorted)-1, i-1))]
}

// report adds the p50 and p95 of a run's latencies to the benchmark's
// results, in milliseconds.
func report(b *testing.B, lat []time.Duration) {
	slices.Sort(lat)
	b.ReportMetric(float64(percentile(lat, 50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(lat, 95).Microseconds())/1000, "p95-ms")
	b.ReportMetric(0, "ns/op") // the loop's time is the moves', not a figure
}

// BenchmarkLiveAcrossReplicas is the latency of a change made on one
// replica until the board open on another shows it: a web move (POST
// api/moves on A, the event on B's stream), a move typed in chat (the
// use case game.Place that /sudoku place calls, on A), and a racer's web
// move on A until the other racer's board on B shows their progress; on
// a co-op board, the host's move (coop) and where the host looks (look)
// until the teammate's board on B shows it. Each op is one
// move; the p50 and p95 are over the run (-benchtime 100x: 100 moves):
//
//	SUDOKUBOT_TEST_POSTGRES=postgres://... go test ./webapi -run '^$' -bench BenchmarkLiveAcrossReplicas -benchtime 100x -cpu 2
func BenchmarkLiveAcrossReplicas(b *testing.B) {
	rs := replicas(b, 2, live.Options{})
	a, other := rs[0], rs[1]
	for _, door := range []string{"web", "chat", "race", "coop", "look"} {
		b.Run(door, func(b *testing.B) {
			if door == "coop" || door == "look" {
				benchCoop(b, a, other, door == "look")
				return
			}
			g, tok := a.game(b, "801")
			watch := tok
			if door == "race" {
				// The host races on A; the other racer's board is open on B.
				g, tok, watch = raceOf(b, a)
			}
			s, err := other.stream(b, watch, nil)
			if err != nil {
				b.Fatal(err)
			}
			_, st := nextState(b, s)
			empty := 0
			for g.Givens[empty] != 0 {
				empty++
			}
			var lat []time.Duration
			d := 0
			for b.Loop() {
				a.srv.limit.reset() // one very fast player
				d = (d + 1) % 2
				digit := d * int(g.Solution[empty])
				start := time.Now()
				if door != "chat" {
					resp := a.post(b, tok, "/board/api/moves", map[string]any{"version": st.Version,
						"moves": []map[string]int{{"row": empty/9 + 1, "col": empty%9 + 1, "digit": digit}}})
					if resp.StatusCode != 200 {
						b.Fatalf("a move: %d", resp.StatusCode)
					}
				} else if _, err := a.srv.play.Place(context.Background(), game.PlaceInput{GameID: g.ID, User: "801",
					Moves: []store.Move{{Cell: empty, Digit: uint8(digit)}}}); err != nil {
					b.Fatal(err)
				}
				st.Version++
				if door == "race" {
					waitFilled(b, s, d)
				} else {
					waitVersion(b, s, st.Version)
				}
				lat = append(lat, time.Since(start))
			}
			report(b, lat)
		})
	}
}

// benchCoop is BenchmarkLiveAcrossReplicas on a co-op board: the host
// moves on A (a co-op move, who filled the cell stored with it), or
// selects another cell (look), until the teammate's board on B shows it.
func benchCoop(b *testing.B, a, other *harness, look bool) {
	g, toks := a.coopBoard(b, "801", "802")
	// The host has the board open on A: a look is taken only from a
	// player who has.
	mover, err := a.stream(b, toks["801"], nil)
	if err != nil {
		b.Fatal(err)
	}
	go func() {
		for {
			if _, err := mover.Next(); err != nil {
				return
			}
		}
	}()
	s, err := other.stream(b, toks["802"], nil)
	if err != nil {
		b.Fatal(err)
	}
	_, st := nextState(b, s)
	for !slices.ContainsFunc(st.Coop.Players, func(p CoopPlayer) bool { return p.Here && p.Host }) {
		_, st = nextState(b, s)
	}
	empty := 0
	for g.Givens[empty] != 0 {
		empty++
	}
	var lat []time.Duration
	d := 0
	for b.Loop() {
		a.srv.limit.reset()
		d = (d + 1) % 2
		start := time.Now()
		if look {
			cell := 10 + d
			resp := a.post(b, toks["801"], "/board/api/look", LookRequest{Row: cell/9 + 1, Col: cell%9 + 1})
			if resp.StatusCode != http.StatusNoContent {
				b.Fatalf("a look: %d", resp.StatusCode)
			}
			waitLook(b, s, 0, cell)
		} else {
			resp := a.post(b, toks["801"], "/board/api/moves", map[string]any{"version": st.Version,
				"moves": []map[string]int{{"row": empty/9 + 1, "col": empty%9 + 1, "digit": d * int(g.Solution[empty])}}})
			if resp.StatusCode != 200 {
				b.Fatalf("a co-op move: %d", resp.StatusCode)
			}
			st.Version++
			waitVersion(b, s, st.Version)
		}
		lat = append(lat, time.Since(start))
	}
	report(b, lat)
}

// waitLook reads s until a look event says that the player at place
// looks at cell.
func waitLook(tb testing.TB, s *ssetest.Stream, place, cell int) {
	tb.Helper()
	for {
		if l := nextLooks(tb, s); len(l.Cells) > place && l.Cells[place] == cell {
			return
		}
	}
}

// raceOf opens a race of two on h: the host's game and token, and the
// other racer's token.
func raceOf(tb testing.TB, h *harness) (store.Game, string, string) {
	tb.Helper()
	ctx := context.Background()
	res, err := h.srv.play.NewRace(ctx, game.NewRaceInput{Host: "801", Guild: "300", Channel: "400",
		MakePuzzle: func(context.Context) (store.Puzzle, error) { return puzzle(tb), nil }})
	if err != nil {
		tb.Fatal(err)
	}
	j, err := h.srv.play.JoinRace(ctx, res.Race.ID, "802")
	if err != nil {
		tb.Fatal(err)
	}
	host, _ := h.srv.keys.Mint(ctx, "801", res.Host.ID)
	racer, _ := h.srv.keys.Mint(ctx, "802", j.Game.ID)
	return res.Host, host, racer
}

// waitFilled reads a racer's stream until the host (racer 1) has filled
// cells.
func waitFilled(tb testing.TB, s *ssetest.Stream, cells int) {
	tb.Helper()
	for {
		_, st := nextState(tb, s)
		for _, r := range st.Race.Racers {
			if r.N == 1 && r.Filled == cells {
				return
			}
		}
	}
}

// idleStream opens api/events on a raw connection and reads only the
// answer's head: an idle board, costing the client no goroutine, so the
// memory measured is the server's.
func idleStream(tb testing.TB, addr, tok string) net.Conn {
	tb.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		tb.Fatal(err)
	}
	fmt.Fprintf(c, "GET /board/api/events HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nAccept: text/event-stream\r\n\r\n", addr, tok)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != 200 {
		tb.Fatalf("an idle stream: %v %v", err, resp)
	}
	return c
}

// BenchmarkIdleStreams opens thousands of idle event streams (on SQLite) and then measures, with them open, the latency of a
// move until a watching stream shows it, and the server's memory per
// idle stream (heap and goroutine stacks, after a GC):
//
//	go test ./webapi -run '^$' -bench BenchmarkIdleStreams -benchtime 100x -cpu 2
func BenchmarkIdleStreams(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			// One player's board open n times: the store's caches do not
			// grow with the streams, so the memory measured is theirs.
			h, hub := liveHarness(b, live.Options{MaxStreams: n + 10, MaxPerPlayer: n + 10}, func(c *Config) { c.Heartbeat = 5 * time.Second })
			g, tok := h.game(b, "900")
			_, idle := h.game(b, "901")
			addr := h.http.Listener.Addr().String()
			conns := make([]net.Conn, 0, n)
			b.Cleanup(func() {
				for _, c := range conns {
					c.Close()
				}
			})
			before := memNow()
			for range n {
				h.srv.limit.reset() // the request budget is not what is measured
				conns = append(conns, idleStream(b, addr, idle))
			}
			after := memNow()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			b.Logf("heap %d KiB, stacks %d KiB, goroutines %d", ms.HeapInuse>>10, ms.StackInuse>>10, runtime.NumGoroutine())
			if got := hub.Streams(); got != n {
				b.Fatalf("%d streams open, want %d", got, n)
			}
			perStream := float64(after-before) / float64(n) / 1024
			s, err := h.stream(b, tok, nil)
			if err != nil {
				b.Fatal(err)
			}
			_, st := nextState(b, s)
			empty := 0
			for g.Givens[empty] != 0 {
				empty++
			}
			var lat []time.Duration
			d := 0
			for b.Loop() {
				h.srv.limit.reset()
				d = (d + 1) % 2
				start := time.Now()
				resp := h.post(b, tok, "/board/api/moves", map[string]any{"version": st.Version,
					"moves": []map[string]int{{"row": empty/9 + 1, "col": empty%9 + 1, "digit": d * int(g.Solution[empty])}}})
				if resp.StatusCode != 200 {
					b.Fatalf("a move: %d", resp.StatusCode)
				}
				st.Version++
				waitVersion(b, s, st.Version)
				lat = append(lat, time.Since(start))
			}
			report(b, lat)
			// After the loop: b.Loop's start drops metrics reported before.
			b.ReportMetric(perStream, "KiB/stream")
		})
	}
}

// memNow is the process's heap in use plus its goroutine stacks, after
// collections: each halves a stack that uses under a quarter of it, as a
// running server's collections do over time.
func memNow() uint64 {
	for range 4 {
		runtime.GC()
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse + m.StackInuse
}
