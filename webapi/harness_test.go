package webapi

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/boardtoken"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/store"
)

// harness is the web door alone on a real SQLite store, served as app
// serves it (under /board/ and /activity/). Whatever it would take from
// the Discord door is a fake here: the puzzle maker, the race card.
type harness struct {
	srv     *Server
	store   *store.Store
	http    *httptest.Server
	metrics *fakeMetrics
	changed []int64 // games whose changes were Shown (the core's hook)
	mu      sync.Mutex
}

// testPuzzle is an expert puzzle (public domain, Sudoku Exchange bank; the
// first of bot/testdata/expert.txt).
const testPuzzle = "040000090000050000806000407000080000005020700002165900007603500609070302000000000"

func newHarness(t testing.TB, configure ...func(*Config)) *harness {
	t.Helper()
	return newHarnessAt(t, filepath.Join(t.TempDir(), "web.db"), configure...)
}

// newHarnessAt is newHarness on the store at dsn: several harnesses on
// one PostgreSQL DSN are replicas.
func newHarnessAt(t testing.TB, dsn string, configure ...func(*Config)) *harness {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h := &harness{store: st, metrics: &fakeMetrics{}}
	play := game.New(st, game.EngineHinter{}, nil)
	play.Notify(game.ChangesFunc(func(_ context.Context, c game.Change) {
		if !c.Shown {
			return
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		h.changed = append(h.changed, c.Game)
	}))
	cfg := Config{
		Store: st, Play: play, Keys: boardtoken.NewRing(st, nil),
		Puzzle:  func(context.Context, string) (store.Puzzle, error) { return puzzle(t), nil },
		Metrics: h.metrics,
	}
	for _, c := range configure {
		c(&cfg)
	}
	if h.srv, err = New(cfg); err != nil {
		t.Fatal(err)
	}
	h.http = httptest.NewServer(h.srv.Handler())
	t.Cleanup(h.http.Close)
	return h
}

// puzzle is testPuzzle with its solution.
func puzzle(t testing.TB) store.Puzzle {
	g, err := engine.Parse(testPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := engine.Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	return store.Puzzle{Grid: g, Solution: sol, Level: engine.LevelExpert, Origin: "test"}
}

// game starts a game of testPuzzle for user and mints its board token.
func (h *harness) game(t testing.TB, user string) (store.Game, string) {
	t.Helper()
	ctx := context.Background()
	p, err := h.store.SavePuzzle(ctx, puzzle(t))
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := h.store.StartGame(ctx, store.NewGame{UserID: user, GuildID: "300", PuzzleID: p.ID})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := h.srv.keys.Mint(ctx, user, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	return g, tok
}

// fakeMetrics counts what the web door reports, as "kind label…".
type fakeMetrics struct {
	mu     sync.Mutex
	counts map[string]int
}

func (m *fakeMetrics) add(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.counts == nil {
		m.counts = map[string]int{}
	}
	m.counts[key]++
}

func (m *fakeMetrics) get(key string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.counts[key]
}

func (m *fakeMetrics) WebRequest(call string, status int) {
	m.add(fmt.Sprint("web ", call, " ", status))
}
func (m *fakeMetrics) Rejected(reason string) { m.add("rejected " + reason) }
func (m *fakeMetrics) Error(kind string)      { m.add("error " + kind) }
