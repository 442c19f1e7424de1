package app

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// gatewayMain is a Main in gateway mode against fake, with an HTTP
// listener for /healthz, logging into logs.
func gatewayMain(t *testing.T, fake *discordtest.Server, token string, logs io.Writer) *Main {
	t.Helper()
	cfg := Default()
	cfg.DB = storetest.SQLite(t)
	cfg.Discord.Token, cfg.Discord.AppID, cfg.Discord.API = Secret(token), fake.AppID, fake.APIBase()
	cfg.HTTP.Addr = "127.0.0.1:0"
	m := &Main{Config: cfg, Logger: slog.New(slog.NewTextHandler(logs, nil))}
	t.Cleanup(func() { _ = m.Close() })
	return m
}

// TestGatewayRetriedAtStart: Discord failing when a gateway bot starts
// does not stop it, as it does not stop an HTTP-mode bot: Open returns,
// the bot serves /healthz (unhealthy, naming the gateway) and connects in
// the background once Discord answers.
func TestGatewayRetriedAtStart(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t)
	fake.Fail("gateway", 3)
	var logs syncWriter
	m := gatewayMain(t, fake, fake.Token, &logs)
	if err := m.Open(context.Background()); err != nil {
		t.Fatalf("Open with Discord failing: %v", err)
	}
	if code, body, _ := healthz(t, "http://"+m.Addr()); code != http.StatusServiceUnavailable || !strings.Contains(body, "discord gateway") {
		t.Errorf("/healthz before the gateway is connected: %d %q, want 503 naming the gateway", code, body)
	}
	if got := fake.WaitConnected(t); got != "READY" {
		t.Fatalf("gateway handshake ended with %s", got)
	}
	if n := len(fake.Calls(http.MethodGet, "/gateway")); n != 4 {
		t.Errorf("%d gateway look-ups, want 3 failures and a success", n)
	}
	for deadline := time.Now().Add(5 * time.Second); ; {
		if code, _, _ := healthz(t, "http://"+m.Addr()); code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/healthz never healthy after the gateway connected; log:\n%s", logs.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, want := range []string{"connecting to the gateway failed; retrying in the background", "connecting to the gateway failed; retrying", "gateway connected"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log does not say %q:\n%s", want, logs.String())
		}
	}
}

// TestGatewayRefusedAtStart: a refusal that retrying cannot cure (Discord
// answers 401 to a wrong token) still stops the start at once, with an
// error that names the address actually called.
func TestGatewayRefusedAtStart(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t)
	m := gatewayMain(t, fake, "not-the-token", io.Discard)
	err := m.Open(context.Background())
	if err == nil {
		t.Fatal("Open with a wrong token succeeded")
	}
	t.Logf("Open: %v", err)
	if msg := err.Error(); !strings.Contains(msg, "401") || strings.Contains(msg, "discord.com") {
		t.Errorf("error %q, want Discord's 401 and no discord.com (the requests went to %s)", msg, fake.APIBase())
	}
}
