package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot/jsonschema"
)

func discordSpec(t *testing.T) *jsonschema.Spec {
	t.Helper()
	path := filepath.Join("..", "shared", "data", "discord-api-spec", "openapi.json")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("Discord API spec not found: %v", err)
	}
	s, err := jsonschema.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
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

// TestBotCommandHTTPMode runs `sudokubot bot` in HTTP mode against a
// minimal fake Discord: it registers the commands, serves /healthz and a
// signed PING, and exits cleanly when its context ends (SIGTERM).
func TestBotCommandHTTPMode(t *testing.T) {
	var mu sync.Mutex
	var registered []string
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		registered = append(registered, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, "[]")
	}))
	defer fake.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	pub, priv, _ := ed25519.GenerateKey(nil)
	env := map[string]string{
		"DISCORD_TOKEN": testToken, "DISCORD_APP_ID": "1000", "DISCORD_PUBLIC_KEY": hex.EncodeToString(pub),
		"SUDOKUBOT_MODE": "http", "SUDOKUBOT_HTTP_ADDR": addr, "SUDOKUBOT_DISCORD_API": fake.URL + "/api/v9/",
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
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Fatalf("exit %d after shutdown; stderr:\n%s", code, errOut.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("bot did not stop within 15 s of its context ending")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(registered) == 0 || registered[0] != "PUT /api/v9/applications/1000/guilds/77/commands Bot "+testToken {
		t.Fatalf("fake Discord saw %v, want the dev-guild bulk overwrite first", registered)
	}
	if strings.Contains(errOut.String(), testToken) {
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
