package app

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// syncWriter is a log sink that the bot's goroutines and the test may
// use at once.
type syncWriter struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// TestRegistrationRetried: Discord failing the registration at start-up
// does not stop the bot: it serves, and retries with backoff until the
// registration goes through.
func TestRegistrationRetried(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t)
	fake.Fail("/commands", 3)
	pub, _, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Default()
	cfg.DB = storetest.SQLite(t)
	cfg.Discord.Token, cfg.Discord.AppID, cfg.Discord.API = Secret(fake.Token), fake.AppID, fake.APIBase()
	cfg.Discord.Mode, cfg.Discord.PublicKey, cfg.HTTP.Addr = ModeHTTP, pub, "127.0.0.1:0"
	var logs syncWriter
	m := &Main{Config: cfg, Logger: slog.New(slog.NewTextHandler(&logs, nil)), RegisterBackoff: 10 * time.Millisecond}
	t.Cleanup(func() { _ = m.Close() })
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	deadline := time.Now().Add(15 * time.Second)
	for {
		ok := 0
		for _, c := range fake.Calls(http.MethodPut, "/commands") {
			if c.Status == http.StatusOK {
				ok++
			}
		}
		if ok == 1 {
			break
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("registration never succeeded; calls %d; log:\n%s", len(fake.Calls(http.MethodPut, "/commands")), logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if n := len(fake.Calls(http.MethodPut, "/commands")); n != 4 {
		t.Errorf("%d registration attempts, want 3 failures and a success", n)
	}
	if !strings.Contains(logs.String(), "registering commands failed; retrying") {
		t.Errorf("the retries are not logged:\n%s", logs.String())
	}
	resp, err := http.Get("http://" + m.Addr() + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("/healthz %d while serving", resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
}

// TestServeGatewayMode runs Serve, as `sudokubot bot` does, in gateway
// mode against the fake Discord (internal/discordtest), configured through
// the environment: it
// registers the commands with a global bulk overwrite, connects to the
// gateway, plays /sudoku new and place arriving as INTERACTION_CREATE, and
// stops cleanly when its context ends.
func TestServeGatewayMode(t *testing.T) {
	t.Parallel()
	const puzzle = "040000090000050000806000407000080000005020700002165900007603500609070302000000000"
	givens, err := engine.Parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	solution, err := engine.Solve(givens)
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, fake: discordtest.New(t), ids: 8000}
	w.fake.SetupGuild(e2eGuild)
	db := filepath.Join(t.TempDir(), "bot.db")
	env := map[string]string{
		"DISCORD_TOKEN": w.fake.Token, "DISCORD_APP_ID": w.fake.AppID,
		"SUDOKUBOT_DISCORD_API": w.fake.APIBase(), "SUDOKUBOT_DB": db,
	}
	cfg, err := Load(strings.NewReader(""), func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	var errOut syncWriter
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, cfg, NewLogger(&errOut, cfg), "test") }()
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("bot stderr:\n%s", errOut.String())
		}
	})
	if got := w.fake.WaitConnected(t); got != "READY" {
		t.Fatalf("gateway handshake ended with %s", got)
	}

	puts := w.fake.Calls(http.MethodPut, "/commands")
	for deadline := time.Now().Add(5 * time.Second); len(puts) == 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond) // registered in the background once connected
		puts = w.fake.Calls(http.MethodPut, "/commands")
	}
	if len(puts) != 1 || puts[0].Path != "/applications/"+w.fake.AppID+"/commands" || puts[0].Status != http.StatusOK {
		t.Fatalf("registration calls %+v, want one global bulk overwrite", puts)
	}
	var cmds []struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(puts[0].Payload, &cmds); err != nil || len(cmds) != 2 || cmds[0].Name != "sudoku" || cmds[1].Name != "sudoku-config" {
		t.Fatalf("registered %s (%v), want sudoku and sudoku-config", puts[0].Payload, err)
	}

	sub := func(name string, opts ...map[string]any) map[string]any {
		return map[string]any{"id": "900", "name": "sudoku", "type": 1,
			"options": []map[string]any{{"type": 1, "name": name, "options": opts}}}
	}
	const player = "55"
	r := w.viaGateway(t, 2, player, "0", sub("new", map[string]any{"name": "puzzle", "type": 3, "value": puzzle}))
	if r.Flags&int(discordgo.MessageFlagsEphemeral) == 0 || len(r.Files) != 1 {
		t.Fatalf("/sudoku new answered %+v, want a private board", r)
	}
	for _, img := range r.Files {
		if !isPNG(img) {
			t.Fatal("/sudoku new: the board is not a PNG")
		}
	}
	cell := 0
	for givens[cell] != 0 {
		cell++
	}
	name := engine.CellName(cell)
	r = w.viaGateway(t, 2, player, "0", sub("place", map[string]any{"name": "moves", "type": 3, "value": fmt.Sprintf("%s=%d", name, solution[cell])}))
	if want := fmt.Sprintf("Placed %d in `%s`", solution[cell], name); !strings.Contains(r.Content, want) || r.Flags&int(discordgo.MessageFlagsEphemeral) == 0 {
		t.Fatalf("place answered %q, want a private %q", r.Content, want)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve ended with %v after shutdown", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("bot did not stop within 15 s of its context ending")
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, err := st.CurrentGame(context.Background(), player, e2eGuild)
	if err != nil || g.Givens != givens || g.Entries[cell] != solution[cell] {
		t.Fatalf("stored game %+v (%v), want the pasted puzzle with %s=%d", g, err, name, solution[cell])
	}
	if strings.Contains(errOut.String(), w.fake.Token) {
		t.Fatal("token printed in the logs")
	}
}
