package main

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

// TestBotRetriesRegistration: Discord failing the registration at
// start-up does not stop the bot: it serves, and retries with backoff
// until the registration goes through.
func TestBotRetriesRegistration(t *testing.T) {
	defer func(d time.Duration) { registerBackoff = d }(registerBackoff)
	registerBackoff = 10 * time.Millisecond
	fake := discordtest.New(t)
	fake.Fail("/commands", 3)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var errOut syncWriter
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, &cliEnv{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errOut, getenv: envOf(httpBotEnv(t, fake, addr))}, []string{"bot"})
	}()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var ok []discordtest.Call
		for _, c := range fake.Calls(http.MethodPut, "/commands") {
			if c.Status == http.StatusOK {
				ok = append(ok, c)
			}
		}
		if len(ok) == 1 {
			break
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("registration never succeeded; calls %d; stderr:\n%s", len(fake.Calls(http.MethodPut, "/commands")), errOut.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if n := len(fake.Calls(http.MethodPut, "/commands")); n != 4 {
		t.Errorf("%d registration attempts, want 3 failures and a success", n)
	}
	mustHave(t, errOut.String(), "registering commands failed; retrying")
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("/healthz %d while serving", resp.StatusCode)
	}
	cancel()
	if code := <-done; code != exitOK {
		t.Fatalf("exit %d", code)
	}
}

// TestBotNamesUnreachableProxy: a REST proxy that cannot be reached is
// named in the error with its configured URL (credentials masked).
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
	var errOut syncWriter
	code := run(context.Background(), &cliEnv{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errOut, getenv: envOf(env)}, []string{"bot"})
	if code != exitError {
		t.Fatalf("exit %d, want 1", code)
	}
	mustHave(t, errOut.String(), "http://xxxxx@"+addr+"/api/v9/")
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
