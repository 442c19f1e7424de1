package app

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/faultproxy"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// The promises of a replica whose database goes away and comes back.
const (
	// quickError is how soon, at most, a request gets its clear error
	// while the database is silent: the statement deadline (5 s + 0.5 s,
	// which counts the wait for a pooled connection), well under the 45 s
	// hang this replaced.
	quickError = 6 * time.Second
	// recoverWithin is how soon after the database answers again the
	// replica is healthy and plays.
	recoverWithin = 5 * time.Second
)

// TestDatabaseStall puts a TCP proxy between one replica (HTTP mode, web
// board on) and PostgreSQL, and makes it go silent (connections accepted
// and held, nothing forwarded) for 20 s (5 s with -short), then refuse
// connections for 3 s. Meanwhile /healthz answers 503 with the reason and
// web and interaction requests get a clear error quickly; once the proxy
// forwards again the replica is healthy and plays within 5 s, and every
// move acknowledged before the fault is stored.
func TestDatabaseStall(t *testing.T) {
	base := storetest.Postgres(t)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	proxy := faultproxy.Start(t, u.Host)
	u.Host = proxy.Addr()
	w := newWebWorld(t, u.String())

	// A game with a board link, and one acknowledged move.
	ctx := context.Background()
	st := w.p.st
	grid, err := engine.Parse(lastCellsPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := engine.Solve(grid)
	if err != nil {
		t.Fatal(err)
	}
	p, err := st.SavePuzzle(ctx, store.Puzzle{Grid: grid, Solution: sol, Level: engine.LevelExpert, Origin: "test"})
	if err != nil {
		t.Fatal(err)
	}
	const user = "8100"
	g, _, err := st.StartGame(ctx, store.NewGame{UserID: user, GuildID: e2eGuild, PuzzleID: p.ID})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := w.p.bot.BoardToken(ctx, user, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	var empties []int
	for c, d := range g.Givens {
		if d == 0 {
			empties = append(empties, c)
		}
	}
	version, acked := g.Version, map[int]uint8{}
	move := func() (int, time.Duration) {
		cell := empties[len(acked)]
		start := time.Now()
		status, cur := webMove(t, w, tok, version, cell, sol[cell])
		if status == http.StatusOK {
			acked[cell], version = sol[cell], cur.Version
		}
		return status, time.Since(start)
	}
	if status, _ := move(); status != http.StatusOK {
		t.Fatalf("a move before the fault: %d", status)
	}
	mustHealthy(t, w.base)

	silence := 20 * time.Second
	if testing.Short() {
		silence = 5 * time.Second
	}
	for _, fault := range []struct {
		name   string
		start  func()
		lasts  time.Duration
		reason string
	}{
		{"silent", proxy.Silence, silence, "database: no answer in"},
		{"refused", proxy.Refuse, 3 * time.Second, "database: connection refused"},
	} {
		began := time.Now()
		fault.start()
		t.Logf("%s: the database is %s for %s", fault.name, fault.name, fault.lasts)

		// /healthz says what is wrong, at once and while it lasts.
		for time.Since(began) < fault.lasts {
			status, body, took := healthz(t, w.base)
			if status != http.StatusServiceUnavailable || !strings.Contains(body, fault.reason) {
				if time.Since(began) < 3*time.Second {
					time.Sleep(100 * time.Millisecond)
					continue // connections made before the fault may still answer for a moment
				}
				t.Fatalf("%s: /healthz %d %q after %s, want 503 %q", fault.name, status, body, time.Since(began), fault.reason)
			}
			if took > 2500*time.Millisecond {
				t.Errorf("%s: /healthz took %s", fault.name, took)
			}
			if strings.Contains(body, "postgres") || strings.Contains(body, "127.0.0.1") {
				t.Errorf("%s: /healthz shows a detail of the connection: %q", fault.name, body)
			}
			break
		}

		// The board's API answers 503 "unavailable", quickly.
		status, took := move()
		t.Logf("%s: web move answered %d in %s", fault.name, status, took.Round(time.Millisecond))
		if status != http.StatusServiceUnavailable {
			t.Errorf("%s: web move during the fault: %d, want 503", fault.name, status)
		}
		if took > quickError {
			t.Errorf("%s: web move took %s, want under %s", fault.name, took, quickError)
		}

		// An interaction gets a deferral in time and then the reason.
		start := time.Now()
		r := w.signed(t, 2, user, slash("show", nil))
		took = time.Since(start)
		t.Logf("%s: /sudoku show answered in %s: %q", fault.name, took.Round(time.Millisecond), r.Data.Content)
		if !strings.Contains(r.Data.Content, "can't reach my database") {
			t.Errorf("%s: /sudoku show during the fault said %q, want the database's apology", fault.name, r.Data.Content)
		}
		if took > quickError {
			t.Errorf("%s: /sudoku show took %s, want under %s", fault.name, took, quickError)
		}

		// Still unhealthy, never hanging, until the fault ends.
		for time.Since(began) < fault.lasts {
			if status, body, took := healthz(t, w.base); status != http.StatusServiceUnavailable || took > 2500*time.Millisecond {
				t.Fatalf("%s: /healthz %d %q in %s during the fault", fault.name, status, body, took)
			}
			time.Sleep(min(500*time.Millisecond, time.Until(began.Add(fault.lasts))))
		}

		if err := proxy.Heal(); err != nil {
			t.Fatal(err)
		}
		healed := time.Now()
		for {
			status, _, _ := healthz(t, w.base)
			if status == http.StatusOK {
				break
			}
			if time.Since(healed) > recoverWithin {
				t.Fatalf("%s: /healthz still %d %s after the database came back", fault.name, status, time.Since(healed))
			}
			time.Sleep(50 * time.Millisecond)
		}
		healthy := time.Since(healed)
		for {
			status, _ := move()
			if status == http.StatusOK {
				break
			}
			if time.Since(healed) > recoverWithin {
				t.Fatalf("%s: web moves still fail (%d) %s after the database came back", fault.name, status, time.Since(healed))
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Logf("%s: after %s of fault, back %s after the database answered again: /healthz 200 in %s, first move stored in %s",
			fault.name, fault.lasts, time.Since(healed).Round(time.Millisecond), healthy.Round(time.Millisecond), time.Since(healed).Round(time.Millisecond))
	}

	// Nothing acknowledged is lost: read the game past the proxy.
	direct, err := store.Open(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer direct.Close()
	end, err := direct.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	for cell, d := range acked {
		if end.Board()[cell] != d {
			t.Errorf("the acknowledged move %s=%d is lost: board %s", engine.CellName(cell), d, end.Board().Digits())
		}
	}
	if end.Version != version {
		t.Errorf("stored version %d, the last acknowledged %d", end.Version, version)
	}
	t.Logf("%d acknowledged moves, all stored", len(acked))
}

func healthz(t *testing.T, base string) (int, string, time.Duration) {
	t.Helper()
	start := time.Now()
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(b)), time.Since(start)
}

func mustHealthy(t *testing.T, base string) {
	t.Helper()
	if status, body, _ := healthz(t, base); status != http.StatusOK {
		t.Fatalf("/healthz %d %q", status, body)
	}
}

// silentAnswer is the promise while the database is silent: every
// request, however many wait at once, answers within it.
const silentAnswer = 6 * time.Second

// TestDatabaseSilentConcurrent: 25 board requests at once (reads and
// moves of 25 players) while PostgreSQL is silent, in two waves: one the
// moment it goes silent, on a warm pool, and one 2 s later, while the
// first wave still holds every connection. Each answers within 6 s (503
// "unavailable"), none waits for a pool connection the request's whole
// 20 s; once the database answers again the next request is played at
// once. It prints the slowest answer of each wave and the time to the
// first move after the database came back.
func TestDatabaseSilentConcurrent(t *testing.T) {
	base := storetest.Postgres(t)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	proxy := faultproxy.Start(t, u.Host)
	u.Host = proxy.Addr()
	w := newWebWorld(t, u.String())
	ctx := context.Background()
	st := w.p.st
	grid, err := engine.Parse(lastCellsPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := engine.Solve(grid)
	if err != nil {
		t.Fatal(err)
	}
	p, err := st.SavePuzzle(ctx, store.Puzzle{Grid: grid, Solution: sol, Level: engine.LevelExpert, Origin: "test"})
	if err != nil {
		t.Fatal(err)
	}
	const players = 25
	type player struct {
		tok     string
		version int64
		cells   []int
	}
	ps := make([]*player, players)
	for i := range ps {
		g, _, err := st.StartGame(ctx, store.NewGame{UserID: fmt.Sprint(8200 + i), GuildID: e2eGuild, PuzzleID: p.ID})
		if err != nil {
			t.Fatal(err)
		}
		tok, err := w.p.bot.BoardToken(ctx, g.UserID, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = &player{tok: tok, version: g.Version}
		for c, d := range g.Givens {
			if d == 0 {
				ps[i].cells = append(ps[i].cells, c)
			}
		}
	}
	// request is player i's read (even i) or move (odd i): its status
	// and how long it took.
	request := func(i int) (int, time.Duration) {
		pl := ps[i]
		start := time.Now()
		if i%2 == 0 {
			return w.api(t, "GET", "/board/api/game", pl.tok, nil, nil), time.Since(start)
		}
		cell := pl.cells[0]
		status, cur := webMove(t, w, pl.tok, pl.version, cell, sol[cell])
		if status == http.StatusOK {
			pl.cells, pl.version = pl.cells[1:], cur.Version
		}
		return status, time.Since(start)
	}
	wave := func(name string) {
		var wg sync.WaitGroup
		statuses := make([]int, players)
		took := make([]time.Duration, players)
		for i := range ps {
			wg.Go(func() { statuses[i], took[i] = request(i) })
		}
		wg.Wait()
		slowest := slices.Max(took)
		t.Logf("%s: %d requests at once, slowest answer %s, statuses %v", name, players, slowest.Round(time.Millisecond), statuses)
		if slowest > silentAnswer {
			t.Errorf("%s: the slowest of %d requests answered in %s, want within %s", name, players, slowest.Round(time.Millisecond), silentAnswer)
		}
		for i, s := range statuses {
			if s != http.StatusOK && s != http.StatusServiceUnavailable {
				t.Errorf("%s: request %d answered %d, want 200 or 503", name, i, s)
			}
		}
	}
	// Warm: every player's read and move work, and the pool holds open
	// connections.
	wave("healthy")

	proxy.Silence()
	silenced := time.Now()
	second := make(chan struct{})
	go func() {
		defer close(second)
		time.Sleep(2 * time.Second)
		wave("silent, 2 s in")
	}()
	wave("silent, at once")
	<-second
	if d := time.Since(silenced); d < 8*time.Second {
		time.Sleep(8*time.Second - d)
	}
	if err := proxy.Heal(); err != nil {
		t.Fatal(err)
	}
	healed := time.Now()
	for {
		status, _ := request(1)
		if status == http.StatusOK {
			break
		}
		if time.Since(healed) > recoverWithin {
			t.Fatalf("moves still fail (%d) %s after the database came back", status, time.Since(healed))
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("first move stored %s after the database answered again", time.Since(healed).Round(time.Millisecond))
	wave("healed")
}
