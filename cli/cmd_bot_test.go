package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
)

// discordSpec is Discord's OpenAPI description, loaded once per test binary
// by the fake Discord; the test is skipped when it is absent.
func discordSpec(t *testing.T) *discordtest.Spec {
	t.Helper()
	return discordtest.OpenAPI(t)
}

func TestCommandsCommand(t *testing.T) {
	out, errOut, code := runCmd(t, strings.NewReader(""), "commands")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var cmds []json.RawMessage
	if err := json.Unmarshal([]byte(out), &cmds); err != nil {
		t.Fatalf("output is not a JSON array: %v", err)
	}
	s := discordSpec(t)
	for _, c := range cmds {
		if err := s.Validate("ApplicationCommandCreateRequest", c); err != nil {
			t.Errorf("%v", err)
		}
	}
	if _, _, code := runCmd(t, strings.NewReader(""), "commands", "extra"); code != exitUsage {
		t.Fatalf("extra argument: exit %d, want 2", code)
	}
}

func TestBotCommandFailsFastNamingTheSetting(t *testing.T) {
	var out, errOut bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, getenv: envOf(map[string]string{"DISCORD_APP_ID": "1"})}
	if code := run(context.Background(), env, []string{"bot"}); code != exitError {
		t.Fatalf("exit %d, want 1", code)
	}
	if !strings.Contains(errOut.String(), "DISCORD_TOKEN") {
		t.Fatalf("stderr %q does not name DISCORD_TOKEN", errOut.String())
	}
	if code := run(context.Background(), env, []string{"bot", "--nope"}); code != exitUsage {
		t.Fatalf("bad flag: exit %d, want 2", code)
	}
}

// TestBotCommandHTTPMode runs `sudokubot bot` in HTTP mode against the
// fake Discord: it registers the commands, serves /healthz and a
// signed PING, and exits cleanly when its context ends (SIGTERM).
func TestBotCommandHTTPMode(t *testing.T) {
	fake := discordtest.New(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	pub, priv, _ := ed25519.GenerateKey(nil)
	env := map[string]string{
		"DISCORD_TOKEN": fake.Token, "DISCORD_APP_ID": fake.AppID, "DISCORD_PUBLIC_KEY": hex.EncodeToString(pub),
		"SUDOKUBOT_MODE": "http", "SUDOKUBOT_HTTP_ADDR": addr, "SUDOKUBOT_DISCORD_API": fake.APIBase(),
		"SUDOKUBOT_DB": filepath.Join(t.TempDir(), "bot.db"), "SUDOKUBOT_DEV_GUILD": "77",
	}
	var out bytes.Buffer
	var errOut syncWriter
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, getenv: envOf(env)}, []string{"bot"})
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("/healthz never answered 200; stderr:\n%s", errOut.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	ping := []byte(`{"id":"1","application_id":"1000","type":1,"token":"t","version":1}`)
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/interactions", bytes.NewReader(ping))
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, append([]byte(ts), ping...))))
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if strings.TrimSpace(string(body)) != `{"type":1}` {
		t.Fatalf("PING answered %d %s", resp.StatusCode, body)
	}
	// Registration runs beside serving (it retries with backoff), so it
	// may come a moment after /healthz answers: wait for it, on a loaded
	// machine too, before stopping the bot.
	for wait := time.Now().Add(10 * time.Second); len(fake.Calls(http.MethodPut, "")) == 0 && time.Now().Before(wait); {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Fatalf("exit %d after shutdown; stderr:\n%s", code, errOut.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("bot did not stop within 15 s of its context ending")
	}
	// The fake answers 401 to a wrong token and checks the body against
	// Discord's API description.
	calls := fake.Calls("", "")
	if len(calls) == 0 || calls[0].Method != http.MethodPut || calls[0].Path != "/applications/1000/guilds/77/commands" || calls[0].Status != http.StatusOK {
		t.Fatalf("fake Discord saw %+v, want the dev-guild bulk overwrite first", calls)
	}
	if strings.Contains(errOut.String(), fake.Token) {
		t.Fatal("token printed in the logs")
	}
	if !strings.Contains(errOut.String(), "stopped") {
		t.Fatalf("no clean stop in the logs:\n%s", errOut.String())
	}
}

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

// TestBotCommandGatewayMode runs `sudokubot bot` in gateway mode against
// the fake Discord (internal/discordtest), configured through the environment: it
// registers the commands with a global bulk overwrite, connects to the
// gateway, plays /sudoku new and place arriving as INTERACTION_CREATE, and
// stops cleanly when its context ends.
func TestBotCommandGatewayMode(t *testing.T) {
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
	var errOut syncWriter
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, &cliEnv{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errOut, getenv: envOf(env)}, []string{"bot"})
	}()
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
	case code := <-done:
		if code != exitOK {
			t.Fatalf("exit %d after shutdown", code)
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
