package discordtest_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestEnforceNonce: a second message with the same nonce and enforce_nonce
// within the window is answered with the first message, as Discord does;
// without enforce_nonce, with another nonce, or after the window, a new
// message is made.
func TestEnforceNonce(t *testing.T) {
	now := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	f := discordtest.New(t, discordtest.WithClock(func() time.Time { return now }))
	f.SetupGuild("300")
	s := session(t, f)
	post := func(body map[string]any) string {
		t.Helper()
		raw, _ := json.Marshal(body)
		ep := "https://discord.com/api/v9/channels/401/messages"
		resp, err := s.RequestRaw(http.MethodPost, ep, "application/json", raw, ep, 0)
		if err != nil {
			t.Fatal(err)
		}
		var m struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(resp, &m); err != nil {
			t.Fatal(err)
		}
		return m.ID
	}
	a := post(map[string]any{"content": "a", "nonce": "d20260601", "enforce_nonce": true})
	now = now.Add(discordtest.NonceWindow - time.Second)
	if b := post(map[string]any{"content": "a", "nonce": "d20260601", "enforce_nonce": true}); b != a {
		t.Errorf("same nonce within the window made message %s, want %s again", b, a)
	}
	if c := post(map[string]any{"content": "a", "nonce": "d20260602", "enforce_nonce": true}); c == a {
		t.Error("another nonce got the first message")
	}
	if d := post(map[string]any{"content": "a", "nonce": "d20260601"}); d == a {
		t.Error("a nonce without enforce_nonce got the first message")
	}
	now = now.Add(discordtest.NonceWindow)
	if e := post(map[string]any{"content": "a", "nonce": "d20260601", "enforce_nonce": true}); e == a {
		t.Error("the same nonce after the window got the first message")
	}
	if n := len(f.Messages("401")); n != 4 {
		t.Errorf("%d messages, want 4", n)
	}
}

// TestHideHistory: without Read Message History the channel lists empty.
func TestHideHistory(t *testing.T) {
	f := discordtest.New(t)
	f.SetupGuild("300")
	f.AddMessage("401", "hello", f.AppID)
	s := session(t, f)
	f.HideHistory("401", true)
	if msgs, err := s.ChannelMessages("401", 100, "", "", ""); err != nil || len(msgs) != 0 {
		t.Errorf("hidden history lists %d messages, %v; want none, no error", len(msgs), err)
	}
	f.HideHistory("401", false)
	if msgs, err := s.ChannelMessages("401", 100, "", "", ""); err != nil || len(msgs) != 1 {
		t.Errorf("history lists %d messages, %v; want 1", len(msgs), err)
	}
}

// TestMaxInWindow counts the most times in any half-open second.
func TestMaxInWindow(t *testing.T) {
	t0 := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	ms := func(v ...int) []time.Time {
		var out []time.Time
		for _, x := range v {
			out = append(out, t0.Add(time.Duration(x)*time.Millisecond))
		}
		return out
	}
	for _, tc := range []struct {
		at   []time.Time
		want int
	}{
		{nil, 0},
		{ms(0), 1},
		{ms(0, 999), 2},
		{ms(0, 1000), 1},
		{ms(500, 0, 1400, 1499, 2600), 3},
	} {
		if got := discordtest.MaxInWindow(tc.at, time.Second); got != tc.want {
			t.Errorf("MaxInWindow(%v) = %d, want %d", tc.at, got, tc.want)
		}
	}
}

// TestLatency: each request takes the latency set, and is counted.
func TestLatency(t *testing.T) {
	f := discordtest.New(t)
	f.SetupGuild("300")
	s := session(t, f)
	f.SetLatency(30 * time.Millisecond)
	before := f.Requests()
	start := time.Now()
	if _, err := s.Channel("401"); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took < 30*time.Millisecond {
		t.Errorf("request took %s, want at least the 30 ms latency", took)
	}
	if n := f.Requests() - before; n != 1 {
		t.Errorf("%d requests counted, want 1", n)
	}
}
