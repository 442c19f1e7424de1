package cli

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// discordSpec is Discord's OpenAPI description, loaded once per test binary
// by the fake Discord; the test is skipped when it is absent.
func discordSpec(t *testing.T) *discordtest.Spec {
	t.Helper()
	return discordtest.OpenAPI(t)
}

// envOf is an environment of just kv.
func envOf(kv map[string]string) func(string) string {
	return func(k string) string { return kv[k] }
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
