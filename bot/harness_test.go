package bot

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/boardtoken"
	"github.com/sudokubot/sudokubot/clock"
	"github.com/sudokubot/sudokubot/discordclient"
	"github.com/sudokubot/sudokubot/puzzles"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/heavy"
	"github.com/sudokubot/sudokubot/interactions"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/metrics"
	"github.com/sudokubot/sudokubot/store"
)

// testPuzzles serves the expert puzzles of testdata/expert.txt (public
// domain, Sudoku Exchange bank), so tests are fast and deterministic.
type testPuzzles struct {
	list []store.Puzzle
	next atomic.Int64
}

func loadTestPuzzles(t testing.TB) *testPuzzles {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "expert.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tp := &testPuzzles{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		g, err := engine.Parse(fields[0])
		if err != nil {
			t.Fatal(err)
		}
		sol, err := engine.Solve(g)
		if err != nil {
			t.Fatal(err)
		}
		score, _ := strconv.ParseFloat(fields[1], 64)
		tp.list = append(tp.list, store.Puzzle{Grid: g, Solution: sol, Score: score, Level: engine.LevelExpert, Origin: "test"})
	}
	return tp
}

func (tp *testPuzzles) New(ctx context.Context, req puzzles.Request) (store.Puzzle, error) {
	return tp.list[int(tp.next.Add(1))%len(tp.list)], nil
}

// generate is the tests' daily.Generator: a date's daily is one of the
// expert puzzles, picked by its seed, so the tests need no generator time.
func (tp *testPuzzles) generate(ctx context.Context, seed uint64, level engine.Level) (store.Puzzle, error) {
	return tp.list[seed%uint64(len(tp.list))], nil
}

// syncBuffer is a log sink safe for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// harness is a bot wired to a fake Discord and a real SQLite store.
type harness struct {
	t       testing.TB
	fake    *discordtest.Server
	bot     *Bot
	store   *store.Store
	session *discordgo.Session
	// recv takes the interactions for the bot, as app wires it.
	recv    *interactions.Receiver
	http    *httptest.Server
	priv    ed25519.PrivateKey
	logs    *syncBuffer
	puzzles *testPuzzles
	ids     atomic.Int64
	// clock is the bot's: interactions are signed and numbered by it, as
	// Discord's real time agrees with a real bot's.
	clock clock.Clock
	// jobs runs the durable job queue (gradings of pastes, dailies).
	jobs *jobs.Runner
}

// setup is a test bot's Config and what app would make for it from its
// own packages: the heavy pool, the use cases and the puzzle maker, on
// Store (the harness's SQLite file unless a test gives another).
type setup struct {
	Config
	Store       *store.Store
	Dailies     *daily.Source
	Puzzles     puzzles.Generator
	Hinter      game.Hinter
	BankClaimed func(engine.Level)
	Jobs        puzzles.Jobs
	// Library is the technique library training serves; nil is the
	// shipped one.
	Library      func(context.Context) *engine.TechniqueLibrary
	Heavy        *heavy.Pool // nil: one of HeavyWorkers and HeavyBudget
	HeavyWorkers int
	HeavyBudget  time.Duration
	// Clock is the use cases' clock (the daily's day, a stats' today);
	// nil is the wall clock. The door itself tells no time.
	Clock clock.Clock
}

// wire makes the services of s, as app does, and the bot's Config of
// them; the pool it makes (none given) is closed when t ends.
func (s *setup) wire(t testing.TB) Config {
	cfg := s.Config
	if cfg.Metrics == nil {
		cfg.Metrics = metrics.New()
	}
	pool := s.Heavy
	if pool == nil {
		pool = heavy.New(heavy.Options{Workers: s.HeavyWorkers, Budget: s.HeavyBudget, Counter: cfg.Metrics, Logger: cfg.Logger})
		t.Cleanup(pool.Close)
	}
	wait := s.HeavyBudget
	if wait <= 0 {
		wait = pool.Budget()
	}
	hinter := s.Hinter
	if hinter == nil {
		hinter = game.EngineHinter{}
	}
	maker := &puzzles.Maker{Pool: pool, Store: s.Store, Generator: s.Puzzles, Dailies: s.Dailies, BankClaimed: s.BankClaimed,
		PasteWait: wait, Log: cfg.Logger, Jobs: s.Jobs, Library: s.Library}
	cfg.Store, cfg.Heavy, cfg.Maker = s.Store, pool, maker
	if cfg.BoardKeys == nil {
		cfg.BoardKeys = boardtoken.NewRing(s.Store, s.Clock)
	}
	cfg.Play = game.New(s.Store, heavy.Hinter{Pool: pool, Inner: hinter}, s.Clock)
	cfg.Guilds, cfg.Races, cfg.Boards = game.Guilds{Store: s.Store, Clock: s.Clock}, game.Races{Store: s.Store, Clock: s.Clock}, game.Leaderboards{Store: s.Store}
	return cfg
}

func newHarness(t testing.TB, configure ...func(*setup)) *harness {
	t.Helper()
	return newHarnessKey(t, nil, configure...)
}

// newHarnessKey is newHarness with the application's key, as replicas
// share one; nil makes one.
func newHarnessKey(t testing.TB, priv ed25519.PrivateKey, configure ...func(*setup)) *harness {
	t.Helper()
	fake := discordtest.New(t)
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	session, err := discordclient.NewSession(discordclient.SessionOptions{Token: fake.Token, API: fake.APIBase()})
	if err != nil {
		t.Fatal(err)
	}
	if priv == nil {
		if _, priv, err = ed25519.GenerateKey(nil); err != nil {
			t.Fatal(err)
		}
	}
	logs := &syncBuffer{}
	h := &harness{t: t, fake: fake, store: st, session: session, priv: priv, logs: logs, puzzles: loadTestPuzzles(t)}
	cfg := setup{Config: Config{AppID: fake.AppID, Logger: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))},
		Store: st, Puzzles: h.puzzles, Dailies: daily.NewSource(st, h.puzzles.generate)}
	// The durable job queue, wired as app wires it; a test may set
	// cfg.Jobs to nil for a bot without one.
	runner := jobs.New(st, jobs.Options{Poll: 50 * time.Millisecond,
		Idle: func(ctx context.Context) error { return h.bot.HeavyIdle(ctx) }})
	runner.Register(jobs.GradePaste, func(ctx context.Context, payload []byte) error {
		grid, err := engine.Parse(string(payload))
		if err != nil {
			return jobs.Permanent(err)
		}
		return game.GradePasted(ctx, st, grid)
	}, jobs.KindOptions{})
	runner.Register(jobs.MakeDaily, func(ctx context.Context, payload []byte) error {
		dayText, levelText, _ := strings.Cut(string(payload), "/")
		day, err := store.ParseDay(dayText)
		if err != nil {
			return jobs.Permanent(err)
		}
		level, err := engine.ParseLevel(levelText)
		if err != nil {
			return jobs.Permanent(err)
		}
		_, err = cfg.Dailies.Get(ctx, day, level)
		return err
	}, jobs.KindOptions{})
	cfg.Jobs = runner
	for _, c := range configure {
		c(&cfg)
	}
	h.clock = clock.Or(cfg.Clock)
	h.bot, err = New(session, cfg.wire(t))
	if err != nil {
		t.Fatal(err)
	}
	h.jobs = runner
	if cfg.Jobs != nil {
		jctx, stopJobs := context.WithCancel(context.Background())
		jdone := make(chan struct{})
		go func() { _ = runner.Run(jctx); close(jdone) }()
		t.Cleanup(func() { stopJobs(); <-jdone })
	}
	h.recv, err = interactions.New(interactions.Config{Door: h.bot, PublicKey: priv.Public().(ed25519.PublicKey), Claims: cfg.Store,
		Clock: cfg.Clock, Logger: cfg.Logger, Metrics: h.bot.Metrics()})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("POST /interactions", h.recv)
	mux.Handle("GET /metrics", h.bot.Metrics())
	h.http = httptest.NewServer(mux)
	t.Cleanup(h.http.Close)
	t.Cleanup(func() {
		// Stop background work (late grading) before the store closes.
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = h.bot.Shutdown(ctx)
	})
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("bot log:\n%s", logs.String())
		}
	})
	return h
}

// storeGraded stores a puzzle graded, as if it had been pasted and graded
// before: a paste of it then queues no grading (game.GradePasted).
func (h *harness) storeGraded(t testing.TB, puzzle string, score float64, level engine.Level) {
	t.Helper()
	g := engine.MustParse(puzzle)
	sol, err := engine.Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.SavePuzzle(context.Background(), store.Puzzle{Grid: g, Solution: sol, Score: score, Level: level, Origin: "pasted"}); err != nil {
		t.Fatal(err)
	}
}

// openGateway connects the bot's session to the fake gateway.
func (h *harness) openGateway() {
	h.t.Helper()
	g := interactions.NewGateway(h.session, h.recv)
	if err := g.Open(context.Background()); err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(func() { _ = g.Close() })
	if got := h.fake.WaitConnected(h.t); got != "READY" {
		h.t.Fatalf("first handshake ended with %s, want READY", got)
	}
}

// snowflake marks an option value as a user (6) or channel (7) id.
type snowflake struct {
	typ int
	id  string
}

// interaction builds the JSON of an interaction, as Discord sends it.
func (h *harness) interaction(typ int, user, guild string, data map[string]any) map[string]any {
	// Interaction ids are snowflakes of the bot's now, which refuses
	// older ones; the count keeps them apart within a millisecond.
	id := strconv.FormatUint(discordtest.Snowflake(h.clock.Now())+uint64(h.ids.Add(1)), 10)
	i := map[string]any{
		"id": id, "application_id": h.fake.AppID, "type": typ, "data": data,
		"channel_id": "300", "token": "tok-" + id, "version": 1, "locale": "en-GB",
		"app_permissions": "2248473465835073", "context": 0,
	}
	u := map[string]any{"id": user, "username": "player" + user, "discriminator": "0", "global_name": "Player " + user}
	if guild != "" {
		i["guild_id"] = guild
		i["member"] = map[string]any{"user": u, "roles": []string{}, "permissions": "2248473465835073", "joined_at": "2024-01-01T00:00:00Z"}
	} else {
		i["user"] = u
		i["context"] = 1
	}
	return i
}

func options(opts map[string]any) []map[string]any {
	var out []map[string]any
	for name, v := range opts {
		o := map[string]any{"name": name}
		switch x := v.(type) {
		case string:
			o["type"], o["value"] = 3, x
		case bool:
			o["type"], o["value"] = 5, x
		case snowflake:
			o["type"], o["value"] = x.typ, x.id
		default:
			panic(fmt.Sprintf("option %s: unsupported %T", name, v))
		}
		out = append(out, o)
	}
	return out
}

// cmd builds /name sub with options; sub "" for a command without
// subcommands.
func (h *harness) cmd(user, guild, name, sub string, opts map[string]any) map[string]any {
	data := map[string]any{"id": "900", "name": name, "type": 1}
	if sub != "" {
		data["options"] = []map[string]any{{"type": 1, "name": sub, "options": options(opts)}}
	} else {
		data["options"] = options(opts)
	}
	return h.interaction(2, user, guild, data)
}

func (h *harness) button(user, guild, customID string) map[string]any {
	i := h.interaction(3, user, guild, map[string]any{"custom_id": customID, "component_type": 2})
	i["message"] = map[string]any{"id": "777", "channel_id": "300", "content": "", "flags": 64}
	return i
}

func (h *harness) modal(user, guild, customID string, values map[string]string) map[string]any {
	var rows []map[string]any
	for id, v := range values {
		rows = append(rows, map[string]any{"type": 1, "components": []map[string]any{{"type": 4, "custom_id": id, "value": v}}})
	}
	i := h.interaction(5, user, guild, map[string]any{"custom_id": customID, "components": rows})
	i["message"] = map[string]any{"id": "777", "channel_id": "300", "content": "", "flags": 64}
	return i
}

func (h *harness) autocomplete(user, guild, name, option, typed string) map[string]any {
	return h.interaction(4, user, guild, map[string]any{"id": "901", "name": name, "type": 1,
		"options": []map[string]any{{"type": 3, "name": option, "value": typed, "focused": true}}})
}

// reply is what the bot answered, after any deferral was resolved.
type reply struct {
	Type       int
	Flags      int
	Content    string
	Components []map[string]any
	Choices    []map[string]any
	CustomID   string
	Title      string
	Files      map[string][]byte
	Deferred   bool
}

func (r reply) ephemeral() bool { return r.Flags&int(discordgo.MessageFlagsEphemeral) != 0 }

// customIDs lists the custom_ids of the reply's buttons, in order.
func (r reply) customIDs() []string {
	var out []string
	var walk func(cs []any)
	walk = func(cs []any) {
		for _, c := range cs {
			m, _ := c.(map[string]any)
			if id, ok := m["custom_id"].(string); ok {
				out = append(out, id)
			}
			if sub, ok := m["components"].([]any); ok {
				walk(sub)
			}
		}
	}
	for _, c := range r.Components {
		if sub, ok := c["components"].([]any); ok {
			walk(sub)
		}
		if id, ok := c["custom_id"].(string); ok {
			out = append(out, id)
		}
	}
	return out
}

// png decodes the reply's image, failing when there is none.
func (r reply) png(t testing.TB) {
	t.Helper()
	if len(r.Files) != 1 {
		t.Fatalf("reply has %d files, want 1 PNG; content %q", len(r.Files), r.Content)
	}
	for name, b := range r.Files {
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s is not a PNG: %v", name, err)
		}
		if img.Bounds().Dx() < 200 {
			t.Fatalf("%s is %v, too small", name, img.Bounds())
		}
	}
}

func parseCallback(t testing.TB, payload json.RawMessage, files map[string][]byte) reply {
	t.Helper()
	var cb struct {
		Type int `json:"type"`
		Data struct {
			Content    string           `json:"content"`
			Flags      int              `json:"flags"`
			Components []map[string]any `json:"components"`
			Choices    []map[string]any `json:"choices"`
			CustomID   string           `json:"custom_id"`
			Title      string           `json:"title"`
		} `json:"data"`
	}
	if err := json.Unmarshal(payload, &cb); err != nil {
		t.Fatalf("callback %s: %v", payload, err)
	}
	return reply{Type: cb.Type, Flags: cb.Data.Flags, Content: cb.Data.Content, Components: cb.Data.Components,
		Choices: cb.Data.Choices, CustomID: cb.Data.CustomID, Title: cb.Data.Title, Files: files}
}

// resolveDeferral waits for the edit of the original response after a
// deferral and folds it into the reply.
func (h *harness) resolveDeferral(t testing.TB, r reply, token string) reply {
	t.Helper()
	if r.Type != 5 && r.Type != 6 {
		return r
	}
	select {
	case c := <-h.fake.Edit(token):
		var e struct {
			Content    string           `json:"content"`
			Components []map[string]any `json:"components"`
		}
		if err := json.Unmarshal(c.Payload, &e); err != nil {
			t.Fatal(err)
		}
		r.Deferred, r.Content, r.Components, r.Files = true, e.Content, e.Components, c.Files
	case <-time.After(20 * time.Second):
		t.Fatalf("no edit of the original response after a deferral")
	}
	return r
}

// sign signs a body as Discord does.
func (h *harness) sign(req *http.Request, body []byte) {
	ts := strconv.FormatInt(h.clock.Now().Unix(), 10) // Discord's time is the bot's
	sig := ed25519.Sign(h.priv, append([]byte(ts), body...))
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	req.Header.Set("X-Signature-Timestamp", ts)
}

// viaHTTP posts a signed interaction to the HTTP endpoint.
func (h *harness) viaHTTP(t testing.TB, i map[string]any) reply {
	t.Helper()
	body, err := json.Marshal(i)
	if err != nil {
		t.Fatal(err)
	}
	h.fake.RegisterInteraction(body)
	req, _ := http.NewRequest(http.MethodPost, h.http.URL+"/interactions", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	h.sign(req, body)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("HTTP endpoint answered %s: %s", resp.Status, b)
	}
	payload, files := readMultipartOrJSON(t, resp)
	schema, err := h.fake.SchemaSpec().RequestSchema("/interactions/{interaction_id}/{interaction_token}/callback", "post")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.fake.SchemaSpec().ValidateSchema(schema, payload); err != nil {
		t.Errorf("HTTP interaction response does not match Discord's API description:\n%v\n%s", err, payload)
	}
	r := parseCallback(t, payload, files)
	return h.resolveDeferral(t, r, i["token"].(string))
}

func readMultipartOrJSON(t testing.TB, resp *http.Response) (json.RawMessage, map[string][]byte) {
	t.Helper()
	ct := resp.Header.Get("Content-Type")
	if mt, _, _ := mime.ParseMediaType(ct); mt != "application/json" && mt != "multipart/form-data" {
		t.Fatalf("response content type %q", ct)
	}
	payload, files, err := discordtest.ReadMessage(ct, resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return payload, files
}

// viaGateway dispatches an interaction over the fake gateway and waits for
// the bot's REST callback.
func (h *harness) viaGateway(t testing.TB, i map[string]any) reply {
	t.Helper()
	raw, err := json.Marshal(i)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.fake.DispatchInteraction(raw); err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-h.fake.Callback(i["id"].(string)):
		return h.resolveDeferral(t, parseCallback(t, c.Payload, c.Files), i["token"].(string))
	case <-time.After(20 * time.Second):
		t.Fatalf("no callback for interaction %s", i["id"])
		return reply{}
	}
}

// front is one of the two front doors.
type front struct {
	name string
	do   func(h *harness, t testing.TB, i map[string]any) reply
}

var fronts = []front{
	{"http", (*harness).viaHTTP},
	{"gateway", (*harness).viaGateway},
}

// discardToBuffer is a debug-level logger writing to w.
func discardToBuffer(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// solvingPlaces are /sudoku place texts that fill g's empty cells with the
// solution, at most 50 moves each, so the last one solves the game.
func solvingPlaces(g store.Game) []string {
	var moves []string
	for i, d := range g.Solution {
		if g.Givens[i] == 0 {
			moves = append(moves, fmt.Sprintf("%s=%d", engine.CellName(i), d))
		}
	}
	var out []string
	for len(moves) > 0 {
		n := min(len(moves), 50)
		out = append(out, strings.Join(moves[:n], " "))
		moves = moves[n:]
	}
	return out
}
