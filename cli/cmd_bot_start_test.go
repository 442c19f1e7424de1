package cli

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// httpBotEnv is the environment of an HTTP-mode bot on addr against fake.
func httpBotEnv(t *testing.T, fake *discordtest.Server, addr string) map[string]string {
	pub, _, _ := ed25519.GenerateKey(nil)
	return map[string]string{
		"DISCORD_TOKEN": fake.Token, "DISCORD_APP_ID": fake.AppID, "DISCORD_PUBLIC_KEY": hex.EncodeToString(pub),
		"SUDOKUBOT_MODE": "http", "SUDOKUBOT_HTTP_ADDR": addr, "SUDOKUBOT_DISCORD_API": fake.APIBase(),
		"SUDOKUBOT_DB": filepath.Join(t.TempDir(), "bot.db"),
	}
}

// TestBotRegistersOnlyOnceServing: a start that fails to bind its port
// exits without touching the registered commands.
func TestBotRegistersOnlyOnceServing(t *testing.T) {
	fake := discordtest.New(t)
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	var errOut syncWriter
	code := run(context.Background(), &cliEnv{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errOut,
		getenv: envOf(httpBotEnv(t, fake, busy.Addr().String()))}, []string{"bot"})
	if code != exitError {
		t.Fatalf("exit %d with the port taken, want 1", code)
	}
	mustHave(t, errOut.String(), "SUDOKUBOT_HTTP_ADDR")
	if puts := fake.Calls(http.MethodPut, "/commands"); len(puts) != 0 {
		t.Fatalf("commands registered by a start that failed: %+v", puts)
	}
}

// TestBotNamesUnreachableProxy: a REST proxy that cannot be reached does
// not stop a gateway-mode bot (it retries in the background, as HTTP mode
// does), and the log names the proxy with its configured URL, credentials
// masked; the bot then stops cleanly when told to.
func TestBotNamesUnreachableProxy(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	env := map[string]string{
		"DISCORD_TOKEN": "x", "DISCORD_APP_ID": "1", "SUDOKUBOT_DB": filepath.Join(t.TempDir(), "bot.db"),
		"SUDOKUBOT_DISCORD_API": "http://proxy:hunter2@" + addr + "/api/v9/",
	}
	want := "http://proxy:xxxxx@" + addr + "/api/v9/"
	var errOut syncWriter
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, &cliEnv{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errOut, getenv: envOf(env)}, []string{"bot"})
	}()
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(errOut.String(), want); time.Sleep(20 * time.Millisecond) {
		select {
		case code := <-done:
			t.Fatalf("the bot exited (%d) with the proxy unreachable:\n%s", code, errOut.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the log never names %s within 20 s:\n%s", want, errOut.String())
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit %d after the signal, want 0:\n%s", code, errOut.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the bot did not stop within 20 s of its context ending")
	}
	if strings.Contains(errOut.String(), "hunter2") {
		t.Fatalf("proxy password printed:\n%s", errOut.String())
	}
}

func mustHave(t *testing.T, got, want string) {
	t.Helper()
	if !strings.Contains(got, want) {
		t.Fatalf("output does not contain %q:\n%s", want, got)
	}
}
